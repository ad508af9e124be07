import { Badge } from '@radix-ui/themes';
import type { OrderFulfilment } from '@/api/gen/model/orderFulfilment';
import type { OrderPaymentStatus } from '@/api/gen/model/orderPaymentStatus';

type Color = 'amber' | 'green' | 'red' | 'gray' | 'orange' | 'blue' | 'cyan';

/** The colour of each payment state (a Record: a state the contract adds is named). */
const PAYMENT_COLORS: Record<OrderPaymentStatus, Color> = {
  Pending: 'amber',
  Paid: 'green',
  Failed: 'red',
  Refunded: 'gray',
  Disputed: 'orange',
};

const FULFILMENT_COLORS: Record<OrderFulfilment, Color> = {
  Pending: 'gray',
  Processing: 'blue',
  Shipped: 'cyan',
  Delivered: 'green',
  Cancelled: 'red',
};

/** An order's payment; `labelled` writes what the state is of ('Payment: Paid') where no
 *  column header says it. */
export function PaymentBadge({
  status,
  labelled = false,
}: {
  status: OrderPaymentStatus;
  labelled?: boolean;
}) {
  return (
    <Badge color={PAYMENT_COLORS[status]} variant="soft">
      {labelled ? `Payment: ${status}` : status}
    </Badge>
  );
}

/** An order's fulfilment (its delivery). */
export function FulfilmentBadge({
  status,
  labelled = false,
}: {
  status: OrderFulfilment;
  labelled?: boolean;
}) {
  return (
    <Badge color={FULFILMENT_COLORS[status]} variant="soft">
      {labelled ? `Delivery: ${status}` : status}
    </Badge>
  );
}
