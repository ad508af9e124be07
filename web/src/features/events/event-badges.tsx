import { Badge, Flex } from '@radix-ui/themes';
import type { AttendanceStatus } from '@/api/gen/model/attendanceStatus';
import type { EventState } from '@/api/gen/model/eventState';
import type { EventSummary } from '@/api/gen/model/eventSummary';
import type { EventStatus } from './event-status';

/** The colour of an event's state (a Record: a state the contract adds is named). */
const STATE_COLORS: Record<EventState, 'gray' | 'green' | 'red'> = {
  Draft: 'gray',
  Open: 'green',
  Closed: 'red',
};

/** The caller's attendance, in the words of the page. */
const ATTENDANCE: Record<AttendanceStatus, { label: string; color: 'blue' | 'green' }> = {
  Registered: { label: 'Registered', color: 'blue' },
  'Checked In': { label: 'Checked in', color: 'green' },
};

export function AttendanceBadge({ status }: { status: AttendanceStatus }) {
  const { label, color } = ATTENDANCE[status];
  return (
    <Badge color={color} variant="soft">
      {label}
    </Badge>
  );
}

/**
 * The badges of an event: its state for staff who manage events (on a card only when it is
 * not Open, which is what associates see; `alwaysState` on the event's page), the caller's
 * registration, and, until it is over, Full and Closed for registration.
 */
export function EventBadges({
  event,
  status,
  showState,
  alwaysState = false,
}: {
  event: EventSummary;
  status: EventStatus;
  showState: boolean;
  alwaysState?: boolean;
}) {
  const state = showState && (alwaysState || event.state !== 'Open');
  const full = !status.ended && status.full;
  const closed = !status.ended && event.registration === 'Closed for registration';
  if (!state && !event.my_status && !full && !closed) return null;
  return (
    <Flex gap="2" wrap="wrap" align="center">
      {state ? (
        <Badge color={STATE_COLORS[event.state]} variant="soft">
          {event.state}
        </Badge>
      ) : null}
      {event.my_status ? <AttendanceBadge status={event.my_status} /> : null}
      {full ? (
        <Badge color="orange" variant="soft">
          Full
        </Badge>
      ) : null}
      {closed ? (
        <Badge color="gray" variant="soft">
          Closed for registration
        </Badge>
      ) : null}
    </Flex>
  );
}
