import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PurchaseHistoryTab } from './empty-tabs';

vi.mock('@/api/mutator', async (original) =>
  (await import('@/test/fake-api')).fakeMutator(await original()),
);

describe('the account tab whose list is still to come', () => {
  it('purchase history: the tab says so and asks nothing', async () => {
    fakeApi({});
    renderWithProviders(<PurchaseHistoryTab />);
    expect(await screen.findByRole('heading', { name: 'Purchase history' })).toBeInTheDocument();
    expect(screen.getByText('No purchases yet')).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });
});
