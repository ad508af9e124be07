import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { CenteredSpinner } from '@/components/centered-spinner';
import { LoginPage } from '@/features/auth/login-page';
import { AuthLayout } from './layouts/auth-layout';
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

/** The tabs of team/:code (and of account, without the hierarchy). */
function associateTabs(withHierarchy: boolean): RouteObject[] {
  const tabs: RouteObject[] = [
    {
      index: true,
      lazy: async () => ({
        Component: (await import('@/features/team/associate-overview-tab')).AssociateOverviewTab,
      }),
    },
    {
      path: 'licenses',
      lazy: async () => ({
        Component: (await import('@/features/team/associate-lists')).AssociateLicensesTab,
      }),
    },
    {
      path: 'provider-appointments',
      lazy: async () => ({
        Component: (await import('@/features/team/associate-lists')).AssociateAppointmentsTab,
      }),
    },
    {
      path: 'level-qualification-history',
      lazy: async () => ({
        Component: (await import('@/features/team/associate-lists')).AssociateLevelHistoryTab,
      }),
    },
    {
      path: 'genealogy-tree',
      lazy: async () => ({
        Component: (await import('@/features/team/team-routes')).GenealogyTreeTab,
      }),
    },
  ];
  if (withHierarchy) {
    tabs.push({
      path: 'hierarchy',
      lazy: async () => ({
        Component: (await import('@/features/team/hierarchy-tab')).HierarchyTab,
      }),
    });
  }
  return tabs.map((tab) => ({ ...tab, errorElement }));
}

/** The provider pages, one lazy module for all of them (see provider-routes.ts). */
const providers = () => import('@/features/business/provider-routes');

/** The tabs of business/product-providers/:providerId: contacts (the index) and the three
 *  ordered lists. */
function providerTabs(): RouteObject[] {
  const tabs: RouteObject[] = [
    { index: true, lazy: async () => ({ Component: (await providers()).ProviderContactsTab }) },
    { path: 'videos', lazy: async () => ({ Component: (await providers()).ProviderVideosTab }) },
    { path: 'links', lazy: async () => ({ Component: (await providers()).ProviderLinksTab }) },
    {
      path: 'attachments',
      lazy: async () => ({ Component: (await providers()).ProviderAttachmentsTab }),
    },
  ];
  return tabs.map((tab) => ({ ...tab, errorElement }));
}

/** The payments pages, one lazy module for all of them (see payments-routes.ts). */
const payments = () => import('@/features/payments/payments-routes');
type PaymentsPage = keyof Awaited<ReturnType<typeof payments>>;
const paymentsRoute = (path: string, page: PaymentsPage): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await payments())[page] }),
});

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <AuthLayout />,
      errorElement,
      HydrateFallback: () => <CenteredSpinner fullPage />,
      children: [{ path: 'login', errorElement, Component: LoginPage }],
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
          lazy: async () => ({
            Component: (await import('./layouts/dashboard-layout')).DashboardLayout,
          }),
          errorElement,
          children: [
            {
              errorElement,
              children: [
                {
                  index: true,
                  loader: () => prefetchDashboard(queryClient),
                  shouldRevalidate: () => false,
                  lazy: async () => ({ Component: (await import('./home-route')).HomeRoute }),
                },
                {
                  path: 'business',
                  lazy: async () => ({
                    Component: (await import('@/features/business/policies-list-page'))
                      .PoliciesListPage,
                  }),
                },
                {
                  path: 'business/dashboard',
                  lazy: async () => ({
                    Component: (await import('@/features/business/business-dashboard-page'))
                      .BusinessDashboardPage,
                  }),
                },
                {
                  path: 'business/create',
                  lazy: async () => ({
                    Component: (await import('@/features/business/policy-create-page'))
                      .PolicyCreatePage,
                  }),
                },
                {
                  path: 'business/create/:clientId',
                  lazy: async () => ({
                    Component: (await import('@/features/business/policy-create-page'))
                      .PolicyCreatePage,
                  }),
                },
                {
                  path: 'business/product-providers',
                  lazy: async () => ({ Component: (await providers()).ProvidersListPage }),
                },
                {
                  path: 'business/product-providers/:providerId',
                  lazy: async () => ({ Component: (await providers()).ProviderLayout }),
                  children: providerTabs(),
                },
                {
                  path: 'business/compensation-schedule',
                  lazy: async () => ({
                    Component: (await import('@/features/business/compensation-schedule-page'))
                      .CompensationSchedulePage,
                  }),
                },
                {
                  path: 'business/:policyNumber',
                  lazy: async () => ({
                    Component: (await import('@/features/business/policy-detail-page'))
                      .PolicyDetailPage,
                  }),
                },
                {
                  path: 'business/:policyNumber/edit',
                  lazy: async () => ({
                    Component: (await import('@/features/business/policy-edit-page'))
                      .PolicyEditPage,
                  }),
                },
                {
                  path: 'business/clients',
                  lazy: async () => ({
                    Component: (await import('@/features/clients/clients-list-page'))
                      .ClientsListPage,
                  }),
                },
                {
                  path: 'business/clients/create',
                  lazy: async () => ({
                    Component: (await import('@/features/clients/client-create-page'))
                      .ClientCreatePage,
                  }),
                },
                {
                  path: 'business/create/client',
                  lazy: async () => ({
                    Component: (await import('@/features/clients/client-create-page'))
                      .ClientCreatePage,
                  }),
                },
                {
                  path: 'business/clients/:id',
                  lazy: async () => ({
                    Component: (await import('@/features/clients/client-detail-page'))
                      .ClientDetailPage,
                  }),
                },
                {
                  path: 'business/clients/:id/edit',
                  lazy: async () => ({
                    Component: (await import('@/features/clients/client-edit-page')).ClientEditPage,
                  }),
                },
                {
                  path: 'team',
                  lazy: async () => ({
                    Component: (await import('@/features/team/team-dashboard-page'))
                      .TeamDashboardPage,
                  }),
                },
                {
                  path: 'team/:code',
                  lazy: async () => ({
                    Component: (await import('@/features/team/team-routes')).TeamCodeRoute,
                  }),
                  children: associateTabs(true),
                },
                {
                  path: 'account',
                  lazy: async () => ({
                    Component: (await import('@/features/team/team-routes')).AccountRoute,
                  }),
                  children: associateTabs(false),
                },
                paymentsRoute('payments', 'PaymentsDashboardPage'),
                paymentsRoute('payments/cashflow', 'CashflowListPage'),
                paymentsRoute('payments/cashflow/:id', 'CashflowEntryPage'),
                paymentsRoute('payments/chargebacks', 'ChargebacksPage'),
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
