import { Table } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { ArrowDownIcon } from '@/components/icons/arrow-down';
import { ArrowUpIcon } from '@/components/icons/arrow-up';
import { CaretSortIcon } from '@/components/icons/caret-sort';
import type { Order } from '@/lib/listing-state';

export interface SortableHeaderProps {
  field: string;
  order: Order;
  /** `add`: Shift was held (a click, Enter or Space), to sort by a further key. */
  onSort: (field: string, add: boolean) => void;
  children: ReactNode;
  align?: 'left' | 'right';
}

/** aria-sort of a header over `fields`: the direction of the list's first sort key, on the
 *  header that shows it (ARIA wants one sorted header); the buttons' names tell the other
 *  keys. */
export function ariaSort(order: Order, fields: readonly string[]) {
  const first = Object.keys(order)[0];
  const direction = first !== undefined && fields.includes(first) ? order[first] : undefined;
  return direction === 'ASC' ? 'ascending' : direction === 'DESC' ? 'descending' : 'none';
}

/**
 * The button that sorts by a field: none → ascending → descending. With Shift (a click, or
 * Enter or Space) it adds the field as a further sort key instead. When several keys are
 * active, each shows its rank (1, 2…) after the arrow.
 */
export function SortButton({ field, order, onSort, children }: Omit<SortableHeaderProps, 'align'>) {
  const direction = order[field];
  const keys = Object.keys(order);
  const rank = keys.indexOf(field) + 1;
  const ranked = rank > 0 && keys.length > 1;
  const Icon =
    direction === 'ASC' ? ArrowUpIcon : direction === 'DESC' ? ArrowDownIcon : CaretSortIcon;
  return (
    <button
      type="button"
      className="sort-button"
      onClick={(event) => onSort(field, event.shiftKey)}
      onKeyDown={(event) => {
        if (event.shiftKey && (event.key === 'Enter' || event.key === ' ')) {
          // No click follows (it would sort a second time, without knowing of Shift).
          event.preventDefault();
          if (!event.repeat) onSort(field, true);
        }
      }}
      onKeyUp={(event) => {
        if (event.shiftKey && event.key === ' ') event.preventDefault();
      }}
    >
      {children}
      <Icon aria-hidden />
      {ranked && (
        <span className="sort-rank" aria-hidden>
          {rank}
        </span>
      )}
      <span className="sr-only">
        {direction === 'ASC'
          ? ', sorted ascending'
          : direction === 'DESC'
            ? ', sorted descending'
            : ', not sorted'}
        {ranked && `, sort key ${rank} of ${keys.length}`}
      </span>
    </button>
  );
}

/** A column header that sorts by its field: none → ascending → descending. */
export function SortableHeader({ field, order, onSort, children, align }: SortableHeaderProps) {
  return (
    <Table.ColumnHeaderCell aria-sort={ariaSort(order, [field])} align={align}>
      <SortButton field={field} order={order} onSort={onSort}>
        {children}
      </SortButton>
    </Table.ColumnHeaderCell>
  );
}

/** One of the two fields of a DoubleSortableHeader. */
export interface HeaderField {
  field: string;
  label: ReactNode;
  /** False when the list does not sort by it: the label alone. Sortable unless said. */
  sortable?: boolean;
}

/**
 * A header over a column that shows two fields (a name and a code), each sortable unless it
 * says otherwise; `stacked` puts the second under the first (a narrow column).
 */
export function DoubleSortableHeader({
  fields,
  order,
  onSort,
  stacked = false,
}: {
  fields: readonly [HeaderField, HeaderField];
  order: Order;
  onSort: (field: string, add: boolean) => void;
  stacked?: boolean;
}) {
  const sorted = fields.filter((f) => f.sortable !== false).map((f) => f.field);
  return (
    <Table.ColumnHeaderCell aria-sort={sorted.length > 0 ? ariaSort(order, sorted) : undefined}>
      <span className="sort-pair" data-stacked={stacked || undefined}>
        {fields.map((f) =>
          f.sortable === false ? (
            <span key={f.field} className="sort-label">
              {f.label}
            </span>
          ) : (
            <SortButton key={f.field} field={f.field} order={order} onSort={onSort}>
              {f.label}
            </SortButton>
          ),
        )}
      </span>
    </Table.ColumnHeaderCell>
  );
}
