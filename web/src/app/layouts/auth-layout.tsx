import { Box, Flex } from '@radix-ui/themes';
import { Outlet } from 'react-router';
import { ThemeMenu } from '@/components/theme-menu';
import { NavigationProgress } from '../navigation-progress';
import { Brand } from './brand';

/** Public pages: login (its index) and, later, password reset, registration and SSO. */
export function AuthLayout() {
  return (
    <div className="auth-shell">
      <NavigationProgress />
      <Box position="fixed" top="3" right="4">
        <ThemeMenu />
      </Box>
      <Flex direction="column" align="center" gap="5" width="100%" maxWidth="420px">
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
