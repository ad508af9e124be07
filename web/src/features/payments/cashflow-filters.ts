import { EntryDirection } from '@/api/gen/model/entryDirection';
import { filterChoice, filterList, filterText, type FilterCodec } from '@/components/filter-form';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import { CHARGEBACK_STATUSES } from './payments-labels';

// The filter panels of the cashflow and chargeback lists: one base of the fields both lists
// filter by (the period, the category, the policy and, for staff, the associate), each list
// adding its own. The period of an entry is the month it counts in: the panel edits months
// (YYYY-MM) and the filter holds their first days (YYYY-MM-01), as the contract asks.

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const FIRST_DAY = /^(\d{4})-(0[1-9]|1[0-2])-\d{2}$/;

/** '2026-03' → '2026-03-01'; anything else → '' (dropped from the filter). */
export function monthToFirstDay(month: string): string {
  const m = MONTH.exec(month.trim());
  return m ? `${m[1]}-${m[2]}-01` : '';
}

/** '2026-03-01' (any day of the month) → '2026-03'; anything else → ''. */
export function firstDayToMonth(value: unknown): string {
  const m = FIRST_DAY.exec(filterText(value));
  return m ? `${m[1]}-${m[2]}` : '';
}

/** What both payments panels edit. */
export interface EntryFilterValues {
  /** YYYY-MM */
  period_from: string;
  period_to: string;
  categories: string[];
  policy_number: string;
  /** The policy whose lines a link asked for (the policy page's "Cashflow lines"): kept as
   *  it came, never typed. */
  policy_id: string;
  /** Staff with payments.read only. */
  associate_code: string | undefined;
}

export const emptyEntryFilters: EntryFilterValues = {
  period_from: '',
  period_to: '',
  categories: [],
  policy_number: '',
  policy_id: '',
  associate_code: undefined,
};

/**
 * The codec of a payments panel: the fields both lists share around the list's own (`own`
 * reads and writes only those). The filter keeps the panel's order (the period and the
 * category, the list's own fields, then the policy and the associate), and so does the URL.
 */
function entryCodec<E extends object>(own: FilterCodec<E>): FilterCodec<EntryFilterValues & E> {
  return {
    empty: { ...emptyEntryFilters, ...own.empty },
    toValues: (filter: CleanFilter) => ({
      period_from: firstDayToMonth(filter.period?.gte),
      period_to: firstDayToMonth(filter.period?.lte),
      categories: filterList(filter.category?.in),
      policy_number: filterText(filter.policy_number?.eq),
      policy_id: filterText(filter.policy_id?.eq),
      associate_code: filterText(filter.associate_code?.eq) || undefined,
      ...own.toValues(filter),
    }),
    toFilter: (values): Filter => ({
      period: { gte: monthToFirstDay(values.period_from), lte: monthToFirstDay(values.period_to) },
      category: { in: values.categories },
      ...own.toFilter(values),
      policy_number: { eq: values.policy_number },
      policy_id: { eq: values.policy_id },
      associate_code: { eq: values.associate_code },
    }),
  };
}

/** What the cashflow panel adds: the bonus type, the status, the direction, the dates. */
interface CashflowOwnValues {
  bonus_types: string[];
  statuses: string[];
  /** '' (both), 'Compensation' or 'Chargeback' */
  direction: string;
  /** YYYY-MM-DD */
  occurred_from: string;
  occurred_to: string;
}

/** What the filter panel of the cashflow list edits. */
export type CashflowFilterValues = EntryFilterValues & CashflowOwnValues;

/** The cashflow panel (the operators listCashflow offers for each field). */
export const cashflowFilterCodec = entryCodec<CashflowOwnValues>({
  empty: { bonus_types: [], statuses: [], direction: '', occurred_from: '', occurred_to: '' },
  toValues: (filter) => ({
    bonus_types: filterList(filter.bonus_type?.in),
    statuses: filterList(filter.status?.in),
    direction: filterChoice(filter.direction?.eq, Object.values(EntryDirection)),
    occurred_from: filterText(filter.occurred_on?.gte),
    occurred_to: filterText(filter.occurred_on?.lte),
  }),
  toFilter: (values) => ({
    bonus_type: { in: values.bonus_types },
    status: { in: values.statuses },
    direction: { eq: values.direction },
    occurred_on: { gte: values.occurred_from, lte: values.occurred_to },
  }),
});

export const emptyCashflowFilters: CashflowFilterValues = cashflowFilterCodec.empty;
export const cashflowFilterToValues = cashflowFilterCodec.toValues;
export const cashflowValuesToFilter = cashflowFilterCodec.toFilter;

/** What the chargeback panel adds: which chargeback it is. */
interface ChargebackOwnValues {
  /** '' (both), 'Chargeback' or 'Chargeback Escrow' */
  status: string;
}

/** What the filter panel of the chargeback list edits. */
export type ChargebackFilterValues = EntryFilterValues & ChargebackOwnValues;

/** The chargeback panel (the operators listChargebacks offers for each field). */
export const chargebackFilterCodec = entryCodec<ChargebackOwnValues>({
  empty: { status: '' },
  toValues: (filter) => ({ status: filterChoice(filter.status?.eq, CHARGEBACK_STATUSES) }),
  toFilter: (values) => ({ status: { eq: values.status } }),
});

export const emptyChargebackFilters: ChargebackFilterValues = chargebackFilterCodec.empty;
export const chargebackFilterToValues = chargebackFilterCodec.toValues;
export const chargebackValuesToFilter = chargebackFilterCodec.toFilter;
