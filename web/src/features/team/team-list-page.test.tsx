import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TeamMember } from '@/api/gen/model/teamMember';
import { accessAnswer, apiError, calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { TeamListPage } from './team-list-page';

const server = {
  senior: false,
  fail: undefined as { status: number; message: string } | undefined,
};

const member = (i: number, over: Partial<TeamMember> = {}): TeamMember => ({
  code: `M${String(i).padStart(3, '0')}`,
  name: `Member ${i}`,
  first_name: 'Member',
  last_name: String(i),
  level: { code: 'A', name: 'Associate', rank: 2, is_senior_level: false },
  status: 'Active',
  kind: 'Builder',
  country: 'USA',
  state: 'MI',
  joined_on: '2024-02-03',
  licensed: i % 2 === 0,
  production: i * 123_456,
  downline_size: i,
  ...over,
});

function listTeam({ params }: FakeRequest) {
  if (server.fail) throw apiError(server.fail.status, server.fail.message);
  const limit = Number(params.limit);
  const rows = Array.from({ length: limit + 1 }, (_, i) =>
    member(i + 1, server.senior ? { generation: i % 3 } : {}),
  );
  return { data: rows, next_cursor: 'cursor-after-page' };
}

beforeEach(() => {
  server.senior = false;
  server.fail = undefined;
  fakeApi({
    '/access': () => accessAnswer({ senior: server.senior }),
    '/team/Infinity': listTeam,
    '/team/RmdSuperTeam': listTeam,
    '/team': { period_start: '', period_end: '', views: [] },
  });
});

const listCalls = () => calls().filter((c) => c.url.startsWith('/team/'));

function renderList(path: string, view: 'Infinity' | 'RmdSuperTeam' = 'Infinity') {
  return renderWithProviders(<TeamListPage view={view} />, { path, route: '/team/:code' });
}

describe('TeamListPage', () => {
  it('lists members with level, licensed badge, production in dollars, and no generation column', async () => {
    renderList('/team/Infinity?limit=10');
    const table = await screen.findByRole('table', { name: /^Infinity members/ });
    await within(table).findByText('Member 1');
    expect(within(table).getAllByRole('row')).toHaveLength(11); // header + 10 (not the extra row)
    const row = within(table).getByText('Member 2').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('M002');
    expect(row).toHaveTextContent('$2,469.12');
    expect(row).toHaveTextContent('02/03/2024');
    expect(within(row).getByText('Yes')).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: /Gen/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Member 2' })).toHaveAttribute(
      'href',
      '/team/M002',
    );
  });

  it('shows the generation column where the API gives generations', async () => {
    server.senior = true;
    renderList('/team/RmdSuperTeam?limit=5', 'RmdSuperTeam');
    const table = await screen.findByRole('table', { name: /^RMD Super Team members/ });
    await within(table).findByText('Member 1');
    expect(within(table).getByRole('columnheader', { name: /Gen/ })).toBeInTheDocument();
  });

  it(
    'puts filters, order and the period in the URL and sends them to the API',
    { timeout: 20_000 },
    async () => {
      const { user, router } = renderList(
        '/team/Infinity?period_start=2026-01-01&period_end=2026-01-31',
      );
      await screen.findByText('Member 1');
      expect(listCalls().at(-1)?.params).toMatchObject({
        period_start: '2026-01-01',
        period_end: '2026-01-31',
      });
      await user.click(screen.getByRole('button', { name: /Filters/ }));
      await user.type(screen.getByLabelText('Name contains'), '  Carter ');
      await user.type(screen.getByLabelText('Code starts with'), 'AG');
      await user.type(screen.getByLabelText('Joined from'), '2020-01-01');
      await user.click(screen.getByRole('button', { name: 'Apply filters' }));
      await waitFor(() =>
        expect(router.state.location.search).toBe(
          '?filter[name][contains]=Carter&filter[code][startswith]=AG&filter[joined_on][gte]=2020-01-01&period_start=2026-01-01&period_end=2026-01-31',
        ),
      );
      await waitFor(() =>
        expect(listCalls().at(-1)?.params).toMatchObject({
          'filter[name][contains]': 'Carter',
          'filter[code][startswith]': 'AG',
          'filter[joined_on][gte]': '2020-01-01',
          period_start: '2026-01-01',
        }),
      );
      expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('3');

      const table = screen.getByRole('table', { name: /^Infinity members/ });
      await user.click(within(table).getByRole('button', { name: /^Level/ }));
      await waitFor(() => expect(router.state.location.search).toContain('order[level_rank]=ASC'));
      await user.click(within(table).getByRole('button', { name: /^Code/ }));
      await waitFor(() => expect(router.state.location.search).toContain('order[code]=ASC'));
      expect(router.state.location.search).not.toContain('level_rank');

      await user.click(screen.getByRole('button', { name: 'Reset' }));
      await waitFor(() => expect(router.state.location.search).not.toContain('filter'));
    },
  );

  it('pages with the next cursor and keeps the page in the URL', async () => {
    const { user, router } = renderList('/team/Infinity?limit=10');
    await screen.findByText('Member 1');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&limit=10'));
    await waitFor(() =>
      expect(listCalls().at(-1)?.params).toMatchObject({
        page: 2,
        limit: 10,
        cursor: 'cursor-after-page',
      }),
    );
  });

  it('says when the list cannot be loaded, with Retry, and no empty state under it', async () => {
    server.fail = { status: 503, message: 'The service is unavailable' };
    const { user } = renderList('/team/Infinity?limit=10');
    const table = await screen.findByRole('table', { name: /^Infinity members/ });
    const alert = await within(table).findByRole('alert');
    expect(alert).toHaveTextContent('The team could not be loaded');
    expect(alert).toHaveTextContent('The service is unavailable');
    expect(within(table).queryByText('No members found')).not.toBeInTheDocument();

    server.fail = undefined;
    const before = listCalls().length;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText('Member 1')).toBeInTheDocument();
    expect(listCalls()).toHaveLength(before + 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the members when a refresh fails, and says so above them', async () => {
    const { queryClient } = renderList('/team/Infinity?limit=10');
    const table = await screen.findByRole('table', { name: /^Infinity members/ });
    await within(table).findByText('Member 1');
    server.fail = { status: 503, message: 'The service is unavailable' };
    await act(() => queryClient.refetchQueries({ queryKey: ['/team/Infinity'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The team could not be refreshed: The service is unavailable',
    );
    expect(within(table).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(table).getByText('Member 1')).toBeInTheDocument();
  });

  it('says when a view is not offered for the level', async () => {
    renderList('/team/RmdSuperTeam', 'RmdSuperTeam');
    expect(
      await screen.findByText('This team view is not offered for your level.'),
    ).toBeInTheDocument();
    expect(listCalls()).toEqual([]);
  });
});
