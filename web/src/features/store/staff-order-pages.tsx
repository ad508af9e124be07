import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import {
  useGetStoreOrder,
  useListStoreOrders,
  useMoveStoreOrderFulfilment,
} from '@/api/gen/endpoints/store/store';
import type { OrderFulfilment } from '@/api/gen/model/orderFulfilment';
import type { StoreOrder } from '@/api/gen/model/storeOrder';
import { listStoreOrders } from '@/api/lists.gen';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { CheckCircledIcon } from '@/components/icons/check-circled';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { PageHeader } from '@/components/page-header';
import { errorDetails, errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { parsePositiveId } from '@/lib/ids';
import { pageRows, toQueryParams, useListingState } from '@/lib/listing-state';
import { usePageTitle } from '@/lib/page-title';
import { STORE_ORDERS_PATH, STORE_PATH, storeOrderPath } from '@/lib/store-paths';
import { useAccess } from '@/lib/use-access';
import { sentence } from './checkout-errors';
import { OrderView, orderTitle } from './order-view';
import { OrdersTable } from './orders-table';
import { ORDER_NOT_FOUND, OrderFilters } from './purchase-pages';
import { useRefreshStore } from './store-cache';

/** What those without store.manage are told. */
export const CANNOT_FULFIL = {
  status: 403,
  message: 'Only staff who run the store see every order',
};

/**
 * store/orders — staff with store.manage: every associate's orders, newest first, filtered
 * (payment, delivery, associate, days placed) in the URL, each leading to its fulfilment.
 */
export function StoreOrdersPage() {
  const access = useAccess();
  const allowed = access.managesStore;
  const listing = useListingState(listStoreOrders, { limit: 50 });
  const { state } = listing;
  const query = useListStoreOrders(toQueryParams(state, listStoreOrders), {
    query: { enabled: allowed, placeholderData: keepPreviousData, meta: { toast: false } },
  });
  const { rows, hasNext } = pageRows(query.data?.data, state.limit);
  const failure = !access.isPending && !allowed ? CANNOT_FULFIL : undefined;
  usePageTitle(failure ? errorTitle(failure) : 'Orders', 'Store');
  if (failure) {
    return <ErrorPanel {...failure} back={{ to: STORE_PATH, label: 'Back to the store' }} />;
  }
  return (
    <>
      <PageHeader
        title="Orders"
        description="Every associate's store orders: prepare the paid ones, and move each one on as it ships."
      />
      <Card size="2" mb="4">
        <OrderFilters
          key={JSON.stringify(state.filter)}
          label="Filter orders"
          filter={state.filter}
          onApply={listing.setFilter}
          staff
        />
      </Card>
      <OrdersTable
        listing={listing}
        query={{ ...query, isPending: query.isPending && allowed }}
        rows={rows}
        nextCursor={query.data?.next_cursor}
        hasNext={hasNext}
        caption="Orders"
        pathOf={storeOrderPath}
        showAssociate
        loadingLabel="Loading the orders…"
        emptyTitle="No orders"
        emptyText={
          Object.keys(state.filter).length > 0
            ? 'No order matches these filters.'
            : 'No one has ordered from the store yet.'
        }
      />
    </>
  );
}

/**
 * store/orders/:orderId — staff with store.manage: an order, and its fulfilment moved on (the
 * moves the server offers now: Pending → Processing → Shipped → Delivered, or Cancelled before
 * it ships, confirmed first). A refused move (409) says why in the server's words.
 */
export function StoreOrderPage() {
  const { orderId } = useParams();
  const id = parsePositiveId(orderId);
  const access = useAccess();
  const allowed = access.managesStore;
  const query = useGetStoreOrder(id ?? 0, {
    query: { enabled: id !== undefined && allowed, meta: { toast: false } },
  });
  const failure =
    id === undefined
      ? ORDER_NOT_FOUND
      : !access.isPending && !allowed
        ? CANNOT_FULFIL
        : query.isError
          ? errorDetails(query.error)
          : undefined;
  usePageTitle(...(failure ? [errorTitle(failure)] : [id ? orderTitle(id) : '', 'Orders']));
  const back = { to: STORE_ORDERS_PATH, label: 'Back to the orders' };
  if (failure) return <ErrorPanel {...failure} back={back} />;
  if (!query.data) return <CenteredSpinner label="Loading the order" />;
  const order = query.data;
  return (
    <>
      <Breadcrumbs
        items={[{ label: 'Orders', to: STORE_ORDERS_PATH }, { label: orderTitle(order.id) }]}
      />
      <PageHeader
        title={orderTitle(order.id)}
        description={`${order.associate_name} (${order.associate_code}) · placed ${formatDateTime(order.created_at)}`}
      />
      <OrderView order={order} showAssociate actions={<Fulfilment order={order} />} />
    </>
  );
}

/** What a move is called on its button. */
const MOVE_LABELS: Record<OrderFulfilment, string> = {
  Pending: 'Back to Pending',
  Processing: 'Mark as Processing',
  Shipped: 'Mark as Shipped',
  Delivered: 'Mark as Delivered',
  Cancelled: 'Cancel the order',
};

type Outcome = { moved: OrderFulfilment } | { error: unknown };

/** The moves of the order's fulfilment there are now, and the last one's outcome. */
function Fulfilment({ order }: { order: StoreOrder }) {
  const move = useMoveStoreOrderFulfilment({ mutation: { meta: { toast: false } } });
  const refresh = useRefreshStore();
  const [outcome, setOutcome] = useState<Outcome>();
  const [cancelling, setCancelling] = useState(false);

  const onMove = async (status: OrderFulfilment) => {
    setOutcome(undefined);
    try {
      await move.mutateAsync({ id: order.id, data: { status } });
      setOutcome({ moved: status });
    } catch (error) {
      setOutcome({ error });
    } finally {
      await refresh();
    }
  };

  const moves = order.fulfilment_moves;
  return (
    <Card size="2" asChild>
      <section aria-labelledby="order-fulfilment">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id="order-fulfilment">
            Fulfilment
          </Heading>
          <div aria-live="polite">
            {outcome && 'moved' in outcome ? (
              <Callout.Root color="green" role="status">
                <Callout.Icon>
                  <CheckCircledIcon />
                </Callout.Icon>
                <Callout.Text>
                  Moved to {outcome.moved}. {order.associate_name} is told by mail.
                </Callout.Text>
              </Callout.Root>
            ) : outcome ? (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>
                  <strong>Not moved: </strong>
                  {sentence(errorMessage(outcome.error))}
                </Callout.Text>
              </Callout.Root>
            ) : null}
          </div>
          {moves.length === 0 ? (
            <Text size="2" color="gray">
              {order.fulfilment === 'Delivered' || order.fulfilment === 'Cancelled'
                ? `This order is ${order.fulfilment.toLowerCase()}: nothing more to do.`
                : order.payment_status !== 'Paid'
                  ? `Nothing is prepared before the order is paid (its payment is ${order.payment_status}).`
                  : 'No move is open for this order now.'}
            </Text>
          ) : (
            <Flex gap="2" wrap="wrap">
              {moves.map((to) =>
                to === 'Cancelled' ? (
                  <Button
                    key={to}
                    variant="soft"
                    color="red"
                    disabled={move.isPending}
                    onClick={() => setCancelling(true)}
                  >
                    {MOVE_LABELS[to]}
                  </Button>
                ) : (
                  <Button
                    key={to}
                    loading={move.isPending && move.variables?.data.status === to}
                    disabled={move.isPending}
                    onClick={() => void onMove(to)}
                  >
                    {MOVE_LABELS[to]}
                  </Button>
                ),
              )}
            </Flex>
          )}
        </Flex>
        <ConfirmDialog
          open={cancelling}
          onOpenChange={setCancelling}
          title={`Cancel ${orderTitle(order.id)}`}
          description={`Its stock goes back on sale and ${order.associate_name} is told by mail. A paid order's refund is made in Stripe's dashboard.`}
          confirmLabel="Cancel the order"
          cancelLabel="Keep it"
          onConfirm={() => onMove('Cancelled')}
        />
      </section>
    </Card>
  );
}
