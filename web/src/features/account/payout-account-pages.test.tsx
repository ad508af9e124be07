import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PayoutAccount } from '@/api/gen/model/payoutAccount';
import { getToasts } from '@/lib/toast';
import { ACCOUNT } from '@/test/account-fixture';
import {
  accessAnswer,
  apiError,
  calls,
  fakeApi,
  recordUploads,
  type FakeRoute,
} from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PayoutAccountCreatePage, PayoutAccountPage } from './payout-account-pages';

const uploads = recordUploads('doc-7');

const account = (over: Partial<PayoutAccount> = {}): PayoutAccount => ({
  id: 2,
  bank_name: 'Second Bank',
  country: 'USA',
  routing_number: '011000015',
  account_last4: '2222',
  account_type: 'Savings',
  holder: 'Owner',
  status: 'Pending For Associate',
  active: false,
  note: 'Which branch?',
  document_url: '/api/files/doc-1?expires=1&signature=s',
  created_at: '2026-11-20T08:00:00Z',
  updated_at: '2026-11-21T09:30:00Z',
  ...over,
});

const TAB = '/account/payout-informations';

function server(routes: Record<string, FakeRoute> = {}, permissions: string[] = []) {
  uploads.length = 0;
  fakeApi({
    '/access': accessAnswer({ permissions }),
    '/account': ACCOUNT,
    [`GET ${TAB}/signed-url`]: { id: 'doc-7', url: '/api/files/doc-7?sig' },
    ...routes,
  });
}

function renderPage(
  path: string,
  ui = path.endsWith('create') ? <PayoutAccountCreatePage /> : <PayoutAccountPage />,
) {
  return renderWithProviders(ui, {
    path,
    route: path.endsWith('create') ? `${TAB}/create` : `${TAB}/:id`,
    extraRoutes: [{ path: TAB, element: <h1>Payout information tab</h1> }],
  });
}

const cheque = () => new File(['%PDF-1.4 cheque'], 'cheque.pdf', { type: 'application/pdf' });

