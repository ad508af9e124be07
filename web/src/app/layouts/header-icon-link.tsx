import { IconButton } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isActive } from '../navigation';

/**
 * An area that is not one of the spec's top menu areas, as an icon in the header at every
 * width (Help, the Store): named by `label`, marked as the current page on the area's pages.
 */
export function HeaderIconLink({
  to,
  label,
  pathname,
  children,
}: {
  to: string;
  label: string;
  pathname: string;
  children: ReactNode;
}) {
  const current = isActive(to, pathname);
  return (
    <IconButton asChild variant={current ? 'soft' : 'ghost'} color="gray">
      <Link to={to} aria-label={label} title={label} aria-current={current ? 'page' : undefined}>
        {children}
      </Link>
    </IconButton>
  );
}
