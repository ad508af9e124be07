// The shape of the listing descriptions generated from the contract (lists.gen.ts, written by
// sdk/lists/listgen from openapi.yaml): which fields of a list filter with which operators
// and values, which sort, and the default order. Filter panels and the query builder read
// them, so the web offers exactly what the server accepts.

export type ListOperator =
  'eq' | 'ne' | 'in' | 'nin' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains' | 'startswith' | 'null';

export type ListValueType = 'string' | 'int' | 'date' | 'date-time' | 'bool' | 'enum';

export interface ListField {
  /** Absent for a field the contract only sorts by. */
  type?: ListValueType;
  ops: readonly ListOperator[];
  /** The values of an enum, from the generated enum object. */
  values?: readonly string[];
  /** The table a value must name: associate or level codes, case-insensitive. */
  lookup?: 'associate' | 'level';
  min?: number;
  max?: number;
  maxLength?: number;
  sortable: boolean;
}

/**
 * The listing description of one operation. `P` is the operation's generated parameter type:
 * the one place a listing state becomes those parameters is typed against it.
 */
export interface ListSpec<P> {
  operation: string;
  key: string;
  /** The field sorted by without an order; `-field` sorts it descending. */
  defaultOrder: string;
  fields: Record<string, ListField>;
  /** Never set: carries the parameter type. */
  readonly params?: P;
}

/** Operators whose value is a list: `filter[field][in][]=a&filter[field][in][]=b`. */
export const LIST_OPERATORS: ReadonlySet<ListOperator> = new Set(['in', 'nin']);
