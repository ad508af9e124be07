import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT_USER, STAFF_USER, accessAnswer, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { HomePage } from './home-page';

vi.mock('@/api/mutator', async (original) =>
  (await import('@/test/fake-api')).fakeMutator(await original()),
);

/** The home page of an agent, or of a staff user with `permissions`. */
function answer({ staff = false, permissions = ['clients.read'] } = {}) {
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
});
