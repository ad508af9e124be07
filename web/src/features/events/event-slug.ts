// Event slugs, as the contract takes them (lower-case letters, digits and single hyphens, at
// most 100 characters): a path that cannot be one is not asked for.

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const isEventSlug = (text: string) => text.length <= 100 && SLUG_PATTERN.test(text);

/** What a missing event (or a slug no event can have) shows. */
export const EVENT_NOT_FOUND = { status: 404, message: 'Event not found' };
