import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { accessAnswer, calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { AccountRoute } from './team-routes';

const level = { code: 'A', name: 'Associate', rank: 2, is_senior_level: false };

function answer({ staff }: { staff: boolean }) {
  fakeApi({
    '/access': accessAnswer({ staff }),
    '/associates/AGT100': {
      code: 'AGT100',
      name: 'Alex Carter',
      email: 'agent@example.com',
      level,
      relation: 'self',
      status: 'Active',
    },
  });
}

function renderAccount() {
  return renderWithProviders(<AccountRoute />, {
    path: '/account',
    route: '/account',
    children: [{ index: true, element: <p>Overview tab</p> }],
  });
}

describe('AccountRoute', () => {
  beforeEach(() => answer({ staff: false }));

  it('shows an associate their own tabs', async () => {
    renderAccount();
    expect(await screen.findByText('Overview tab')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeInTheDocument();
    expect(calls('/associates/AGT100')).toHaveLength(1);
  });

  it('tells staff they have no associate account, and asks for none', async () => {
    answer({ staff: true });
    renderAccount();
    expect(
      await screen.findByRole('heading', { name: 'My account', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Staff users have no associate account.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Account' })).not.toBeInTheDocument();
    expect(document.title).toBe('My account · Associate Portal');
    expect(calls().map((c) => c.url)).toEqual(['/access']);
  });
});
