import { zodResolver } from '@hookform/resolvers/zod';
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate, type Location } from 'react-router';
import { z } from 'zod';
import { useLogin } from '@/api/gen/endpoints/auth/auth';
import { ErrorCallout } from '@/components/error-callout';
import { FormField, fieldA11y } from '@/components/form-field';
import { applyServerErrors } from '@/lib/form';
import { usePageTitle } from '@/lib/page-title';
import { clearSessionFlags, getSessionFlags, setToken } from '@/lib/session';
import { useToken } from '@/lib/use-session';
import { requiredText } from '@/lib/validation';

const schema = z.object({
  login: requiredText('Email or associate code', 254),
  password: z.string().min(1, 'Password is required').max(256),
});

type LoginValues = z.infer<typeof schema>;

export const SESSION_EXPIRED_NOTICE = 'Your session has expired. Please log in again.';
export const LOGIN_REQUIRED_NOTICE = 'Please log in to continue.';

function returnPath(state: unknown): string {
  const from = (state as { from?: Location } | null)?.from;
  if (!from || from.pathname === '/login') return '/';
  return `${from.pathname}${from.search}${from.hash}`;
}

export function LoginPage() {
  usePageTitle('Log in');
  const token = useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [flags] = useState(getSessionFlags);
  const login = useLogin({ mutation: { meta: { toast: false } } });
  const form = useForm<LoginValues>({
    resolver: zodResolver(schema),
    defaultValues: { login: '', password: '' },
  });
  const { errors } = form.formState;

  if (token && !login.isPending && !login.isSuccess) {
    return <Navigate to={returnPath(location.state)} replace />;
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await login.mutateAsync({ data: values });
      queryClient.clear();
      clearSessionFlags();
      setToken(answer.token);
      navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      applyServerErrors(error, form.setError, ['login', 'password']);
    }
  });

  return (
    <Card size="4">
      <Flex direction="column" gap="4">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            Log in
          </Heading>
          <Text size="2" color="gray">
            Use your email or associate code.
          </Text>
        </Flex>
        {flags.sessionExpired ? (
          <Callout.Root color="amber" role="status">
            <Callout.Icon>
              <InfoCircledIcon />
            </Callout.Icon>
            <Callout.Text>{SESSION_EXPIRED_NOTICE}</Callout.Text>
          </Callout.Root>
        ) : flags.loginRequired ? (
          <Callout.Root color="blue" role="status">
            <Callout.Icon>
              <InfoCircledIcon />
            </Callout.Icon>
            <Callout.Text>{LOGIN_REQUIRED_NOTICE}</Callout.Text>
          </Callout.Root>
        ) : null}
        <ErrorCallout error={login.error} />
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Flex direction="column" gap="4">
            <FormField id="login" label="Email or associate code" error={errors.login?.message}>
              <TextField.Root
                size="3"
                autoComplete="username"
                autoFocus
                {...fieldA11y('login', errors.login?.message)}
                {...form.register('login')}
              />
            </FormField>
            <FormField id="password" label="Password" error={errors.password?.message}>
              <TextField.Root
                size="3"
                type="password"
                autoComplete="current-password"
                {...fieldA11y('password', errors.password?.message)}
                {...form.register('password')}
              />
            </FormField>
            <Button type="submit" size="3" loading={form.formState.isSubmitting}>
              Log in
            </Button>
          </Flex>
        </form>
      </Flex>
    </Card>
  );
}
