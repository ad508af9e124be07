import type { SignedURL } from '@/api/gen/model/signedURL';
import { uploadToSignedUrl } from '@/api/mutator';

/**
 * Uploads through a signed URL: reserves it (`reserve`, the operation's …/signed-url), PUTs
 * the content there, and answers the file id to send in the record's body. A File goes with
 * its own type; text (an SVG signature) with `type`.
 */
export async function uploadFile(
  reserve: () => Promise<SignedURL>,
  content: Blob | string,
  type?: string,
): Promise<string> {
  const target = await reserve();
  const contentType =
    type ?? (content instanceof Blob && content.type ? content.type : 'application/octet-stream');
  await uploadToSignedUrl(target.url, content, contentType);
  return target.id;
}
