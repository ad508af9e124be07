import { z } from 'zod';
import type { ProviderItem } from '@/api/gen/model/providerItem';
import type { ProviderListKind } from '@/api/gen/model/providerListKind';
import { requiredText } from '@/lib/validation';

export const ITEM_LABELS = { title: 'Title', url: 'URL', file: 'File' } as const;

const L = ITEM_LABELS;

const webUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
  } catch {
    return false;
  }
};

/** The item form of a kind: a title and, for videos and links, an http(s) URL (attachments
 *  take a file, picked outside the schema). The messages are the server's. */
export function itemFormSchema(kind: ProviderListKind) {
  return z.object({
    title: requiredText(L.title, 200),
    url:
      kind === 'attachments'
        ? z.string()
        : requiredText(L.url, 2000).refine(webUrl, `${L.url} must start with http:// or https://`),
  });
}

export type ItemFormValues = z.input<ReturnType<typeof itemFormSchema>>;

export function itemToForm(item: ProviderItem | undefined, kind: ProviderListKind): ItemFormValues {
  return { title: item?.title ?? '', url: kind === 'attachments' ? '' : (item?.url ?? '') };
}
