import { screen, waitFor, within } from '@testing-library/react';
import type qrcode from 'qrcode-generator';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '@/api/gen/model/event';
import { EVENT_FULL } from '@/lib/errors';
import { formatEventWhen } from '@/lib/event-time';
import { TICKET, daysFromNow, event } from '@/test/events-fixture';
import { accessAnswer, apiError, calls, fakeApi, type FakeRoute } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { EventDetailPage } from './event-detail-page';

// What the ticket's QR code was made of (the real library draws it).
const encoded = vi.hoisted(() => [] as string[]);
vi.mock('qrcode-generator', async (original) => {
  const actual = (await original<{ default: typeof qrcode }>()).default;
  const wrapped = ((type: Parameters<typeof actual>[0], level: Parameters<typeof actual>[1]) => {
    const qr = actual(type, level);
    const addData = qr.addData.bind(qr);
    qr.addData = (data, mode) => {
      encoded.push(data);
      addData(data, mode);
    };
    return qr;
  }) as typeof actual;
  return { default: Object.assign(wrapped, actual) };
});

afterEach(() => {
  encoded.length = 0;
  vi.restoreAllMocks();
});

const SLUG = 'regional-kickoff-dallas';
const PATH = `/events/${SLUG}`;
const REGISTRATION = {
  status: 'Registered' as const,
  registered_at: '2026-11-20T15:00:00Z',
  ticket: TICKET,
};

/** The server of one event, registered for or not as the calls make it. */
function server(
  start: Partial<Event> = {},
  routes: Record<string, FakeRoute> = {},
  permissions?: string[],
) {
  let current = event(start);
  fakeApi({
    '/access': accessAnswer(permissions ? { staff: true, permissions } : {}),
    [`GET ${PATH}`]: () => current,
    [`PUT ${PATH}/registration`]: () => {
      current = {
        ...current,
        registered: current.registered + 1,
        seats_left: current.seats_left - 1,
        my_status: 'Registered',
        my_registration: REGISTRATION,
        online_url: current.online ? 'https://meet.example.com/j/1' : undefined,
      };
      return REGISTRATION;
    },
    [`DELETE ${PATH}/registration`]: () => {
      current = {
        ...current,
        registered: current.registered - 1,
        seats_left: current.seats_left + 1,
        my_status: undefined,
        my_registration: undefined,
      };
      return null;
    },
    [`GET ${PATH}/calendar`]: { url: 'https://files.example.com/cal.ics?sig=1' },
    ...routes,
  });
}

function renderPage(path = PATH) {
  return renderWithProviders(<EventDetailPage />, {
    path,
    route: '/events/:slug',
    extraRoutes: [
      { path: '/events', element: <h1>Events index</h1> },
      { path: '/events/:slug/check-in', element: <h1>Check-in page</h1> },
    ],
  });
}

const heading = () => screen.findByRole('heading', { name: 'Regional Kickoff — Dallas', level: 1 });

