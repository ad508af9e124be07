import { IconButton } from '@radix-ui/themes';
import { Link } from 'react-router';
import { BagIcon } from '@/components/icons/bag';
import { STORE_PATH } from '@/lib/store-paths';
import { isActive } from '../navigation';

/**
 * The way to the store: a bag in the header beside Help, at every width (the Store is not one
 * of the spec's top menu areas; the store's own menu, with the cart, is on its pages). Marked
 * as the current page on the store's pages.
 */
export function StoreLink({ pathname }: { pathname: string }) {
  const current = isActive(STORE_PATH, pathname);
  return (
    <IconButton asChild variant={current ? 'soft' : 'ghost'} color="gray">
      <Link
        to={STORE_PATH}
        aria-label="Store"
        title="Store"
        aria-current={current ? 'page' : undefined}
      >
        <BagIcon width={18} height={18} aria-hidden />
      </Link>
    </IconButton>
  );
}
