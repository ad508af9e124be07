import { Flex, Link, Table, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router';
import type { StoreOrderSummary } from '@/api/gen/model/storeOrderSummary';
import { ListTable, type ListQuery } from '@/components/list-table';
import { ListingPagination } from '@/components/pagination';
import { SortableHeader } from '@/components/sortable-header';
import { formatCurrency, formatDateTime, formatNumber } from '@/lib/format';
import type { Listing } from '@/lib/listing-state';
import { FulfilmentBadge, PaymentBadge } from './order-badges';
import { orderTitle } from './order-view';

/**
 * A page of store orders and its pagination: the associate's purchase history, and staff's
 * orders of everyone (`showAssociate`). Each order links to `pathOf(id)`.
 */
export function OrdersTable({
  listing,
  query,
  rows,
  nextCursor,
  hasNext,
  caption,
  pathOf,
  showAssociate = false,
  loadingLabel,
  emptyTitle,
  emptyText,
}: {
  listing: Listing;
  query: ListQuery & { isPlaceholderData?: boolean };
  rows: readonly StoreOrderSummary[];
  nextCursor: string | undefined;
  hasNext: boolean;
  caption: string;
  pathOf: (id: number) => string;
  showAssociate?: boolean;
  loadingLabel: string;
  emptyTitle: string;
  emptyText: string;
}) {
  const { state } = listing;
  return (
    <>
      <ListTable
        caption={caption}
        noun="orders"
        query={query}
        count={rows.length}
        columns={showAssociate ? 7 : 6}
        header={
          <>
            <Table.ColumnHeaderCell>Order</Table.ColumnHeaderCell>
            {showAssociate ? <Table.ColumnHeaderCell>Associate</Table.ColumnHeaderCell> : null}
            <SortableHeader field="created_at" order={state.order} onSort={listing.toggleSort}>
              Placed
            </SortableHeader>
            <Table.ColumnHeaderCell align="right">Items</Table.ColumnHeaderCell>
            <SortableHeader field="total_cents" order={state.order} onSort={listing.toggleSort}>
              Total
            </SortableHeader>
            <Table.ColumnHeaderCell>Payment</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Delivery</Table.ColumnHeaderCell>
          </>
        }
        loadingLabel={loadingLabel}
        emptyTitle={emptyTitle}
        emptyText={emptyText}
      >
        {rows.map((order) => (
          <Table.Row key={order.id} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            <Table.RowHeaderCell>
              <Link asChild weight="medium">
                <RouterLink to={pathOf(order.id)}>{orderTitle(order.id)}</RouterLink>
              </Link>
            </Table.RowHeaderCell>
            {showAssociate ? (
              <Table.Cell>
                <Flex direction="column">
                  <Text className="nowrap">{order.associate_name}</Text>
                  <Text size="1" color="gray">
                    {order.associate_code}
                  </Text>
                </Flex>
              </Table.Cell>
            ) : null}
            <Table.Cell className="nowrap">{formatDateTime(order.created_at)}</Table.Cell>
            <Table.Cell align="right">{formatNumber(order.item_count)}</Table.Cell>
            <Table.Cell className="nowrap">{formatCurrency(order.total_cents)}</Table.Cell>
            <Table.Cell>
              <PaymentBadge status={order.payment_status} />
            </Table.Cell>
            <Table.Cell>
              <FulfilmentBadge status={order.fulfilment} />
            </Table.Cell>
          </Table.Row>
        ))}
      </ListTable>
      <ListingPagination
        listing={listing}
        nextCursor={nextCursor}
        count={rows.length}
        hasNext={hasNext}
        disabled={query.isFetching}
      />
    </>
  );
}
