import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Appointment } from '@/api/gen/model/appointment';
import type { LevelChange } from '@/api/gen/model/levelChange';
import type { License } from '@/api/gen/model/license';
import { apiError, calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import {
  AssociateAppointmentsTab,
  AssociateLevelHistoryTab,
  AssociateLicensesTab,
} from './associate-lists';
import { AssociateLayout } from './associate-layout';

const level = { code: 'SMD', name: 'Senior Marketing Director', rank: 5, is_senior_level: false };

const license: License = {
  id: 1,
  state: 'MI',
  number: 'L-0001',
  residency: 'Resident',
  lines_of_authority: ['Life'],
  issued_on: '2020-01-01',
  expires_on: '2099-01-01',
  expiring_soon: false,
  expired: false,
};
const appointment: Appointment = {
  id: 2,
  provider_code: 'ACME',
  provider_name: 'Acme Life',
  state: 'MI',
  status: 'Appointed',
  requested_on: '2021-01-01',
};
const change: LevelChange = { id: 3, level, effective_on: '2022-02-03', points: 10, recruits: 2 };

/** Each tab: its path, the list's URL, the table's name, its words, and one row and its text. */
const TABS = [
  {
    path: 'licenses',
    element: <AssociateLicensesTab />,
    url: '/associates/DOWN01/licenses',
    table: 'Licenses',
    noun: 'licenses',
    row: license,
    text: 'L-0001',
  },
  {
    path: 'provider-appointments',
    element: <AssociateAppointmentsTab />,
    url: '/associates/DOWN01/provider-appointments',
    table: 'Provider appointments',
    noun: 'provider appointments',
    row: appointment,
    text: 'Acme Life',
  },
  {
    path: 'level-qualification-history',
    element: <AssociateLevelHistoryTab />,
    url: '/associates/DOWN01/level-qualification-history',
    table: 'Level qualification history',
    noun: 'level qualification history',
    row: change,
    text: '02/03/2022',
  },
];

let failing = false;

function renderTab(tab: (typeof TABS)[number]) {
  fakeApi({
    '/associates/DOWN01': {
      code: 'DOWN01',
      name: 'Pat Doe',
      email: 'pat@example.com',
      level,
      relation: 'downline',
      status: 'Active',
    },
    [tab.url]: () => {
      if (failing) throw apiError(503, 'The service is unavailable');
      return { data: [tab.row] };
    },
  });
  return renderWithProviders(<AssociateLayout code="DOWN01" base="/team/DOWN01" />, {
    path: `/team/DOWN01/${tab.path}`,
    route: '/team/:code',
    children: [{ path: tab.path, element: tab.element }],
  });
}

beforeEach(() => {
  failing = false;
});

describe.each(TABS)('the $table tab', (tab) => {
  it('says when the list cannot be loaded, with Retry, and no empty state', async () => {
    failing = true;
    const { user } = renderTab(tab);
    const table = await screen.findByRole('table', { name: tab.table });
    const alert = await within(table).findByRole('alert');
    expect(alert).toHaveTextContent(`The ${tab.noun} could not be loaded`);
    expect(alert).toHaveTextContent('The service is unavailable');
    expect(within(table).queryByText(/^No /)).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText(tab.text)).toBeInTheDocument();
    expect(calls(tab.url)).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the rows when a refresh fails, and says so above them', async () => {
    const { queryClient } = renderTab(tab);
    const table = await screen.findByRole('table', { name: tab.table });
    await within(table).findByText(tab.text);
    failing = true;
    await act(() => queryClient.refetchQueries({ queryKey: [tab.url] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The ${tab.noun} could not be refreshed: The service is unavailable`,
    );
    expect(within(table).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(table).getByText(tab.text)).toBeInTheDocument();
  });
});
