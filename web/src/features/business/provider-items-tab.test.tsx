import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Provider } from '@/api/gen/model/provider';
import type { ProviderItem } from '@/api/gen/model/providerItem';
import { getToasts } from '@/lib/toast';
import {
  accessAnswer,
  apiError,
  calls,
  fakeApi,
  recordUploads,
  type FakeRequest,
} from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PROVIDERS_MANAGE } from './provider-access';
import { REORDER_FAILED } from './provider-item-reorder';
import { ProviderAttachmentsTab, ProviderLinksTab, ProviderVideosTab } from './provider-items-tab';
import { ProviderLayout } from './provider-layout';
import { moveItem, renumber } from './reorder';

const uploads = recordUploads('file-9', 'application/pdf');

const acme: Provider = {
  id: 5,
  code: 'ACME',
  name: 'Acme Life',
  countries: ['USA'],
  contacts: 0,
  videos: 0,
  links: 3,
  attachments: 1,
  products: 4,
};

const link = (id: number, position: number, title: string): ProviderItem => ({
  id,
  position,
  title,
  url: `https://acme.example.com/${id}`,
});

// The server: the links of provider 5, moves that work (the server's own arithmetic), fail
// or wait, and who is asking.
const server = {
  links: [] as ProviderItem[],
  attachments: [] as ProviderItem[],
  moveFails: undefined as { status: number; message: string } | undefined,
  moveHold: undefined as Promise<void> | undefined,
  permissions: [] as string[],
  staff: true,
};

async function move({ url, data }: FakeRequest) {
  if (server.moveHold) await server.moveHold;
  if (server.moveFails) throw apiError(server.moveFails.status, server.moveFails.message);
  const id = Number(url.split('/').at(-1));
  const from = server.links.findIndex((item) => item.id === id);
  const { position } = data as { position: number };
  server.links = renumber(moveItem(server.links, from, position - 1));
  return { data: server.links };
}

function routes() {
  const perItem: Record<string, unknown> = {};
  for (const item of server.links) {
    perItem[`PATCH /providers/5/links/${item.id}`] = move;
    perItem[`PUT /providers/5/links/${item.id}`] = ({ data }: FakeRequest) => ({
      ...item,
      ...(data as object),
    });
    perItem[`DELETE /providers/5/links/${item.id}`] = () => {
      server.links = renumber(server.links.filter((l) => l.id !== item.id));
      return undefined;
    };
  }
  return perItem;
}

beforeEach(() => {
  server.links = [link(11, 1, 'Rate sheet'), link(12, 2, 'Brochure'), link(13, 3, 'Portal')];
  server.attachments = [
    {
      id: 21,
      position: 1,
      title: 'Underwriting guide',
      url: '/api/files/f1.pdf?expires=1&signature=s',
      file_id: 'f1',
      content_type: 'application/pdf',
      size: 1_450_000,
    },
  ];
  server.moveFails = undefined;
  server.moveHold = undefined;
  server.permissions = ['clients.read', PROVIDERS_MANAGE];
  server.staff = true;
  uploads.length = 0;
  fakeApi({
    '/access': () => accessAnswer({ staff: server.staff, permissions: server.permissions }),
    '/providers/5': () => acme,
    'GET /providers/5/links': () => ({ data: server.links }),
    'POST /providers/5/links': ({ data }: FakeRequest) => {
      const created = { id: 14, position: server.links.length + 1, ...(data as object) };
      server.links = [...server.links, created as ProviderItem];
      return created;
    },
    'GET /providers/5/videos': { data: [] },
    'GET /providers/5/attachments': () => ({ data: server.attachments }),
    'GET /providers/5/attachments/signed-url': {
      id: 'file-9',
      url: '/api/files/file-9?expires=1&signature=x',
    },
    'POST /providers/5/attachments': ({ data }: FakeRequest) => ({
      id: 22,
      position: 2,
      ...(data as object),
    }),
    ...routes(),
  });
});

function renderTab(tab: 'links' | 'videos' | 'attachments' = 'links', appQueryClient = false) {
  return renderWithProviders(<ProviderLayout />, {
    appQueryClient,
    path: `/business/product-providers/5/${tab}`,
    route: '/business/product-providers/:providerId',
    children: [
      { path: 'videos', element: <ProviderVideosTab /> },
      { path: 'links', element: <ProviderLinksTab /> },
      { path: 'attachments', element: <ProviderAttachmentsTab /> },
    ],
  });
}

const list = () => screen.getByRole('list', { name: 'Links of Acme Life' });
/** The titles of the links, in the order shown. */
const titles = () =>
  within(list())
    .getAllByRole('listitem')
    .map((li) => within(li).getByRole('link').textContent);
