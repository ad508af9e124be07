import { Table } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { ArrowDownIcon } from '@/components/icons/arrow-down';
import { ArrowUpIcon } from '@/components/icons/arrow-up';
import { CaretSortIcon } from '@/components/icons/caret-sort';
import type { Order } from '@/lib/listing-state';

export interface SortableHeaderProps {
  field: string;
  order: Order;
  onSort: (field: string) => void;
  children: ReactNode;
  align?: 'left' | 'right';
}

function ariaSort(order: Order, fields: readonly string[]) {
  const direction = fields.map((f) => order[f]).find(Boolean);
  return direction === 'ASC' ? 'ascending' : direction === 'DESC' ? 'descending' : 'none';
}

/** The button that sorts by a field: none → ascending → descending. */
export function SortButton({ field, order, onSort, children }: Omit<SortableHeaderProps, 'align'>) {
  const direction = order[field];
  const Icon =
    direction === 'ASC' ? ArrowUpIcon : direction === 'DESC' ? ArrowDownIcon : CaretSortIcon;
  return (
    <button type="button" className="sort-button" onClick={() => onSort(field)}>
      {children}
      <Icon aria-hidden />
      <span className="sr-only">
        {direction === 'ASC'
          ? ', sorted ascending'
          : direction === 'DESC'
            ? ', sorted descending'
            : ', not sorted'}
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

/** A header over a column that shows two fields (a name and a code), each sortable. */
export function DoubleSortableHeader({
  fields,
  order,
  onSort,
}: {
  fields: readonly [{ field: string; label: ReactNode }, { field: string; label: ReactNode }];
  order: Order;
  onSort: (field: string) => void;
}) {
  return (
    <Table.ColumnHeaderCell aria-sort={ariaSort(order, [fields[0].field, fields[1].field])}>
      <span className="sort-pair">
        {fields.map((f) => (
          <SortButton key={f.field} field={f.field} order={order} onSort={onSort}>
            {f.label}
          </SortButton>
        ))}
      </span>
    </Table.ColumnHeaderCell>
  );
}
