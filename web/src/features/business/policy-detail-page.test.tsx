import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChangeLogEntry } from '@/api/gen/model/changeLogEntry';
import type { CommissionPreview } from '@/api/gen/model/commissionPreview';
import type { Policy } from '@/api/gen/model/policy';
import type { PolicyRow } from '@/api/gen/model/policyRow';
import type { Requirement } from '@/api/gen/model/requirement';
import { getToasts } from '@/lib/toast';
import { accessAnswer, apiError, calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PolicyDetailPage } from './policy-detail-page';

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
    {
      code: 'AGT100',
      name: 'Alex Carter',
      share_bp: 6667,
      bv_cents: 82_308,
      premium_cents: 82_308,
    },
    { code: 'AGT200', name: 'Bea Dunn', share_bp: 3333, bv_cents: 41_148, premium_cents: 41_148 },
  ],
  trainer: { code: 'AGT300', name: 'Cy Trainer' },
  face_amount_cents: 50_000_000,
  target_premium_cents: 123_456,
  bv_cents: 123_456,
  status: 'Pending',
  submitted_on: '2026-10-02',
  notes: 'Call first.',
  open_requirements: 1,
  can_edit: false,
  next_statuses: [],
  can_lapse: false,
  created_at: '2026-10-02T00:00:00Z',
  updated_at: '2026-10-03T00:00:00Z',
};

const row = (id: number, provider: string): PolicyRow => ({
  id,
  policy_number: 'LF-9',
  provider_id: id,
  provider_name: provider,
  product_id: 5,
  product_name: 'Term 20',
  category: 'Life Insurance',
  type: 'Term',
  client_id: 7,
  client_name: 'Ann Baker',
  writer_code: 'AGT100',
  writer_name: 'Alex Carter',
  split: false,
  status: 'Pending',
  face_amount_cents: 1,
  target_premium_cents: 1,
  bv_cents: 1,
  submitted_on: '2026-10-02',
  open_requirements: 0,
  updated_at: '2026-10-03T00:00:00Z',
});

const commission: CommissionPreview = {
  as_of: '2026-10-02',
  commissionable_cents: 135_802,
  total_cents: 108_641,
  lines: [
    {
      associate_code: 'AGT100',
      associate_name: 'Alex Carter',
      level: 'SA',
      bonus_type: 'Writing',
      category: 'Personal',
      base_cents: 135_802,
      rate_bp: 5000,
      amount_cents: 67_901,
      explanation: 'Writing at 50% of the commissionable amount',
      chain: ['AGT100'],
    },
    {
      associate_code: 'AGT900',
      associate_name: 'Gil Upline',
      level: 'MD',
      bonus_type: 'Override Bonus',
      category: 'Generation',
      generation: 2,
      base_cents: 135_802,
      rate_bp: 3000,
      amount_cents: 40_740,
      explanation: 'Override of 30% over AGT100',
      chain: ['AGT100', 'AGT900'],
    },
  ],
};

const history: ChangeLogEntry[] = [
  {
    id: 2,
    action: 'update',
    field: 'status',
    old_value: 'Pending',
    new_value: 'Action Required',
    at: '2026-10-03T00:00:00Z',
    actor: 'Alex Carter',
    staff: 'Sam Staffer',
  },
  { id: 1, action: 'create', at: '2026-10-02T00:00:00Z', actor: 'Alex Carter' },
];

// The server: one policy (changed by a move or a lapse), its requirements, history and
// commission; the list answers `matches` for a number typed alone.
const server = {
  policy: { ...base } as Policy,
  matches: [] as PolicyRow[],
  requirements: [] as Requirement[],
  permissions: [] as string[],
  staff: false,
};

const requirement = (id: number, over: Partial<Requirement> = {}): Requirement => ({
  id,
  name: 'Signed application',
  status: 'Open',
  due_on: '2026-10-20',
  created_at: '2026-10-02T00:00:00Z',
  updated_at: '2026-10-02T00:00:00Z',
  ...over,
});

