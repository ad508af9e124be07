// The public pages (terms, privacy, the opportunity): readable without a session, linked from
// the login page and from each other.

export const publicPagePath = (slug: string) => `/pages/${slug}`;

export interface PublicPageLink {
  slug: string;
  label: string;
}

/** The public pages the login page links to, in the order shown. */
export const PUBLIC_PAGE_LINKS: readonly PublicPageLink[] = [
  { slug: 'terms', label: 'Terms' },
  { slug: 'privacy', label: 'Privacy' },
  { slug: 'opportunity', label: 'The opportunity' },
];
