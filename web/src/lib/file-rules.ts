import { requiredMessage } from './field-rules';

// What a file picker takes before anything is uploaded: the server checks every upload again
// by its content (server/api/files.go, server/photo); these checks only spare an upload the
// server would refuse, in the server's words.

/** The file host's limit for an upload (server/app MaxUpload). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** A kind of file a form takes: its content types, its name endings, and the words of a
 *  refusal. */
export interface FileKind {
  types: readonly string[];
  extensions: readonly string[];
  typeMessage: string;
  sizeMessage: string;
}

/** The `accept` attribute of a picker for a kind. */
export function fileAccept(kind: FileKind): string {
  return [...kind.extensions.map((e) => `.${e}`), ...kind.types].join(',');
}

/** The message for a chosen file (a file the kind does not take, or one over the upload
 *  limit), or undefined; with `requiredLabel` a missing file is '{label} is required'. */
export function fileError(
  file: File | undefined,
  kind: FileKind,
  requiredLabel?: string,
): string | undefined {
  if (!file) return requiredLabel ? requiredMessage(requiredLabel) : undefined;
  const ending = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!kind.types.includes(file.type) && !kind.extensions.includes(ending)) {
    return kind.typeMessage;
  }
  if (file.size > MAX_UPLOAD_BYTES) return kind.sizeMessage;
  return undefined;
}

/** A photo (server/photo: its words). */
export const PHOTO_FILE: FileKind = {
  types: ['image/jpeg', 'image/png', 'image/webp'],
  extensions: ['jpg', 'jpeg', 'png', 'webp'],
  typeMessage: 'A photo must be a JPG, PNG or WebP image',
  sizeMessage: 'The photo is larger than 10 MB',
};

/** A supporting document of a payout account (a void cheque). */
export const DOCUMENT_FILE: FileKind = {
  types: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
  extensions: ['pdf', 'jpg', 'jpeg', 'png', 'webp'],
  typeMessage: 'The supporting document must be a pdf, jpg, png or webp file',
  sizeMessage: 'The supporting document must be at most 10 MB',
};
