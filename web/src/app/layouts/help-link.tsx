import { QuestionMarkCircledIcon } from '@/components/icons/question-mark-circled';
import { HELP_PATH } from '@/lib/help-paths';
import { HeaderIconLink } from './header-icon-link';

/** The way to the help centre: a question mark in the header beside the theme and the account menus. */
export function HelpLink({ pathname }: { pathname: string }) {
  return (
    <HeaderIconLink to={HELP_PATH} label="Help" pathname={pathname}>
      <QuestionMarkCircledIcon width={18} height={18} aria-hidden />
    </HeaderIconLink>
  );
}
