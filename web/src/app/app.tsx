import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { setLoginNavigator } from '@/lib/session';
import { useTheme } from '@/lib/theme';
import { LazyToaster } from './lazy-toaster';
import { createQueryClient } from './query-client';
import { createRouter } from './router';

/** Providers (query client, theme, toasts) around the router. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const created = createRouter(queryClient);
    // A 401 goes to the login page through the router (no reload), keeping where the user was.
    setLoginNavigator((path) => {
      const { pathname, search, hash } = created.state.location;
      void created.navigate(path, { replace: true, state: { from: { pathname, search, hash } } });
    });
    return created;
  });
  const { appearance } = useTheme();

  return (
    <QueryClientProvider client={queryClient}>
      <Theme
        accentColor="blue"
        grayColor="slate"
        radius="medium"
        scaling="100%"
        appearance={appearance}
      >
        <RouterProvider router={router} />
        <LazyToaster />
      </Theme>
    </QueryClientProvider>
  );
}
