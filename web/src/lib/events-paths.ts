// The paths of the events area, here because the dashboard links to the events as well as the
// events pages themselves.
import { encodeSearch } from './search';

export const EVENTS_PATH = '/events';
export const PAST_EVENTS_PATH = `${EVENTS_PATH}/past`;

export const eventPath = (slug: string) => `${EVENTS_PATH}/${slug}`;

/** The staff page that checks attendees in; with a ticket, the one to check in. */
export const eventCheckInPath = (slug: string, ticket?: string) =>
  `${eventPath(slug)}/check-in${ticket ? `?${encodeSearch([['ticket', ticket]])}` : ''}`;
