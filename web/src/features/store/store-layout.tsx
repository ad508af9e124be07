import { Badge, TabNav } from '@radix-ui/themes';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useGetCart } from '@/api/gen/endpoints/store/store';
import { QUIET_QUERY } from '@/lib/query-meta';
import { CART_PATH, STORE_ORDERS_PATH, STORE_PATH, STORE_PRODUCTS_PATH } from '@/lib/store-paths';
import { useAccess } from '@/lib/use-access';
import './store.css';

/** Whether `pathname` is `to` or a page below it. */
const within = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/**
 * The store's pages (store/…): the store's own menu above them — the shop, every product, the
 * cart with the number of items in it (associates: only they have a cart), and for staff with
 * store.manage the orders to fulfil.
 */
export function StoreLayout() {
  const { pathname } = useLocation();
  const { buysFromStore, managesStore } = useAccess();
  const cart = useGetCart({ query: { ...QUIET_QUERY, enabled: buysFromStore } });
  const items = cart.data?.item_count ?? 0;
  return (
    <>
      <TabNav.Root aria-label="Store" mb="5">
        <TabNav.Link asChild active={pathname === STORE_PATH}>
          <RouterLink to={STORE_PATH}>Shop</RouterLink>
        </TabNav.Link>
        <TabNav.Link asChild active={within(pathname, STORE_PRODUCTS_PATH)}>
          <RouterLink to={STORE_PRODUCTS_PATH}>All products</RouterLink>
        </TabNav.Link>
        {buysFromStore ? (
          <TabNav.Link asChild active={within(pathname, CART_PATH)}>
            <RouterLink to={CART_PATH}>
              Cart
              {items > 0 ? (
                <>
                  <Badge ml="2" radius="full" variant="solid" className="cart-count">
                    {items}
                  </Badge>
                  <span className="sr-only">{items === 1 ? ' item' : ' items'}</span>
                </>
              ) : null}
            </RouterLink>
          </TabNav.Link>
        ) : null}
        {managesStore ? (
          <TabNav.Link asChild active={within(pathname, STORE_ORDERS_PATH)}>
            <RouterLink to={STORE_ORDERS_PATH}>Orders</RouterLink>
          </TabNav.Link>
        ) : null}
      </TabNav.Root>
      <Outlet />
    </>
  );
}
