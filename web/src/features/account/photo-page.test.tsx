import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getGetAccessQueryKey } from '@/api/gen/endpoints/access/access';
import { getGetAccountQueryKey } from '@/api/gen/endpoints/account/account';
import type { AccountProfile } from '@/api/gen/model/accountProfile';
import { getToasts } from '@/lib/toast';
import { ACCOUNT } from '@/test/account-fixture';
import {
  accessAnswer,
  apiError,
  calls,
  fakeApi,
  recordUploads,
  type FakeRoute,
} from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PhotoPage } from './photo-page';

const uploads = recordUploads('photo-7');

const PHOTO_URL = '/files/photo-1.webp';
const PATH = '/account/photo';

// jsdom has no object URLs: number them, and remember which were revoked. (Put back after each
// test: with isolation off, the next files of the worker share the window.)
let made = 0;
const revoked: string[] = [];
const { createObjectURL, revokeObjectURL } = URL;
beforeEach(() => {
  made = 0;
  revoked.length = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++made}`);
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
});
afterEach(() => {
  vi.useRealTimers();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

function server(account: AccountProfile = ACCOUNT, routes: Record<string, FakeRoute> = {}) {
  uploads.length = 0;
  let current = account;
  fakeApi({
    '/access': accessAnswer(),
    'GET /account': () => current,
    [`GET ${PATH}/signed-url`]: { id: 'photo-7', url: '/api/files/photo-7?sig' },
    [`PUT ${PATH}`]: () => (current = { ...current, photo_url: '/files/photo-7.webp' }),
    [`DELETE ${PATH}`]: () => (current = { ...current, photo_url: undefined }),
    ...routes,
  });
}

function renderPage() {
  return renderWithProviders(<PhotoPage />, {
    path: PATH,
    route: PATH,
    extraRoutes: [{ path: '/account', element: <h1>Account page</h1> }],
  });
}

const picker = () => screen.getByLabelText(/New photo/);
const png = (name = 'me.png') => new File(['png'], name, { type: 'image/png' });
const save = () => screen.getByRole('button', { name: 'Save photo' });

describe('change photo', () => {
  it('shows the initials without a photo and asks for a file before any call', async () => {
    server();
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Change photo', level: 1 })).toBeVisible();
    expect(screen.getByText('No photo yet: your initials show')).toBeInTheDocument();
    expect(await screen.findByText('AC')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    expect(picker()).toHaveAttribute('accept', expect.stringContaining('.webp'));

    await user.click(save());
    expect(await screen.findByText('Photo is required')).toBeInTheDocument();
    expect(picker()).toHaveAttribute('aria-describedby', 'account-file-error');
    expect(calls(`${PATH}/signed-url`)).toEqual([]);
    expect(calls(PATH)).toEqual([]);
  });

  it('refuses another type and a file over 10 MB before uploading, in the server’s words', async () => {
    server();
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Change photo', level: 1 });
    const big = png('big.png');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(picker(), big);
    await user.click(save());
    expect(await screen.findByText('The photo is larger than 10 MB')).toBeInTheDocument();

    // The picker offers images only; a file dropped past it is still checked.
    fireEvent.change(picker(), {
      target: { files: [new File(['GIF89a'], 'me.gif', { type: 'image/gif' })] },
    });
    await user.click(save());
    expect(await screen.findByText('A photo must be a JPG, PNG or WebP image')).toBeInTheDocument();
    expect(uploads).toEqual([]);
    expect(calls(`${PATH}/signed-url`)).toEqual([]);
  });

  it(
    'previews the chosen file, uploads it, sets it, updates the caches and goes back',
    { timeout: 20_000 },
    async () => {
      server();
      const { user, router, queryClient, unmount } = renderPage();
      await screen.findByRole('heading', { name: 'Change photo', level: 1 });
      // The user menu's avatar reads GET /access.
      queryClient.setQueryData(getGetAccessQueryKey(), accessAnswer());

      await user.upload(picker(), png('first.png'));
      expect(screen.getByRole('img', { name: 'Preview of the new photo' })).toHaveAttribute(
        'src',
        'blob:preview-1',
      );
      await user.upload(picker(), png('me.png'));
      expect(screen.getByRole('img', { name: 'Preview of the new photo' })).toHaveAttribute(
        'src',
        'blob:preview-2',
      );
      expect(revoked).toEqual(['blob:preview-1']);
      expect(screen.getByText(/^me\.png · /)).toBeInTheDocument();

      await user.click(save());
      expect(await screen.findByRole('status')).toHaveTextContent('Photo updated successfully');
      expect(uploads).toEqual([
        { url: '/api/files/photo-7?sig', name: 'me.png', type: 'image/png' },
      ]);
      expect(calls(PATH).map((c) => [c.method, c.data])).toEqual([['PUT', { file: 'photo-7' }]]);
      expect(queryClient.getQueryData<AccountProfile>(getGetAccountQueryKey())?.photo_url).toBe(
        '/files/photo-7.webp',
      );
      expect(queryClient.getQueryState(getGetAccessQueryKey())?.isInvalidated).toBe(true);

      await screen.findByRole('heading', { name: 'Account page' }, { timeout: 3000 });
      expect(router.state.location.pathname).toBe('/account');
      unmount();
      expect(revoked).toEqual(['blob:preview-1', 'blob:preview-2']);
    },
  );

  it('shows the server’s refusal of the file under the field', async () => {
    server(ACCOUNT, {
      [`PUT ${PATH}`]: () => {
        throw Object.assign(apiError(422, 'Validation error', {}), {
          errors: [
            { field: 'file', message: 'The photo is too large to process (at most 50 megapixels)' },
          ],
        });
      },
    });
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Change photo', level: 1 });
    await user.upload(picker(), png());
    await user.click(save());
    expect(
      await screen.findByText('The photo is too large to process (at most 50 megapixels)'),
    ).toBeInTheDocument();
    expect(picker()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Validation error')).not.toBeInTheDocument();
    expect(screen.queryByText(/updated successfully/)).not.toBeInTheDocument();
  });

  it('removes the photo after the confirmation', async () => {
    server({ ...ACCOUNT, photo_url: PHOTO_URL });
    const { user } = renderPage();
    expect(await screen.findByText('Current photo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Your initials show instead');
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Photo removed'));
    expect(calls(PATH).map((c) => c.method)).toEqual(['DELETE']);
    expect(await screen.findByText('No photo yet: your initials show')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
  });
});
