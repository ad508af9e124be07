import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatEventWhen } from '@/lib/event-time';
import { daysFromNow, eventSummary } from '@/test/events-fixture';
import { accessAnswer, apiError, calls, fakeApi, type FakeRoute } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { EventsIndexPage, PastEventsPage } from './events-list-page';

const KICKOFF = eventSummary();
const CALL = eventSummary({
  id: 2,
  slug: 'monday-night-opportunity-call',
  title: 'Monday Night Opportunity Call',
  summary: 'The weekly online overview of the business for your guests.',
  venue: undefined,
  city: undefined,
  online: true,
  time_zone: 'America/New_York',
  starts_at: daysFromNow(1),
  ends_at: daysFromNow(1, 1),
  image_url: undefined,
  capacity: 1000,
  registered: 40,
  seats_left: 960,
  my_status: 'Registered',
});
const TORONTO = eventSummary({
  id: 3,
  slug: 'new-associate-orientation-toronto',
  title: 'New Associate Orientation — Toronto',
  venue: 'Metro Toronto Convention Centre',
  city: 'Toronto',
  time_zone: 'America/Toronto',
  capacity: 40,
  registered: 40,
  seats_left: 0,
});
const DINNER = eventSummary({
  id: 4,
  slug: 'top-producers-dinner-miami',
  title: 'Top Producers Dinner — Miami',
  registration: 'Closed for registration',
  city: 'Miami',
  venue: 'The Biltmore',
});

function server(routes: Record<string, FakeRoute> = {}, permissions?: string[]) {
  fakeApi({
    '/access': accessAnswer(permissions ? { staff: true, permissions } : {}),
    '/events': { data: [CALL, KICKOFF, TORONTO, DINNER] },
    ...routes,
  });
}

