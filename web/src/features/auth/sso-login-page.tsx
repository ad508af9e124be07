import { Callout, Link, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useExchangeSSOToken } from '@/api/gen/endpoints/visitors/visitors';
import { AuthCard } from '@/components/auth-card';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { linkFailureMessage } from '@/lib/errors';
import { usePageTitle } from '@/lib/page-title';
import { LOGIN_PATH, clearSessionFlags, setToken } from '@/lib/session';

/**
 * login/sso/:token — exchanges a single-use SSO token (valid 60 s, issued to staff tools) for a
 * session as soon as the page opens, stores it as the login page does and goes to the
 * dashboard. A failure is said plainly, with the way to the login page.
 */
export function SsoLoginPage() {
  usePageTitle('Single sign-on');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const exchange = useExchangeSSOToken({ mutation: { meta: { toast: false } } });
  const { mutateAsync } = exchange;
  // The token is single-use: exchanged once, even when React runs the effect twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutateAsync({ data: { token } }).then(
      (answer) => {
        queryClient.clear();
        clearSessionFlags();
        setToken(answer.token);
        navigate('/', { replace: true });
      },
      () => undefined, // shown from the mutation's error
    );
  }, [mutateAsync, navigate, queryClient, token]);

  if (!exchange.isError) return <CenteredSpinner label="Signing you in" />;
  return (
    <AuthCard title="Single sign-on failed">
      <Callout.Root color="red" role="alert">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>{linkFailureMessage(exchange.error)}</Callout.Text>
      </Callout.Root>
      <Text size="2" align="center">
        <Link asChild>
          <RouterLink to={LOGIN_PATH}>Go to log in</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
