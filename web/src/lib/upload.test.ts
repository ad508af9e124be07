import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/mutator';
import { fakeUploads } from '@/test/fake-api';
import { uploadFile } from './upload';

const puts = [] as { url: string; type: string }[];
beforeEach(() => {
  fakeUploads(async (url: string, _content: unknown, type: string) => {
    if (url.includes('refuse')) throw new ApiError(413, 'File upload failed', []);
    puts.push({ url, type });
    return {};
  });
});

describe('uploadFile', () => {
  it('reserves, PUTs with the content type, and answers the file id', async () => {
    const reserve = vi.fn(async () => ({ id: 'f1', url: '/api/files/f1?sig' }));
    expect(
      await uploadFile(reserve, new File(['%PDF'], 'c.pdf', { type: 'application/pdf' })),
    ).toBe('f1');
    expect(await uploadFile(reserve, new File(['x'], 'x.bin'))).toBe('f1');
    expect(await uploadFile(reserve, '<svg/>', 'image/svg+xml')).toBe('f1');
    expect(puts.map((p) => p.type)).toEqual([
      'application/pdf',
      'application/octet-stream',
      'image/svg+xml',
    ]);
  });

  it('fails with the upload’s error, sending no id', async () => {
    const reserve = async () => ({ id: 'f2', url: '/api/files/refuse' });
    await expect(uploadFile(reserve, 'x', 'text/plain')).rejects.toBeInstanceOf(ApiError);
  });
});
