import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { CenteredSpinner } from '@/components/centered-spinner';
import { LoginPage } from '@/features/auth/login-page';
import { AuthLayout, type AuthRouteHandle } from './layouts/auth-layout';
import { RequireSession } from './layouts/require-session';
import { NotFoundPage } from './not-found-page';
import { prefetchDashboard, prefetchSession } from './prefetch';
import { RouteError } from './route-error';

// Views load lazily: the top-centre bar shows while a navigation waits for one, and the centred
// spinner (HydrateFallback) while the first one loads. Every route has an error element. The
// signed-in shell is lazy too, so that the login page loads none of it; its guard is not. The
// login page itself is small and comes with the app, so that it shows without a second round
// trip (docs/benchmarks.md, issue 8). The loaders only start requests (app/prefetch.ts) and
// run once, when their route is entered.

const errorElement = <RouteError />;

/** The names of the components a lazily loaded module exports. */
type PageOf<Load extends () => Promise<object>> = {
  [K in keyof Awaited<ReturnType<Load>>]: Awaited<ReturnType<Load>>[K] extends ComponentType
    ? K
    : never;
}[keyof Awaited<ReturnType<Load>>];

/** The `lazy` of a route whose page is the component `name` of the module `load` brings (one
 *  helper for every lazy route: the entry chunk carries the route table). */
function page<Load extends () => Promise<object>>(load: Load, name: PageOf<Load>) {
  return async () => ({
    Component: (await load())[name as never] as ComponentType,
  });
}

/** The tabs of team/:code (and of account, without the hierarchy). */
function associateTabs(withHierarchy: boolean): RouteObject[] {
  const tabs: RouteObject[] = [
    {
      index: true,
      lazy: page(() => import('@/features/team/associate-overview-tab'), 'AssociateOverviewTab'),
    },
    {
      path: 'licenses',
      lazy: page(() => import('@/features/team/associate-lists'), 'AssociateLicensesTab'),
    },
    {
      path: 'provider-appointments',
      lazy: page(() => import('@/features/team/associate-lists'), 'AssociateAppointmentsTab'),
    },
    {
      path: 'level-qualification-history',
      lazy: page(() => import('@/features/team/associate-lists'), 'AssociateLevelHistoryTab'),
    },
    {
      path: 'genealogy-tree',
      lazy: page(() => import('@/features/team/team-routes'), 'GenealogyTreeTab'),
    },
  ];
  if (withHierarchy) {
    tabs.push({
      path: 'hierarchy',
      lazy: page(() => import('@/features/team/hierarchy-tab'), 'HierarchyTab'),
    });
  }
  return tabs.map((tab) => ({ ...tab, errorElement }));
}

/** The account pages, one lazy module for all of them (see account-routes.ts). */
const account = () => import('@/features/account/account-routes');
const accountRoute = (path: string, name: PageOf<typeof account>): RouteObject => ({
  path,
  lazy: page(account, name),
});

/** The tabs of account: an associate's (its overview with the account's own details), then the
 *  account's own. */
function accountTabs(): RouteObject[] {
  const tabs: RouteObject[] = [
    {
      index: true,
      lazy: page(() => import('./account-overview-route'), 'AccountOverviewRoute'),
    },
    ...associateTabs(false).filter((tab) => !tab.index),
    accountRoute('legal-documents', 'LegalDocumentsTab'),
    accountRoute('login-sessions', 'LoginSessionsTab'),
    accountRoute('password', 'PasswordTab'),
    // The purchase history is the store's (its orders), shown as a tab of the account.
    { path: 'purchase-history', lazy: page(store, 'PurchaseHistoryTab') },
    accountRoute('change-logs', 'ChangeLogsTab'),
    accountRoute('payout-informations', 'PayoutInformationsTab'),
  ];
  return tabs.map((tab) => ({ ...tab, errorElement }));
}

/** The public pages besides the login page (auth-routes.ts, visitor-routes.ts: one lazy module
 *  each). They load without a session and without acknowledgement. */
const authPages = () => import('@/features/auth/auth-routes');
const visitorPages = () => import('@/features/visitors/visitor-routes');
const wide: AuthRouteHandle = { wide: true };

