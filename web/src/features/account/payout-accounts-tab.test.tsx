import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PayoutAccount } from '@/api/gen/model/payoutAccount';
import { apiError, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PayoutAccountsTab } from './payout-accounts-tab';

const account = (over: Partial<PayoutAccount>): PayoutAccount => ({
  id: 1,
  bank_name: 'First Texas Bank',
  country: 'USA',
  routing_number: '021000021',
  account_last4: '1111',
  account_type: 'Checking',
  holder: 'Owner',
  status: 'Approved',
  active: true,
  created_at: '2026-11-20T08:00:00Z',
  updated_at: '2026-11-21T09:30:00Z',
  ...over,
});

function renderTab() {
  return renderWithProviders(<PayoutAccountsTab />, {
    path: '/account/payout-informations',
    route: '/account/payout-informations',
  });
}

describe('PayoutAccountsTab', () => {
  it('lists the accounts: the one in use marked, the last four digits only, staff decisions', async () => {
    fakeApi({
      '/account/payout-informations': {
        data: [
          account({}),
          account({
            id: 2,
            bank_name: 'Second Bank',
            account_last4: '2222',
            account_type: 'Savings',
            holder: 'Authorized',
            holder_name: 'Olivia Owner',
            status: 'Rejected By Admin',
            active: false,
            rejection_reason: 'Invalid Supporting Document',
            note: 'The cheque is blurred',
          }),
        ],
      },
    });
    renderTab();
    const inUse = (await screen.findByText('First Texas Bank')).closest('tr')!;
    expect(within(inUse).getByText('In use')).toBeInTheDocument();
    expect(inUse).toHaveTextContent('Checking ••••1111');
    const rejected = screen.getByText('Second Bank').closest('tr')!;
    expect(within(rejected).queryByText('In use')).not.toBeInTheDocument();
    expect(rejected).toHaveTextContent('Authorized by Olivia Owner');
    expect(rejected).toHaveTextContent('Rejected By Admin');
    expect(rejected).toHaveTextContent('Invalid Supporting Document');
    expect(rejected).toHaveTextContent('The cheque is blurred');
    // Each account opens its page; a new one is added from the tab.
    expect(within(rejected).getByRole('link', { name: 'Second Bank' })).toHaveAttribute(
      'href',
      '/account/payout-informations/2',
    );
    expect(screen.getByRole('link', { name: 'Add payout account' })).toHaveAttribute(
      'href',
      '/account/payout-informations/create',
    );
  });

  it('says when there is none yet', async () => {
    fakeApi({ '/account/payout-informations': { data: [] } });
    renderTab();
    expect(await screen.findByText('No payout accounts yet.')).toBeInTheDocument();
  });

  it('says when they could not be loaded', async () => {
    fakeApi({ '/account/payout-informations': () => Promise.reject(apiError(503, 'Unavailable')) });
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
  });
});
