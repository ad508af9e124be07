import { Table, Theme } from '@radix-ui/themes';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_STATUS } from '@/api/mutator';
import { ListTable, type ListQuery } from './list-table';

function renderTable(query: Partial<ListQuery>, count = 0) {
  const full: ListQuery = {
    isPending: false,
    isFetching: false,
    isError: false,
    error: null,
    refetch: vi.fn(),
    ...query,
  };
  render(
    <Theme>
      <ListTable
        caption="Things"
        noun="things"
        query={full}
        count={count}
        columns={1}
        header={<Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>}
        emptyText="No things yet."
      >
        <Table.Row>
          <Table.Cell>A thing</Table.Cell>
        </Table.Row>
      </ListTable>
    </Theme>,
  );
  return full;
}

const table = () => screen.getByRole('table', { name: 'Things' });

describe('ListTable', () => {
  it('shows a loading row while pending', () => {
    renderTable({ isPending: true, isFetching: true });
    expect(table()).toHaveTextContent('Loading…');
    expect(table().closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No things yet.')).not.toBeInTheDocument();
  });

  it('shows the empty row when nothing came', () => {
    renderTable({});
    expect(within(table()).getByText('No things yet.')).toBeInTheDocument();
    expect(screen.queryByText('A thing')).not.toBeInTheDocument();
  });

  it.each([500, 503, 429, NETWORK_ERROR_STATUS])(
    'offers Retry when a failure (%i) may pass',
    async (status) => {
      const query = renderTable({ isError: true, error: new ApiError(status, 'It failed') });
      const alert = within(table()).getByRole('alert');
      expect(alert).toHaveTextContent('The things could not be loaded');
      expect(alert).toHaveTextContent('It failed');
      await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(query.refetch).toHaveBeenCalledTimes(1);
      expect(screen.queryByText('No things yet.')).not.toBeInTheDocument();
    },
  );

  it.each([403, 404, 400])('offers no Retry when the answer is final (%i)', (status) => {
    renderTable({ isError: true, error: new ApiError(status, 'Not for you') });
    const alert = within(table()).getByRole('alert');
    expect(alert).toHaveTextContent('The things could not be loadedNot for you');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps the rows under a failed refresh, saying so above them', () => {
    renderTable({ isError: true, error: new ApiError(500, 'It failed') }, 1);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The things could not be refreshed: It failed',
    );
    expect(within(table()).getByText('A thing')).toBeInTheDocument();
    expect(within(table()).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
