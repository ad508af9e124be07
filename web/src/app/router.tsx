import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { CenteredSpinner } from '@/components/centered-spinner';
import { AuthLayout } from './layouts/auth-layout';
import { DashboardLayout } from './layouts/dashboard-layout';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';

// Views load lazily: the top-centre bar shows while a navigation waits for one, and the centred
// spinner (HydrateFallback) while the first one loads. Every route has an error element.

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

export const routes: RouteObject[] = [
  {
    element: <AuthLayout />,
    errorElement,
    HydrateFallback: () => <CenteredSpinner fullPage />,
    children: [
      {
        path: 'login',
        errorElement,
        lazy: async () => ({ Component: (await import('@/features/auth/login-page')).LoginPage }),
      },
    ],
  },
  {
    path: '/',
    element: <DashboardLayout />,
    errorElement,
    HydrateFallback: () => <CenteredSpinner fullPage />,
    children: [
      {
        errorElement,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./home-route')).HomeRoute }),
          },
          { path: 'business', element: <Navigate to="/business/clients" replace /> },
          {
            path: 'business/clients',
            lazy: async () => ({
              Component: (await import('@/features/clients/clients-list-page')).ClientsListPage,
            }),
          },
          {
            path: 'business/clients/create',
            lazy: async () => ({
              Component: (await import('@/features/clients/client-create-page')).ClientCreatePage,
            }),
          },
          {
            path: 'business/create/client',
            lazy: async () => ({
              Component: (await import('@/features/clients/client-create-page')).ClientCreatePage,
            }),
          },
          {
            path: 'business/clients/:id',
            lazy: async () => ({
              Component: (await import('@/features/clients/client-detail-page')).ClientDetailPage,
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
              Component: (await import('@/features/team/team-dashboard-page')).TeamDashboardPage,
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
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