function renderAt(path = '/events') {
  return renderWithProviders(<h1>Shell</h1>, {
    path,
    route: '/',
    extraRoutes: [
      { path: '/events', element: <EventsIndexPage /> },
      { path: '/events/past', element: <PastEventsPage /> },
      { path: '/events/:slug', element: <h1>Event page</h1> },
    ],
  });
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('EventsIndexPage', () => {
  it('shows the upcoming events as cards: when in their zone, where, seats and badges', async () => {
    server();
    renderAt();
    expect(await screen.findByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    const kickoff = await screen.findByRole('article', { name: KICKOFF.title });
    expect(within(kickoff).getByRole('link', { name: KICKOFF.title })).toHaveAttribute(
      'href',
      '/events/regional-kickoff-dallas',
    );
    expect(kickoff).toHaveTextContent(
      formatEventWhen(KICKOFF.starts_at, KICKOFF.ends_at, 'America/Chicago'),
    );
    expect(kickoff).toHaveTextContent(/CST|CDT/);
    expect(kickoff).toHaveTextContent('Omni Dallas Hotel, Dallas');
    expect(kickoff).toHaveTextContent('180 of 300 seats left');
    // The banner is decoration: the title says what it is.
    expect(kickoff.querySelector('img')).toHaveAttribute('alt', '');
    expect(kickoff.querySelector('img')).toHaveAttribute('src', KICKOFF.image_url);

    const call = card(CALL.title);
    expect(call).toHaveTextContent('Online');
    expect(call).toHaveTextContent(/EST|EDT/);
    expect(within(call).getByText('Registered')).toBeInTheDocument();
    expect(call.querySelector('img')).toBeNull();

    const toronto = card(TORONTO.title);
    expect(within(toronto).getByText('Full')).toBeInTheDocument();
    expect(toronto).toHaveTextContent('No seats left');
    expect(within(card(DINNER.title)).getByText('Closed for registration')).toBeInTheDocument();
    // Associates see Open events only: no state badges.
    expect(screen.queryByText('Open')).not.toBeInTheDocument();

    // The list as the contract takes it: upcoming, soonest first.
    expect(calls('/events')[0]!.params).toEqual({
      when: 'upcoming',
      page: 1,
      limit: 100,
      order: { starts_at: 'ASC' },
    });
    expect(document.title).toBe('Upcoming events · Associate Portal');
    expect(screen.getByRole('link', { name: /^Upcoming/ })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps the title search and the filters in the URL and asks for them', async () => {
    server();
    const { user, router } = renderAt();
    await screen.findByRole('article', { name: KICKOFF.title });

    await user.type(screen.getByRole('searchbox', { name: 'Search events by title' }), ' Kickoff ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?filter[title][contains]=Kickoff'),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Online only' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?filter[title][contains]=Kickoff&filter[online][eq]=true',
      ),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Registered' }));
    await waitFor(() =>
      expect(calls('/events').at(-1)!.params).toEqual({
        when: 'upcoming',
        page: 1,
        limit: 100,
        order: { starts_at: 'ASC' },
        'filter[title][contains]': 'Kickoff',
        'filter[online][eq]': 'true',
        'filter[registered][eq]': 'true',
      }),
    );
    expect(screen.getByRole('checkbox', { name: 'Online only' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search events by title' })).toHaveValue(
      'Kickoff',
    );
  });

  it('reads the filters of a shared link', async () => {
    server();
    renderAt('/events?filter[online][eq]=true&filter[registered][eq]=true&limit=10');
    await screen.findByRole('article', { name: KICKOFF.title });
    expect(screen.getByRole('checkbox', { name: 'Online only' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Registered' })).toBeChecked();
    expect(calls('/events')[0]!.params).toMatchObject({
      limit: 10,
      'filter[online][eq]': 'true',
      'filter[registered][eq]': 'true',
    });
  });

  it('says when nothing matches, and clears the filters', async () => {
    server({
      '/events': (req: { params: Record<string, unknown> }) =>
        req.params['filter[title][contains]'] ? { data: [] } : { data: [KICKOFF] },
    });
    const { user, router } = renderAt('/events?filter[title][contains]=zebra');
    expect(await screen.findByText('No events match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('article', { name: KICKOFF.title })).toBeInTheDocument();
  });

  it('says so when there are no upcoming events', async () => {
    server({ '/events': { data: [] } });
    renderAt();
    expect(await screen.findByText('No upcoming events')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('pages by the limit + 1 rule, going on from the cursor', async () => {
    const rows = Array.from({ length: 3 }, (_, i) =>
      eventSummary({ id: 10 + i, slug: `event-${i}`, title: `Event ${i}` }),
    );
    server({ '/events': { data: rows, next_cursor: 'c2' } });
    const { user, router } = renderAt('/events?limit=2');
    await screen.findByRole('article', { name: 'Event 1' });
    expect(screen.queryByRole('article', { name: 'Event 2' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&limit=2'));
    await waitFor(() => expect(calls('/events').at(-1)!.params).toMatchObject({ cursor: 'c2' }));
  });

  it('shows a failure with Retry, not an empty list', async () => {
    let fail = true;
    server({
      '/events': () => {
        if (fail) throw apiError(503, 'The service is unavailable');
        return { data: [KICKOFF] };
      },
    });
    const { user } = renderAt();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The events could not be loaded');
    expect(alert).toHaveTextContent('The service is unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: KICKOFF.title })).toBeInTheDocument();
  });

  it('shows staff who manage events the states associates do not see, and no Registered filter', async () => {
    server(
      {
        '/events': {
          data: [
            KICKOFF,
            eventSummary({
              id: 9,
              slug: 'spring-convention',
              title: 'Spring Convention',
              state: 'Draft',
            }),
          ],
        },
      },
      ['events.manage'],
    );
    renderAt();
    const draft = await screen.findByRole('article', { name: 'Spring Convention' });
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    expect(within(card(KICKOFF.title)).queryByText('Open')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Online only' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Registered' })).not.toBeInTheDocument();
  });
});

describe('PastEventsPage', () => {
  it('lists the past events the latest first, with how many registered', async () => {
    const past = eventSummary({
      id: 20,
      slug: 'fall-kickoff-atlanta',
      title: 'Fall Kickoff — Atlanta',
      starts_at: daysFromNow(-20),
      ends_at: daysFromNow(-20, 8),
      registration: 'Closed for registration',
      registered: 150,
      seats_left: 250,
      capacity: 400,
      my_status: 'Checked In',
    });
    server({ '/events': { data: [past] } });
    const { user, router } = renderAt('/events/past');
    const item = await screen.findByRole('article', { name: past.title });
    expect(item).toHaveTextContent('150 registered');
    expect(within(item).getByText('Checked in')).toBeInTheDocument();
    // Over: neither Full nor Closed for registration.
    expect(within(item).queryByText('Closed for registration')).not.toBeInTheDocument();
    expect(calls('/events')[0]!.params).toEqual({
      when: 'past',
      page: 1,
      limit: 100,
      order: { starts_at: 'DESC' },
    });
    expect(document.title).toBe('Past events · Associate Portal');
    await user.click(screen.getByRole('link', { name: /^Upcoming/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
  });
});
