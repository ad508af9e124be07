import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Link, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { useRequestPasswordReset } from '@/api/gen/endpoints/visitors/visitors';
import { AuthCard } from '@/components/auth-card';
import { ErrorCallout } from '@/components/error-callout';
import { FormField, fieldA11y } from '@/components/form-field';
import { SuccessCallout } from '@/components/success-callout';
import { applyServerErrors } from '@/lib/form';
import { usePageTitle } from '@/lib/page-title';
import { LOGIN_PATH } from '@/lib/session';
import { emailText } from '@/lib/validation';

const schema = z.object({ email: emailText('Email', { required: true }) });
type Values = z.input<typeof schema>;

function BackToLogin() {
  return (
    <Text size="2" align="center">
      <Link asChild>
        <RouterLink to={LOGIN_PATH}>Back to log in</RouterLink>
      </Link>
    </Text>
  );
}

/**
 * forgot-password — asks for a reset link. The answer is the same whether or not the address
 * has an account (no account enumeration), so the page shows the server's Notice either way.
 */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const request = useRequestPasswordReset({ mutation: { meta: { toast: false } } });
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      const answer = await request.mutateAsync({ data: { email: email.trim() } });
      setNotice(answer.message);
    } catch (failure) {
      applyServerErrors(failure, form.setError, ['email']);
    }
  });

  if (notice) {
    return (
      <AuthCard title="Check your mail">
        <SuccessCallout>{notice}</SuccessCallout>
        <BackToLogin />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email address of your account: we will send you a link to set a new password."
    >
      <ErrorCallout error={request.error} />
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Forgot password">
        <Flex direction="column" gap="4">
          <FormField id="forgot-email" label="Email" error={errors.email?.message}>
            <TextField.Root
              size="3"
              type="email"
              autoComplete="email"
              autoFocus
              {...fieldA11y('forgot-email', errors.email?.message)}
              {...form.register('email')}
            />
          </FormField>
          <Button type="submit" size="3" loading={isSubmitting}>
            Send reset link
          </Button>
        </Flex>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}
