import { Card, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { useGetStoreOrder, useListStoreOrders } from '@/api/gen/endpoints/store/store';
import { listStoreOrders } from '@/api/lists.gen';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import {
  FilterForm,
  MultiFilter,
  TextFilter,
  enumOptions,
  useFilterForm,
} from '@/components/filter-form';
import { PageHeader } from '@/components/page-header';
import { ACCOUNT_PATH } from '@/lib/account-paths';
import { errorDetails } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { parsePositiveId } from '@/lib/ids';
import {
  pageRows,
  toQueryParams,
  useListingState,
  type CleanFilter,
  type Filter,
} from '@/lib/listing-state';
import { usePageTitle } from '@/lib/page-title';
import { PURCHASE_HISTORY_PATH, STORE_PATH, purchasePath } from '@/lib/store-paths';
import { useAccess } from '@/lib/use-access';
import { FULFILMENTS, PAYMENT_STATUSES, orderFilterCodec } from './order-filters';
import { OrderView, orderTitle } from './order-view';
import { OrdersTable } from './orders-table';

/** What a missing order (or an id no order can have) shows. */
export const ORDER_NOT_FOUND = { status: 404, message: 'Order not found' };

const PAYMENT_OPTIONS = enumOptions(PAYMENT_STATUSES);
const FULFILMENT_OPTIONS = enumOptions(FULFILMENTS);

/**
 * account/purchase-history — the caller's store orders, newest first: when, what (the number
 * of items), the total, and the payment and delivery as badges, each leading to the order;
 * filtered by payment and delivery in the URL.
 */
export function PurchaseHistoryTab() {
  const listing = useListingState(listStoreOrders, { limit: 25 });
  const { state } = listing;
  const query = useListStoreOrders(toQueryParams(state, listStoreOrders), {
    query: { placeholderData: keepPreviousData, meta: { toast: false } },
  });
  const { rows, hasNext } = pageRows(query.data?.data, state.limit);
  const filtered = Object.keys(state.filter).length > 0;
  return (
    <Flex direction="column" gap="4">
      <Flex direction="column" gap="1">
        <Heading as="h2" size="4">
          Purchase history
        </Heading>
        <Text as="p" size="2" color="gray">
          Your orders from the{' '}
          <Link asChild>
            <RouterLink to={STORE_PATH}>store</RouterLink>
          </Link>
          , newest first: what each one holds, and where its payment and delivery are.
        </Text>
      </Flex>
      <Card size="2">
        <OrderFilters
          key={JSON.stringify(state.filter)}
          label="Filter orders"
          filter={state.filter}
          onApply={listing.setFilter}
        />
      </Card>
      <OrdersTable
        listing={listing}
        query={query}
        rows={rows}
        nextCursor={query.data?.next_cursor}
        hasNext={hasNext}
        caption="Purchase history"
        pathOf={purchasePath}
        loadingLabel="Loading your orders…"
        emptyTitle={filtered ? 'No orders match these filters' : 'No purchases yet'}
        emptyText={
          filtered
            ? 'Change or reset the filters to see your other orders.'
            : 'Your orders from the store will be listed here.'
        }
      />
    </Flex>
  );
}

/** The filters of an order list: payment and delivery (`in`); for staff also an
 *  associate's code and the days placed. Applied to the URL. */
export function OrderFilters({
  label,
  filter,
  onApply,
  staff = false,
}: {
  label: string;
  filter: CleanFilter;
  onApply: (filter: Filter) => void;
  staff?: boolean;
}) {
  const { bind, apply, reset } = useFilterForm(filter, orderFilterCodec, onApply);
  return (
    <FilterForm label={label} onApply={apply} onReset={reset}>
      <MultiFilter
        id="order-payment"
        label="Payment"
        groups={PAYMENT_OPTIONS}
        allLabel="Any payment"
        noun="payment states"
        {...bind('payment')}
      />
      <MultiFilter
        id="order-fulfilment"
        label="Delivery"
        groups={FULFILMENT_OPTIONS}
        allLabel="Any delivery"
        noun="delivery states"
        {...bind('fulfilment')}
      />
      {staff ? (
        <>
          <TextFilter id="order-code" label="Associate code" {...bind('code')} />
          <TextFilter id="order-from" label="Placed from" type="date" {...bind('from')} />
          <TextFilter id="order-to" label="Placed until" type="date" {...bind('to')} />
        </>
      ) : null}
    </FilterForm>
  );
}

/**
 * account/purchase-history/:orderId — one of the caller's orders: its payment and delivery,
 * its lines at the prices it was placed at, and what happened to it.
 */
export function PurchasePage() {
  const { orderId } = useParams();
  const id = parsePositiveId(orderId);
  const { buysFromStore, isPending } = useAccess();
  const query = useGetStoreOrder(id ?? 0, {
    query: { enabled: id !== undefined, meta: { toast: false } },
  });
  const failure =
    id === undefined
      ? ORDER_NOT_FOUND
      : !isPending && !buysFromStore
        ? { status: 403, message: 'Only associates have a purchase history' }
        : query.isError
          ? errorDetails(query.error)
          : undefined;
  usePageTitle(
    ...(failure ? [errorTitle(failure)] : [id ? orderTitle(id) : '', 'Purchase history']),
  );
  const back = { to: PURCHASE_HISTORY_PATH, label: 'Back to your purchase history' };
  if (failure) return <ErrorPanel {...failure} back={back} />;
  if (!query.data) return <CenteredSpinner label="Loading the order" />;
  const order = query.data;
  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'My account', to: ACCOUNT_PATH },
          { label: 'Purchase history', to: PURCHASE_HISTORY_PATH },
          { label: orderTitle(order.id) },
        ]}
      />
      <PageHeader
        title={orderTitle(order.id)}
        description={`Placed ${formatDateTime(order.created_at)}`}
      />
      <OrderView order={order} showAssociate={false} />
    </>
  );
}
