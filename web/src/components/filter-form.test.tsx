import { Theme } from '@radix-ui/themes';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MultiFilter, TextFilter, enumOptions, filterList, filterText } from './filter-form';

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