describe('add a payout account', () => {
  it(
    'checks the form, uploads the void cheque, then adds the account and goes back to the tab',
    { timeout: 20_000 },
    async () => {
      server({
        [`POST ${TAB}`]: (req: { data: unknown }) =>
          account({ id: 9, status: 'Pending For Admin', ...(req.data as object) }),
      });
      const { user, router } = renderPage(`${TAB}/create`);
      await screen.findByRole('heading', { name: 'Add payout account', level: 1 });
      const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
      expect(within(crumbs).getByRole('link', { name: 'Payout information' })).toHaveAttribute(
        'href',
        TAB,
      );

      await user.click(screen.getByRole('button', { name: 'Add account' }));
      expect(await screen.findByText('Bank name is required')).toBeInTheDocument();
      expect(screen.getByText('Supporting document (void cheque) is required')).toBeInTheDocument();
      expect(calls(TAB)).toEqual([]);

      await user.type(screen.getByLabelText(/Bank name/), 'First Texas Bank');
      await user.type(screen.getByLabelText(/Routing number/), '021000022');
      await user.type(screen.getByLabelText(/^Account number/), '1234 5678 9');
      await user.type(screen.getByLabelText(/Confirm account number/), '123456789');
      await user.upload(screen.getByLabelText(/void cheque\)/), cheque());
      await user.click(screen.getByRole('button', { name: 'Add account' }));
      expect(
        await screen.findByText('Routing number must be a valid 9-digit ABA routing number'),
      ).toBeInTheDocument();
      expect(uploads).toEqual([]);

      await user.clear(screen.getByLabelText(/Routing number/));
      await user.type(screen.getByLabelText(/Routing number/), '021000021');
      await user.click(screen.getByRole('button', { name: 'Add account' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Payout account added: the payments team checks it next',
      );
      expect(uploads).toEqual([
        { url: '/api/files/doc-7?sig', name: 'cheque.pdf', type: 'application/pdf' },
      ]);
      expect(calls(TAB).map((c) => c.data)).toEqual([
        {
          bank_name: 'First Texas Bank',
          routing_number: '021000021',
          account_number: '123456789',
          account_type: 'Checking',
          holder: 'Owner',
          document: 'doc-7',
        },
      ]);
      await screen.findByRole('heading', { name: 'Payout information tab' }, { timeout: 3000 });
      expect(router.state.location.pathname).toBe(TAB);
    },
  );

  it(
    'asks for the owner of an Authorized account and shows the server’s field errors',
    { timeout: 20_000 },
    async () => {
      server({
        [`POST ${TAB}`]: () => {
          throw Object.assign(apiError(422, 'Validation error', {}), {
            errors: [{ field: 'owner_email', message: 'Owner’s email is refused here' }],
          });
        },
      });
      const { user } = renderPage(`${TAB}/create`);
      await screen.findByRole('heading', { name: 'Add payout account', level: 1 });
      await user.type(screen.getByLabelText(/Bank name/), 'First Texas Bank');
      await user.type(screen.getByLabelText(/Routing number/), '021000021');
      await user.type(screen.getByLabelText(/^Account number/), '123456789');
      await user.type(screen.getByLabelText(/Confirm account number/), '123456789');
      await user.upload(screen.getByLabelText(/void cheque\)/), cheque());
      await user.click(screen.getByRole('combobox', { name: /Account holder/ }));
      await user.click(await screen.findByRole('option', { name: /Authorized/ }));
      await user.click(screen.getByRole('button', { name: 'Add account' }));
      expect(await screen.findByText("Owner's name is required")).toBeInTheDocument();
      expect(screen.getByText("Owner's email is required")).toBeInTheDocument();

      await user.type(screen.getByLabelText(/Owner's name/), 'Olivia Owner');
      await user.type(screen.getByLabelText(/Owner's email/), 'olivia@example.com');
      await user.click(screen.getByRole('button', { name: 'Add account' }));
      expect(await screen.findByText('Owner’s email is refused here')).toBeInTheDocument();
      expect(calls(TAB)[0]?.data).toMatchObject({
        holder: 'Authorized',
        holder_name: 'Olivia Owner',
        owner_email: 'olivia@example.com',
      });
    },
  );
});

describe('a payout account', () => {
  it(
    'shows where it stands and sends a change without a new document',
    { timeout: 20_000 },
    async () => {
      server({
        [`GET ${TAB}/2`]: account(),
        // The server answers the account as changed: a new updated_at.
        [`PUT ${TAB}/2`]: (req: { data: unknown }) =>
          account({
            status: 'Pending For Admin',
            updated_at: '2026-11-23T10:00:00Z',
            ...(req.data as object),
          }),
      });
      const { user, router } = renderPage(`${TAB}/2`);
      expect(
        await screen.findByRole('heading', { name: 'Second Bank ••••2222' }),
      ).toBeInTheDocument();
      expect(screen.getByText('Which branch?')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Open the void cheque' })).toHaveAttribute(
        'href',
        '/api/files/doc-1?expires=1&signature=s',
      );
      // No review for an associate.
      expect(screen.queryByRole('heading', { name: 'Review' })).not.toBeInTheDocument();
      expect(screen.getByLabelText(/Bank name/)).toHaveValue('Second Bank');
      expect(screen.getByLabelText(/^Account number/)).toHaveValue('');

      await user.type(screen.getByLabelText(/^Account number/), '99887766552222');
      await user.type(screen.getByLabelText(/Confirm account number/), '99887766552222');
      await user.click(screen.getByRole('button', { name: 'Send the change' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Payout account changed');
      expect(uploads).toEqual([]);
      expect(
        calls(`${TAB}/2`)
          .filter((c) => c.method === 'PUT')
          .map((c) => c.data),
      ).toEqual([
        {
          bank_name: 'Second Bank',
          routing_number: '011000015',
          account_number: '99887766552222',
          account_type: 'Savings',
          holder: 'Owner',
        },
      ]);
      // The message stays until the page goes back to the tab.
      await screen.findByRole('heading', { name: 'Payout information tab' }, { timeout: 3000 });
      expect(router.state.location.pathname).toBe(TAB);
    },
  );

  it('offers no change of the account in use, and says why', async () => {
    server({ [`GET ${TAB}/2`]: account({ status: 'Approved', active: true, note: undefined }) });
    renderPage(`${TAB}/2`);
    expect(await screen.findByText('In use')).toBeInTheDocument();
    expect(screen.getByText(/An approved account cannot be changed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the change' })).not.toBeInTheDocument();
  });

  it('answers a missing account with the error page', async () => {
    server({
      [`GET ${TAB}/404`]: () => {
        throw apiError(404, 'Payout account not found');
      },
    });
    renderPage(`${TAB}/404`);
    expect(await screen.findByText('Payout account not found')).toBeInTheDocument();
  });
});

describe('staff review (admin mode)', () => {
  const waiting = account({ status: 'Pending For Admin', note: undefined });
  const review = (over: Partial<PayoutAccount> = {}) => ({
    ...waiting,
    associate: { code: 'AGT100', name: 'Alex Carter' },
    entered_by: 'Alex Carter',
    can_approve: true,
    ...over,
  });

  it('approves an account another entered', { timeout: 20_000 }, async () => {
    let state = review();
    server(
      {
        [`GET ${TAB}/2`]: () => waiting,
        [`GET /payout-reviews/2`]: () => state,
        [`POST /payout-reviews/2/decision`]: () => {
          state = review({ status: 'Approved', active: true, can_approve: false });
          return state;
        },
      },
      ['payouts.review'],
    );
    const { user } = renderPage(`${TAB}/2`);
    const panel = (await screen.findByRole('heading', { name: 'Review' })).closest('section')!;
    expect(panel).toHaveTextContent(
      'Alex Carter (AGT100) · Entered or last changed by Alex Carter',
    );
    await user.click(within(panel).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Commissions are then paid into Second Bank ••••2222');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toContain('Payout account approved'),
    );
    expect(calls('/payout-reviews/2/decision').map((c) => c.data)).toEqual([
      { decision: 'approve' },
    ]);
    expect(
      await within(panel).findByText(/Nothing waits for staff: the account is Approved/),
    ).toBeInTheDocument();
  });

  it(
    'never offers approval to whoever entered it; a rejection needs its reason',
    { timeout: 20_000 },
    async () => {
      server(
        {
          [`GET ${TAB}/2`]: waiting,
          [`GET /payout-reviews/2`]: review({ can_approve: false, entered_by: 'Sam Staffer' }),
          [`POST /payout-reviews/2/decision`]: review({ status: 'Rejected By Admin' }),
        },
        ['payouts.review'],
      );
      const { user } = renderPage(`${TAB}/2`);
      const panel = (await screen.findByRole('heading', { name: 'Review' })).closest('section')!;
      expect(within(panel).getByText(/another staff member approves it/)).toBeInTheDocument();
      expect(within(panel).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

      await user.click(within(panel).getByRole('button', { name: 'Reject' }));
      const dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
      expect(calls('/payout-reviews/2/decision')).toEqual([]);

      await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
      await user.click(await screen.findByRole('option', { name: 'Invalid Supporting Document' }));
      await user.type(
        within(dialog).getByLabelText(/Note for the associate/),
        'The cheque is blurred',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      await waitFor(() =>
        expect(calls('/payout-reviews/2/decision').map((c) => c.data)).toEqual([
          {
            decision: 'reject',
            reason: 'Invalid Supporting Document',
            note: 'The cheque is blurred',
          },
        ]),
      );
    },
  );

  it(
    'asks for information only with words; a refusal shows in the dialog, and goes on retry',
    { timeout: 20_000 },
    async () => {
      let refuse = true;
      server(
        {
          [`GET ${TAB}/2`]: waiting,
          [`GET /payout-reviews/2`]: review(),
          [`POST /payout-reviews/2/decision`]: () => {
            if (refuse) {
              refuse = false;
              throw apiError(
                409,
                'This account is Approved: only one waiting for staff can be decided',
              );
            }
            return review({ status: 'Pending For Associate' });
          },
        },
        ['payouts.review'],
      );
      const { user } = renderPage(`${TAB}/2`);
      const panel = (await screen.findByRole('heading', { name: 'Review' })).closest('section')!;
      await user.click(within(panel).getByRole('button', { name: 'Ask for information' }));
      const dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
      expect(await within(dialog).findByText('What is needed is required')).toBeInTheDocument();
      expect(calls('/payout-reviews/2/decision')).toEqual([]);

      await user.type(within(dialog).getByLabelText(/What is needed/), 'Which branch?');
      await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
      expect(await within(dialog).findByText(/only one waiting for staff/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(calls('/payout-reviews/2/decision').map((c) => c.data)).toEqual([
        { decision: 'request_info', note: 'Which branch?' },
        { decision: 'request_info', note: 'Which branch?' },
      ]);
    },
  );
});
