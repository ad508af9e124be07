import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Policy } from '@/api/gen/model/policy';
import { accessAnswer, calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PolicyEditPage } from './policy-edit-page';

// Written by the caller (AGT100, the first writer) with Bea Dunn, who has a third of it.
const base: Policy = {
  id: 31,
  policy_number: 'LF-1/7',
  provider_id: 2,
  provider_name: 'Acme Life',
  product_id: 5,
  product_name: 'Term 20',
  category: 'Life Insurance',
  type: 'Term',
  commission_rate_bp: 11000,
  client_id: 7,
  client_name: 'Ann Baker',
  client_state: 'FL',
  writers: [
    { code: 'AGT100', name: 'Alex Carter', share_bp: 6667, bv_cents: 1, premium_cents: 1 },
    { code: 'AGT200', name: 'Bea Dunn', share_bp: 3333, bv_cents: 1, premium_cents: 1 },
  ],
  face_amount_cents: 50_000_000,
  target_premium_cents: 123_456,
  bv_cents: 123_456,
  status: 'Pending',
  submitted_on: '2026-10-02',
  open_requirements: 0,
  can_edit: true,
  next_statuses: [],
  can_lapse: false,
  created_at: '2026-10-02T00:00:00Z',
  updated_at: '2026-10-03T00:00:00Z',
};

const server = { policy: { ...base } as Policy };

beforeEach(() => {
  server.policy = { ...base };
  fakeApi({
    '/access': accessAnswer(),
    'GET /policies': { data: [] },
    'GET /policies/31': () => server.policy,
    'PUT /policies/31': ({ data }: FakeRequest) => ({ ...server.policy, ...(data as object) }),
    '/products': {
      data: [
        {
          id: 5,
          provider_id: 2,
          provider_name: 'Acme Life',
          name: 'Term 20',
          category: 'Life Insurance',
          type: 'Term',
          commission_rate_bp: 11000,
          bv_factor_bp: 10000,
          countries: ['USA'],
          active: true,
        },
      ],
    },
    '/search/clients': { data: [{ id: 7, name: 'Ann Baker' }] },
    '/search/associates': { data: [{ code: 'AGT200', name: 'Bea Dunn' }] },
    'POST /policies/preview': {
      as_of: '2026-10-02',
      commissionable_cents: 0,
      total_cents: 0,
      lines: [],
    },
  });
});

function renderEdit(path = '/business/LF-1%2F7/edit?id=31') {
  return renderWithProviders(<PolicyEditPage />, {
    path,
    route: '/business/:policyNumber/edit',
    extraRoutes: [{ path: '/business/:policyNumber', element: <h1>Policy page</h1> }],
  });
}

describe('PolicyEditPage', () => {
  it('fills the form from the policy, the other writer as the split', async () => {
    renderEdit();
    expect(
      await screen.findByRole('heading', { name: 'Edit policy LF-1/7', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Policy number/)).toHaveValue('LF-1/7');
    expect(screen.getByLabelText(/Face amount/)).toHaveValue('500000.00');
    expect(screen.getByLabelText(/Annual target premium/)).toHaveValue('1234.56');
    expect(screen.getByLabelText(/Their share/)).toHaveValue('33.33');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Split with' })).toHaveValue('Bea Dunn (AGT200)'),
    );
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      '/business/LF-1%2F7?id=31',
    );
    expect(document.title).toBe('Edit policy LF-1/7 · Business · Associate Portal');
  });

  it('saves with PUT and goes back to the policy', { timeout: 20_000 }, async () => {
    const { user, router } = renderEdit();
    const premium = await screen.findByLabelText(/Annual target premium/);
    await user.clear(premium);
    await user.type(premium, '2,000.05');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Policy updated successfully');
    expect(calls('/policies/31').filter((c) => c.method === 'PUT')).toMatchObject([
      {
        data: {
          policy_number: 'LF-1/7',
          client_id: 7,
          product_id: 5,
          face_amount_cents: 50_000_000,
          target_premium_cents: 200_005,
          submitted_on: '2026-10-02',
          split_code: 'AGT200',
          split_share_bp: 3333,
        },
      },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Policy page' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/business/LF-1%2F7?id=31',
    );
  });

  it('refuses a policy the caller may no longer edit, with the way back to it', async () => {
    server.policy = { ...base, status: 'Approved', can_edit: false };
    renderEdit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('409');
    expect(
      within(alert).getByRole('heading', {
        name: 'Policy LF-1/7 is Approved: only its writers edit it, while it is Pending or Action Required.',
      }),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: /Back to the policy/ })).toHaveAttribute(
      'href',
      '/business/LF-1%2F7?id=31',
    );
    expect(screen.queryByRole('form', { name: 'Policy' })).not.toBeInTheDocument();
  });

  it('answers 404 for a number no policy carries', async () => {
    renderEdit('/business/NOPE/edit');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'Policy NOPE not found' }),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: /Back to business/ })).toHaveAttribute(
      'href',
      '/business',
    );
  });
});
