import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventAttendee } from '@/api/gen/model/eventAttendee';
import { TICKET, event } from '@/test/events-fixture';
import { accessAnswer, apiError, calls, fakeApi, type FakeRoute } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { CANNOT_CHECK_IN, EventCheckInPage } from './event-check-in-page';

const SLUG = 'regional-kickoff-dallas';
const PATH = `/events/${SLUG}`;

const ALEX: EventAttendee = {
  id: 42,
  associate_code: 'AGT100',
  name: 'Alex Carter',
  status: 'Registered',
  registered_at: '2026-11-20T15:00:00Z',
};
const RENEE: EventAttendee = {
  id: 43,
  associate_code: 'RMD100',
  name: 'Renee Mitchell',
  status: 'Checked In',
  registered_at: '2026-11-21T15:00:00Z',
  checked_in_at: '2026-12-05T14:55:00Z',
  checked_in_by: 'Sam Staffer',
};
const CHECKED_IN: EventAttendee = {
  ...ALEX,
  status: 'Checked In',
  checked_in_at: '2026-12-05T15:12:00Z',
  checked_in_by: 'Sam Staffer',
};

const conflict = () => {
  const message = 'Alex Carter (AGT100) was checked in already, at 12/05/2026 09:12:00 CST';
  throw apiError(409, message, { status: 409, message, code: 'already_checked_in' });
};

function server(routes: Record<string, FakeRoute> = {}, permissions = ['events.manage']) {
  fakeApi({
    '/access': accessAnswer({ staff: true, permissions }),
    [`GET ${PATH}`]: event(),
    [`${PATH}/attendees`]: { data: [ALEX, RENEE] },
    [`POST ${PATH}/check-ins`]: CHECKED_IN,
    ...routes,
  });
}

function renderPage(path = `${PATH}/check-in`) {
  return renderWithProviders(<EventCheckInPage />, {
    path,
    route: '/events/:slug/check-in',
    extraRoutes: [{ path: '/events/:slug', element: <h1>Event page</h1> }],
  });
}

const ticketCard = () => screen.findByRole('region', { name: 'Ticket from a QR code' });
const checkIns = () => calls(`${PATH}/check-ins`);

