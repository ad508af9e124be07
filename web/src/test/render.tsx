import { Theme } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { createQueryClient } from '@/app/query-client';

/** Renders `ui` at `path` inside the app's providers (a fresh query client, theme, router).
 *  With `appQueryClient`, the query client is the app's own (failures toast as in the app). */
export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    route = '/',
    extraRoutes = [],
    children,
    appQueryClient = false,
  }: {
    path?: string;
    route?: string;
    extraRoutes?: { path: string; element: ReactElement }[];
    /** Child routes of `route` (for a layout that renders an Outlet). */
    children?: RouteObject[];
    appQueryClient?: boolean;
  } = {},
) {
  const queryClient = appQueryClient
    ? createQueryClient()
    : new QueryClient({
        defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
      });
  const router = createMemoryRouter([{ path: route, element: ui, children }, ...extraRoutes], {
    initialEntries: [path],
  });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Theme>
        <RouterProvider router={router} />
      </Theme>
    </QueryClientProvider>,
  );
  return { ...result, user, router, queryClient };
}
