import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type RequestConfig } from '@/api/mutator';
import { getGetClientQueryKey } from '@/api/gen/endpoints/clients/clients';
import type { Client } from '@/api/gen/model/client';
import type { PolicyRow } from '@/api/gen/model/policyRow';
import { getToasts } from '@/lib/toast';
import { fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ClientDetailPage } from './client-detail-page';

// The server behind the mutator: one client record, a delete that works or fails, and a
// hold that keeps the record's answer waiting.
const server = {
  record: undefined as Client | undefined,
  deleteFails: undefined as { status: number; message: string } | undefined,
  hold: undefined as Promise<void> | undefined,
  calls: [] as { method: string; url: string }[],
  policies: [] as PolicyRow[],
  policyParams: [] as unknown[],
};

const ann: Client = {
  id: 7,
  associate_code: 'AGT100',
  associate_name: 'Alex Carter',
  first_name: 'Ann',
  last_name: 'Baker',
  email: 'ann@example.com',
  phone: '5551234567',
  date_of_birth: '1980-05-17',
  gender: 'Female',
  marital_status: 'Married',
  address_line1: '12 Palm Way',
  address_line2: 'Apt 4',
  city: 'Miami',
  state: 'FL',
  postal_code: '33101',
  country: 'USA',
  annual_income: 5_000_050,
  notes: 'Prefers email.\nCall after 5.',
  can_edit: true,
  created_at: '2026-03-04T12:00:00Z',
  updated_at: '2026-03-05T12:00:00Z',
};

beforeEach(() => {
  fakeApi(async (config: RequestConfig) => {
    server.calls.push({ method: config.method, url: config.url });
    if (config.url === '/policies') {
      server.policyParams.push(config.params);
      return { data: server.policies };
    }
    const record = server.record;
    if (!record || config.url !== `/clients/${record.id}`) {
      throw new ApiError(404, 'Client 99 not found');
    }
    if (config.method === 'DELETE') {
      if (server.deleteFails) {
        throw new ApiError(server.deleteFails.status, server.deleteFails.message);
      }
      server.record = undefined;
      return undefined;
    }
    if (server.hold) await server.hold;
    return record;
  });
});

beforeEach(() => {
  server.record = { ...ann };
  server.deleteFails = undefined;
  server.hold = undefined;
  server.calls.length = 0;
  server.policies = [];
  server.policyParams.length = 0;
});

function renderDetail(path = '/business/clients/7', { appQueryClient = false } = {}) {
  return renderWithProviders(<ClientDetailPage />, {
    appQueryClient,
    path,
    route: '/business/clients/:id',
    extraRoutes: [
      { path: '/business/clients', element: <h1>Client list</h1> },
      { path: '/business/clients/:id/edit', element: <h1>Edit form</h1> },
    ],
  });
}

/** The label → value pairs of the page's data lists. */
function fields(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const term of screen.getAllByRole('term')) {
    const value = term.nextElementSibling;
    out[term.textContent ?? ''] = value?.textContent ?? '';
  }
  return out;
}

const deletes = () => server.calls.filter((c) => c.method === 'DELETE');

