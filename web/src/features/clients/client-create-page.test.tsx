import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accessAnswer, calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ClientCreatePage } from './client-create-page';

vi.mock('@/api/mutator', async (original) =>
  (await import('@/test/fake-api')).fakeMutator(await original()),
);

function renderCreate() {
  return renderWithProviders(<ClientCreatePage />, {
    path: '/business/clients/create',
    route: '/business/clients/create',
  });
}

describe('ClientCreatePage', () => {
  it('gives an associate the form', async () => {
    fakeApi({ '/access': accessAnswer() });
    renderCreate();
    expect(await screen.findByRole('button', { name: 'Create client' })).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toBeInTheDocument();
    expect(document.title).toBe('New client · Clients · Associate Portal');
  });

  it('tells staff up front that only associates add clients, with the way back', async () => {
    fakeApi({ '/access': accessAnswer({ staff: true, permissions: ['clients.read'] }) });
    renderCreate();
    expect(await screen.findByText(/Only associates add clients/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to clients/ })).toHaveAttribute(
      'href',
      '/business/clients',
    );
    expect(screen.queryByRole('form', { name: 'Client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create client' })).not.toBeInTheDocument();
    expect(calls().map((c) => c.url)).toEqual(['/access']);
  });

  it('sends staff who cannot read clients to the dashboard', async () => {
    fakeApi({ '/access': accessAnswer({ staff: true, permissions: [] }) });
    renderCreate();
    expect(await screen.findByRole('link', { name: /Go to dashboard/ })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.queryByRole('link', { name: /Back to clients/ })).not.toBeInTheDocument();
  });
});
