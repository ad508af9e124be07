import { Table, Theme } from '@radix-ui/themes';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { nextOrder, type Order } from '@/lib/listing-state';
import { DoubleSortableHeader, SortableHeader, ariaSort } from './sortable-header';

/** Three sortable columns over an order that changes as a list page's does (nextOrder). */
function Harness({ initial = {}, onSort }: { initial?: Order; onSort?: () => void }) {
  const [order, setOrder] = useState<Order>(initial);
  const sort = (field: string, add: boolean) => {
    onSort?.();
    setOrder((o) => nextOrder(o, field, add));
  };
  return (
    <Theme>
      <Table.Root>
        <Table.Header>
          <Table.Row>
            <SortableHeader field="last_name" order={order} onSort={sort}>
              Name
            </SortableHeader>
            <SortableHeader field="city" order={order} onSort={sort}>
              City
            </SortableHeader>
            <SortableHeader field="state" order={order} onSort={sort}>
              State
            </SortableHeader>
          </Table.Row>
        </Table.Header>
      </Table.Root>
      <output aria-label="order">{JSON.stringify(order)}</output>
    </Theme>
  );
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const header = (name: string | RegExp) => screen.getByRole('columnheader', { name });
const order = () => screen.getByRole('status', { name: 'order' }).textContent;

describe('SortableHeader', () => {
  it('sorts by one column on a click, and adds further keys with Shift, ranked', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(button('Name, not sorted'));
    expect(order()).toBe('{"last_name":"ASC"}');
    // One key: no rank after the arrow (the rest of the text is for screen readers).
    expect(button('Name, sorted ascending')).toHaveTextContent(/^Name, sorted ascending$/);

    await user.keyboard('{Shift>}');
    await user.click(button('State, not sorted'));
    await user.click(button('City, not sorted'));
    await user.click(button(/^City, sorted ascending/));
    await user.keyboard('{/Shift}');
    expect(order()).toBe('{"last_name":"ASC","state":"ASC","city":"DESC"}');
    expect(button('Name, sorted ascending, sort key 1 of 3')).toHaveTextContent(/^Name1, sorted/);
    expect(button('State, sorted ascending, sort key 2 of 3')).toHaveTextContent(/^State2, sorted/);
    expect(button('City, sorted descending, sort key 3 of 3')).toHaveTextContent(/^City3, sorted/);
    // The first key's header is the sorted one (ARIA wants one).
    expect(header(/^Name/)).toHaveAttribute('aria-sort', 'ascending');
    expect(header(/^State/)).toHaveAttribute('aria-sort', 'none');

    // Shift on a descending key drops it; the others keep their ranks' order.
    await user.keyboard('{Shift>}');
    await user.click(button(/^City, sorted descending/));
    await user.keyboard('{/Shift}');
    expect(order()).toBe('{"last_name":"ASC","state":"ASC"}');
    expect(button('State, sorted ascending, sort key 2 of 2')).toBeInTheDocument();

    // A plain click sorts by that column alone again.
    await user.click(button(/^State/));
    expect(order()).toBe('{"state":"DESC"}');
    expect(header(/^State/)).toHaveAttribute('aria-sort', 'descending');
  });

  it('adds a key with Shift+Enter or Shift+Space, once, and sorts alone without Shift', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    render(<Harness initial={{ last_name: 'ASC' }} onSort={onSort} />);
    const press = async (keys: string, want: string) => {
      await user.keyboard(keys);
      expect(order()).toBe(want);
    };
    button(/^City/).focus();
    await press('{Shift>}{Enter}{/Shift}', '{"last_name":"ASC","city":"ASC"}');
    await press('{Shift>}[Space]{/Shift}', '{"last_name":"ASC","city":"DESC"}');
    expect(onSort).toHaveBeenCalledTimes(2);

    // Where a browser's click from the keyboard does not carry Shift, the key press adds.
    fireEvent.keyDown(button(/^State/), { key: ' ', shiftKey: true });
    expect(order()).toBe('{"last_name":"ASC","city":"DESC","state":"ASC"}');
    expect(onSort).toHaveBeenCalledTimes(3);

    button(/^State/).focus();
    await press('{Enter}', '{"state":"DESC"}');
    await press('[Space]', '{}');
    expect(onSort).toHaveBeenCalledTimes(5);
  });
});

describe('ariaSort', () => {
  it("is the direction of the list's first key on the header over it, else none", () => {
    expect(ariaSort({ city: 'ASC', state: 'DESC' }, ['city'])).toBe('ascending');
    expect(ariaSort({ city: 'DESC' }, ['last_name', 'city'])).toBe('descending');
    // A further key is told by its button's name, not by aria-sort (ARIA wants one).
    expect(ariaSort({ city: 'ASC', state: 'DESC' }, ['state'])).toBe('none');
    expect(ariaSort({}, ['city'])).toBe('none');
  });
});

describe('DoubleSortableHeader', () => {
  function Pair({
    initial = {},
    stacked,
    secondSortable,
  }: {
    initial?: Order;
    stacked?: boolean;
    secondSortable?: boolean;
  }) {
    const [order, setOrder] = useState<Order>(initial);
    return (
      <Theme>
        <Table.Root>
          <Table.Header>
            <Table.Row>
              <DoubleSortableHeader
                stacked={stacked}
                fields={[
                  { field: 'category', label: 'Category' },
                  { field: 'bonus_type', label: 'Bonus type', sortable: secondSortable },
                ]}
                order={order}
                onSort={(field, add) => setOrder((o) => nextOrder(o, field, add))}
              />
            </Table.Row>
          </Table.Header>
        </Table.Root>
        <output aria-label="order">{JSON.stringify(order)}</output>
      </Theme>
    );
  }

  it('sorts by either field, the header sorted by the first key of the two', async () => {
    const user = userEvent.setup();
    render(<Pair />);
    const th = screen.getByRole('columnheader');
    expect(th).toHaveAttribute('aria-sort', 'none');
    expect(th.querySelector('.sort-pair')).not.toHaveAttribute('data-stacked');
    await user.click(button(/^Bonus type/));
    expect(order()).toBe('{"bonus_type":"ASC"}');
    expect(th).toHaveAttribute('aria-sort', 'ascending');
    await user.click(button(/^Category/));
    await user.click(button(/^Category/));
    expect(order()).toBe('{"category":"DESC"}');
    expect(th).toHaveAttribute('aria-sort', 'descending');
  });

  it('stacks the two fields, and shows a field the list does not sort by as its label', async () => {
    render(<Pair stacked secondSortable={false} initial={{ category: 'ASC' }} />);
    const th = screen.getByRole('columnheader');
    expect(th.querySelector('.sort-pair')).toHaveAttribute('data-stacked', 'true');
    expect(
      within(th)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Category, sorted ascending']);
    expect(within(th).getByText('Bonus type')).toHaveClass('sort-label');
    expect(th).toHaveAttribute('aria-sort', 'ascending');
  });

  it('leaves aria-sort off a header over two fields the list does not sort by', () => {
    render(
      <Theme>
        <Table.Root>
          <Table.Header>
            <Table.Row>
              <DoubleSortableHeader
                fields={[
                  { field: 'category', label: 'Category', sortable: false },
                  { field: 'bonus_type', label: 'Bonus type', sortable: false },
                ]}
                order={{ category: 'ASC' }}
                onSort={() => undefined}
              />
            </Table.Row>
          </Table.Header>
        </Table.Root>
      </Theme>,
    );
    const th = screen.getByRole('columnheader');
    expect(th).not.toHaveAttribute('aria-sort');
    expect(within(th).queryByRole('button')).not.toBeInTheDocument();
  });
});