beforeEach(() => {
  server.policy = { ...base };
  server.matches = [];
  server.requirements = [requirement(4)];
  server.permissions = [];
  server.staff = false;
  fakeApi({
    '/access': () => accessAnswer({ staff: server.staff, permissions: server.permissions }),
    'GET /policies': () => ({ data: server.matches }),
    'GET /policies/31': () => server.policy,
    'GET /policies/31/requirements': () => ({ data: server.requirements }),
    'POST /policies/31/requirements': ({ data }: FakeRequest) => {
      const created = requirement(5, data as Partial<Requirement>);
      server.requirements = [...server.requirements, created];
      return created;
    },
    'PUT /policies/31/requirements/4': ({ data }: FakeRequest) => {
      server.requirements = [requirement(4, data as Partial<Requirement>)];
      return server.requirements[0];
    },
    'DELETE /policies/31/requirements/4': () => {
      server.requirements = [];
      return undefined;
    },
    'GET /policies/31/history': { data: history },
    'GET /policies/31/preview': commission,
    'POST /policies/31/status': ({ data }: FakeRequest) => {
      server.policy = { ...server.policy, ...(data as Partial<Policy>), next_statuses: [] };
      return server.policy;
    },
    'POST /policies/31/lapse': ({ data }: FakeRequest) => {
      server.policy = { ...server.policy, ...(data as Partial<Policy>), can_lapse: false };
      return server.policy;
    },
  });
});

function renderDetail(path = '/business/LF-1%2F7?id=31') {
  return renderWithProviders(<PolicyDetailPage />, {
    path,
    route: '/business/:policyNumber',
    extraRoutes: [
      { path: '/business', element: <h1>Business list</h1> },
      { path: '/business/:policyNumber/edit', element: <h1>Edit form</h1> },
    ],
  });
}

/** A reviewer: staff whose GET /access grants policies.review. */
function asReviewer(policy: Partial<Policy> = {}) {
  server.staff = true;
  server.permissions = ['clients.read', 'policies.review'];
  server.policy = { ...base, ...policy };
}

/** The label → value pairs of the page's data list. */
function fields(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const term of screen.getAllByRole('term')) {
    out[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  }
  return out;
}

const heading = () => screen.findByRole('heading', { name: 'Policy LF-1/7', level: 1 });
const policyCalls = () => calls().filter((c) => c.method === 'GET' && c.url === '/policies/31');

