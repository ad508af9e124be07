import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LevelEarning } from '@/api/gen/model/levelEarning';
import type { ScheduleRow } from '@/api/gen/model/scheduleRow';
import { accessAnswer, apiError, calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { mockMatchMedia } from '@/test/match-media';
import { renderWithProviders } from '@/test/render';
import { CompensationSchedulePage } from './compensation-schedule-page';

const LEVELS: [string, string, number][] = [
  ['TA', 'Training Associate', 2500],
  ['A', 'Associate', 3500],
  ['SA', 'Senior Associate', 4500],
];

/** A product's row as the server computes it: commission rate × level rate, to a basis point. */
const row = (
  id: number,
  rate: number,
  mine = 'SA',
  over: Partial<ScheduleRow> = {},
): ScheduleRow => ({
  product_id: id,
  product_name: `Product ${id}`,
  provider_id: 1,
  provider_name: 'Acme Life',
  category: 'Life Insurance',
  type: 'IUL',
  commission_rate_bp: rate,
  levels: LEVELS.map(([level, name, levelRate]): LevelEarning => ({
    level,
    name,
    level_rate_bp: levelRate,
    earning_bp: Math.round((rate * levelRate) / 10000),
    mine: level === mine,
  })),
  ...over,
});

const server = {
  rows: [] as ScheduleRow[],
  fail: undefined as { status: number; message: string } | undefined,
};

async function listSchedule({ params }: FakeRequest) {
  if (server.fail) throw apiError(server.fail.status, server.fail.message);
  const limit = Number(params.limit);
  const data = server.rows.slice(0, limit + 1);
  return data.length > limit ? { data, next_cursor: 'next' } : { data };
}

beforeEach(() => {
  server.rows = [];
  server.fail = undefined;
  fakeApi({
    '/access': accessAnswer(),
    '/compensation-schedule': listSchedule,
    '/compensation-schedule/download': { url: '/api/files/export.csv?signature=x' },
    '/providers': {
      data: [
        {
          id: 1,
          code: 'ACME',
          name: 'Acme Life',
          countries: ['USA'],
          contacts: 0,
          videos: 0,
          links: 0,
          attachments: 0,
          products: 2,
        },
        {
          id: 2,
          code: 'NORTH',
          name: 'Northern Mutual',
          countries: ['Canada'],
          contacts: 0,
          videos: 0,
          links: 0,
          attachments: 0,
          products: 1,
        },
      ],
    },
  });
});

function renderSchedule(path = '/business/compensation-schedule') {
  return renderWithProviders(<CompensationSchedulePage />, {
    path,
    route: '/business/compensation-schedule',
  });
}

const table = () => screen.getByRole('table', { name: 'Compensation schedule' });

describe('CompensationSchedulePage', () => {
  it('shows each product with its rate and what each level earns, the caller’s level marked', async () => {
    server.rows = [
      row(1, 11000, 'SA', { product_name: 'Gold IUL' }),
      row(2, 9500, 'SA', {
        product_name: 'Term 20',
        type: 'Term',
        provider_name: 'Northern Mutual',
      }),
    ];
    renderSchedule();
    const gold = await within(table()).findByRole('rowheader', { name: /Gold IUL/ });
    expect(gold).toHaveTextContent('Acme Life');
    const cells = within(gold.closest('tr') as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // 110 % × 25 % = 27.5 %, × 35 % = 38.5 %, × 45 % = 49.5 %.
    expect(cells).toEqual(['IULLife Insurance', '110%', '27.5%', '38.5%', '49.5%']);
    const term = within(table())
      .getByRole('rowheader', { name: /Term 20/ })
      .closest('tr');
    expect(
      within(term as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['TermLife Insurance', '95%', '23.75%', '33.25%', '42.75%']);
    // The levels are the columns, named in full for screen readers; the caller's is marked.
    const mine = screen.getByRole('columnheader', { name: /Senior Associate \(your level\)/ });
    expect(mine).toHaveTextContent('SA');
    expect(mine).toHaveTextContent('45%');
    expect(mine).toHaveClass('schedule-mine');
    const index = within(table()).getAllByRole('columnheader').indexOf(mine);
    expect(within(gold.closest('tr') as HTMLElement).getAllByRole('cell')[index - 1]).toHaveClass(
      'schedule-mine',
    );
    expect(screen.getByText(/Your level is/)).toHaveTextContent(
      'Your level is Senior Associate (SA, 45% of the commission rate): it is marked You.',
    );
    expect(document.title).toBe('Compensation schedule · Associate Portal');
  });

  it('marks no level for staff, who have none', async () => {
    server.rows = [row(1, 11000, 'none')];
    renderSchedule();
    await within(table()).findByRole('rowheader', { name: /Product 1/ });
    expect(screen.queryByText(/Your level is/)).not.toBeInTheDocument();
    expect(table().querySelector('.schedule-mine')).toBeNull();
  });

  it('starts by provider, and sorts by the commission rate', async () => {
    server.rows = [row(1, 11000)];
    const { user, router } = renderSchedule();
    await within(table()).findByRole('rowheader', { name: /Product 1/ });
    expect(calls('/compensation-schedule').at(-1)?.params).toEqual({
      page: 1,
      limit: 100,
      order: { provider_name: 'ASC' },
    });
    await user.click(within(table()).getByRole('button', { name: /^Commission/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?order[commission_rate_bp]=ASC'),
    );
    await waitFor(() =>
      expect(calls('/compensation-schedule').at(-1)?.params).toMatchObject({
        order: { commission_rate_bp: 'ASC' },
      }),
    );
  });

  it(
    'filters by provider, category and type, in the URL and the request',
    { timeout: 20_000 },
    async () => {
      server.rows = [row(1, 11000)];
      const { user, router } = renderSchedule();
      await within(table()).findByRole('rowheader', { name: /Product 1/ });
      await user.click(screen.getByRole('button', { name: /Filters/ }));
      await user.click(screen.getByRole('combobox', { name: 'Provider' }));
      await user.click(await screen.findByRole('option', { name: 'Northern Mutual' }));
      await user.click(screen.getByRole('combobox', { name: 'Category' }));
      await user.click(await screen.findByRole('option', { name: 'Annuity' }));
      await user.click(screen.getByRole('combobox', { name: 'Type' }));
      await user.click(await screen.findByRole('option', { name: 'Indexed Annuity' }));
      await user.click(screen.getByRole('button', { name: 'Apply filters' }));
      await waitFor(() =>
        expect(router.state.location.search).toBe(
          '?filter[provider_id][eq]=2&filter[category][eq]=Annuity&filter[type][eq]=Indexed%20Annuity',
        ),
      );
      await waitFor(() =>
        expect(calls('/compensation-schedule').at(-1)?.params).toEqual({
          page: 1,
          limit: 100,
          // From the URL: the id as text.
          'filter[provider_id][eq]': '2',
          'filter[category][eq]': 'Annuity',
          'filter[type][eq]': 'Indexed Annuity',
          order: { provider_name: 'ASC' },
        }),
      );
      expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('3');
    },
  );

  it('downloads the filtered schedule as CSV', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    server.rows = [row(1, 11000)];
    const { user } = renderSchedule('/business/compensation-schedule?filter[category][eq]=Annuity');
    await within(table()).findByRole('rowheader', { name: /Product 1/ });
    await user.click(screen.getByRole('button', { name: /Download/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(calls('/compensation-schedule/download')).toHaveLength(1));
    expect(calls('/compensation-schedule/download')[0]?.params).toEqual({
      'filter[category][eq]': 'Annuity',
      order: { provider_name: 'ASC' },
      format: 'csv',
    });
    await waitFor(() =>
      expect(open).toHaveBeenLastCalledWith(
        '/api/files/export.csv?signature=x',
        '_blank',
        'noopener',
      ),
    );
  });

  it('says when nothing matches, and when the schedule cannot be loaded', async () => {
    const { unmount } = renderSchedule('/business/compensation-schedule?filter[type][eq]=Dental');
    expect(
      await within(table()).findByText('No product matches these filters.'),
    ).toBeInTheDocument();
    unmount();
    server.fail = { status: 503, message: 'The service is unavailable' };
    renderSchedule();
    const alert = await within(table()).findByRole('alert');
    expect(alert).toHaveTextContent('The schedule could not be loaded');
    expect(alert).toHaveTextContent('The service is unavailable');
  });

  it('shows a card per product on a phone, the caller’s level marked', async () => {
    mockMatchMedia({ width: 390 });
    server.rows = [row(1, 11000, 'A', { product_name: 'Gold IUL' })];
    renderSchedule();
    const cards = await screen.findByRole('list', { name: 'Compensation schedule' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('listitem');
    expect(within(card).getByRole('heading', { name: 'Gold IUL' })).toBeInTheDocument();
    expect(card).toHaveTextContent('110%');
    const levels = card.querySelector('dl') as HTMLElement;
    expect(
      within(levels)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['27.5%', '38.5%', '49.5%']);
    const mine = within(levels).getByText('Associate', { exact: true }).closest('div');
    expect(mine).toHaveClass('schedule-mine');
    expect(mine).toHaveTextContent('You');
  });
});
