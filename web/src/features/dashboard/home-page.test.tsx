import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Mutator from '@/api/mutator';
import type { RequestConfig } from '@/api/mutator';
import { renderWithProviders } from '@/test/render';
import { HomePage } from './home-page';

const server = vi.hoisted(() => ({ staff: false, permissions: ['clients.read'] }));

vi.mock('@/api/mutator', async (importOriginal) => {
  const actual = await importOriginal<typeof Mutator>();
  const agent = {
    id: 1,
    code: 'AGT100',
    name: 'Alex Carter',
    email: 'agent@example.com',
    is_staff: false,
    is_senior_level: false,
  };
  const staff = {
    id: 9,
    name: 'Sam Staffer',
    email: 'staff@example.com',
    is_staff: true,
    is_senior_level: false,
  };
  return {
    ...actual,
    apiRequest: vi.fn(async (config: RequestConfig) => {
      const user = server.staff ? staff : agent;
      if (config.url === '/access') return { permissions: server.permissions, user };
      if (config.url === '/dashboard') {
        return {
          greeting: `Good morning, ${user.name.split(' ')[0]}`,
          user,
          attention: { memos: 0, w9_documents: 0 },
          // What the server answers a staff user: it counts only an associate's clients.
          counts: server.staff
            ? { clients: 0, own_clients: 0, downline: 0 }
            : { clients: 402, own_clients: 40, downline: 12 },
        };
      }
      throw new actual.ApiError(404, 'Not found');
    }),
  };
});

beforeEach(() => {
  server.staff = false;
  server.permissions = ['clients.read'];
});

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
    server.staff = true;
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
    server.staff = true;
    server.permissions = [];
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('Good morning, Sam')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /View clients/ })).not.toBeInTheDocument();
  });
});
