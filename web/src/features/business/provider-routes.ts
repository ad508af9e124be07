// The provider pages as the router loads them: one module, so that the entry chunk carries one
// lazy import (and one chunk name) for all of them rather than one per page and tab (the
// first-load budget, docs/benchmarks.md issue 8).
export { ProvidersListPage } from './providers-list-page';
export { ProviderLayout } from './provider-layout';
export { ProviderContactsTab } from './provider-contacts-tab';
export { ProviderAttachmentsTab, ProviderLinksTab, ProviderVideosTab } from './provider-items-tab';
