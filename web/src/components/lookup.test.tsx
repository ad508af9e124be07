import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Lookup, type LookupOption } from './lookup';

const all: LookupOption[] = [
  { value: '1', label: 'Ann Lee' },
  { value: '2', label: 'Bob Stone' },
  { value: '3', label: 'Cara Diaz' },
];

function Harness({
  onChange,
  search,
}: {
  onChange: (v: string | undefined) => void;
  /** The keyword the options answer (the caller's debounced search). */
  search?: string;
}) {
  const [value, setValue] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const options =
    search === ''
      ? []
      : all.filter((o) => o.label.toLowerCase().includes((search ?? keyword).toLowerCase()));
  return (
    <Theme>
      <Lookup
        label="Client"
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
        options={options}
        onKeywordChange={setKeyword}
        search={search}
      />
    </Theme>
  );
}

describe('Lookup', () => {
  it('is a keyboard-usable combobox: type, arrows, Enter, clear', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await user.type(input, 'o');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Bob Stone']);
    // Cleared, it shows nothing until the next keyword.
    await user.clear(input);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.type(input, 'n');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Ann Lee',
      'Bob Stone',
    ]);
    expect(screen.getByRole('option', { name: 'Ann Lee' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Bob Stone' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2');
    expect(input).toHaveValue('Bob Stone');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Client' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(input).toHaveValue('');
  });

  it('shows nothing before typing', async () => {
    const user = userEvent.setup();
    render(<Harness onChange={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByText('No matches')).not.toBeInTheDocument();
  });

  it("says 'Searching…' until the search catches up with the keyword", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness onChange={vi.fn()} search="" />);
    await user.type(screen.getByRole('combobox', { name: 'Client' }), 'zz');
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    rerender(<Harness onChange={vi.fn()} search="zz" />);
    expect(await screen.findByText('No matches')).toBeInTheDocument();
  });

  it('closes on Escape without choosing', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await user.type(screen.getByRole('combobox', { name: 'Client' }), 'Cara');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});
