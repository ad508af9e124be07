// The paths of the payments area (spec §2), here because the business pages link to a
// policy's cashflow too.
import { encodeSearch } from './search';

export const PAYMENTS_PATH = '/payments';
export const CASHFLOW_PATH = '/payments/cashflow';
export const CHARGEBACKS_PATH = '/payments/chargebacks';

export const cashflowEntryPath = (id: number) => `${CASHFLOW_PATH}/${id}`;

/** The cashflow list filtered to the entries of one policy. */
export const policyCashflowPath = (policyId: number) =>
  `${CASHFLOW_PATH}?${encodeSearch([['filter[policy_id][eq]', String(policyId)]])}`;
