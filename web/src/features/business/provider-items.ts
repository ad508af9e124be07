import type { ProviderItem } from '@/api/gen/model/providerItem';
import type { ProviderListKind } from '@/api/gen/model/providerListKind';
import { formatFileSize } from '@/lib/format';

/** How the screens name each ordered list and one of its items. */
export interface ItemKindInfo {
  /** 'Videos' */
  title: string;
  /** 'video': 'Delete video', 'Are you sure you want to delete this video?' */
  noun: string;
  /** 'Video': 'Video created successfully' */
  Noun: string;
}

export const ITEM_KINDS: Record<ProviderListKind, ItemKindInfo> = {
  videos: { title: 'Videos', noun: 'video', Noun: 'Video' },
  links: { title: 'Links', noun: 'link', Noun: 'Link' },
  attachments: { title: 'Attachments', noun: 'attachment', Noun: 'Attachment' },
};

/** The types an attachment may have (the server checks the content), for the file picker. */
export const ATTACHMENT_ACCEPT = '.pdf,.xlsx,.csv,.jpg,.jpeg,.png,.webp';

const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'text/csv': 'CSV',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

/** 'PDF', 'Excel', … for a content type; the subtype in capitals for one not listed. */
export function fileTypeLabel(contentType: string | undefined): string {
  if (!contentType) return '';
  return TYPE_LABELS[contentType] ?? (contentType.split('/')[1] ?? contentType).toUpperCase();
}

/** The host of a URL without 'www.' ('youtube.com'), or the URL itself when it has none. */
export function urlHost(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** The line under an item's title: the site of a video or link, the type and size of a file. */
export function itemDetail(kind: ProviderListKind, item: ProviderItem): string {
  if (kind === 'attachments') {
    return [fileTypeLabel(item.content_type), formatFileSize(item.size)]
      .filter(Boolean)
      .join(' · ');
  }
  return urlHost(item.url);
}
