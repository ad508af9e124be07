// Article slugs, as the server takes them (server/content: lower-case letters, digits and
// single hyphens, at most 100 characters), and the one a title suggests.

export const SLUG_MAX = 100;
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const isSlug = (text: string) => text.length <= SLUG_MAX && SLUG_PATTERN.test(text);

/**
 * The slug a title suggests, as the seed makes them: its words of letters and digits, lower
 * case and without accents, joined by hyphens, whole words up to SLUG_MAX characters
 * ('Advances and escrow' → 'advances-and-escrow', 'Comprendre vos commissions' too).
 */
export function slugify(title: string): string {
  const words = title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word.slice(0, SLUG_MAX);
    if (next.length > SLUG_MAX) break;
    slug = next;
  }
  return slug;
}
