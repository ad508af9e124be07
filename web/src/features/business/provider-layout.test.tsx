import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Provider } from '@/api/gen/model/provider';
import type { ProviderContact } from '@/api/gen/model/providerContact';
import { ApiError } from '@/api/mutator';
import { getToasts } from '@/lib/toast';
import { accessAnswer, apiError, calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { mockMatchMedia } from '@/test/match-media';
import { renderWithProviders } from '@/test/render';
import { PROVIDERS_MANAGE } from './provider-access';
import { ProviderContactsTab } from './provider-contacts-tab';
import { ProviderLayout } from './provider-layout';

const acme: Provider = {
  id: 5,
  code: 'ACME',
  name: 'Acme Life',
  countries: ['USA', 'Canada'],
  website: 'https://www.acme.example.com/',
  description: 'Term and indexed universal life.',
  contacts: 2,
  videos: 1,
  links: 3,
  attachments: 1,
  products: 4,
};

const server = {
  contacts: [] as ProviderContact[],
  permissions: [] as string[],
  staff: false,
  deleteFails: undefined as { status: number; message: string } | undefined,
  /** The next update answers 422 with these field errors. */
  updateInvalid: undefined as { field: string; message: string }[] | undefined,
};

beforeEach(() => {
  server.contacts = [
    {
      id: 1,
      name: 'Dana Reyes',
      role: 'Brokerage manager',
      phone: '5551234567',
      email: 'dana@acme.example.com',
    },
    { id: 2, name: 'Lee Park', role: 'Underwriter' },
  ];
  server.permissions = [];
  server.staff = false;
  server.deleteFails = undefined;
  server.updateInvalid = undefined;
  fakeApi({
    '/access': () => accessAnswer({ staff: server.staff, permissions: server.permissions }),
    '/providers/5': acme,
    '/providers/99': () => {
      throw apiError(404, 'Provider 99 not found');
    },
    'GET /providers/5/contacts': () => ({ data: server.contacts }),
    'POST /providers/5/contacts': ({ data }: FakeRequest) => {
      const created = { id: 3, ...(data as object) } as ProviderContact;
      server.contacts = [...server.contacts, created];
      return created;
    },
    'PUT /providers/5/contacts/2': ({ data }: FakeRequest) => {
      const invalid = server.updateInvalid;
      server.updateInvalid = undefined;
      if (invalid) throw new ApiError(422, 'Validation error', invalid);
      return { id: 2, ...(data as object) };
    },
    'DELETE /providers/5/contacts/2': () => {
      if (server.deleteFails) throw apiError(server.deleteFails.status, server.deleteFails.message);
      server.contacts = server.contacts.filter((c) => c.id !== 2);
      return undefined;
    },
  });
});

function renderProvider(path = '/business/product-providers/5', appQueryClient = false) {
  return renderWithProviders(<ProviderLayout />, {
    appQueryClient,
    path,
    route: '/business/product-providers/:providerId',
    children: [
      { index: true, element: <ProviderContactsTab /> },
      { path: 'videos', element: <p>Videos tab</p> },
    ],
  });
}

const contacts = () => screen.getByRole('table', { name: 'Contacts at Acme Life' });
const findContacts = () => screen.findByRole('table', { name: 'Contacts at Acme Life' });

describe('ProviderLayout', () => {
  it('shows the provider with its tabs, contacts first', async () => {
    renderProvider();
    expect(await screen.findByRole('heading', { name: 'Acme Life', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Code ACME')).toBeInTheDocument();
    expect(screen.getByText('Canada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'acme.example.com' })).toHaveAttribute(
      'href',
      'https://www.acme.example.com/',
    );
    const nav = screen.getByRole('navigation', { name: 'Acme Life' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/business/product-providers/5',
      '/business/product-providers/5/videos',
      '/business/product-providers/5/links',
      '/business/product-providers/5/attachments',
    ]);
    expect(within(nav).getByRole('link', { name: /^Contacts/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Product providers' })).toHaveAttribute(
      'href',
      '/business/product-providers',
    );
    expect(document.title).toBe('Acme Life · Product providers · Associate Portal');
  });

  it('names the tab in the title and the breadcrumbs', async () => {
    renderProvider('/business/product-providers/5/videos');
    await screen.findByText('Videos tab');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('Videos')).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Videos · Acme Life · Product providers · Associate Portal');
  });

  it('answers an unknown provider with the error page and a way back', async () => {
    renderProvider('/business/product-providers/99');
    expect(
      await screen.findByRole('heading', { name: 'Provider 99 not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to providers/ })).toHaveAttribute(
      'href',
      '/business/product-providers',
    );
  });

  it('answers 404 for an id that is not one, without asking the server', async () => {
    renderProvider('/business/product-providers/abc');
    expect(await screen.findByRole('heading', { name: 'Provider not found' })).toBeInTheDocument();
    expect(calls().filter((c) => c.url.startsWith('/providers'))).toEqual([]);
  });
});

describe('ProviderContactsTab', () => {
  it('lists the contacts, the phone formatted, for an associate to read', async () => {
    renderProvider();
    const dana = await within(await findContacts()).findByRole('rowheader', { name: 'Dana Reyes' });
    const row = dana.closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Brokerage manager', '(555) 123-4567', 'dana@acme.example.com']);
    expect(within(row).getByRole('link', { name: '(555) 123-4567' })).toHaveAttribute(
      'href',
      'tel:5551234567',
    );
    const lee = within(contacts()).getByRole('rowheader', { name: 'Lee Park' }).closest('tr');
    expect(
      within(lee as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Underwriter', '—', '—']);
    expect(screen.queryByRole('button', { name: /Add contact/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
  });

  it('lets staff with providers.manage add a contact', { timeout: 20_000 }, async () => {
    server.staff = true;
    server.permissions = [PROVIDERS_MANAGE];
    const { user } = renderProvider();
    await user.click(await screen.findByRole('button', { name: /Add contact/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Role is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Sam Ortiz');
    await user.type(within(dialog).getByLabelText(/^Role/), 'Case manager');
    await user.type(within(dialog).getByLabelText(/^Phone/), '555 12');
    await user.type(within(dialog).getByLabelText(/^Email/), 'sam@');
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(await within(dialog).findByText('Phone must have 10 digits')).toBeInTheDocument();
    expect(within(dialog).getByText('Email must be a valid email address')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Phone/), '3-4567');
    await user.type(within(dialog).getByLabelText(/^Email/), 'acme.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls().find((c) => c.method === 'POST')?.data).toEqual({
      name: 'Sam Ortiz',
      role: 'Case manager',
      phone: '5551234567',
      email: 'sam@acme.example.com',
    });
    expect(getToasts().at(-1)?.title).toBe('Contact created successfully');
    expect(
      await within(contacts()).findByRole('rowheader', { name: 'Sam Ortiz' }),
    ).toBeInTheDocument();
  });

  it(
    'lets staff edit a contact, with the server’s field errors by the fields',
    { timeout: 20_000 },
    async () => {
      server.staff = true;
      server.permissions = [PROVIDERS_MANAGE];
      const { user } = renderProvider();
      await user.click(await screen.findByRole('button', { name: 'Edit Lee Park' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit contact' });
      expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Lee Park');
      await user.type(within(dialog).getByLabelText(/^Phone/), '(555) 987-6543');
      server.updateInvalid = [{ field: 'phone', message: 'Phone is not a number in service' }];
      await user.click(within(dialog).getByRole('button', { name: 'Save contact' }));
      expect(
        await within(dialog).findByText('Phone is not a number in service'),
      ).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/^Phone/)).toHaveAttribute('aria-invalid', 'true');
      // 'Validation error' itself is not shown: the field says it.
      expect(within(dialog).queryByText('Validation error')).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Save contact' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls().find((c) => c.method === 'PUT')).toMatchObject({
        url: '/providers/5/contacts/2',
        data: { name: 'Lee Park', role: 'Underwriter', phone: '5559876543' },
      });
      expect(getToasts().at(-1)?.title).toBe('Contact updated successfully');
    },
  );

  it('asks before deleting a contact, and toasts the server’s refusal', async () => {
    server.staff = true;
    server.permissions = [PROVIDERS_MANAGE];
    server.deleteFails = { status: 403, message: 'Your staff account may not change providers' };
    const { user } = renderProvider('/business/product-providers/5', true);
    await user.click(await screen.findByRole('button', { name: 'Delete Lee Park' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete contact' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this contact?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(getToasts().at(-1)).toMatchObject({
        kind: 'error',
        title: 'Your staff account may not change providers',
        duration: 3000,
      }),
    );
    // The dialog goes back to idle, so the person can try again or keep the contact.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled(),
    );

    server.deleteFails = undefined;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        within(contacts()).queryByRole('rowheader', { name: 'Lee Park' }),
      ).not.toBeInTheDocument(),
    );
    expect(getToasts().at(-1)?.title).toBe('Contact deleted successfully');
  });

  it('shows a card per contact on a phone, with the same controls', async () => {
    mockMatchMedia({ width: 390 });
    server.staff = true;
    server.permissions = [PROVIDERS_MANAGE];
    renderProvider();
    const cards = await screen.findByRole('list', { name: 'Contacts at Acme Life' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [dana, lee] = within(cards).getAllByRole('listitem');
    expect(within(dana!).getByRole('heading', { name: 'Dana Reyes' })).toBeInTheDocument();
    expect(dana).toHaveTextContent('Brokerage manager');
    expect(within(dana!).getByRole('link', { name: '(555) 123-4567' })).toHaveAttribute(
      'href',
      'tel:5551234567',
    );
    expect(within(lee!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(lee!).getByRole('button', { name: 'Edit Lee Park' })).toBeInTheDocument();
    expect(within(lee!).getByRole('button', { name: 'Delete Lee Park' })).toBeInTheDocument();
  });

  it('says when there are no contacts', async () => {
    server.contacts = [];
    renderProvider();
    expect(await within(await findContacts()).findByText('No contacts yet')).toBeInTheDocument();
    expect(within(contacts()).getByText('This provider lists no contacts.')).toBeInTheDocument();
  });
});
