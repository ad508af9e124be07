import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { LegalDocumentsTab, PurchaseHistoryTab } from './empty-tabs';

vi.mock('@/api/mutator', async (original) =>
  (await import('@/test/fake-api')).fakeMutator(await original()),
);

describe('the account tabs whose lists are still to come', () => {
  it.each([
    [LegalDocumentsTab, 'Legal documents', 'No legal documents to sign'],
    [PurchaseHistoryTab, 'Purchase history', 'No purchases yet'],
  ])('%#: the tab says so and asks nothing', async (Tab, heading, message) => {
    fakeApi({});
    renderWithProviders(<Tab />);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });
});
