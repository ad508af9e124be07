import { Callout, Link, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { getGetAccountQueryKey, useConfirmEmailChange } from '@/api/gen/endpoints/account/account';
import { AuthCard } from '@/components/auth-card';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { SuccessCallout } from '@/components/success-callout';
import { ACCOUNT_PATH, accountFormPath } from '@/lib/account-paths';
import { isLinkInvalid, linkFailureMessage } from '@/lib/errors';
import { usePageTitle } from '@/lib/page-title';
import { LOGIN_PATH } from '@/lib/session';
import { useToken } from '@/lib/use-session';

/**
 * account/email/confirm/:token — the link mailed to a new address. It confirms the change as
 * soon as it opens, signed in or not (the token is the proof), and says how it went.
 */
export function EmailConfirmPage() {
  usePageTitle('Confirm email');
  const { token = '' } = useParams();
  const signedIn = Boolean(useToken());
  const queryClient = useQueryClient();
  const confirm = useConfirmEmailChange({ mutation: { meta: { toast: false } } });
  const { mutateAsync } = confirm;
  // The token is single-use: sent once, even when React runs the effect twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutateAsync({ data: { token } }).then(
      () => queryClient.invalidateQueries({ queryKey: getGetAccountQueryKey() }),
      () => undefined, // shown from the mutation's error
    );
  }, [mutateAsync, queryClient, token]);

  const onward = signedIn ? (
    <RouterLink to={ACCOUNT_PATH}>Go to my account</RouterLink>
  ) : (
    <RouterLink to={LOGIN_PATH}>Go to log in</RouterLink>
  );

  if (confirm.isSuccess) {
    return (
      <AuthCard title="Email confirmed">
        <SuccessCallout>{confirm.data.message}</SuccessCallout>
        <Text size="2" align="center">
          <Link asChild>{onward}</Link>
        </Text>
      </AuthCard>
    );
  }
  if (!confirm.isError) return <CenteredSpinner label="Confirming your email" />;
  const badLink = isLinkInvalid(confirm.error);
  return (
    <AuthCard title="Email not confirmed">
      <Callout.Root color="red" role="alert">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>{linkFailureMessage(confirm.error)}</Callout.Text>
      </Callout.Root>
      {badLink ? (
        <Text size="2" color="gray">
          Ask for the change again from your account: a new link goes to the new address.
        </Text>
      ) : null}
      <Text size="2" align="center">
        <Link asChild>
          {badLink ? (
            <RouterLink to={accountFormPath('email')}>Change email again</RouterLink>
          ) : (
            onward
          )}
        </Link>
      </Text>
    </AuthCard>
  );
}