function publicRoutes(): RouteObject[] {
  const routes: RouteObject[] = [
    { path: 'login', Component: LoginPage },
    {
      path: 'forgot-password',
      lazy: page(authPages, 'ForgotPasswordPage'),
    },
    {
      path: 'reset-password/:token',
      lazy: page(authPages, 'ResetPasswordPage'),
    },
    {
      path: 'login/sso/:token',
      lazy: page(authPages, 'SsoLoginPage'),
    },
    {
      path: 'register/:upline',
      handle: wide,
      lazy: page(visitorPages, 'RegisterPage'),
    },
    {
      path: 'register/direct/:upline',
      handle: wide,
      lazy: page(visitorPages, 'RegisterDirectPage'),
    },
    {
      path: 'ama/:country/:plan',
      handle: wide,
      lazy: page(visitorPages, 'MembershipAgreementPage'),
    },
    {
      // Terms, privacy and the opportunity, linked from the login page.
      path: 'pages/:slug',
      handle: wide,
      lazy: page(() => import('@/features/pages/public-page'), 'PublicContentPage'),
    },
    {
      // The link mailed to a new address: it works signed out too.
      path: 'account/email/confirm/:token',
      lazy: page(() => import('@/features/account/email-confirm-page'), 'EmailConfirmPage'),
    },
  ];
  return routes.map((route) => ({ ...route, errorElement }));
}

/** The provider pages, one lazy module for all of them (see provider-routes.ts). */
const providers = () => import('@/features/business/provider-routes');

/** The tabs of business/product-providers/:providerId: contacts (the index) and the three
 *  ordered lists. */
function providerTabs(): RouteObject[] {
  const tabs: RouteObject[] = [
    { index: true, lazy: page(providers, 'ProviderContactsTab') },
    { path: 'videos', lazy: page(providers, 'ProviderVideosTab') },
    { path: 'links', lazy: page(providers, 'ProviderLinksTab') },
    {
      path: 'attachments',
      lazy: page(providers, 'ProviderAttachmentsTab'),
    },
  ];
  return tabs.map((tab) => ({ ...tab, errorElement }));
}

/** The help centre's pages, one lazy module for all of them (see help-routes.ts). */
const help = () => import('@/features/help/help-routes');
const helpRoute = (path: string, name: PageOf<typeof help>): RouteObject => ({
  path,
  lazy: page(help, name),
});

/** The payments pages, one lazy module for all of them (see payments-routes.ts). */
const payments = () => import('@/features/payments/payments-routes');
const paymentsRoute = (path: string, name: PageOf<typeof payments>): RouteObject => ({
  path,
  lazy: page(payments, name),
});

/** The store's pages, one lazy module for all of them (see store-routes.ts). */
const store = () => import('@/features/store/store-routes');
const storeRoute = (path: string, name: PageOf<typeof store>): RouteObject => ({
  path,
  lazy: page(store, name),
});

/** The store's pages under its layout (its own menu, with the cart): the front, the products,
 *  a product, the cart and checkout, and for staff with store.manage the orders. */
function storeChildren(): RouteObject[] {
  const children: RouteObject[] = [
    { index: true, lazy: page(store, 'StoreIndexPage') },
    storeRoute('products', 'ProductsListPage'),
    storeRoute('products/:slug', 'ProductPage'),
    storeRoute('cart', 'CartPage'),
    storeRoute('cart/checkout', 'CheckoutPage'),
    storeRoute('orders', 'StoreOrdersPage'),
    storeRoute('orders/:orderId', 'StoreOrderPage'),
  ];
  return children.map((child) => ({ ...child, errorElement }));
}

