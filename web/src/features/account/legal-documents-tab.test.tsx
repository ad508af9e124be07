import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LegalDocument } from '@/api/gen/model/legalDocument';
import { formatDateTime } from '@/lib/format';
import { getToasts } from '@/lib/toast';
import {
  accessAnswer,
  apiError,
  calls,
  fakeApi,
  fakeUploads,
  type FakeRoute,
} from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { LegalDocumentsTab } from './legal-documents-tab';

const uploads = [] as { url: string; body: string; type: string }[];

beforeEach(() => {
  fakeUploads(async (url: string, body: string, type: string) => {
    uploads.push({ url, body, type });
    return { id: 'sig-3' };
  });
});

// jsdom has no canvas: give signature_pad a context that draws nothing, for this file only
// (with isolation off, the next files of the worker share its window).
const jsdomGetContext = HTMLCanvasElement.prototype.getContext;
HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
  return new Proxy({}, { get: (_t, key) => (key === 'canvas' ? this : () => undefined) });
} as unknown as HTMLCanvasElement['getContext'];
afterAll(() => {
  HTMLCanvasElement.prototype.getContext = jsdomGetContext;
});

afterEach(() => vi.restoreAllMocks());

const BASE = '/account/legal-documents';
const FINGERPRINT = 'a3f1c0de'.repeat(8);

const doc = (over: Partial<LegalDocument> = {}): LegalDocument => ({
  id: 1,
  title: 'Associate agreement',
  version: '2026.1',
  status: 'Pending',
  created_at: '2026-11-01T08:00:00Z',
  ...over,
});
const PENDING = doc();
const SIGNED = doc({
  id: 2,
  title: 'Code of conduct',
  version: '3',
  status: 'Signed',
  signed_at: '2026-10-02T14:05:09Z',
  signed_ip: '203.0.113.5',
  has_copy: true,
});
const SIGNED_NO_COPY = doc({
  id: 4,
  title: 'Privacy notice',
  status: 'Signed',
  signed_at: '2026-09-01T10:00:00Z',
  has_copy: false,
});
const REVOKED = doc({
  id: 3,
  title: 'Old commission addendum',
  status: 'Revoked',
  revoked_at: '2026-08-15T09:00:00Z',
  revoke_reason: 'Replaced by the 2026 addendum',
});

/** The server: the list as it stands, one document's text, and the operations by route. */
function server(routes: Record<string, FakeRoute> = {}, permissions: string[] = []) {
  uploads.length = 0;
  let list = [PENDING, SIGNED, SIGNED_NO_COPY, REVOKED];
  fakeApi({
    // Staff with a permission act for the associate (admin mode): /access names them.
    '/access': permissions.length
      ? { permissions, user: { ...accessAnswer().user, acting_staff: 'Sam Staffer' } }
      : accessAnswer(),
    [`GET ${BASE}`]: () => ({ data: list }),
    [`GET ${BASE}/1`]: {
      ...PENDING,
      body: 'First paragraph of the agreement.\n\nSecond paragraph,\nstill the second.',
      fingerprint: FINGERPRINT,
    },
    [`GET ${BASE}/signed-url`]: { id: 'sig-3', url: '/api/files/sig-3?sig' },
    [`POST ${BASE}/1/sign`]: () => {
      const signed = { ...PENDING, status: 'Signed' as const, signed_at: '2026-11-22T10:00:00Z' };
      list = list.map((d) => (d.id === 1 ? { ...signed, has_copy: true } : d));
      return signed;
    },
    [`POST ${BASE}/2/revoke`]: (req: { data: unknown }) => {
      const reason = (req.data as { reason: string }).reason;
      list = list.map((d) =>
        d.id === 2
          ? { ...d, status: 'Revoked', revoke_reason: reason, revoked_at: '2026-11-22T11:00:00Z' }
          : d,
      );
      return list.find((d) => d.id === 2);
    },
    ...routes,
  });
}

function renderTab(options: { appQueryClient?: boolean } = {}) {
  return renderWithProviders(<LegalDocumentsTab />, { path: BASE, route: BASE, ...options });
}

const row = (title: string) => screen.getByText(title).closest('tr')!;

