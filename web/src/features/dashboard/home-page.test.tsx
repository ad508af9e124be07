import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatEventWhen } from '@/lib/event-time';
import { eventSummary } from '@/test/events-fixture';
import { AGENT_USER, STAFF_USER, accessAnswer, calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { HomePage } from './home-page';

/** The agent's registrations, soonest first, as many as the card asks for plus one. */
const REGISTERED = Array.from({ length: 4 }, (_, i) =>
  eventSummary({
    id: i + 1,
    slug: `event-${i + 1}`,
    title: `Event ${i + 1}`,
    my_status: 'Registered',
  }),
);

/** The home page of an agent, or of a staff user with `permissions`. */
function answer({
  staff = false,
  permissions = ['clients.read'],
  events = REGISTERED,
}: { staff?: boolean; permissions?: string[]; events?: typeof REGISTERED } = {}) {
  const user = staff ? STAFF_USER : AGENT_USER;
  fakeApi({
    '/access': accessAnswer({ staff, permissions }),
    '/dashboard': {
      greeting: `Good morning, ${user.name.split(' ')[0]}`,
      user,
      attention: { memos: 0, w9_documents: 0 },
      // What the server answers a staff user: it counts only an associate's clients.
      counts: staff
        ? { clients: 0, own_clients: 0, downline: 0 }
        : { clients: 402, own_clients: 40, downline: 12 },
    },
    '/events': { data: events },
  });
}

beforeEach(() => answer());

describe('HomePage', () => {
  it('leads each count to the list it counts', async () => {
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('Your clients')).toBeInTheDocument();
    expect(screen.getByText('40')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View your clients/ })).toHaveAttribute(
      'href',
      '/business/clients?filter[associate_code][eq]=AGT100',
    );
    expect(screen.getByText('402')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View all clients/ })).toHaveAttribute(
      'href',
      '/business/clients',
    );
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open your tree/ })).toHaveAttribute(
      'href',
      '/team/AGT100/genealogy-tree',
    );
  });

  it('shows staff no counts of clients or downline they do not have', async () => {
    answer({ staff: true });
    renderWithProviders(<HomePage />);
    expect(
      await screen.findByText('Your staff account can read every client.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View clients/ })).toHaveAttribute(
      'href',
      '/business/clients',
    );
    expect(screen.queryByText('Your clients')).not.toBeInTheDocument();
    expect(screen.queryByText('Associates in your downline')).not.toBeInTheDocument();
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });

  it('shows staff without the permission no client card at all', async () => {
    answer({ staff: true, permissions: [] });
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('Good morning, Sam')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /View clients/ })).not.toBeInTheDocument();
  });

  it("lists the agent's next three registrations, each leading to its event", async () => {
    renderWithProviders(<HomePage />);
    const card = await screen.findByRole('region', { name: 'Your upcoming events' });
    await within(card).findByRole('link', { name: 'Event 1' });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('a')?.getAttribute('href')),
    ).toEqual(['/events/event-1', '/events/event-2', '/events/event-3']);
    const first = REGISTERED[0]!;
    expect(card).toHaveTextContent(
      formatEventWhen(first.starts_at, first.ends_at, first.time_zone),
    );
    expect(within(card).getByRole('link', { name: 'All events' })).toHaveAttribute(
      'href',
      '/events',
    );
    expect(calls('/events')[0]!.params).toEqual({
      when: 'upcoming',
      limit: 3,
      'filter[registered][eq]': true,
    });
  });

  it('says so when the agent is registered for nothing to come', async () => {
    answer({ events: [] });
    renderWithProviders(<HomePage />);
    expect(
      await screen.findByText('You are not registered for any upcoming event.'),
    ).toBeInTheDocument();
  });

  it('shows staff no upcoming events of their own', async () => {
    answer({ staff: true, permissions: ['events.manage'] });
    renderWithProviders(<HomePage />);
    await screen.findByText('Good morning, Sam');
    expect(screen.queryByText('Your upcoming events')).not.toBeInTheDocument();
    expect(calls('/events')).toHaveLength(0);
  });
});
