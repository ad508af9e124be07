import type { EventSummary } from '@/api/gen/model/eventSummary';
import { formatNumber } from '@/lib/format';

/** What an event's times, seats and state allow at `now` (ms since the epoch). */
export interface EventStatus {
  started: boolean;
  ended: boolean;
  /** Every seat taken. */
  full: boolean;
  /** Open, open for registration, not started and with a seat left: the server would take a
   *  registration (registerForEvent). */
  takesRegistrations: boolean;
}

export function eventStatus(event: EventSummary, now: number): EventStatus {
  const started = Date.parse(event.starts_at) <= now;
  const ended = Date.parse(event.ends_at) <= now;
  const full = event.seats_left <= 0;
  return {
    started,
    ended,
    full,
    takesRegistrations:
      event.state === 'Open' && event.registration === 'Open for registration' && !started && !full,
  };
}

/** Where an event is held: its venue and city, or 'Online'. */
export function eventPlace(event: Pick<EventSummary, 'venue' | 'city' | 'online'>): string {
  if (event.online || !event.venue) return 'Online';
  return [event.venue, event.city].filter(Boolean).join(', ');
}

/** '180 of 300 seats left', '1 of 40 seats left'. */
export function seatsLeft(event: Pick<EventSummary, 'seats_left' | 'capacity'>): string {
  const left = Math.max(0, event.seats_left);
  return `${formatNumber(left)} of ${formatNumber(event.capacity)} ${event.capacity === 1 ? 'seat' : 'seats'} left`;
}
