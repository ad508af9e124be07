import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
  });

  it('offers to try again when the failure may pass', async () => {
    renderWithProviders(<ErrorPanel status={503} message="The service is unavailable" />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    renderWithProviders(<ErrorPanel message="Something went wrong" />);
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
  });

  it('counts the 4xx answers a retry cannot change as final', () => {
    expect([400, 403, 404, 409, 422].every(isFinal)).toBe(true);
    expect([undefined, 0, 408, 429, 500, 503].some(isFinal)).toBe(false);
  });
});