describe('EventDetailPage', () => {
  it('shows the banner, when in its zone, where, the seats and the description', async () => {
    server();
    renderPage();
    await heading();
    const e = event();
    expect(
      screen.getByText(formatEventWhen(e.starts_at, e.ends_at, 'America/Chicago')),
    ).toBeVisible();
    expect(screen.getByText('Omni Dallas Hotel')).toBeInTheDocument();
    expect(screen.getByText('555 S Lamar St, Dallas, TX 75202')).toBeInTheDocument();
    expect(screen.getByText('180 of 300 seats left')).toBeInTheDocument();
    expect(screen.getByText('full day').tagName).toBe('STRONG');
    expect(document.querySelector('img.event-banner')).toHaveAttribute(
      'src',
      'https://files.example.com/banner-1.png',
    );
    expect(screen.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
    expect(document.title).toBe('Regional Kickoff — Dallas · Events · Associate Portal');
    // Associates: no state, no check-in.
    expect(screen.queryByText('Open')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Check-in/ })).not.toBeInTheDocument();
  });

  it('registers, then shows the ticket as a QR code of its check-in link, and the seat taken', async () => {
    server();
    const { user } = renderPage();
    await heading();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const qr = await screen.findByRole('img', {
      name: 'QR code of your ticket for Regional Kickoff — Dallas',
    });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
    expect(encoded).toContain(
      `${window.location.origin}/events/${SLUG}/check-in?ticket=${encodeURIComponent(TICKET)}`,
    );
    expect(screen.getByText(TICKET)).toHaveClass('ticket-text');
    expect(screen.getByText('You are registered.')).toBeInTheDocument();
    expect(screen.getByText('179 of 300 seats left')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(calls(`${PATH}/registration`).map((c) => c.method)).toEqual(['PUT']);
    // The event was read again after the registration.
    expect(calls(PATH).length).toBeGreaterThanOrEqual(2);
  });

  it('offers nothing for a full event, and says so', async () => {
    server({ registered: 300, seats_left: 0 });
    renderPage();
    await heading();
    expect(screen.getByText('This event is full.')).toBeInTheDocument();
    expect(screen.getByText('Full')).toBeInTheDocument();
    expect(screen.getByText('All 300 seats are taken')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('offers nothing for an event closed for registration, or one that has started', async () => {
    server({ registration: 'Closed for registration' });
    const { unmount } = renderPage();
    await heading();
    expect(screen.getByText('This event is closed for registration.')).toBeInTheDocument();
    expect(screen.getByText('Closed for registration')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    unmount();

    server({ starts_at: daysFromNow(0, -1), ends_at: daysFromNow(0, 5) });
    renderPage();
    await heading();
    expect(screen.getByText('This event has started: registration is closed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('says in plain words that the event filled meanwhile, and reads it again', async () => {
    let full = false;
    server(
      {},
      {
        [`GET ${PATH}`]: () => event(full ? { registered: 300, seats_left: 0 } : {}),
        [`PUT ${PATH}/registration`]: () => {
          full = true;
          throw apiError(409, 'Every seat of this event is taken', {
            status: 409,
            message: 'Every seat of this event is taken',
            code: 'event_full',
          });
        },
      },
    );
    const { user } = renderPage();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EVENT_FULL);
    expect(await screen.findByText('This event is full.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('cancels a registration through the confirm dialog', async () => {
    server({ my_status: 'Registered', my_registration: REGISTRATION });
    const { user } = renderPage();
    await heading();
    expect(await screen.findByRole('img', { name: /QR code of your ticket/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel registration' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your registration' });
    expect(dialog).toHaveTextContent('your ticket stops working');
    // Keeping the seat changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep my seat' }));
    expect(calls(`${PATH}/registration`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel registration' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Cancel registration',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(calls(`${PATH}/registration`).map((c) => c.method)).toEqual(['DELETE']);
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('offers no cancellation once checked in, and says when', async () => {
    server({
      my_status: 'Checked In',
      my_registration: {
        ...REGISTRATION,
        status: 'Checked In',
        checked_in_at: '2026-12-05T15:12:00Z',
      },
    });
    renderPage();
    await heading();
    expect(screen.getByText('You were checked in at 12/05/2026 09:12 CST.')).toBeInTheDocument();
    expect(screen.getByText('Checked in')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();
  });

  it('adds the event to a calendar through its signed link, in a new tab', async () => {
    server();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderPage();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(tab.location.href).toBe('https://files.example.com/cal.ics?sig=1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(calls(`${PATH}/calendar`)).toHaveLength(1);
  });

  it('gives the join link of an online event to those registered', async () => {
    server({ online: true, venue: undefined, city: undefined, address: undefined });
    const { user } = renderPage();
    await heading();
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Join online/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('link', { name: /Join online/ })).toHaveAttribute(
      'href',
      'https://meet.example.com/j/1',
    );
  });

  it('shows staff who manage events the state and the way to check-in, and no Register', async () => {
    server({ state: 'Draft' }, {}, ['events.manage']);
    renderPage();
    await heading();
    expect(await screen.findByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check-in and attendees' })).toHaveAttribute(
      'href',
      `/events/${SLUG}/check-in`,
    );
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('shows a missing event as not found, and asks nothing for a slug no event can have', async () => {
    server({}, { [`GET ${PATH}`]: () => Promise.reject(apiError(404, 'Event not found')) });
    const { unmount } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the events/ })).toHaveAttribute(
      'href',
      '/events',
    );
    unmount();
    server();
    renderPage('/events/Not_A_Slug');
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
    expect(calls().filter((c) => c.url.startsWith('/events'))).toHaveLength(0);
  });
});
