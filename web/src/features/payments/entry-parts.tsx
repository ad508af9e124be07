import { Badge, Text } from '@radix-ui/themes';
import type { EntryDirection } from '@/api/gen/model/entryDirection';
import type { EntryStatus } from '@/api/gen/model/entryStatus';
import { formatSigned } from '@/lib/format';
import { STATUS_COLORS } from './payments-labels';
import './payments.css';

/** Money taken back as a negative amount, whatever the sign it came with (0 stays 0). */
export const asReclaim = (cents: number) => (cents > 0 ? -cents : cents);

/** A signed amount. A chargeback is told apart by its minus sign and its word as well as its
 *  colour: '(chargeback)' is said after it to screen readers. */
export function SignedAmount({
  cents,
  direction,
  size,
  weight = 'medium',
}: {
  cents: number;
  direction: EntryDirection;
  size?: '2' | '3' | '6' | '8';
  weight?: 'regular' | 'medium' | 'bold';
}) {
  const chargeback = direction === 'Chargeback';
  return (
    <Text
      size={size}
      weight={weight}
      color={chargeback ? 'red' : undefined}
      className="nowrap amount"
      data-direction={direction}
    >
      {formatSigned(cents)}
      {chargeback ? <span className="sr-only"> (chargeback)</span> : null}
    </Text>
  );
}

export function EntryStatusBadge({ status }: { status: EntryStatus }) {
  return <Badge color={STATUS_COLORS[status]}>{status}</Badge>;
}

/** Compensation or Chargeback in words; Chargeback stands out. */
export function DirectionBadge({ direction }: { direction: EntryDirection }) {
  return direction === 'Chargeback' ? (
    <Badge color="red" variant="outline">
      Chargeback
    </Badge>
  ) : (
    <Badge color="gray" variant="soft">
      Compensation
    </Badge>
  );
}
