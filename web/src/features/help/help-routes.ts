// The help centre's pages as the router loads them: one module, so that the entry chunk carries
// one lazy import (and one chunk name) for all of them (the first-load budget,
// docs/benchmarks.md issue 8).
export { HelpIndexPage } from './help-index-page';
export { HelpArticlePage } from './help-article-page';
export { HelpArticleCreatePage, HelpArticleEditPage } from './help-article-editor-pages';
