import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Callout, Flex, Link, Text, TextField } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { useResetPassword } from '@/api/gen/endpoints/visitors/visitors';
import { AuthCard } from '@/components/auth-card';
import { ErrorCallout } from '@/components/error-callout';
import { FormField, fieldA11y } from '@/components/form-field';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { LINK_INVALID_MESSAGE, isLinkInvalid } from '@/lib/errors';
import { requiredMessage } from '@/lib/field-rules';
import { applyServerErrors } from '@/lib/form';
import { usePageTitle } from '@/lib/page-title';
import { LOGIN_PATH, endSession } from '@/lib/session';
import { PASSWORD_MIN_LENGTH, newPasswordText, passwordsDifferMessage } from '@/lib/validation';
import { FORGOT_PASSWORD_PATH, type LoginState } from './paths';

const L = { password: 'New password', confirm: 'Confirm new password' } as const;

export const PASSWORD_RESET_NOTICE = 'Your password has been changed. Log in with the new one.';

const schema = z
  .object({
    password: newPasswordText(L.password),
    confirm: z.string().min(1, requiredMessage(L.confirm)),
  })
  .refine((v) => v.confirm === '' || v.confirm === v.password, {
    path: ['confirm'],
    message: passwordsDifferMessage(L.confirm),
  });
type Values = z.input<typeof schema>;

/** The way on from a link that no longer works: ask for a new one. */
function LinkInvalid() {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>
        {LINK_INVALID_MESSAGE}.{' '}
        <Link asChild>
          <RouterLink to={FORGOT_PASSWORD_PATH}>Ask for a new link</RouterLink>
        </Link>
      </Callout.Text>
    </Callout.Root>
  );
}

/**
 * reset-password/:token — sets a new password with the single-use token of a reset link. Every
 * session of the account ends, this browser's too: on success the page goes to the login page,
 * which says the password changed.
 */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reset = useResetPassword({ mutation: { meta: { toast: false } } });
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ data: { token, password } });
    } catch (failure) {
      applyServerErrors(failure, form.setError, ['password']);
      return;
    }
    // The server ended every session of the account: a token kept here is no longer good.
    endSession();
    queryClient.clear();
    const state: LoginState = { notice: PASSWORD_RESET_NOTICE };
    navigate(LOGIN_PATH, { replace: true, state });
  });

  const field = (name: keyof Values, autoFocus = false) => (
    <FormField id={`reset-${name}`} label={L[name]} error={errors[name]?.message}>
      <TextField.Root
        size="3"
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        {...fieldA11y(`reset-${name}`, errors[name]?.message)}
        {...form.register(name)}
      />
    </FormField>
  );

  return (
    <AuthCard
      title="Set a new password"
      description={`Choose a password of ${PASSWORD_MIN_LENGTH} characters or more.`}
    >
      {isLinkInvalid(reset.error) ? <LinkInvalid /> : <ErrorCallout error={reset.error} />}
      {isLinkInvalid(reset.error) ? null : (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Set a new password">
          <Flex direction="column" gap="4">
            {field('password', true)}
            {field('confirm')}
            <Button type="submit" size="3" loading={isSubmitting}>
              Set password
            </Button>
          </Flex>
        </form>
      )}
      <Text size="2" align="center">
        <Link asChild>
          <RouterLink to={LOGIN_PATH}>Back to log in</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
