import { describe, expect, it } from 'vitest';
import { formatFileSize } from '@/lib/format';
import { fileTypeLabel, itemDetail, urlHost } from './provider-items';

describe('provider item details', () => {
  it('names file types and sizes for people', () => {
    expect(fileTypeLabel('application/pdf')).toBe('PDF');
    expect(fileTypeLabel('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(
      'Excel',
    );
    expect(fileTypeLabel('image/gif')).toBe('GIF');
    expect(fileTypeLabel(undefined)).toBe('');
    expect(formatFileSize(950)).toBe('950 B');
    expect(formatFileSize(1000)).toBe('1 KB');
    expect(formatFileSize(12_345)).toBe('12 KB');
    expect(formatFileSize(1_450_000)).toBe('1.4 MB');
    expect(formatFileSize(undefined)).toBe('');
  });

  it('shows the site of a video or link and the file of an attachment', () => {
    expect(urlHost('https://www.youtube.com/watch?v=1')).toBe('youtube.com');
    expect(urlHost('not a url')).toBe('not a url');
    expect(itemDetail('links', { id: 1, position: 1, title: 'x', url: 'https://acme.com/a' })).toBe(
      'acme.com',
    );
    expect(
      itemDetail('attachments', {
        id: 1,
        position: 1,
        title: 'x',
        content_type: 'application/pdf',
        size: 2_300_000,
      }),
    ).toBe('PDF · 2.3 MB');
  });
});
