import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Flex, Grid, Heading, Text, TextField } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  getListAccountChangeLogsQueryKey,
  getListLoginSessionsQueryKey,
  useChangePassword,
} from '@/api/gen/endpoints/account/account';
import { ErrorCallout } from '@/components/error-callout';
import { FormField, fieldA11y } from '@/components/form-field';
import { SuccessCallout } from '@/components/success-callout';
import { maxLengthMessage, requiredMessage } from '@/lib/field-rules';
import { applyServerErrors } from '@/lib/form';
import { PASSWORD_MIN_LENGTH, newPasswordText, passwordsDifferMessage } from '@/lib/validation';

export const PASSWORD_CHANGED = 'Password changed; your other sessions have ended';

const L = {
  current_password: 'Current password',
  new_password: 'New password',
  confirm: 'Confirm new password',
} as const;

const schema = z
  .object({
    current_password: z
      .string()
      .min(1, requiredMessage(L.current_password))
      .max(256, maxLengthMessage(L.current_password, 256)),
    new_password: newPasswordText(L.new_password),
    confirm: z.string().min(1, requiredMessage(L.confirm)),
  })
  .refine((v) => v.confirm === '' || v.confirm === v.new_password, {
    path: ['confirm'],
    message: passwordsDifferMessage(L.confirm),
  });
type Values = z.input<typeof schema>;
const EMPTY: Values = { current_password: '', new_password: '', confirm: '' };

/**
 * account/password — changes the password with the current one. Every other session ends (the
 * server renews this one's token through x-token); the form empties and says so.
 */
export function PasswordTab() {
  const change = useChangePassword({ mutation: { meta: { inlineValidation: true } } });
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ current_password, new_password }) => {
    setDone(false);
    try {
      await change.mutateAsync({ data: { current_password, new_password } });
    } catch (failure) {
      applyServerErrors(failure, form.setError, ['current_password', 'new_password']);
      return;
    }
    form.reset(EMPTY);
    setDone(true);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: getListLoginSessionsQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListAccountChangeLogsQueryKey() }),
    ]);
  });

  const field = (name: keyof Values, autoComplete: string) => (
    <FormField id={`password-${name}`} label={L[name]} error={errors[name]?.message} required>
      <TextField.Root
        type="password"
        autoComplete={autoComplete}
        {...fieldA11y(`password-${name}`, errors[name]?.message)}
        {...form.register(name)}
      />
    </FormField>
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change password">
      <Card size="3" style={{ maxWidth: 560 }}>
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="4">
              Change password
            </Heading>
            <Text size="2" color="gray">
              At least {PASSWORD_MIN_LENGTH} characters. Your other sessions end: those devices have
              to log in again.
            </Text>
          </Flex>
          {done ? <SuccessCallout>{PASSWORD_CHANGED}</SuccessCallout> : null}
          <ErrorCallout error={change.error} />
          <Grid columns="1" gap="4">
            {field('current_password', 'current-password')}
            {field('new_password', 'new-password')}
            {field('confirm', 'new-password')}
          </Grid>
          <Flex justify="end">
            <Button type="submit" loading={isSubmitting}>
              Change password
            </Button>
          </Flex>
        </Flex>
      </Card>
    </form>
  );
}