describe('LegalDocumentsTab', () => {
  it('lists the documents as the server orders them, with what each allows', async () => {
    server();
    renderTab();
    const pending = (await screen.findByText('Associate agreement')).closest('tr')!;
    expect(screen.getAllByRole('row')[1]).toBe(pending);
    expect(pending).toHaveTextContent('Version 2026.1');
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(
      within(pending).getByRole('button', { name: 'Read and sign Associate agreement' }),
    ).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();

    const signed = row('Code of conduct');
    expect(within(signed).getByText('Signed')).toBeInTheDocument();
    expect(signed).toHaveTextContent(formatDateTime(SIGNED.signed_at));
    expect(
      within(signed).getByRole('button', { name: 'Download PDF of Code of conduct' }),
    ).toBeInTheDocument();
    expect(within(signed).queryByRole('button', { name: /Read and sign/ })).not.toBeInTheDocument();
    // No copy yet: nothing to download.
    expect(within(row('Privacy notice')).queryByRole('button')).not.toBeInTheDocument();

    const revoked = row('Old commission addendum');
    expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
    expect(revoked).toHaveTextContent('08/15/2026: Replaced by the 2026 addendum');
    // Revoking is for staff.
    expect(screen.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  });

  it(
    'reads and signs a document: Sign waits for a signature, then the SVG and fingerprint go',
    { timeout: 20_000 },
    async () => {
      server();
      const { user } = renderTab();
      await user.click(
        await screen.findByRole('button', { name: 'Read and sign Associate agreement' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Associate agreement' });
      const text = await within(dialog).findByRole('region', {
        name: 'Text of Associate agreement',
      });
      expect(within(text).getAllByText(/paragraph/)).toHaveLength(2);
      expect(dialog).toHaveTextContent(`Fingerprint of this text: ${FINGERPRINT}`);
      const sign = within(dialog).getByRole('button', { name: 'Sign' });
      expect(sign).toBeDisabled();

      await user.click(within(dialog).getByRole('radio', { name: 'Type' }));
      await user.type(within(dialog).getByLabelText('Type your full name'), 'Alex Carter');
      expect(sign).toBeEnabled();
      await user.click(sign);

      await waitFor(() =>
        expect(getToasts().map((t) => t.title)).toContain('Associate agreement signed'),
      );
      expect(uploads).toHaveLength(1);
      expect(uploads[0]).toMatchObject({ url: '/api/files/sig-3?sig', type: 'image/svg+xml' });
      expect(uploads[0]!.body).toMatch(/^<svg[\s\S]*Alex Carter[\s\S]*<\/svg>$/);
      expect(calls(`${BASE}/1/sign`).map((c) => c.data)).toEqual([
        { signature: 'sig-3', fingerprint: FINGERPRINT },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // The list is asked again: the document is signed, its copy ready.
      expect(
        await within(row('Associate agreement')).findByRole('button', {
          name: 'Download PDF of Associate agreement',
        }),
      ).toBeInTheDocument();
      expect(calls(BASE)).toHaveLength(2);
    },
  );

  it(
    'shows the server’s words when the text changed since it was opened (409)',
    { timeout: 20_000 },
    async () => {
      server({
        [`POST ${BASE}/1/sign`]: () => {
          throw apiError(409, 'The document changed since you opened it: read it again');
        },
      });
      const { user } = renderTab();
      await user.click(
        await screen.findByRole('button', { name: 'Read and sign Associate agreement' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Associate agreement' });
      await within(dialog).findByRole('region', { name: 'Text of Associate agreement' });
      await user.click(within(dialog).getByRole('radio', { name: 'Type' }));
      await user.type(within(dialog).getByLabelText('Type your full name'), 'Alex Carter');
      await user.click(within(dialog).getByRole('button', { name: 'Sign' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'The document changed since you opened it: read it again',
      );
      // The document and the list are asked again, to show them as they now stand.
      await waitFor(() => expect(calls(`${BASE}/1`)).toHaveLength(2));
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    },
  );

  it('opens the signed copy in a new tab', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    server({ [`GET ${BASE}/2/download`]: { url: '/api/files/copy-2.pdf?sig' } });
    const { user } = renderTab();
    await user.click(
      await screen.findByRole('button', { name: 'Download PDF of Code of conduct' }),
    );
    await waitFor(() => expect(tab.location.href).toBe('/api/files/copy-2.pdf?sig'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
  });

  it('says when the copy could not be had, and closes the tab it opened', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    server({
      [`GET ${BASE}/2/download`]: () => {
        throw apiError(409, 'The signed copy is still being made');
      },
    });
    const { user } = renderTab({ appQueryClient: true });
    await user.click(
      await screen.findByRole('button', { name: 'Download PDF of Code of conduct' }),
    );
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toContain('The signed copy is still being made'),
    );
    expect(tab.close).toHaveBeenCalled();
  });

  it('lets staff with legal.manage revoke with a reason', { timeout: 20_000 }, async () => {
    server({}, ['legal.manage']);
    const { user } = renderTab();
    await screen.findByText('Associate agreement');
    expect(
      within(row('Associate agreement')).getByRole('button', {
        name: 'Revoke Associate agreement',
      }),
    ).toBeInTheDocument();
    expect(
      within(row('Old commission addendum')).queryByRole('button', { name: /^Revoke/ }),
    ).not.toBeInTheDocument();

    // Signing is the associate's own act: staff acting for it are not offered it.
    expect(screen.queryByRole('button', { name: /^Read and sign/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke Code of conduct' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Code of conduct (version 3) is revoked');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAttribute(
      'aria-describedby',
      'legal-revoke-reason-error',
    );
    expect(calls(`${BASE}/2/revoke`)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Reason/), '  Signed by mistake  ');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toContain('Code of conduct revoked'),
    );
    expect(calls(`${BASE}/2/revoke`).map((c) => c.data)).toEqual([{ reason: 'Signed by mistake' }]);
    expect(await within(row('Code of conduct')).findByText('Revoked')).toBeInTheDocument();
    expect(row('Code of conduct')).toHaveTextContent('Signed by mistake');
  });

  it('keeps the revoke dialog open with the server’s words when it is refused', async () => {
    server(
      {
        [`POST ${BASE}/2/revoke`]: () => {
          throw apiError(409, 'This document is already revoked');
        },
      },
      ['legal.manage'],
    );
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Revoke Code of conduct' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This document is already revoked',
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('says when there is nothing to sign yet', async () => {
    server({ [`GET ${BASE}`]: { data: [] } });
    renderTab();
    expect(await screen.findByText('No legal documents')).toBeInTheDocument();
    expect(screen.getByText('Agreements to sign will be listed here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Read and sign/ })).not.toBeInTheDocument();
  });

  it('says when the documents could not be loaded', async () => {
    fakeApi({
      '/access': accessAnswer(),
      [BASE]: () => Promise.reject(apiError(503, 'Unavailable')),
    });
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The legal documents could not be loaded',
    );
  });
});
