import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AccountChangeLog } from '@/api/gen/model/accountChangeLog';
import { formatDateTime } from '@/lib/format';
import { apiError, calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { CHANGE_LOG_PAGE_SIZE, ChangeLogsTab } from './change-logs-tab';

const row = (id: number, over: Partial<AccountChangeLog> = {}): AccountChangeLog => ({
  id,
  entity: 'account',
  action: 'update',
  field: 'phone',
  old_value: '5551234567',
  new_value: '5552223333',
  at: '2026-11-22T09:30:00Z',
  actor: 'Alex Carter',
  ...over,
});

function renderTab() {
  return renderWithProviders(<ChangeLogsTab />, {
    path: '/account/change-logs',
    route: '/account/change-logs',
  });
}

const rows = () => screen.getAllByRole('row').slice(1);

describe('ChangeLogsTab', () => {
  it('lists when, what, the values and who, then loads more after the last row', async () => {
    fakeApi({
      '/account/change-logs': ({ params }: FakeRequest) =>
        params.cursor === 'c2'
          ? { data: [row(1, { field: 'city', old_value: 'Detroit', new_value: 'Lansing' })] }
          : {
              data: [row(3, { staff: 'Sam Staffer' }), row(2, { field: 'first_name' })],
              next_cursor: 'c2',
            },
    });
    const { user } = renderTab();
    expect(await screen.findByText('Sam Staffer for Alex Carter')).toBeInTheDocument();
    const [first] = rows();
    expect(within(first!).getByText(formatDateTime('2026-11-22T09:30:00Z'))).toBeInTheDocument();
    expect(within(first!).getByText('Account · Phone')).toBeInTheDocument();
    expect(first).toHaveTextContent('(555) 123-4567 → changed to (555) 222-3333');
    expect(screen.getByText('Account · First name')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Account · City')).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls('/account/change-logs').map((c) => c.params)).toEqual([
      { limit: CHANGE_LOG_PAGE_SIZE },
      { limit: CHANGE_LOG_PAGE_SIZE, cursor: 'c2' },
    ]);
  });

  it('shows the extra (limit + 1) row of a page once, as the first of the next', async () => {
    // The server answers limit + 1 rows; the cursor points after the last row of the page.
    const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => row(from - i));
    fakeApi({
      '/account/change-logs': ({ params }: FakeRequest) =>
        params.cursor === 'c2'
          ? { data: ids(1000 - CHANGE_LOG_PAGE_SIZE, 2) }
          : { data: ids(1000, CHANGE_LOG_PAGE_SIZE + 1), next_cursor: 'c2' },
    });
    const { user } = renderTab();
    await screen.findByRole('button', { name: 'Load more' });
    expect(rows()).toHaveLength(CHANGE_LOG_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(CHANGE_LOG_PAGE_SIZE + 2));
  });

  it('says when nothing was changed yet', async () => {
    fakeApi({ '/account/change-logs': { data: [] } });
    renderTab();
    expect(await screen.findByText('No changes recorded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps the rows shown when more could not be loaded, and says so', async () => {
    fakeApi({
      '/account/change-logs': ({ params }: FakeRequest) => {
        if (params.cursor) throw apiError(503, 'Unavailable');
        return { data: [row(3)], next_cursor: 'c2' };
      },
    });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'More changes could not be loaded: Unavailable',
    );
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('says when the changes could not be loaded', async () => {
    fakeApi({ '/account/change-logs': () => Promise.reject(apiError(503, 'Unavailable')) });
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('The changes could not be loaded');
  });
});
