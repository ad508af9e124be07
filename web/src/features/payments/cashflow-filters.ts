import type { FilterCodec } from '@/components/filter-form';
import type { CleanFilter, Filter } from '@/lib/listing-state';

// The filter panels of the cashflow and chargeback lists. The period of an entry is the month
// it counts in: the panel edits months (YYYY-MM) and the filter holds their first days
// (YYYY-MM-01), as the contract asks.

const str = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';
const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const FIRST_DAY = /^(\d{4})-(0[1-9]|1[0-2])-\d{2}$/;

/** '2026-03' → '2026-03-01'; anything else → '' (dropped from the filter). */
export function monthToFirstDay(month: string): string {
  const m = MONTH.exec(month.trim());
  return m ? `${m[1]}-${m[2]}-01` : '';
}

/** '2026-03-01' (any day of the month) → '2026-03'; anything else → ''. */
export function firstDayToMonth(value: unknown): string {
  const m = FIRST_DAY.exec(str(value));
  return m ? `${m[1]}-${m[2]}` : '';
}

/** What the filter panel of the cashflow list edits. */
export interface CashflowFilterValues {
  /** YYYY-MM */
  period_from: string;
  period_to: string;
  /** YYYY-MM-DD */
  occurred_from: string;
  occurred_to: string;
  categories: string[];
  bonus_types: string[];
  statuses: string[];
  /** '' (both), 'Compensation' or 'Chargeback' */
  direction: string;
  policy_number: string;
  /** The policy whose lines a link asked for (the policy page's "Cashflow lines"): kept as
   *  it came, never typed. */
  policy_id: string;
  /** Staff with payments.read only. */
  associate_code: string | undefined;
}

export const emptyCashflowFilters: CashflowFilterValues = {
  period_from: '',
  period_to: '',
  occurred_from: '',
  occurred_to: '',
  categories: [],
  bonus_types: [],
  statuses: [],
  direction: '',
  policy_number: '',
  policy_id: '',
  associate_code: undefined,
};

export function cashflowFilterToValues(filter: CleanFilter): CashflowFilterValues {
  const direction = str(filter.direction?.eq);
  return {
    period_from: firstDayToMonth(filter.period?.gte),
    period_to: firstDayToMonth(filter.period?.lte),
    occurred_from: str(filter.occurred_on?.gte),
    occurred_to: str(filter.occurred_on?.lte),
    categories: list(filter.category?.in),
    bonus_types: list(filter.bonus_type?.in),
    statuses: list(filter.status?.in),
    direction: direction === 'Compensation' || direction === 'Chargeback' ? direction : '',
    policy_number: str(filter.policy_number?.eq),
    policy_id: str(filter.policy_id?.eq),
    associate_code: str(filter.associate_code?.eq) || undefined,
  };
}

/** The API filters of the panel (the operators listCashflow offers for each field). */
export function cashflowValuesToFilter(values: CashflowFilterValues): Filter {
  return {
    period: { gte: monthToFirstDay(values.period_from), lte: monthToFirstDay(values.period_to) },
    occurred_on: { gte: values.occurred_from, lte: values.occurred_to },
    category: { in: values.categories },
    bonus_type: { in: values.bonus_types },
    status: { in: values.statuses },
    direction: { eq: values.direction },
    policy_number: { eq: values.policy_number },
    policy_id: { eq: values.policy_id },
    associate_code: { eq: values.associate_code },
  };
}

export const cashflowFilterCodec: FilterCodec<CashflowFilterValues> = {
  empty: emptyCashflowFilters,
  toValues: cashflowFilterToValues,
  toFilter: cashflowValuesToFilter,
};

/** What the filter panel of the chargeback list edits. */
export interface ChargebackFilterValues {
  /** YYYY-MM */
  period_from: string;
  period_to: string;
  categories: string[];
  /** '' (both), 'Chargeback' or 'Chargeback Escrow' */
  status: string;
  policy_number: string;
  policy_id: string;
  /** Staff with payments.read only. */
  associate_code: string | undefined;
}

export const emptyChargebackFilters: ChargebackFilterValues = {
  period_from: '',
  period_to: '',
  categories: [],
  status: '',
  policy_number: '',
  policy_id: '',
  associate_code: undefined,
};

export function chargebackFilterToValues(filter: CleanFilter): ChargebackFilterValues {
  const status = str(filter.status?.eq);
  return {
    period_from: firstDayToMonth(filter.period?.gte),
    period_to: firstDayToMonth(filter.period?.lte),
    categories: list(filter.category?.in),
    status: status === 'Chargeback' || status === 'Chargeback Escrow' ? status : '',
    policy_number: str(filter.policy_number?.eq),
    policy_id: str(filter.policy_id?.eq),
    associate_code: str(filter.associate_code?.eq) || undefined,
  };
}

/** The API filters of the panel (the operators listChargebacks offers for each field). */
export function chargebackValuesToFilter(values: ChargebackFilterValues): Filter {
  return {
    period: { gte: monthToFirstDay(values.period_from), lte: monthToFirstDay(values.period_to) },
    category: { in: values.categories },
    status: { eq: values.status },
    policy_number: { eq: values.policy_number },
    policy_id: { eq: values.policy_id },
    associate_code: { eq: values.associate_code },
  };
}

export const chargebackFilterCodec: FilterCodec<ChargebackFilterValues> = {
  empty: emptyChargebackFilters,
  toValues: chargebackFilterToValues,
  toFilter: chargebackValuesToFilter,
};
