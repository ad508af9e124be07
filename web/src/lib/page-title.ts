import { useEffect } from 'react';
import { config } from './config';

/** 'Clients · Associate Portal': the page's own parts first, most specific first. */
export function pageTitle(...parts: (string | undefined | null | false)[]): string {
  const own = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return [...own, `${config.appName} Portal`].join(' · ');
}

/**
 * Sets document.title while the page shows. Each route calls it once, from the component
 * that knows the page (a layout with tabs names the tab; the tab itself does not), so that
 * the innermost screen of a route decides.
 */
export function usePageTitle(...parts: (string | undefined | null | false)[]): void {
  const title = pageTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
