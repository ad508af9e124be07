// Events as the server answers them, for the page tests of the events area.
import type { Event } from '@/api/gen/model/event';
import type { EventSummary } from '@/api/gen/model/eventSummary';

const DAY = 24 * 60 * 60 * 1000;

/** An instant `days` from now (negative: past), on the hour. */
export function daysFromNow(days: number, hours = 0): string {
  const at = new Date(Date.now() + days * DAY + hours * 60 * 60 * 1000);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString();
}

export function eventSummary(over: Partial<EventSummary> = {}): EventSummary {
  return {
    id: 1,
    slug: 'regional-kickoff-dallas',
    title: 'Regional Kickoff — Dallas',
    summary: "A day with the region's leaders: the year's plan, new products and recognition.",
    state: 'Open',
    registration: 'Open for registration',
    starts_at: daysFromNow(6),
    ends_at: daysFromNow(6, 8),
    time_zone: 'America/Chicago',
    venue: 'Omni Dallas Hotel',
    city: 'Dallas',
    online: false,
    capacity: 300,
    registered: 120,
    seats_left: 180,
    image_url: 'https://files.example.com/banner-1.png',
    ...over,
  };
}

export function event(over: Partial<Event> = {}): Event {
  return {
    ...eventSummary(over),
    description_html: '<p>Join the region for a <strong>full day</strong>.</p>',
    address: '555 S Lamar St, Dallas, TX 75202',
    image_urls: [
      'https://files.example.com/banner-1.png',
      'https://files.example.com/banner-2.png',
    ],
    ...over,
  };
}

export const TICKET = 'evt1.r42.sig+/=';
