import { describe, expect, it } from 'vitest';
import { DOCUMENT_FILE, MAX_UPLOAD_BYTES, PHOTO_FILE, fileAccept, fileError } from './file-rules';

const file = (name: string, type: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type });

describe('file rules', () => {
  it('takes a kind by its type or, when the browser gives none, by its name', () => {
    expect(fileError(file('me.png', 'image/png'), PHOTO_FILE)).toBeUndefined();
    expect(fileError(file('ME.JPG', ''), PHOTO_FILE)).toBeUndefined();
    expect(fileError(file('cheque.pdf', 'application/pdf'), PHOTO_FILE)).toBe(
      'A photo must be a JPG, PNG or WebP image',
    );
    expect(fileError(file('cheque.pdf', 'application/pdf'), DOCUMENT_FILE)).toBeUndefined();
    expect(fileError(file('notes.txt', 'text/plain'), DOCUMENT_FILE)).toBe(
      'The supporting document must be a pdf, jpg, png or webp file',
    );
  });

  it('refuses a file over the upload limit, and a missing one only when required', () => {
    expect(fileError(file('big.png', 'image/png', MAX_UPLOAD_BYTES), PHOTO_FILE)).toBeUndefined();
    expect(fileError(file('big.png', 'image/png', MAX_UPLOAD_BYTES + 1), PHOTO_FILE)).toBe(
      'The photo is larger than 10 MB',
    );
    expect(fileError(undefined, DOCUMENT_FILE)).toBeUndefined();
    expect(fileError(undefined, DOCUMENT_FILE, 'Photo')).toBe('Photo is required');
  });

  it('names the endings and types a picker offers', () => {
    expect(fileAccept(PHOTO_FILE)).toBe('.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp');
  });
});
