import { IconButton } from '@radix-ui/themes';
import { Link } from 'react-router';
import { QuestionMarkCircledIcon } from '@/components/icons/question-mark-circled';
import { HELP_PATH } from '@/lib/help-paths';
import { isActive } from '../navigation';

/**
 * The way to the help centre: a question mark in the header beside the theme and the account
 * menus, at every width (Help is not one of the spec's top menu areas). Marked as the current
 * page on the help pages.
 */
export function HelpLink({ pathname }: { pathname: string }) {
  const current = isActive(HELP_PATH, pathname);
  return (
    <IconButton asChild variant={current ? 'soft' : 'ghost'} color="gray">
      <Link
        to={HELP_PATH}
        aria-label="Help"
        title="Help"
        aria-current={current ? 'page' : undefined}
      >
        <QuestionMarkCircledIcon width={18} height={18} aria-hidden />
      </Link>
    </IconButton>
  );
}