describe('EventCheckInPage', () => {
  it('offers Check in for the ticket of a scanned QR code, without checking it in by itself', async () => {
    server();
    const { user } = renderPage(`${PATH}/check-in?ticket=${encodeURIComponent(TICKET)}`);
    const card = await ticketCard();
    expect(card).toHaveTextContent(TICKET);
    expect(screen.getByRole('heading', { name: 'Check-in', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Regional Kickoff — Dallas ·/)).toBeInTheDocument();
    // Opening the link checks no one in.
    await screen.findByRole('rowheader', { name: /Alex Carter/ });
    expect(checkIns()).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Check in' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Checked in: Alex Carter (AGT100), at 12/05/2026 09:12 CST.');
    expect(checkIns().map((c) => c.data)).toEqual([{ ticket: TICKET }]);
    // The attendees are read again.
    await waitFor(() => expect(calls(`${PATH}/attendees`).length).toBeGreaterThanOrEqual(2));
    expect(document.title).toBe('Check-in · Regional Kickoff — Dallas · Events · Associate Portal');
  });

  it('says who was checked in already, and when, on a second check-in', async () => {
    server({ [`POST ${PATH}/check-ins`]: conflict });
    const { user } = renderPage(`${PATH}/check-in?ticket=${encodeURIComponent(TICKET)}`);
    await user.click(within(await ticketCard()).getByRole('button', { name: 'Check in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Already checked in: Alex Carter (AGT100) was checked in already, at 12/05/2026 09:12:00 CST',
    );
  });

  it('says why a ticket not valid for this event is refused', async () => {
    const message =
      'This ticket is not valid for this event: the registration was cancelled, or the ticket is of another event';
    server({
      [`POST ${PATH}/check-ins`]: () => {
        throw apiError(404, message, { status: 404, message });
      },
    });
    const { user } = renderPage(`${PATH}/check-in?ticket=someone-elses`);
    await user.click(within(await ticketCard()).getByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Not checked in: ${message}`);
  });

  it('checks in by associate code or ticket by hand, exactly one of them', async () => {
    server();
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Check in by hand' });
    expect(screen.queryByRole('region', { name: 'Ticket from a QR code' })).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Check in' }));
    expect(
      await within(form).findByText('Enter an associate code or a ticket'),
    ).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Associate code' }), 'agt100');
    await user.type(within(form).getByRole('textbox', { name: 'or Ticket' }), TICKET);
    await user.click(within(form).getByRole('button', { name: 'Check in' }));
    expect(
      await within(form).findByText('Enter an associate code or a ticket, not both'),
    ).toBeInTheDocument();
    expect(checkIns()).toHaveLength(0);

    await user.clear(within(form).getByRole('textbox', { name: 'or Ticket' }));
    await user.click(within(form).getByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Checked in: Alex Carter (AGT100)');
    expect(checkIns().map((c) => c.data)).toEqual([{ associate_code: 'AGT100' }]);
    expect(within(form).getByRole('textbox', { name: 'Associate code' })).toHaveValue('');
  });

  it('lists the attendees with their filters in the URL, and checks in one still registered', async () => {
    server();
    const { user, router } = renderPage();
    const alex = (await screen.findByRole('rowheader', { name: /Alex Carter/ })).closest('tr')!;
    const renee = screen.getByRole('rowheader', { name: /Renee Mitchell/ }).closest('tr')!;
    expect(renee).toHaveTextContent('12/05/2026 08:55 CST');
    expect(renee).toHaveTextContent('by Sam Staffer');
    expect(within(renee).queryByRole('button')).not.toBeInTheDocument();
    expect(calls(`${PATH}/attendees`)[0]!.params).toEqual({
      page: 1,
      limit: 100,
      order: { registered_at: 'ASC' },
    });

    const filters = screen.getByRole('search', { name: 'Filter attendees' });
    await user.type(within(filters).getByRole('textbox', { name: 'Name contains' }), 'Carter');
    await user.type(within(filters).getByRole('textbox', { name: 'Associate code' }), 'agt100');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?filter[name][contains]=Carter&filter[associate_code][eq]=AGT100',
      ),
    );
    await waitFor(() =>
      expect(calls(`${PATH}/attendees`).at(-1)!.params).toMatchObject({
        'filter[name][contains]': 'Carter',
        'filter[associate_code][eq]': 'AGT100',
      }),
    );

    await user.click(within(alex).getByRole('button', { name: 'Check in Alex Carter' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Checked in: Alex Carter');
    expect(checkIns().map((c) => c.data)).toEqual([{ associate_code: 'AGT100' }]);
  });

  it('keeps the ticket in the URL while the attendee list is filtered', async () => {
    server();
    const { router } = renderPage(
      `${PATH}/check-in?ticket=${encodeURIComponent(TICKET)}&filter[status][eq]=Registered`,
    );
    await ticketCard();
    await waitFor(() =>
      expect(calls(`${PATH}/attendees`)[0]!.params).toMatchObject({
        'filter[status][eq]': 'Registered',
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('ticket')).toBe(TICKET);
  });

  it('refuses those who do not manage events, without asking for the event', async () => {
    server({}, []);
    renderPage(`${PATH}/check-in?ticket=x`);
    expect(
      await screen.findByRole('heading', { name: CANNOT_CHECK_IN.message }),
    ).toBeInTheDocument();
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(calls().filter((c) => c.url.startsWith('/events'))).toHaveLength(0);
  });

  it('refuses associates too', async () => {
    fakeApi({ '/access': accessAnswer(), [`GET ${PATH}`]: event() });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: CANNOT_CHECK_IN.message }),
    ).toBeInTheDocument();
  });
});