describe('ClientDetailPage', () => {
  it("lists the client's policies, each linking to its page, and offers a new one to the owner", async () => {
    server.policies = [
      {
        id: 31,
        policy_number: 'LF-1/7',
        provider_id: 2,
        provider_name: 'Acme Life',
        product_id: 5,
        product_name: 'Term 20',
        category: 'Life Insurance',
        type: 'Term',
        client_id: 7,
        client_name: 'Ann Baker',
        writer_code: 'AGT100',
        writer_name: 'Alex Carter',
        split: false,
        status: 'Approved',
        face_amount_cents: 50_000_000,
        target_premium_cents: 123_456,
        bv_cents: 123_456,
        submitted_on: '2026-10-02',
        open_requirements: 0,
        updated_at: '2026-10-03T00:00:00Z',
      },
    ];
    renderDetail();
    const table = await screen.findByRole('table', { name: 'Policies of the client' });
    expect(within(table).getByRole('link', { name: 'LF-1/7' })).toHaveAttribute(
      'href',
      '/business/LF-1%2F7?id=31',
    );
    expect(within(table).getByText('Approved')).toBeInTheDocument();
    expect(within(table).getByText('$1,234.56')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New policy' })).toHaveAttribute(
      'href',
      '/business/create/7',
    );
    expect(server.policyParams).toEqual([
      { 'filter[client_id][eq]': 7, view: 'Infinity', limit: 100 },
    ]);
  });

  it('shows a spinner while the record loads', async () => {
    let release!: () => void;
    server.hold = new Promise((resolve) => (release = resolve));
    renderDetail();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Ann Baker', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows every field, formatted', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Ann Baker', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Client #7')).toBeInTheDocument();
    expect(fields()).toEqual({
      'First name': 'Ann',
      'Last name': 'Baker',
      'Date of birth': '05/17/1980',
      Gender: 'Female',
      'Marital status': 'Married',
      Email: 'ann@example.com',
      Phone: '(555) 123-4567',
      Address: '12 Palm WayApt 4Miami, FL 33101USA',
      'State / province': 'Florida (FL)',
      'Annual income': '$50,000.50',
      Associate: 'Alex Carter (AGT100)',
      Created: expect.stringMatching(/^03\/04\/2026/),
      Updated: expect.stringMatching(/^03\/05\/2026/),
    });
    expect(screen.getByRole('link', { name: 'ann@example.com' })).toHaveAttribute(
      'href',
      'mailto:ann@example.com',
    );
    expect(screen.getByRole('link', { name: '(555) 123-4567' })).toHaveAttribute(
      'href',
      'tel:5551234567',
    );
    expect(screen.getByRole('heading', { name: 'Notes', level: 2 })).toBeInTheDocument();
    expect(screen.getByText(/Prefers email\./)).toHaveTextContent('Prefers email. Call after 5.');
  });

  it('shows a dash for what is missing, and says there are no notes', async () => {
    server.record = {
      id: 7,
      associate_code: 'AGT100',
      associate_name: 'Alex Carter',
      first_name: 'Al',
      last_name: 'Baker',
      country: 'Canada',
      can_edit: true,
      created_at: '2026-03-04T12:00:00Z',
      updated_at: '2026-03-04T12:00:00Z',
    };
    renderDetail();
    await screen.findByRole('heading', { name: 'Al Baker', level: 1 });
    const shown = fields();
    for (const label of ['Date of birth', 'Gender', 'Email', 'Phone', 'State / province']) {
      expect(shown[label]).toBe('—');
    }
    expect(shown.Address).toBe('Canada');
    expect(screen.getByText('No notes.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });

  it('offers Edit and Delete to the owner', async () => {
    const { user, router } = renderDetail();
    const edit = await screen.findByRole('link', { name: 'Edit' });
    expect(edit).toHaveAttribute('href', '/business/clients/7/edit');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByText(/read only/)).not.toBeInTheDocument();
    await user.click(edit);
    expect(await screen.findByRole('heading', { name: 'Edit form' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/business/clients/7/edit');
  });

  it("shows a downline's client read only: no Edit, no Delete", async () => {
    server.record = {
      ...ann,
      can_edit: false,
      associate_code: 'DOWN01',
      associate_name: 'Dee Own',
    };
    renderDetail();
    await screen.findByRole('heading', { name: 'Ann Baker', level: 1 });
    expect(screen.getByText('Downline client · read only')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(fields().Associate).toBe('Dee Own (DOWN01)');
  });

  it('asks before deleting, and Keep it keeps the client', async () => {
    const { user } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete client' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this client?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes()).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Ann Baker', level: 1 })).toBeInTheDocument();
  });

  it('deletes on confirmation, says so and goes back to the list', async () => {
    const { user, router, queryClient } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete client' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Client list' })).toBeInTheDocument();
    expect(deletes()).toEqual([{ method: 'DELETE', url: '/clients/7' }]);
    expect(router.state.location.pathname).toBe('/business/clients');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(getToasts().map((t) => [t.kind, t.title])).toContainEqual([
      'success',
      'Client deleted successfully',
    ]);
    // The deleted record is not kept: coming back asks the server again.
    expect(queryClient.getQueryData(getGetClientQueryKey(7))).toBeUndefined();
  });

  it('stays on the record when the delete fails', async () => {
    server.deleteFails = {
      status: 403,
      message: 'Only Alex Carter, who owns this client, can change it',
    };
    // The app's query client: the one place that toasts failures.
    const { user, router } = renderDetail('/business/clients/7', { appQueryClient: true });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete client' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    // Spec §8: the server's message in an error toast for 3 seconds.
    await waitFor(() =>
      expect(getToasts().at(-1)).toMatchObject({
        kind: 'error',
        title: 'Only Alex Carter, who owns this client, can change it',
        duration: 3000,
      }),
    );
    // The dialog goes back to idle so the person can retry or keep the client.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled(),
    );
    expect(screen.getByRole('alertdialog', { name: 'Delete client' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/business/clients/7');
  });

  it('shows the error of a client that cannot be seen', async () => {
    server.record = undefined;
    renderDetail('/business/clients/99');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('404');
    expect(within(alert).getByRole('heading', { name: 'Client 99 not found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('answers 404 for an id that is not one, without asking the server', async () => {
    renderDetail('/business/clients/abc');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Client not found' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('404');
    expect(server.calls).toEqual([]);
  });
});
