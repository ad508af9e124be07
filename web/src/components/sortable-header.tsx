import { ArrowDownIcon, ArrowUpIcon, CaretSortIcon } from '@radix-ui/react-icons';
import { Table } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { Order } from '@/lib/listing-state';

export interface SortableHeaderProps {
  field: string;
  order: Order;
  onSort: (field: string) => void;
  children: ReactNode;
  align?: 'left' | 'right';
}

/** A column header that sorts by its field: none → ascending → descending. */
export function SortableHeader({ field, order, onSort, children, align }: SortableHeaderProps) {
  const direction = order[field];
  const ariaSort = direction === 'ASC' ? 'ascending' : direction === 'DESC' ? 'descending' : 'none';
  const Icon =
    direction === 'ASC' ? ArrowUpIcon : direction === 'DESC' ? ArrowDownIcon : CaretSortIcon;
  return (
    <Table.ColumnHeaderCell aria-sort={ariaSort} align={align}>
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
    </Table.ColumnHeaderCell>
  );
}
