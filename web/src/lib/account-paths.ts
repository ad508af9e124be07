// The caller's own account pages (spec: Account). The team feature draws the account's header
// and tabs (it shares them with an associate's pages); the account feature owns the tabs below
// and the edit forms. Both read the names and paths from here.

export const ACCOUNT_PATH = '/account';

/** The account's tabs that an associate's team pages do not have, in the spec's order. */
export const ACCOUNT_ONLY_TABS = [
  'legal-documents',
  'login-sessions',
  'password',
  'purchase-history',
  'change-logs',
  'payout-informations',
] as const;

export type AccountTab = (typeof ACCOUNT_ONLY_TABS)[number];

export const ACCOUNT_TAB_LABELS: Record<AccountTab, string> = {
  'legal-documents': 'Legal documents',
  'login-sessions': 'Login sessions',
  password: 'Password',
  'purchase-history': 'Purchase history',
  'change-logs': 'Change logs',
  'payout-informations': 'Payout information',
};

/** The account's edit forms, each at account/{form}. */
export type AccountForm =
  'basic-information' | 'address' | 'phone' | 'alt-phone' | 'email' | 'spouse' | 'photo';

/** What each form edits: its page says 'Edit {label}', its success '{label} updated successfully'. */
export const ACCOUNT_FORM_LABELS: Record<AccountForm, string> = {
  'basic-information': 'Basic information',
  address: 'Address',
  phone: 'Phone',
  'alt-phone': 'Alternative phone',
  email: 'Email',
  spouse: 'Spouse',
  photo: 'Photo',
};

export const accountFormPath = (form: AccountForm) => `${ACCOUNT_PATH}/${form}`;
export const accountTabPath = (tab: AccountTab) => `${ACCOUNT_PATH}/${tab}`;

/** account/payout-informations/create and account/payout-informations/{id}. */
export const PAYOUT_CREATE_PATH = `${ACCOUNT_PATH}/payout-informations/create`;
export const payoutAccountPath = (id: number) => `${ACCOUNT_PATH}/payout-informations/${id}`;

/** account/international-appointment: asking to be appointed in the other country. */
export const INTERNATIONAL_APPOINTMENT_PATH = `${ACCOUNT_PATH}/international-appointment`;
