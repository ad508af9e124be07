import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InternationalAppointment } from '@/api/gen/model/internationalAppointment';
import type { InternationalAppointments } from '@/api/gen/model/internationalAppointments';
import { formatDateTime } from '@/lib/format';
import { getToasts } from '@/lib/toast';
import { ACCOUNT } from '@/test/account-fixture';
import { accessAnswer, apiError, calls, fakeApi, type FakeRoute } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { InternationalAppointmentPage } from './international-appointment-page';

const PATH = '/account/international-appointment';

const request = (over: Partial<InternationalAppointment> = {}): InternationalAppointment => ({
  id: 5,
  country: 'Canada',
  states: ['AB', 'QC'],
  note: 'Clients moving to Calgary',
  status: 'Pending',
  created_at: '2026-11-20T08:00:00Z',
  ...over,
});
const REJECTED = request({
  id: 4,
  states: ['ON'],
  note: undefined,
  status: 'Rejected',
  decision_note: 'No Ontario licence on file',
  decided_by: 'Sam Staffer',
  created_at: '2026-10-01T08:00:00Z',
  decided_at: '2026-10-03T09:30:00Z',
});

function server(
  answer: InternationalAppointments,
  routes: Record<string, FakeRoute> = {},
  permissions: string[] = [],
) {
  fakeApi({
    '/access': accessAnswer({ permissions }),
    '/account': ACCOUNT,
    [`GET ${PATH}`]: answer,
    [`POST ${PATH}`]: (req: { data: unknown }) => request(req.data as object),
    ...routes,
  });
}

function renderPage() {
  return renderWithProviders(<InternationalAppointmentPage />, {
    path: PATH,
    route: PATH,
    extraRoutes: [{ path: '/account', element: <h1>Account page</h1> }],
  });
}

const send = () => screen.getByRole('button', { name: 'Send the request' });
const posts = () => calls(PATH).filter((c) => c.method === 'POST');

async function choose(user: ReturnType<typeof renderPage>['user'], ...names: string[]) {
  await user.click(screen.getByRole('button', { name: /^Provinces and territories:/ }));
  for (const name of names) await user.click(await screen.findByRole('checkbox', { name }));
  await user.keyboard('{Escape}');
}

