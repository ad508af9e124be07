import { Box, Flex } from '@radix-ui/themes';
import { Outlet, useMatches } from 'react-router';
import { ThemeMenu } from '@/components/theme-menu';
import { NavigationProgress } from '../navigation-progress';
import { Brand } from './brand';

/** What a public route tells the layout: `wide` for a page of more than a short form (the
 *  registration form, the membership agreement). */
export interface AuthRouteHandle {
  wide?: boolean;
}

function isWide(handle: unknown): boolean {
  return Boolean((handle as AuthRouteHandle | undefined)?.wide);
}

/** Public pages: login, password reset, SSO, registration, the membership agreement and the
 *  confirmation of an email change. */
export function AuthLayout() {
  const wide = useMatches().some((match) => isWide(match.handle));
  return (
    <div className="auth-shell">
      <NavigationProgress />
      <Box position="fixed" top="3" right="4">
        <ThemeMenu />
      </Box>
      <Flex
        direction="column"
        align="center"
        gap="5"
        width="100%"
        maxWidth={wide ? '680px' : '420px'}
      >
        <Brand />
        <Box asChild width="100%">
          <main id="main">
            <Outlet />
          </main>
        </Box>
      </Flex>
    </div>
  );
}
