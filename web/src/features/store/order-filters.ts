import { filterList, filterText, type FilterCodec } from '@/components/filter-form';
import { OrderFulfilment } from '@/api/gen/model/orderFulfilment';
import { OrderPaymentStatus } from '@/api/gen/model/orderPaymentStatus';
import type { CleanFilter, Filter } from '@/lib/listing-state';

/** What the order lists filter by: the payment and the delivery (several of each), and for
 *  staff an associate's code and the days the orders were placed (local dates, both kept). */
export interface OrderFilterValues {
  payment: string[];
  fulfilment: string[];
  code: string;
  /** YYYY-MM-DD, local dates. */
  from: string;
  to: string;
}

export const PAYMENT_STATUSES = Object.values(OrderPaymentStatus);
export const FULFILMENTS = Object.values(OrderFulfilment);

export const emptyOrderFilters: OrderFilterValues = {
  payment: [],
  fulfilment: [],
  code: '',
  from: '',
  to: '',
};

const pad = (n: number) => String(n).padStart(2, '0');
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local day of an instant (YYYY-MM-DD), `back` days before it; '' for anything else. */
function localDay(iso: unknown, back = 0): string {
  if (typeof iso !== 'string' || !iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  date.setDate(date.getDate() - back);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The start of a local day (`after` days later) as an instant; undefined for a bad day. */
function dayStart(day: string, after = 0): string | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + after);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Only the values of `allowed` (a hand-edited URL may hold others). */
const only = (values: string[], allowed: readonly string[]) =>
  values.filter((v) => allowed.includes(v));

export const orderFilterCodec: FilterCodec<OrderFilterValues> = {
  empty: emptyOrderFilters,
  toValues: (filter: CleanFilter) => ({
    payment: only(filterList(filter.payment_status?.in), PAYMENT_STATUSES),
    fulfilment: only(filterList(filter.fulfilment?.in), FULFILMENTS),
    code: filterText(filter.associate_code?.eq),
    from: localDay(filter.created_at?.gte),
    // The list takes the orders before the start of the day after the last one.
    to: localDay(filter.created_at?.lt, 1),
  }),
  toFilter: (values): Filter => ({
    payment_status: { in: values.payment },
    fulfilment: { in: values.fulfilment },
    associate_code: { eq: values.code.trim().toUpperCase() },
    created_at: { gte: dayStart(values.from), lt: dayStart(values.to, 1) },
  }),
};
