import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT } from '@/test/account-fixture';
import { apiError, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { AccountDetails } from './account-details';

const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('.rt-Card') as HTMLElement;

describe('AccountDetails', () => {
  it('shows the account with the way to each edit form', async () => {
    fakeApi({ '/account': ACCOUNT });
    renderWithProviders(<AccountDetails />, { path: '/account', route: '/account' });
    expect(await screen.findByRole('link', { name: 'agent@example.com' })).toBeInTheDocument();
    expect(screen.getByText('(555) 123-4567')).toBeInTheDocument();
    expect(screen.getByText('(555) 987-6543')).toBeInTheDocument();
    expect(screen.getByText('(555) 000-1111')).toBeInTheDocument();
    expect(screen.getByText('02/29/1980')).toBeInTheDocument();
    expect(within(card('Address')).getByText('Detroit, Michigan 48201')).toBeInTheDocument();
    const edits = [
      ['Change email', '/account/email'],
      ['Edit phone', '/account/phone'],
      ['Edit alternative phone', '/account/alt-phone'],
      ['Edit basic information', '/account/basic-information'],
      ['Edit address', '/account/address'],
      ['Edit spouse', '/account/spouse'],
      ['Change photo', '/account/photo'],
      ['International appointment', '/account/international-appointment'],
    ];
    for (const [name, href] of edits) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.queryByText(/waiting for confirmation/)).not.toBeInTheDocument();
    // Without a photo, the initials (Radix shows the fallback once the image
    // status settles, a render later); an associate of the USA may ask for Canada.
    expect(await within(card('Basic information')).findByText('AC')).toBeInTheDocument();
    expect(within(card('Appointment')).getByText('Canada')).toBeInTheDocument();
  });

  it('shows a new address waiting for its confirmation link, and dashes for what is empty', async () => {
    fakeApi({
      '/account': {
        ...ACCOUNT,
        pending_email: 'new@example.com',
        alt_phone: undefined,
        spouse: {},
      },
    });
    renderWithProviders(<AccountDetails />, { path: '/account', route: '/account' });
    expect(await screen.findByText('new@example.com')).toBeInTheDocument();
    expect(screen.getByText('waiting for confirmation')).toBeInTheDocument();
    expect(within(card('Spouse')).getAllByText('—')).toHaveLength(4);
  });

  it('says when the details could not be loaded', async () => {
    fakeApi({ '/account': () => Promise.reject(apiError(503, 'Unavailable')) });
    renderWithProviders(<AccountDetails />, { path: '/account', route: '/account' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account details could not be loaded: Unavailable',
    );
  });
});
