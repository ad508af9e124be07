// The account pages as the router loads them: one module, so that the entry chunk carries one
// lazy import (and one chunk name) for all of them rather than one per page and tab (the
// first-load budget, docs/benchmarks.md issue 8). The email confirmation page is public and
// loads on its own.
export { LoginSessionsTab } from './login-sessions-tab';
export { PasswordTab } from './password-tab';
export { ChangeLogsTab } from './change-logs-tab';
export { LegalDocumentsTab } from './legal-documents-tab';
export { PayoutAccountsTab as PayoutInformationsTab } from './payout-accounts-tab';
export { BasicInformationPage } from './basic-information-page';
export { AddressPage } from './address-page';
export { PhonePage, AltPhonePage } from './phone-pages';
export { EmailPage } from './email-page';
export { SpousePage } from './spouse-page';
export { PhotoPage } from './photo-page';
export { InternationalAppointmentPage } from './international-appointment-page';
export { PayoutAccountCreatePage, PayoutAccountPage } from './payout-account-pages';