/** The events pages, one lazy module for all of them (see events-routes.ts). */
const events = () => import('@/features/events/events-routes');
const eventsRoute = (path: string, name: PageOf<typeof events>): RouteObject => ({
  path,
  lazy: page(events, name),
});

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <AuthLayout />,
      errorElement,
      HydrateFallback: () => <CenteredSpinner fullPage />,
      children: publicRoutes(),
    },
    {
      path: '/',
      element: <RequireSession />,
      errorElement,
      HydrateFallback: () => <CenteredSpinner fullPage />,
      loader: () => prefetchSession(queryClient),
      shouldRevalidate: () => false,
      children: [
        {
          lazy: page(() => import('./layouts/dashboard-layout'), 'DashboardLayout'),
          errorElement,
          children: [
            {
              errorElement,
              children: [
                {
                  index: true,
                  loader: () => prefetchDashboard(queryClient),
                  shouldRevalidate: () => false,
                  lazy: page(() => import('./home-route'), 'HomeRoute'),
                },
                {
                  path: 'business',
                  lazy: page(
                    () => import('@/features/business/policies-list-page'),
                    'PoliciesListPage',
                  ),
                },
                {
                  path: 'business/dashboard',
                  lazy: page(
                    () => import('@/features/business/business-dashboard-page'),
                    'BusinessDashboardPage',
                  ),
                },
                {
                  path: 'business/create',
                  lazy: page(
                    () => import('@/features/business/policy-create-page'),
                    'PolicyCreatePage',
                  ),
                },
                {
                  path: 'business/create/:clientId',
                  lazy: page(
                    () => import('@/features/business/policy-create-page'),
                    'PolicyCreatePage',
                  ),
                },
                {
                  path: 'business/product-providers',
                  lazy: page(providers, 'ProvidersListPage'),
                },
                {
                  path: 'business/product-providers/:providerId',
                  lazy: page(providers, 'ProviderLayout'),
                  children: providerTabs(),
                },
                {
                  path: 'business/compensation-schedule',
                  lazy: page(
                    () => import('@/features/business/compensation-schedule-page'),
                    'CompensationSchedulePage',
                  ),
                },
                {
                  path: 'business/:policyNumber',
                  lazy: page(
                    () => import('@/features/business/policy-detail-page'),
                    'PolicyDetailPage',
                  ),
                },
                {
                  path: 'business/:policyNumber/edit',
                  lazy: page(
                    () => import('@/features/business/policy-edit-page'),
                    'PolicyEditPage',
                  ),
                },
                {
                  path: 'business/clients',
                  lazy: page(
                    () => import('@/features/clients/clients-list-page'),
                    'ClientsListPage',
                  ),
                },
                {
                  path: 'business/clients/create',
                  lazy: page(
                    () => import('@/features/clients/client-create-page'),
                    'ClientCreatePage',
                  ),
                },
                {
                  path: 'business/create/client',
                  lazy: page(
                    () => import('@/features/clients/client-create-page'),
                    'ClientCreatePage',
                  ),
                },
                {
                  path: 'business/clients/:id',
                  lazy: page(
                    () => import('@/features/clients/client-detail-page'),
                    'ClientDetailPage',
                  ),
                },
                {
                  path: 'business/clients/:id/edit',
                  lazy: page(() => import('@/features/clients/client-edit-page'), 'ClientEditPage'),
                },
                {
                  path: 'team',
                  lazy: page(
                    () => import('@/features/team/team-dashboard-page'),
                    'TeamDashboardPage',
                  ),
                },
                {
                  path: 'team/:code',
                  lazy: page(() => import('@/features/team/team-routes'), 'TeamCodeRoute'),
                  children: associateTabs(true),
                },
                {
                  path: 'account',
                  lazy: page(() => import('@/features/team/team-routes'), 'AccountRoute'),
                  children: accountTabs(),
                },
                accountRoute('account/basic-information', 'BasicInformationPage'),
                accountRoute('account/address', 'AddressPage'),
                accountRoute('account/phone', 'PhonePage'),
                accountRoute('account/alt-phone', 'AltPhonePage'),
                accountRoute('account/email', 'EmailPage'),
                accountRoute('account/spouse', 'SpousePage'),
                accountRoute('account/photo', 'PhotoPage'),
                accountRoute('account/international-appointment', 'InternationalAppointmentPage'),
                accountRoute('account/payout-informations/create', 'PayoutAccountCreatePage'),
                accountRoute('account/payout-informations/:id', 'PayoutAccountPage'),
                storeRoute('account/purchase-history/:orderId', 'PurchasePage'),
                paymentsRoute('payments', 'PaymentsDashboardPage'),
                paymentsRoute('payments/cashflow', 'CashflowListPage'),
                paymentsRoute('payments/cashflow/:id', 'CashflowEntryPage'),
                paymentsRoute('payments/chargebacks', 'ChargebacksPage'),
                helpRoute('help', 'HelpIndexPage'),
                helpRoute('help/new', 'HelpArticleCreatePage'),
                helpRoute('help/:slug', 'HelpArticlePage'),
                helpRoute('help/:slug/edit', 'HelpArticleEditPage'),
                eventsRoute('events', 'EventsIndexPage'),
                eventsRoute('events/past', 'PastEventsPage'),
                eventsRoute('events/:slug', 'EventDetailPage'),
                eventsRoute('events/:slug/check-in', 'EventCheckInPage'),
                {
                  path: 'store',
                  lazy: page(store, 'StoreLayout'),
                  children: storeChildren(),
                },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
