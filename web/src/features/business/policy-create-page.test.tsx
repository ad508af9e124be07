import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Policy } from '@/api/gen/model/policy';
import { ApiError } from '@/api/mutator';
import { accessAnswer, calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PolicyCreatePage } from './policy-create-page';

const server = { staff: false, refuse: false };

beforeEach(() => {
  server.staff = false;
  server.refuse = false;
  fakeApi({
    '/access': () => accessAnswer({ staff: server.staff }),
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
    '/search/clients': { data: [{ id: 7, name: 'Ann Baker', email: 'ann@example.com' }] },
    'POST /policies/preview': {
      as_of: '2026-10-02',
      commissionable_cents: 0,
      total_cents: 0,
      lines: [],
    },
    'POST /policies': ({ data }: FakeRequest) => {
      if (server.refuse) {
        throw new ApiError(422, 'Validation error', [
          { field: 'policy_number', message: 'Policy number is already used at Acme Life' },
        ]);
      }
      return { ...(data as object), id: 31 } as Policy;
    },
  });
});

function renderCreate(path = '/business/create') {
  return renderWithProviders(<PolicyCreatePage />, {
    path,
    route: '/business/create/:clientId?',
    extraRoutes: [{ path: '/business', element: <h1>Business list</h1> }],
  });
}

describe('PolicyCreatePage', () => {
  it('gives an associate the form, for the client of the path', async () => {
    renderCreate('/business/create/7');
    expect(await screen.findByRole('button', { name: 'Submit policy' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('Ann Baker'),
    );
    expect(calls('/search/clients')[0]?.params).toMatchObject({ 'include[]': [7] });
    expect(document.title).toBe('New policy · Business · Associate Portal');
  });

  it('offers a new client next to the client picker, as the first step', async () => {
    renderCreate();
    expect(await screen.findByRole('link', { name: 'New client' })).toHaveAttribute(
      'href',
      '/business/create/client',
    );
    expect(screen.getByRole('combobox', { name: 'Client' })).toBeInTheDocument();
  });

  it('tells staff that only associates submit policies, with the way back', async () => {
    server.staff = true;
    renderCreate();
    expect(await screen.findByText(/Only associates submit policies/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to business/ })).toHaveAttribute(
      'href',
      '/business',
    );
    expect(screen.queryByRole('form', { name: 'Policy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New client' })).not.toBeInTheDocument();
    expect(calls().map((c) => c.url)).toEqual(['/access']);
  });

  it('creates the policy, says so and goes back to the list', { timeout: 20_000 }, async () => {
    const { user, router } = renderCreate('/business/create/7');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('Ann Baker'),
    );
    await user.click(screen.getByRole('combobox', { name: /Product/ }));
    await user.click(await screen.findByRole('option', { name: /Term 20/ }));
    await user.type(screen.getByLabelText(/Policy number/), 'LF-1/7');
    await user.type(screen.getByLabelText(/Face amount/), '250000');
    await user.type(screen.getByLabelText(/Annual target premium/), '99.99');
    await user.clear(screen.getByLabelText(/Submitted on/));
    await user.type(screen.getByLabelText(/Submitted on/), '2026-10-02');
    await user.click(screen.getByRole('button', { name: 'Submit policy' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Policy created successfully');
    expect(
      calls('/policies')
        .filter((c) => c.method === 'POST')
        .map((c) => c.data),
    ).toEqual([
      {
        policy_number: 'LF-1/7',
        client_id: 7,
        product_id: 5,
        face_amount_cents: 25_000_000,
        target_premium_cents: 9_999,
        submitted_on: '2026-10-02',
      },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Business list' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/business');
  });

  it("puts the server's refusal under the field, and stays", { timeout: 20_000 }, async () => {
    server.refuse = true;
    const { user, router } = renderCreate('/business/create/7');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('Ann Baker'),
    );
    await user.click(screen.getByRole('combobox', { name: /Product/ }));
    await user.click(await screen.findByRole('option', { name: /Term 20/ }));
    await user.type(screen.getByLabelText(/Policy number/), 'LF-1/7');
    await user.type(screen.getByLabelText(/Face amount/), '1');
    await user.type(screen.getByLabelText(/Annual target premium/), '1');
    await user.click(screen.getByRole('button', { name: 'Submit policy' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Policy number/)).toHaveAccessibleDescription(
        'Policy number is already used at Acme Life',
      ),
    );
    expect(screen.queryByText('Validation error')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/business/create/7');
  });
});
