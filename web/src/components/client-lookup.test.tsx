import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ClientLookup, clientOptions } from './client-lookup';

// Two clients called Robin Lee, one without an email; the lookup answers names and emails.
const CLIENTS = [
  { id: 11, first_name: 'Robin', last_name: 'Lee', email: 'robin.lee@example.org' },
  { id: 12, first_name: 'Robin', last_name: 'Lee' },
  { id: 13, first_name: 'Rob', last_name: 'Stone', email: 'rob@example.org' },
];

beforeEach(() => {
  fakeApi({
    '/search/clients': ({ params }: FakeRequest) => {
      const kw = String(params.search_keyword ?? '').toLowerCase();
      return {
        data: CLIENTS.filter(
          (c) => kw && `${c.first_name} ${c.last_name}`.toLowerCase().includes(kw),
        ).map((c) => ({ id: c.id, name: `${c.first_name} ${c.last_name}`, email: c.email })),
      };
    },
  });
});

describe('ClientLookup', () => {
  it('asks nothing and shows nothing before typing', async () => {
    const { user } = renderWithProviders(<ClientLookup value={undefined} onChange={vi.fn()} />);
    const input = await screen.findByRole('combobox', { name: 'Client' });
    await user.click(input);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(calls()).toEqual([]);
  });

  it('tells two clients of the same name apart by email, or by number', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<ClientLookup value={undefined} onChange={onChange} />);
    await user.type(await screen.findByRole('combobox', { name: 'Client' }), 'robin');
    const listbox = await screen.findByRole('listbox', { name: 'Client' });
    const withEmail = await within(listbox).findByRole('option', {
      name: /^Robin Lee\W+robin\.lee@example\.org$/,
    });
    expect(
      within(listbox).getByRole('option', { name: /^Robin Lee\W+Client #12$/ }),
    ).toBeInTheDocument();
    // The lookup's own answer tells them apart: nothing else is asked.
    expect(calls().map((c) => c.url)).not.toContain('/clients');
    await user.click(withEmail);
    expect(onChange).toHaveBeenCalledWith(11, 'Robin Lee');
  });

  it('adds the number when even the emails agree', () => {
    const options = clientOptions([
      { id: 1, name: 'Ann Ray', email: 'ann@example.org' },
      { id: 2, name: 'Ann Ray', email: 'ann@example.org' },
    ]);
    expect(options.map((o) => o.hint)).toEqual([
      'ann@example.org · Client #1',
      'ann@example.org · Client #2',
    ]);
  });
});
