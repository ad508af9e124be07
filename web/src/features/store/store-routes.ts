// The store's pages as the router loads them: one module, so that the entry chunk carries one
// lazy import (and one chunk name) for all of them (the first-load budget, docs/benchmarks.md
// issue 8). Stripe Elements and Stripe.js are a chunk of their own, loaded by the checkout
// page only when an order is paid by card with real Stripe keys.
export { StoreLayout } from './store-layout';
export { StoreIndexPage } from './store-index-page';
export { ProductsListPage } from './products-list-page';
export { ProductPage } from './product-page';
export { CartPage } from './cart-page';
export { CheckoutPage } from './checkout-page';
export { PurchaseHistoryTab, PurchasePage } from './purchase-pages';
export { StoreOrdersPage, StoreOrderPage } from './staff-order-pages';
