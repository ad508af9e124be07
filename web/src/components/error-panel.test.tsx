import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_STATUS, isRetryable } from '@/api/mutator';
import { renderWithProviders } from '@/test/render';
import { ErrorPanel, isFinal } from './error-panel';

describe('ErrorPanel', () => {
  it('offers a way back from a missing page, not "Try again"', async () => {
    renderWithProviders(
      <ErrorPanel
        status={404}
        message="Client not found"
        back={{ to: '/business/clients', label: 'Back to clients' }}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Client not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to clients/ })).toHaveAttribute(
      'href',
      '/business/clients',
    );
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers the dashboard from a refused page with nowhere to go back to', async () => {
    renderWithProviders(<ErrorPanel status={403} message="You can only edit your own clients" />);
    await screen.findByRole('heading', { name: 'You can only edit your own clients' });
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toBeInTheDocument();
    // It does not speak of a way back it does not offer.
    expect(screen.getByText('Go on from the dashboard.')).toBeInTheDocument();
    expect(screen.queryByText(/Go back/)).not.toBeInTheDocument();
  });

  it('offers to try again when the failure may pass', async () => {
    renderWithProviders(<ErrorPanel status={503} message="The service is unavailable" />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    renderWithProviders(<ErrorPanel message="Something went wrong" />);
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
  });

  it('counts the answers a retry cannot change as final', () => {
    expect([400, 403, 404, 408, 409, 422, 501, 505].every(isFinal)).toBe(true);
    expect([undefined, 0, 429, 500, 502, 503, 504].some(isFinal)).toBe(false);
  });

  it('offers "Try again" exactly where the mutator retries', () => {
    for (let status = 400; status < 600; status++) {
      expect(isFinal(status), `status ${status}`).toBe(!isRetryable('GET', status));
    }
    expect(isFinal(NETWORK_ERROR_STATUS)).toBe(!isRetryable('GET', NETWORK_ERROR_STATUS));
  });

  it('offers the way back from a 501, which no retry changes', async () => {
    renderWithProviders(<ErrorPanel status={501} message="Not implemented" />);
    await screen.findByRole('heading', { name: 'Not implemented' });
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
