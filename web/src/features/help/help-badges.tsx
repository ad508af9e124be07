import { Badge } from '@radix-ui/themes';
import type { ContentStatus } from '@/api/gen/model/contentStatus';

/** The colour of an article's state (a Record: a state the contract adds is named). */
const STATUS_COLORS: Record<ContentStatus, 'gray' | 'green' | 'amber'> = {
  Draft: 'gray',
  Published: 'green',
  Unpublished: 'amber',
};

/** An article's state, shown to staff (content.manage) for the articles associates do not
 *  read: nothing for a Published one unless `always`. */
export function ArticleStatusBadge({
  status,
  always = false,
}: {
  status: ContentStatus;
  always?: boolean;
}) {
  if (status === 'Published' && !always) return null;
  return (
    <Badge color={STATUS_COLORS[status]} variant="soft">
      {status}
    </Badge>
  );
}
