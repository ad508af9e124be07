import { act, screen } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type RequestConfig } from '@/api/mutator';
import { fakeApi, fakeUploads } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { AcknowledgementFlow } from './acknowledgement-flow';

// A fake API behind the mutator: the generated hooks run for real.
const server = {
  state: { memos: [] as unknown[], w9_documents: [] as unknown[] },
  calls: [] as { method: string; url: string; data?: unknown }[],
  uploads: [] as { url: string; body: string; type: string }[],
};

beforeEach(() => {
  fakeApi(async (config: RequestConfig) => {
    server.calls.push({ method: config.method, url: config.url, data: config.data });
    if (config.method === 'GET' && config.url === '/dashboard/acknowledgements') {
      return structuredClone(server.state);
    }
    const signed = /^\/dashboard\/acknowledgements\/(memos|w9_documents)\/signed-url$/.exec(
      config.url,
    );
    if (signed) return { id: 'sig-file-1', url: '/api/files/sig-file-1?expires=1&signature=x' };
    const ack = /^\/dashboard\/acknowledgements\/(memos|w9_documents)\/(\d+)$/.exec(config.url);
    if (ack && config.method === 'PUT') {
      const kind = ack[1] as 'memos' | 'w9_documents';
      server.state[kind] = server.state[kind].filter(
        (item) => (item as { id: number }).id !== Number(ack[2]),
      );
      return { kind, id: Number(ack[2]), acknowledged_at: '2026-11-22T10:00:00Z' };
    }
    if (config.url === '/dashboard') return {};
    throw new ApiError(404, 'Not found');
  });
  fakeUploads(async (url: string, body: string, type: string) => {
    server.uploads.push({ url, body, type });
    return { id: 'sig-file-1' };
  });
});

const memo = (id: number, requires_signature: boolean) => ({
  id,
  title: `Memo ${id}`,
  body: `Body of memo ${id}`,
  published_at: '2026-11-02T05:00:00Z',
  requires_signature,
});
const w9 = {
  id: 10,
  title: 'W-9 2026',
  name: 'Alex Carter',
  entity_type: 'Individual',
  tin_masked: '***-**-0372',
  requires_signature: false,
  created_at: '2026-11-22T05:00:00Z',
};

// jsdom has no canvas: give signature_pad a context that draws nothing, for this file only
// (with isolation off, the next files of the worker share its window).
const jsdomGetContext = HTMLCanvasElement.prototype.getContext;
HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
  return new Proxy({}, { get: (_t, key) => (key === 'canvas' ? this : () => undefined) });
} as unknown as HTMLCanvasElement['getContext'];
afterAll(() => {
  HTMLCanvasElement.prototype.getContext = jsdomGetContext;
});

beforeEach(() => {
  server.calls.length = 0;
  server.uploads.length = 0;
});

describe('AcknowledgementFlow', () => {
  it('goes through memos first, then W-9 documents, removing each item 2000 ms after success', async () => {
    server.state = { memos: [memo(1, false), memo(2, false)], w9_documents: [w9] };
    const { user } = renderWithProviders(<AcknowledgementFlow />);

    expect(await screen.findByRole('heading', { name: 'Memo 1' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'W-9 2026' })).not.toBeInTheDocument();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
      expect(await screen.findByText('Memo acknowledged successfully')).toBeInTheDocument();
      expect(server.calls).toContainEqual({
        method: 'PUT',
        url: '/dashboard/acknowledgements/memos/1',
        data: {},
      });
      // Still shown until 2000 ms have passed.
      await act(() => vi.advanceTimersByTimeAsync(1500));
      expect(screen.getByRole('heading', { name: 'Memo 1' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(600));
      expect(await screen.findByRole('heading', { name: 'Memo 2' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
      await screen.findByText('Memo acknowledged successfully');
      await act(() => vi.advanceTimersByTimeAsync(2100));
      expect(await screen.findByRole('heading', { name: 'W-9 2026' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
      await screen.findByText('W-9 document acknowledged successfully');
      await act(() => vi.advanceTimersByTimeAsync(2100));
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByRole('heading', { name: 'All acknowledged' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to the dashboard' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('uploads a signature (SVG) through the signed URL before acknowledging', async () => {
    server.state = { memos: [memo(3, true)], w9_documents: [] };
    const { user } = renderWithProviders(<AcknowledgementFlow />);
    await screen.findByRole('heading', { name: 'Memo 3' });
    const sign = screen.getByRole('button', { name: 'Sign and acknowledge' });
    expect(sign).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Type' }));
    await user.type(screen.getByLabelText('Type your full name'), 'Alex Carter');
    expect(sign).toBeEnabled();
    await user.click(sign);

    expect(await screen.findByText('Memo acknowledged successfully')).toBeInTheDocument();
    expect(server.uploads).toHaveLength(1);
    expect(server.uploads[0]).toMatchObject({
      url: '/api/files/sig-file-1?expires=1&signature=x',
      type: 'image/svg+xml',
    });
    expect(server.uploads[0]!.body).toMatch(/^<svg[\s\S]*Alex Carter[\s\S]*<\/svg>$/);
    expect(server.calls).toContainEqual({
      method: 'PUT',
      url: '/dashboard/acknowledgements/memos/3',
      data: { signature: 'sig-file-1' },
    });
  });

  it('shows the upload failure and lets the user try again', async () => {
    const { uploadToSignedUrl, ApiError } = await import('@/api/mutator');
    vi.mocked(uploadToSignedUrl).mockRejectedValueOnce(new ApiError(500, 'File upload failed'));
    server.state = { memos: [memo(4, true)], w9_documents: [] };
    const { user } = renderWithProviders(<AcknowledgementFlow />);
    await screen.findByRole('heading', { name: 'Memo 4' });
    await user.click(screen.getByRole('radio', { name: 'Type' }));
    await user.type(screen.getByLabelText('Type your full name'), 'Alex');
    await user.click(screen.getByRole('button', { name: 'Sign and acknowledge' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('File upload failed');
    expect(screen.getByRole('button', { name: 'Sign and acknowledge' })).toBeEnabled();
  });
});