const patches = () =>
  calls()
    .filter((c) => c.method === 'PATCH')
    .map((c) => ({ url: c.url, data: c.data }));

describe('ProviderItemsTab', () => {
  it('shows the items in order, each a link to its page', async () => {
    renderTab();
    await screen.findByRole('list', { name: 'Links of Acme Life' });
    expect(titles()).toEqual(['Rate sheet', 'Brochure', 'Portal']);
    const first = within(list()).getByRole('link', { name: 'Rate sheet' });
    expect(first).toHaveAttribute('href', 'https://acme.example.com/11');
    expect(first).toHaveAttribute('target', '_blank');
    expect(within(list()).getAllByText('acme.example.com')).toHaveLength(3);
    expect(document.title).toBe('Links · Acme Life · Product providers · Associate Portal');
  });

  it(
    'moves an item with the keyboard: the new order at once, then PATCH with its position',
    { timeout: 20_000 },
    async () => {
      let release!: () => void;
      server.moveHold = new Promise((resolve) => (release = resolve));
      const { user } = renderTab();
      const down = await screen.findByRole('button', { name: 'Move Rate sheet down' });
      expect(screen.getByRole('button', { name: 'Move Rate sheet up' })).toBeDisabled();
      down.focus();
      await user.keyboard('{Enter}');
      // Optimistic: the list shows the new order before the server answers.
      await waitFor(() => expect(titles()).toEqual(['Brochure', 'Rate sheet', 'Portal']));
      expect(patches()).toEqual([{ url: '/providers/5/links/11', data: { position: 2 } }]);
      expect(screen.getByText('Rate sheet moved to position 2 of 3.')).toHaveAttribute(
        'aria-live',
        'polite',
      );
      // The focus stays with the moved item.
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Move Rate sheet down' })).toHaveFocus(),
      );
      release();
      await waitFor(() => expect(server.links.map((l) => l.title)).toEqual(titles()));

      // Alt+Arrow Up from anywhere in the row moves it back.
      await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
      await waitFor(() => expect(titles()).toEqual(['Rate sheet', 'Brochure', 'Portal']));
      expect(patches().at(-1)).toEqual({ url: '/providers/5/links/11', data: { position: 1 } });
      // At the top, Move up is disabled: the focus goes to Move down.
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Move Rate sheet down' })).toHaveFocus(),
      );
    },
  );

  it('moves an item by dragging its handle onto another row', async () => {
    renderTab();
    await screen.findByRole('list', { name: 'Links of Acme Life' });
    const rows = within(list()).getAllByRole('listitem');
    const handle = rows[0]!.querySelector('[draggable="true"]') as HTMLElement;
    const dataTransfer = {
      setData: vi.fn(),
      setDragImage: vi.fn(),
      effectAllowed: '',
      dropEffect: '',
    };
    fireEvent.dragStart(handle, { dataTransfer });
    // jsdom lays nothing out: the target row says where it is, the events where the pointer is
    // (on its lower half).
    const target = rows[2]!;
    target.getBoundingClientRect = () => ({ top: 100, height: 40 }) as DOMRect;
    const at = (make: typeof createEvent.dragOver) => {
      const event = make(target, { dataTransfer });
      Object.defineProperty(event, 'clientY', { value: 130 });
      fireEvent(target, event);
    };
    at(createEvent.dragOver);
    expect(target).toHaveAttribute('data-drop', 'after');
    at(createEvent.drop);
    fireEvent.dragEnd(handle, { dataTransfer });
    await waitFor(() => expect(titles()).toEqual(['Brochure', 'Portal', 'Rate sheet']));
    await waitFor(() =>
      expect(patches()).toEqual([{ url: '/providers/5/links/11', data: { position: 3 } }]),
    );
    expect(within(list()).getAllByRole('listitem')[2]).not.toHaveAttribute('data-drop');
  });

  it('puts the list back and toasts when the server refuses a move', async () => {
    server.moveFails = { status: 409, message: 'The list changed while you were moving' };
    // The app's query client: the move toasts even so, once.
    const { user } = renderTab('links', true);
    await user.click(await screen.findByRole('button', { name: 'Move Portal up' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({ url: '/providers/5/links/13', data: { position: 2 } });
    await waitFor(() =>
      expect(getToasts().at(-1)).toMatchObject({
        kind: 'error',
        title: REORDER_FAILED,
        description: 'The list changed while you were moving',
        duration: 3000,
      }),
    );
    expect(
      getToasts().filter((t) => t.description?.includes('while you were moving')),
    ).toHaveLength(1);
    await waitFor(() => expect(titles()).toEqual(['Rate sheet', 'Brochure', 'Portal']));
    expect(
      screen.getByText('Portal could not be moved; it is back at position 3 of 3.'),
    ).toBeInTheDocument();
  });

  it('offers no controls to an associate, who only reads', async () => {
    server.staff = false;
    server.permissions = [];
    renderTab();
    await screen.findByRole('list', { name: 'Links of Acme Life' });
    expect(titles()).toEqual(['Rate sheet', 'Brochure', 'Portal']);
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add link/ })).not.toBeInTheDocument();
    expect(list().querySelector('[draggable]')).toBeNull();
  });

  it('offers no controls to staff without providers.manage', async () => {
    server.permissions = ['clients.read'];
    renderTab();
    await screen.findByRole('list', { name: 'Links of Acme Life' });
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add link/ })).not.toBeInTheDocument();
  });

  it('adds a link at the end, checking the fields first', { timeout: 20_000 }, async () => {
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: /Add link/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add link' });
    await user.click(within(dialog).getByRole('button', { name: 'Add link' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('URL is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Title/), 'Agent portal');
    await user.type(within(dialog).getByLabelText(/^URL/), 'ftp://acme.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add link' }));
    expect(
      await within(dialog).findByText('URL must start with http:// or https://'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^URL/));
    await user.type(within(dialog).getByLabelText(/^URL/), 'https://agents.acme.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls().find((c) => c.method === 'POST')?.data).toEqual({
      title: 'Agent portal',
      url: 'https://agents.acme.example.com',
    });
    expect(getToasts().at(-1)).toMatchObject({
      kind: 'success',
      title: 'Link created successfully',
    });
    await waitFor(() =>
      expect(titles()).toEqual(['Rate sheet', 'Brochure', 'Portal', 'Agent portal']),
    );
  });

  it('edits a link', async () => {
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit Brochure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit link' });
    expect(within(dialog).getByLabelText(/^URL/)).toHaveValue('https://acme.example.com/12');
    await user.clear(within(dialog).getByLabelText(/^Title/));
    await user.type(within(dialog).getByLabelText(/^Title/), 'Brochure 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls().find((c) => c.method === 'PUT')).toMatchObject({
      url: '/providers/5/links/12',
      data: { title: 'Brochure 2026', url: 'https://acme.example.com/12' },
    });
    expect(getToasts().at(-1)?.title).toBe('Link updated successfully');
  });

  it('asks before deleting, then deletes', async () => {
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Delete Brochure' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete link' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this link?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls().filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Brochure' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(titles()).toEqual(['Rate sheet', 'Portal']));
    expect(
      calls()
        .filter((c) => c.method === 'DELETE')
        .map((c) => c.url),
    ).toEqual(['/providers/5/links/12']);
    expect(getToasts().at(-1)?.title).toBe('Link deleted successfully');
  });

  it('shows attachments as downloads with their type and size', async () => {
    renderTab('attachments');
    const attachments = await screen.findByRole('list', { name: 'Attachments of Acme Life' });
    const download = within(attachments).getByRole('link', { name: 'Underwriting guide' });
    expect(download).toHaveAttribute('href', '/api/files/f1.pdf?expires=1&signature=s');
    expect(within(attachments).getByText('PDF · 1.4 MB')).toBeInTheDocument();
    // One item: nothing to reorder, but it can be edited.
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Underwriting guide' })).toBeInTheDocument();
  });

  it(
    'uploads a new attachment through the signed URL, then adds it',
    { timeout: 20_000 },
    async () => {
      const { user } = renderTab('attachments');
      await user.click(await screen.findByRole('button', { name: /Add attachment/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Add attachment' });
      await user.type(within(dialog).getByLabelText(/^Title/), 'Rates 2026');
      await user.click(within(dialog).getByRole('button', { name: 'Add attachment' }));
      expect(await within(dialog).findByText('File is required')).toBeInTheDocument();
      const file = new File(['%PDF-1.4'], 'rates.pdf', { type: 'application/pdf' });
      await user.upload(within(dialog).getByLabelText(/^File/), file);
      await user.click(within(dialog).getByRole('button', { name: 'Add attachment' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(uploads).toEqual([
        {
          url: '/api/files/file-9?expires=1&signature=x',
          name: 'rates.pdf',
          type: 'application/pdf',
        },
      ]);
      expect(calls().find((c) => c.method === 'POST')).toMatchObject({
        url: '/providers/5/attachments',
        data: { title: 'Rates 2026', file_id: 'file-9' },
      });
      expect(getToasts().at(-1)?.title).toBe('Attachment created successfully');
    },
  );

  it('says when a list is empty', async () => {
    renderTab('videos');
    expect(await screen.findByText('No videos yet')).toBeInTheDocument();
    expect(screen.getByText('Add the first video of Acme Life.')).toBeInTheDocument();
  });
});
