import { Theme } from '@radix-ui/themes';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import { enumChoices } from './choice-select';
import {
  ChoiceFilter,
  FilterForm,
  MultiFilter,
  StateFilter,
  TextFilter,
  enumOptions,
  filterChoice,
  filterFlag,
  filterList,
  filterText,
  useFilterForm,
  type FilterCodec,
} from './filter-form';

describe('reading a filter into a panel', () => {
  it('reads one value as text, and nothing else', () => {
    expect(filterText('TX')).toBe('TX');
    expect(filterText(31)).toBe('31');
    expect(filterText(true)).toBe('true');
    expect(filterText(false)).toBe('false');
    expect(filterText(undefined)).toBe('');
    expect(filterText(null)).toBe('');
    // A list is not one value (a hand-edited URL's filter[x][eq][]=…).
    expect(filterText(['TX'])).toBe('');
    expect(filterText({ eq: 'TX' })).toBe('');
  });

  it("reads a list operator's values as texts", () => {
    expect(filterList(['TX', 'CA'])).toEqual(['TX', 'CA']);
    expect(filterList([1, true])).toEqual(['1', 'true']);
    expect(filterList('TX')).toEqual([]);
    expect(filterList(undefined)).toEqual([]);
  });

  it('reads a value of a few as its text, and anything else as none', () => {
    expect(filterChoice('Chargeback', ['Compensation', 'Chargeback'])).toBe('Chargeback');
    expect(filterChoice('Refund', ['Compensation', 'Chargeback'])).toBe('');
    expect(filterChoice(['Chargeback'], ['Compensation', 'Chargeback'])).toBe('');
    expect(filterChoice(undefined, ['Compensation'])).toBe('');
    expect(filterFlag(true)).toBe('true');
    expect(filterFlag('false')).toBe('false');
    expect(filterFlag('yes')).toBe('');
    expect(filterFlag(1)).toBe('');
  });

  it("offers an enum's values as choices, each its own label", () => {
    expect(enumChoices(['USA', 'Canada'])).toEqual([
      { value: 'USA', label: 'USA' },
      { value: 'Canada', label: 'Canada' },
    ]);
  });

  it("offers an enum's values as one group of options, each its own label", () => {
    expect(enumOptions(['Pending', 'Paid'])).toEqual([
      {
        options: [
          { value: 'Pending', label: 'Pending' },
          { value: 'Paid', label: 'Paid' },
        ],
      },
    ]);
  });
});

function Fields() {
  const [month, setMonth] = useState('');
  const [statuses, setStatuses] = useState<string[]>(['Paid']);
  return (
    <Theme>
      <TextFilter
        id="f-month"
        label="Period from (month)"
        type="month"
        value={month}
        onChange={setMonth}
      />
      <TextFilter id="f-name" label="Name contains" value="" onChange={() => undefined} />
      <MultiFilter
        id="f-status"
        label="Status"
        value={statuses}
        onChange={setStatuses}
        groups={enumOptions(['Pending', 'Paid'])}
        allLabel="All statuses"
        noun="statuses"
      />
      <output aria-label="month">{month}</output>
    </Theme>
  );
}

describe('the fields of a filter panel', () => {
  it('label their inputs, and a month field says how to type a month', () => {
    render(<Fields />);
    const month = screen.getByLabelText('Period from (month)');
    expect(month).toHaveAttribute('type', 'month');
    expect(month).toHaveAttribute('placeholder', 'YYYY-MM');
    fireEvent.change(month, { target: { value: '2026-03' } });
    expect(screen.getByRole('status', { name: 'month' })).toHaveTextContent('2026-03');
    expect(screen.getByLabelText('Name contains')).not.toHaveAttribute('placeholder');
    expect(screen.getByRole('button', { name: /Status/ })).toHaveTextContent('Paid');
  });
});

interface PanelValues {
  name: string;
  country: string;
  states: string[];
}

const panelCodec: FilterCodec<PanelValues> = {
  empty: { name: '', country: '', states: [] },
  toValues: (filter) => ({
    name: filterText(filter.name?.contains),
    country: filterChoice(filter.country?.eq, ['USA', 'Canada']),
    states: filterList(filter.state?.in),
  }),
  toFilter: (values) => ({
    name: { contains: values.name },
    country: { eq: values.country },
    state: { in: values.states },
  }),
};

/** A panel built as every list's is: useFilterForm, its fields bound by key. */
function Panel({ filter, onApply }: { filter: CleanFilter; onApply: (filter: Filter) => void }) {
  const { bind, apply, reset } = useFilterForm(filter, panelCodec, onApply);
  return (
    <Theme>
      <FilterForm label="Filter things" onApply={apply} onReset={reset}>
        <TextFilter id="f-name" label="Name contains" {...bind('name')} />
        <ChoiceFilter
          id="f-country"
          label="Country"
          {...bind('country')}
          choices={enumChoices(['USA', 'Canada'])}
          anyLabel="Any country"
        />
        <StateFilter id="f-states" label="State / province" {...bind('states')} />
      </FilterForm>
    </Theme>
  );
}

describe('a filter panel of bound fields', () => {
  it('shows the filter it starts from, each field bound to its value', () => {
    render(
      <Panel
        filter={{ name: { contains: 'Ann' }, country: { eq: 'Canada' }, state: { in: ['ON'] } }}
        onApply={() => undefined}
      />,
    );
    expect(screen.getByRole('search', { name: 'Filter things' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name contains')).toHaveValue('Ann');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveTextContent('Canada');
    expect(screen.getByRole('button', { name: /State \/ province/ })).toHaveTextContent('ON');
  });

  it('shows a choice field with nothing chosen as its any choice', () => {
    render(<Panel filter={{ country: { eq: 'Mexico' } }} onApply={() => undefined} />);
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveTextContent('Any country');
  });

  it('applies what the bound fields edited, and Reset applies nothing', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(<Panel filter={{ country: { eq: 'USA' } }} onApply={onApply} />);
    await user.type(screen.getByLabelText('Name contains'), 'Lee');
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'Canada' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenLastCalledWith({
      name: { contains: 'Lee' },
      country: { eq: 'Canada' },
      state: { in: [] },
    });
    // The any choice clears the field.
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'Any country' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenLastCalledWith({
      name: { contains: 'Lee' },
      country: { eq: '' },
      state: { in: [] },
    });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onApply).toHaveBeenLastCalledWith({});
    expect(screen.getByLabelText('Name contains')).toHaveValue('');
  });
});
