import { Badge, Box, Card, DataList, Flex, Heading, Table, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { StoreOrder } from '@/api/gen/model/storeOrder';
import type { StoreOrderEvent } from '@/api/gen/model/storeOrderEvent';
import { DataTable } from '@/components/data-table';
import { formatCurrency, formatDateTime, formatNumber } from '@/lib/format';
import { lineName } from './cart-line';
import { FulfilmentBadge, PaymentBadge } from './order-badges';

/** 'Order #12'. */
export const orderTitle = (id: number) => `Order #${id}`;

/** The facts of an order: when, who (staff), its payment and delivery, and its total. */
export function OrderFacts({
  order,
  showAssociate,
}: {
  order: StoreOrder;
  showAssociate: boolean;
}) {
  return (
    <DataList.Root size="2" orientation={{ initial: 'vertical', sm: 'horizontal' }}>
      {showAssociate ? (
        <DataList.Item>
          <DataList.Label>Associate</DataList.Label>
          <DataList.Value>
            {order.associate_name} ({order.associate_code})
          </DataList.Value>
        </DataList.Item>
      ) : null}
      <DataList.Item>
        <DataList.Label>Placed</DataList.Label>
        <DataList.Value>{formatDateTime(order.created_at)}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Payment</DataList.Label>
        <DataList.Value>
          <Flex gap="2" align="center" wrap="wrap">
            <PaymentBadge status={order.payment_status} />
            {order.paid_at ? (
              <Text size="2" color="gray">
                paid {formatDateTime(order.paid_at)}
              </Text>
            ) : null}
            {order.demo_payment ? (
              <Badge color="gray" variant="outline">
                Demo payment
              </Badge>
            ) : null}
          </Flex>
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Delivery</DataList.Label>
        <DataList.Value>
          <FulfilmentBadge status={order.fulfilment} />
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Total</DataList.Label>
        <DataList.Value>
          <Text weight="bold">{formatCurrency(order.total_cents)}</Text>
        </DataList.Value>
      </DataList.Item>
    </DataList.Root>
  );
}

/** The order's lines at the prices it was placed at, and its total. */
export function OrderLines({ order }: { order: StoreOrder }) {
  return (
    <DataTable label="Items" variant="surface" size="2">
      <caption className="sr-only">Items of {orderTitle(order.id)}</caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Item</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell align="right">Price</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell align="right">Quantity</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell align="right">Total</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {order.lines.map((line) => (
          <Table.Row key={line.variant_id}>
            <Table.RowHeaderCell>
              <Flex direction="column">
                <Text weight="medium">{lineName(line)}</Text>
                <Text size="1" color="gray">
                  SKU {line.sku}
                </Text>
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell align="right" className="nowrap">
              {formatCurrency(line.unit_price_cents)}
            </Table.Cell>
            <Table.Cell align="right">{formatNumber(line.quantity)}</Table.Cell>
            <Table.Cell align="right" className="nowrap">
              {formatCurrency(line.line_total_cents)}
            </Table.Cell>
          </Table.Row>
        ))}
        <Table.Row>
          <Table.RowHeaderCell colSpan={3}>
            <Text weight="bold">Total</Text>
          </Table.RowHeaderCell>
          <Table.Cell align="right" className="nowrap">
            <Text weight="bold">{formatCurrency(order.total_cents)}</Text>
          </Table.Cell>
        </Table.Row>
      </Table.Body>
    </DataTable>
  );
}

/** The order's lines short, for a narrow column (the checkout): each with its quantity and
 *  price, then the total. */
export function OrderSummary({ order }: { order: StoreOrder }) {
  return (
    <ul className="checkout-lines" aria-label={`Items of ${orderTitle(order.id)}`}>
      {order.lines.map((line) => (
        <li key={line.variant_id}>
          <Flex justify="between" gap="3">
            <Flex direction="column" minWidth="0">
              <Text weight="medium">{lineName(line)}</Text>
              <Text size="1" color="gray">
                {formatNumber(line.quantity)} × {formatCurrency(line.unit_price_cents)}
              </Text>
            </Flex>
            <Text className="nowrap">{formatCurrency(line.line_total_cents)}</Text>
          </Flex>
        </li>
      ))}
      <li>
        <Flex justify="between" gap="3" align="baseline">
          <Text weight="bold">Total</Text>
          <Text weight="bold" size="4">
            {formatCurrency(order.total_cents)}
          </Text>
        </Flex>
      </li>
    </ul>
  );
}

/** One move of the history in words: 'Payment Pending → Paid'. */
function eventText(event: StoreOrderEvent): string {
  return `${event.kind === 'payment' ? 'Payment' : 'Delivery'}: ${event.from} → ${event.to}`;
}

/** What happened to the order, oldest first: each move of its payment (by Stripe) and of its
 *  delivery (by whom). */
export function OrderHistory({ order }: { order: StoreOrder }) {
  return (
    <Card size="2" asChild>
      <section aria-labelledby="order-history">
        <Heading as="h2" size="4" mb="3" id="order-history">
          History
        </Heading>
        <ol className="order-history">
          <li>
            <Text size="2" weight="medium">
              Order placed
            </Text>
            <Text size="1" color="gray">
              {formatDateTime(order.created_at)}
            </Text>
          </li>
          {order.history.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <Text size="2" weight="medium">
                {eventText(event)}
              </Text>
              <Text size="1" color="gray">
                {formatDateTime(event.at)}
                {event.by ? ` · by ${event.by}` : event.kind === 'payment' ? ' · card payment' : ''}
              </Text>
            </li>
          ))}
        </ol>
      </section>
    </Card>
  );
}

/** The order's header, facts, lines and history, with what staff may do (`actions`). */
export function OrderView({
  order,
  showAssociate,
  actions,
}: {
  order: StoreOrder;
  showAssociate: boolean;
  actions?: ReactNode;
}) {
  return (
    <Flex direction="column" gap="5">
      <Card size="2">
        <OrderFacts order={order} showAssociate={showAssociate} />
      </Card>
      {actions}
      <div className="order-columns">
        <Box minWidth="0">
          <Heading as="h2" size="4" mb="3">
            Items
          </Heading>
          <OrderLines order={order} />
        </Box>
        <OrderHistory order={order} />
      </div>
    </Flex>
  );
}