describe('international appointment', () => {
  it(
    'asks for provinces of the other country, sends them with the note and goes back',
    { timeout: 20_000 },
    async () => {
      server({ country: 'Canada', data: [REJECTED] });
      const { user, router } = renderPage();
      expect(
        await screen.findByRole('heading', { name: 'Ask to be appointed in Canada', level: 2 }),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('heading', { name: 'International appointment', level: 1 }),
      ).toBeInTheDocument();
      const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
      expect(within(crumbs).getByRole('link', { name: 'My account' })).toHaveAttribute(
        'href',
        '/account',
      );

      await user.click(send());
      expect(await screen.findByText('Provinces and territories is required')).toBeInTheDocument();
      expect(posts()).toEqual([]);

      await user.click(screen.getByRole('button', { name: /^Provinces and territories:/ }));
      // The provinces and territories of Canada, and only those.
      expect(screen.getAllByRole('checkbox')).toHaveLength(13);
      expect(screen.getByRole('checkbox', { name: 'Alberta (AB)' })).toBeInTheDocument();
      expect(screen.queryByRole('checkbox', { name: 'Michigan (MI)' })).not.toBeInTheDocument();
      await user.keyboard('{Escape}');
      await choose(user, 'Alberta (AB)', 'Ontario (ON)');
      expect(screen.queryByText('Provinces and territories is required')).not.toBeInTheDocument();
      await user.type(screen.getByLabelText(/Note for staff/), '  Licensed in Ontario since 2024 ');
      await user.click(send());

      expect(await screen.findByRole('status')).toHaveTextContent(
        'Appointment request created successfully',
      );
      expect(posts().map((c) => c.data)).toEqual([
        { states: ['AB', 'ON'], note: 'Licensed in Ontario since 2024' },
      ]);
      await screen.findByRole('heading', { name: 'Account page' }, { timeout: 3000 });
      expect(router.state.location.pathname).toBe('/account');
    },
  );

  it('lists the earlier requests with their decision', async () => {
    server({ country: 'Canada', data: [REJECTED] });
    renderPage();
    const earlier = (await screen.findByRole('heading', { name: 'Earlier requests' })).closest(
      'section',
    )!;
    const item = within(earlier).getByRole('article');
    expect(within(item).getByText('Rejected')).toBeInTheDocument();
    expect(item).toHaveTextContent('Ontario');
    expect(item).toHaveTextContent(
      `Rejected · by Sam Staffer · ${formatDateTime(REJECTED.decided_at)}`,
    );
    expect(item).toHaveTextContent('No Ontario licence on file');
  });

  it('shows the server’s field errors under the field and a 409 in its words', async () => {
    let answer: () => never = () => {
      throw Object.assign(apiError(422, 'Validation error', {}), {
        errors: [{ field: 'states', message: 'Michigan is not a province of Canada' }],
      });
    };
    server({ country: 'Canada', data: [] }, { [`POST ${PATH}`]: () => answer() });
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Ask to be appointed in Canada' });
    await choose(user, 'Yukon (YT)');
    await user.click(send());
    expect(await screen.findByText('Michigan is not a province of Canada')).toBeInTheDocument();
    expect(screen.queryByText('Validation error')).not.toBeInTheDocument();

    answer = () => {
      throw apiError(409, 'A request already waits for a decision');
    };
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A request already waits for a decision',
    );
    expect(screen.queryByText(/created successfully/)).not.toBeInTheDocument();
  });

  it('shows a waiting request instead of the form, and no decision to an associate', async () => {
    server({
      country: 'USA',
      data: [request({ country: 'USA', states: ['TX', 'NY'], note: 'Family in Austin' })],
    });
    renderPage();
    const card = (
      await screen.findByRole('heading', { name: 'Your request to be appointed in USA' })
    ).closest('section')!;
    expect(within(card).getByText('Pending')).toBeInTheDocument();
    expect(card).toHaveTextContent('States and territoriesTexas, New York');
    expect(card).toHaveTextContent('Family in Austin');
    expect(card).toHaveTextContent(formatDateTime('2026-11-20T08:00:00Z'));
    expect(screen.queryByRole('button', { name: 'Send the request' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Earlier requests' })).not.toBeInTheDocument();
  });

  it(
    'lets staff with appointments.review approve, and reject only with a note',
    { timeout: 20_000 },
    async () => {
      let answer: InternationalAppointments = { country: 'Canada', data: [request()] };
      server(
        { country: 'Canada', data: [] },
        {
          [`GET ${PATH}`]: () => answer,
          [`POST ${PATH}/5/decision`]: (req: { data: unknown }) => {
            const approve = (req.data as { decision: string }).decision === 'approve';
            const decided = request({
              status: approve ? 'Approved' : 'Rejected',
              decided_by: 'Sam Staffer',
            });
            answer = { country: 'Canada', data: [decided] };
            return decided;
          },
        },
        ['appointments.review'],
      );
      const { user } = renderPage();
      await user.click(await screen.findByRole('button', { name: 'Reject' }));
      let dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      expect(
        await within(dialog).findByText('Note for the associate is required'),
      ).toBeInTheDocument();
      expect(calls(`${PATH}/5/decision`)).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

      await user.click(screen.getByRole('button', { name: 'Approve' }));
      dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent('The associate is appointed in Canada');
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Request approved'));
      expect(calls(`${PATH}/5/decision`).map((c) => c.data)).toEqual([{ decision: 'approve' }]);
      // Decided: the form is back, and the request is among the earlier ones.
      expect(await screen.findByRole('button', { name: 'Send the request' })).toBeInTheDocument();
      expect(within(screen.getByRole('article')).getByText('Approved')).toBeInTheDocument();
    },
  );

  it('sends a rejection with its note', { timeout: 20_000 }, async () => {
    server(
      { country: 'Canada', data: [request()] },
      { [`POST ${PATH}/5/decision`]: request({ status: 'Rejected' }) },
      ['appointments.review'],
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText(/Note for the associate/), 'No licence yet');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls(`${PATH}/5/decision`).map((c) => c.data)).toEqual([
        { decision: 'reject', note: 'No licence yet' },
      ]),
    );
  });

  it('answers a failure to load with the error page', async () => {
    server(
      { country: 'Canada', data: [] },
      {
        [`GET ${PATH}`]: () => Promise.reject(apiError(503, 'Unavailable')),
      },
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Unavailable' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the request' })).not.toBeInTheDocument();
  });
});
