// The paths of the help centre, here because the header links to it (app/layouts) as well as
// the help pages themselves.
import { encodeSearch } from './search';

export const HELP_PATH = '/help';
/** The form of a new article (staff with content.manage). */
export const HELP_CREATE_PATH = `${HELP_PATH}/new`;

export const helpArticlePath = (slug: string) => `${HELP_PATH}/${slug}`;
export const helpArticleEditPath = (slug: string) => `${HELP_PATH}/${slug}/edit`;

/** The help centre's results for the words `q` (the index with ?q=). */
export const helpSearchPath = (q: string) => `${HELP_PATH}?${encodeSearch([['q', q]])}`;

/** All of one topic's articles (the index with ?topic=). */
export const helpTopicPath = (category: string) =>
  `${HELP_PATH}?${encodeSearch([['topic', category]])}`;
