import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ClientFilterPanel } from './client-filter-panel';

describe('ClientFilterPanel (the shared filter form)', () => {
  it('starts from the applied filter and applies the edited values on submit', async () => {
    const onApply = vi.fn();
    const { user } = renderWithProviders(
      <ClientFilterPanel filter={{ last_name: { contains: 'Smi' } }} onApply={onApply} />,
    );
    expect(screen.getByLabelText('Last name contains')).toHaveValue('Smi');
    await user.type(screen.getByLabelText('First name contains'), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    const applied = onApply.mock.calls[0]![0] as Record<string, Record<string, unknown>>;
    expect(applied.first_name).toEqual({ contains: 'Ann' });
    expect(applied.last_name).toEqual({ contains: 'Smi' });
  });

  it('submits with Enter from a field', async () => {
    const onApply = vi.fn();
    const { user } = renderWithProviders(<ClientFilterPanel filter={{}} onApply={onApply} />);
    await user.type(screen.getByLabelText('Email contains'), 'example{Enter}');
    expect(onApply).toHaveBeenCalledTimes(1);
    expect((onApply.mock.calls[0]![0] as Record<string, unknown>).email).toEqual({
      contains: 'example',
    });
  });

  it('Reset clears every field and applies no filter', async () => {
    const onApply = vi.fn();
    const { user } = renderWithProviders(
      <ClientFilterPanel
        filter={{ last_name: { contains: 'Smi' }, email: { contains: 'x' } }}
        onApply={onApply}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onApply).toHaveBeenCalledWith({});
    expect(screen.getByLabelText('Last name contains')).toHaveValue('');
    expect(screen.getByLabelText('Email contains')).toHaveValue('');
  });
});
