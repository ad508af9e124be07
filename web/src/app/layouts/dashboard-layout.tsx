import { Box, Button, Flex, TabNav } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useListAcknowledgements } from '@/api/gen/endpoints/acknowledgements/acknowledgements';
import { logout } from '@/api/gen/endpoints/auth/auth';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorCallout } from '@/components/error-callout';
import { ThemeMenu } from '@/components/theme-menu';
import { useBreakpoint } from '@/lib/breakpoint';
import { config } from '@/lib/config';
import { QUIET_QUERY } from '@/lib/query-meta';
import { LOGIN_PATH, endSession } from '@/lib/session';
import { useAccess } from '@/lib/use-access';
import { NavigationProgress } from '../navigation-progress';
import { areaOf, topMenu } from '../navigation';
import { Brand } from './brand';
import { HelpLink } from './help-link';
import { MobileMenu } from './mobile-menu';
import { Sidebar } from './sidebar';
import { StoreLink } from './store-link';
import { UserMenu } from './user-menu';

// Admin app mode only: its associate lookup stays out of the associate portal's first load.
const ActingAs = lazy(async () => ({ default: (await import('./acting-as')).ActingAs }));

/** Pages that load before everything is acknowledged: only the dashboard home. */
export function allowedBeforeAcknowledgement(pathname: string): boolean {
  return pathname === '/';
}

/** The signed-in shell at /: top navigation, per-area sidebar, and the acknowledgement guard
 *  (nothing but the home loads until everything is acknowledged). It loads lazily, under
 *  RequireSession: the login page does not load it. */
export function DashboardLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const breakpoint = useBreakpoint();
  const access = useAccess();
  const acknowledgements = useListAcknowledgements({ query: QUIET_QUERY });

  const { user } = access;
  if (access.isError) {
    return (
      <Box p="6">
        <ErrorCallout error={access.error} title="Your account could not be loaded" />
        <Button onClick={() => void access.refetch()}>Try again</Button>
      </Box>
    );
  }

  if (!user || acknowledgements.isPending)
    return <CenteredSpinner fullPage label="Loading your portal" />;
  const pending = acknowledgements.data
    ? acknowledgements.data.memos.length + acknowledgements.data.w9_documents.length
    : 0;
  if (pending > 0 && !allowedBeforeAcknowledgement(location.pathname)) {
    return <Navigate to="/" replace />;
  }

  const menu = topMenu({ ...user, canReadPayments: access.canReadPayments });
  const currentKey = areaOf(location.pathname);
  const currentArea = menu.find((a) => a.key === currentKey);
  const showSidebar = breakpoint === 'lg' && currentArea && currentArea.sidebar.length > 0;

  const onLogout = async () => {
    try {
      await logout({ retries: 0 });
    } catch {
      // The session ends here whatever the server said.
    }
    endSession();
    queryClient.clear();
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <NavigationProgress />
      <header className="app-header">
        <Flex className="app-header-inner" align="center" justify="between" gap="4">
          <Flex align="center" gap="4" style={{ minWidth: 0 }}>
            {breakpoint === 'sm' ? (
              <MobileMenu areas={menu} current={currentKey} pathname={location.pathname} />
            ) : null}
            <Brand />
            {breakpoint === 'lg' ? (
              <TabNav.Root aria-label="Main">
                {menu.map((area) => (
                  <TabNav.Link
                    key={area.key}
                    asChild
                    active={
                      area.key === 'dashboard' ? location.pathname === '/' : area.key === currentKey
                    }
                  >
                    <Link to={area.to}>{area.label}</Link>
                  </TabNav.Link>
                ))}
              </TabNav.Root>
            ) : null}
          </Flex>
          <Flex align="center" gap="3">
            {config.isAdmin ? (
              <Suspense fallback={null}>
                <ActingAs />
              </Suspense>
            ) : null}
            <StoreLink pathname={location.pathname} />
            <HelpLink pathname={location.pathname} />
            <ThemeMenu />
            <UserMenu user={user} onLogout={() => void onLogout()} />
          </Flex>
        </Flex>
      </header>
      <div className="app-body">
        {showSidebar ? <Sidebar area={currentArea} pathname={location.pathname} /> : null}
        <main id="main" className="app-main" tabIndex={-1}>
          {acknowledgements.isError ? (
            <ErrorCallout
              error={acknowledgements.error}
              title="Acknowledgements could not be loaded"
            />
          ) : null}
          <Outlet context={{ user }} />
        </main>
      </div>
    </>
  );
}
