import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { LegalDocumentsTab, PayoutInformationsTab, PurchaseHistoryTab } from './empty-tabs';

vi.mock('@/api/mutator', async (original) =>
  (await import('@/test/fake-api')).fakeMutator(await original()),
);

describe('the account tabs whose lists are still to come', () => {
  it.each([
    [<LegalDocumentsTab key="l" />, 'Legal documents', 'No legal documents to sign'],
    [<PurchaseHistoryTab key="p" />, 'Purchase history', 'No purchases yet'],
    [<PayoutInformationsTab key="o" />, 'Payout information', 'No payout accounts yet'],
  ])('%#: %s says so and asks nothing', async (tab, heading, message) => {
    fakeApi({});
    renderWithProviders(tab);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });
});
