import { BagIcon } from '@/components/icons/bag';
import { STORE_PATH } from '@/lib/store-paths';
import { HeaderIconLink } from './header-icon-link';

/** The way to the store: a bag in the header beside Help (the store's own menu, with the cart, is on its pages). */
export function StoreLink({ pathname }: { pathname: string }) {
  return (
    <HeaderIconLink to={STORE_PATH} label="Store" pathname={pathname}>
      <BagIcon width={18} height={18} aria-hidden />
    </HeaderIconLink>
  );
}
