import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Client } from '@/api/gen/model/client';
import { accessAnswer, apiError, calls, fakeApi, held, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ClientCreatePage } from './client-create-page';

function renderCreate(route = '/business/clients/create') {
  return renderWithProviders(<ClientCreatePage />, {
    path: route,
    route,
    extraRoutes: [
      { path: '/business/clients', element: <h1>Client list</h1> },
      { path: '/business/create/:clientId', element: <h1>Policy form</h1> },
    ],
  });
}

/** An associate whose new client the server numbers 42. */
function associateServer() {
  fakeApi({
    '/access': accessAnswer(),
    'POST /clients': ({ data }: FakeRequest) => ({ ...(data as object), id: 42 }) as Client,
  });
}

async function fillAndSubmit(user: ReturnType<typeof renderCreate>['user'], submit: string) {
  await user.type(await screen.findByLabelText(/First name/), 'Ann');
  await user.type(screen.getByLabelText(/Last name/), 'Lee');
  await user.click(screen.getByRole('button', { name: submit }));
  expect(await screen.findByRole('status')).toHaveTextContent('Client created successfully');
  expect(calls('/clients').filter((c) => c.method === 'POST')).toHaveLength(1);
}

describe('ClientCreatePage', () => {
  it('gives an associate the form', async () => {
    fakeApi({ '/access': accessAnswer() });
    renderCreate();
    expect(await screen.findByRole('button', { name: 'Create client' })).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toBeInTheDocument();
    expect(document.title).toBe('New client · Clients · Associate Portal');
  });

  it('shows a spinner until the caller is known, neither the form nor the refusal', async () => {
    const gate = held(accessAnswer());
    fakeApi({ '/access': gate.answer });
    renderCreate();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('button', { name: 'Create client' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Only associates add clients/)).not.toBeInTheDocument();
    gate.release();
    expect(await screen.findByRole('button', { name: 'Create client' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
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

  it('saves the client and goes back to the client list', { timeout: 20_000 }, async () => {
    associateServer();
    const { user, router } = renderCreate();
    await fillAndSubmit(user, 'Create client');
    expect(
      await screen.findByRole('heading', { name: 'Client list' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/business/clients');
  });

  describe('at business/create/client, the first step of a policy', () => {
    it('says so in the title, the breadcrumbs and the way back', async () => {
      associateServer();
      renderCreate('/business/create/client');
      expect(await screen.findByText(/Step 1 of 2 of a new policy/)).toBeInTheDocument();
      expect(document.title).toBe('New client · New policy · Associate Portal');
      const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
      expect(
        Array.from(crumbs.querySelectorAll('a')).map((a) => [
          a.textContent,
          a.getAttribute('href'),
        ]),
      ).toEqual([
        ['Business', '/business'],
        ['New policy', '/business/create'],
      ]);
      expect(await screen.findByRole('link', { name: 'Cancel' })).toHaveAttribute(
        'href',
        '/business/create',
      );
    });

    it('tells staff up front that only associates add clients, asking nothing else', async () => {
      fakeApi({ '/access': accessAnswer({ staff: true, permissions: ['clients.read'] }) });
      renderCreate('/business/create/client');
      expect(await screen.findByText(/Only associates add clients/)).toBeInTheDocument();
      expect(screen.queryByText(/Step 1 of 2/)).not.toBeInTheDocument();
      expect(
        screen.queryByRole('button', { name: 'Create client and continue' }),
      ).not.toBeInTheDocument();
      expect(calls().map((c) => c.url)).toEqual(['/access']);
    });

    it('keeps the form and goes nowhere when the server fails', { timeout: 20_000 }, async () => {
      fakeApi({
        '/access': accessAnswer(),
        'POST /clients': () => {
          throw apiError(500, 'The client store is unavailable');
        },
      });
      const { user, router } = renderCreate('/business/create/client');
      await user.type(await screen.findByLabelText(/First name/), 'Ann');
      await user.type(screen.getByLabelText(/Last name/), 'Lee');
      await user.click(screen.getByRole('button', { name: 'Create client and continue' }));
      const form = screen.getByRole('form', { name: /client/i });
      expect(await within(form).findByRole('alert')).toHaveTextContent(
        'The client store is unavailable',
      );
      expect(screen.queryByText('Client created successfully')).not.toBeInTheDocument();
      expect(screen.getByLabelText(/First name/)).toHaveValue('Ann');
      expect(router.state.location.pathname).toBe('/business/create/client');
    });

    it(
      'saves the client and opens the policy form with them chosen',
      { timeout: 20_000 },
      async () => {
        associateServer();
        const { user, router } = renderCreate('/business/create/client');
        await fillAndSubmit(user, 'Create client and continue');
        expect(
          await screen.findByRole('heading', { name: 'Policy form' }, { timeout: 3000 }),
        ).toBeInTheDocument();
        expect(router.state.location.pathname).toBe('/business/create/42');
      },
    );
  });
});