describe('PolicyDetailPage', () => {
  it('loads the policy of ?id without asking the list, and shows it formatted', async () => {
    renderDetail();
    await heading();
    expect(calls('/policies')).toEqual([]);
    expect(policyCalls()).toHaveLength(1);
    expect(fields()).toEqual({
      Client: 'Ann Baker (FL)',
      Product: 'Term 20 · Life Insurance · Term',
      'Face amount': '$500,000.00',
      'Target premium': '$1,234.56',
      'Commission rate': '110%',
      BV: '$1,234.56',
      Submitted: '10/02/2026',
      Issued: '—',
      Approved: '—',
      Updated: expect.stringMatching(/^10\/0[23]\/2026 /),
    });
    expect(screen.getByRole('link', { name: 'Ann Baker' })).toHaveAttribute(
      'href',
      '/business/clients/7',
    );
    const writers = screen.getByRole('table', { name: 'Writing associates and their shares' });
    const rows = within(writers).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Alex Carter AGT10066.67%$823.08',
      'Bea Dunn AGT20033.33%$411.48',
    ]);
    expect(screen.getByText('Field trainer: Cy Trainer (AGT300)')).toBeInTheDocument();
    expect(screen.getByText('Call first.')).toBeInTheDocument();
    expect(screen.getByText('Split')).toBeInTheDocument();
    expect(screen.getByText('1 open requirement')).toBeInTheDocument();
    expect(document.title).toBe('Policy LF-1/7 · Business · Associate Portal');
  });

  it('marks the status on the workflow, and a lapse after it', async () => {
    server.policy = {
      ...base,
      status: 'Approved',
      approved_on: '2026-10-20',
      lapsed_on: '2026-11-05',
    };
    renderDetail();
    await heading();
    const steps = within(screen.getByRole('list', { name: 'Status' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Pending10/02/2026',
      'Action Required',
      'Ready To Pay',
      'Approved10/20/2026',
      'Archived',
      'Lapsed11/05/2026',
    ]);
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
    expect(steps.filter((s) => s.getAttribute('aria-current'))).toHaveLength(1);
    // The header says Lapsed, not the status it lapsed from.
    const header = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(within(header).getByText('Lapsed')).toBeInTheDocument();
    expect(within(header).queryByText('Approved')).not.toBeInTheDocument();
  });

  it('opens a number typed alone through one list request', async () => {
    server.matches = [row(31, 'Acme Life')];
    renderDetail('/business/LF-9');
    await heading();
    expect(calls('/policies').map((c) => c.params)).toEqual([
      { 'filter[policy_number][eq]': 'LF-9', view: 'Infinity', limit: 20 },
    ]);
    expect(policyCalls()).toHaveLength(1);
  });

  it('lets the caller choose when several providers share the number', async () => {
    server.matches = [row(31, 'Acme Life'), row(44, 'Beta Mutual')];
    renderDetail('/business/LF-9');
    expect(
      await screen.findByText('Several providers have a policy with this number. Choose one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Policy LF-9', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acme Life · Term 20 · Ann Baker' })).toHaveAttribute(
      'href',
      '/business/LF-9?id=31',
    );
    expect(screen.getByRole('link', { name: 'Beta Mutual · Term 20 · Ann Baker' })).toHaveAttribute(
      'href',
      '/business/LF-9?id=44',
    );
    expect(calls('/policies')).toHaveLength(1);
    expect(calls().filter((c) => /^\/policies\/\d+/.test(c.url))).toEqual([]);
  });

  it('answers 404 for a number no policy carries', async () => {
    renderDetail('/business/NOPE-1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('404');
    expect(
      within(alert).getByRole('heading', { name: 'Policy NOPE-1 not found' }),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: /Back to business/ })).toHaveAttribute(
      'href',
      '/business',
    );
    expect(calls().filter((c) => /^\/policies\/\d+/.test(c.url))).toEqual([]);
  });

  it('shows the error of a policy that cannot be seen', async () => {
    fakeApi({
      '/access': accessAnswer(),
      'GET /policies/31': () => {
        throw apiError(403, 'You may not see policy 31');
      },
    });
    renderDetail();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('403');
    expect(
      within(alert).getByRole('heading', { name: 'You may not see policy 31' }),
    ).toBeInTheDocument();
  });

  it('offers Edit only while the caller may edit', async () => {
    server.policy = { ...base, can_edit: true };
    const { unmount } = renderDetail();
    await heading();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/business/LF-1%2F7/edit?id=31',
    );
    unmount();

    server.policy = { ...base, can_edit: false };
    renderDetail();
    await heading();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('links an approved policy to its cashflow lines, and only an approved one', async () => {
    // Archived comes only after Approved: its lines stay.
    for (const status of ['Approved', 'Archived'] as const) {
      server.policy = { ...base, status, approved_on: '2026-10-20' };
      const { unmount } = renderDetail();
      await heading();
      expect(screen.getByRole('link', { name: 'Cashflow lines' })).toHaveAttribute(
        'href',
        '/payments/cashflow?filter[policy_id][eq]=31',
      );
      unmount();
    }

    for (const status of ['Pending', 'Action Required', 'Ready To Pay'] as const) {
      server.policy = { ...base, status };
      const { unmount: done } = renderDetail();
      await heading();
      expect(screen.queryByRole('link', { name: 'Cashflow lines' })).not.toBeInTheDocument();
      done();
    }
  });

  it('shows no review controls without policies.review, whatever the policy allows', async () => {
    server.permissions = ['clients.read'];
    server.staff = true;
    server.policy = { ...base, next_statuses: ['Action Required', 'Approved'], can_lapse: true };
    renderDetail();
    await heading();
    const requirements = await screen.findByRole('table', { name: 'Requirements of the policy' });
    expect(within(requirements).getByText('Open')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move to/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record lapse' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a requirement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete requirement/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('combobox', { name: 'Status of Signed application' }),
    ).not.toBeInTheDocument();
  });

  it('moves the policy on after confirmation, and shows it moved', async () => {
    asReviewer({ next_statuses: ['Action Required', 'Ready To Pay'] });
    const { user } = renderDetail();
    await heading();
    expect(screen.getByRole('button', { name: 'Move to Action Required' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move to Ready To Pay' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Move to Ready To Pay' });
    expect(dialog).toHaveTextContent('Move policy LF-1/7 from Pending to Ready To Pay?');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const moves = calls('/policies/31/status');
    expect(moves).toEqual([
      {
        method: 'POST',
        url: '/policies/31/status',
        params: {},
        data: { status: 'Ready To Pay' },
      },
    ]);
    expect(getToasts().map((t) => [t.kind, t.title])).toContainEqual([
      'success',
      'Policy LF-1/7 is Ready To Pay',
    ]);
    // The record is asked again and shows where it is now.
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Status' })).getByText('Ready To Pay')
          .parentElement,
      ).toHaveAttribute('aria-current', 'step'),
    );
    expect(screen.queryByRole('button', { name: /^Move to/ })).not.toBeInTheDocument();
  });

  it('approves with its own words, and Cancel moves nothing', async () => {
    asReviewer({ status: 'Ready To Pay', next_statuses: ['Approved'] });
    const { user } = renderDetail();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Approve policy' });
    expect(dialog).toHaveTextContent(
      'Approve policy LF-1/7? Its commission is then paid to everyone in the chain.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls('/policies/31/status')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Approve policy' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls('/policies/31/status').map((c) => [c.method, c.data])).toEqual([
        ['POST', { status: 'Approved' }],
      ]),
    );
  });

  it('keeps the dialog open when the move is refused', async () => {
    asReviewer({ next_statuses: ['Action Required'] });
    fakeApi({
      '/access': accessAnswer({ staff: true, permissions: ['policies.review'] }),
      'GET /policies/31': () => server.policy,
      'POST /policies/31/status': () => {
        throw apiError(409, 'Policy LF-1/7 has open requirements');
      },
    });
    const { user } = renderDetail();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Move to Action Required' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Move to Action Required' });
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(calls('/policies/31/status')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Move' })).toBeEnabled());
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('records a lapse on the date chosen', async () => {
    asReviewer({ status: 'Approved', can_lapse: true });
    const { user } = renderDetail();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Record lapse' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Record lapse' });
    // The date field is in the dialog's description, which is then no paragraph (no <div> in a
    // <p>, which React refuses).
    expect(dialog.querySelector('p div, p input')).toBeNull();
    expect(dialog).toHaveAccessibleDescription(
      'Policy LF-1/7 stops being in force. Commission already paid on it is charged back by the months it was in force.',
    );
    const date = within(dialog).getByLabelText('Lapsed on');
    await user.clear(date);
    await user.type(date, '2026-11-05');
    await user.click(within(dialog).getByRole('button', { name: 'Record lapse' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls('/policies/31/lapse').map((c) => [c.method, c.data])).toEqual([
      ['POST', { lapsed_on: '2026-11-05' }],
    ]);
    // The record is asked again: its timeline ends with the lapse.
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Status' }))
          .getAllByRole('listitem')
          .at(-1),
      ).toHaveTextContent('Lapsed11/05/2026'),
    );
  });

  it('lets a reviewer add a requirement, asking for its name first', async () => {
    asReviewer();
    const { user } = renderDetail();
    await heading();
    const form = await screen.findByRole('form', { name: 'Add a requirement' });
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('New requirement is required')).toBeInTheDocument();
    expect(calls('/policies/31/requirements').filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(within(form).getByLabelText(/New requirement/), '  Medical exam ');
    await user.type(within(form).getByLabelText('Due'), '2026-12-01');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(calls('/policies/31/requirements').filter((c) => c.method === 'POST')).toHaveLength(1),
    );
    expect(calls('/policies/31/requirements').find((c) => c.method === 'POST')?.data).toEqual({
      name: 'Medical exam',
      status: 'Open',
      due_on: '2026-12-01',
    });
    const table = screen.getByRole('table', { name: 'Requirements of the policy' });
    expect(await within(table).findByText('Medical exam')).toBeInTheDocument();
    expect(within(form).getByLabelText(/New requirement/)).toHaveValue('');
  });

  it('lets a reviewer settle a requirement and delete one', async () => {
    asReviewer();
    const { user } = renderDetail();
    await heading();
    const status = await screen.findByRole('combobox', { name: 'Status of Signed application' });
    expect(status).toHaveTextContent('Open');
    await user.click(status);
    await user.click(screen.getByRole('option', { name: 'Received' }));
    await waitFor(() => expect(calls('/policies/31/requirements/4')).toHaveLength(1));
    expect(calls('/policies/31/requirements/4')[0]).toMatchObject({
      method: 'PUT',
      data: { name: 'Signed application', status: 'Received', due_on: '2026-10-20' },
    });
    await waitFor(() =>
      expect(
        screen.getByRole('combobox', { name: 'Status of Signed application' }),
      ).toHaveTextContent('Received'),
    );

    await user.click(screen.getByRole('button', { name: 'Delete requirement Signed application' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete requirement' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls('/policies/31/requirements/4').map((c) => c.method)).toEqual(['PUT', 'DELETE']),
    );
    expect(await screen.findByText('No requirements.')).toBeInTheDocument();
  });

  it('names who changed the policy, and the staff member acting for them', async () => {
    renderDetail();
    const table = await screen.findByRole('table', { name: 'Changes to the policy' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[0] as HTMLElement).slice(1)).toEqual([
      'Alex Carter (staff: Sam Staffer)',
      'status: Pending → Action Required',
    ]);
    expect(cells(rows[1] as HTMLElement).slice(1)).toEqual(['Alex Carter', 'Created']);
  });

  it('shows the commission lines and their total, money formatted', async () => {
    renderDetail();
    const table = await screen.findByRole('table', { name: 'Commission of the policy' });
    expect(
      screen.getByText(/^Commissionable \$1,358\.02 · hierarchy as of 10\/02\/2026$/),
    ).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Alex CarterAGT100 · SAWritingWriting at 50% of the commissionable amount50%$679.01',
      'Gil UplineAGT900 · MDOverride Bonus · Generation 2Override of 30% over AGT10030%$407.40',
      'Total$1,086.41',
    ]);
  });
});
