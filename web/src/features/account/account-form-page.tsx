import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { useGetAccount } from '@/api/gen/endpoints/account/account';
import type { AccountProfile } from '@/api/gen/model/accountProfile';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { ACCOUNT_PATH } from '@/lib/account-paths';
import { errorDetails } from '@/lib/errors';
import { applyServerErrors, useRedirectAfterSuccess } from '@/lib/form';
import { usePageTitle } from '@/lib/page-title';

/**
 * The page of an account edit form: the account loaded (GET /account), the way back to it, the
 * title, and the form drawn from the account as it stands.
 */
export function AccountFormPage({
  title,
  description,
  parent,
  children,
}: {
  /** 'Edit phone'. */
  title: string;
  description?: ReactNode;
  /** The page between the account and this one in the breadcrumbs (a tab of the account). */
  parent?: { label: string; to: string };
  children: (account: AccountProfile) => ReactNode;
}) {
  const account = useGetAccount({ query: { meta: { toast: false } } });
  const failure = account.isError ? errorDetails(account.error) : undefined;
  usePageTitle(...(failure ? [errorTitle(failure)] : [title, 'My account']));

  if (failure) {
    return <ErrorPanel {...failure} back={{ to: ACCOUNT_PATH, label: 'Back to my account' }} />;
  }
  if (!account.data) return <CenteredSpinner />;
  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'My account', to: ACCOUNT_PATH },
          ...(parent ? [parent] : []),
          { label: title },
        ]}
      />
      <PageHeader title={title} description={description} />
      {children(account.data)}
    </>
  );
}

/**
 * The state of an account edit form: react-hook-form with the zod schema, the save, the
 * server's field errors under the fields, the failure for the frame, and on success the
 * message, then (with `redirect`) the account page after 1000 ms.
 */
export function useAccountForm<T extends FieldValues>({
  schema,
  defaultValues,
  fields,
  save,
  redirect = true,
  redirectTo = ACCOUNT_PATH,
}: {
  schema: z.ZodType<T, T>;
  defaultValues: DefaultValues<T>;
  /** The fields the server may name in its field errors. */
  fields: readonly Path<T>[];
  /** Sends the valid values; resolves to the success message, rejects with the API error. */
  save: (values: T) => Promise<string>;
  redirect?: boolean;
  /** Where the form goes after success (the account page). */
  redirectTo?: string;
}) {
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useRedirectAfterSuccess(success && redirect ? redirectTo : null);
  const handle = form.handleSubmit(async (values) => {
    setError(null);
    try {
      setSuccess(await save(values));
    } catch (failure) {
      setError(failure);
      applyServerErrors(failure, form.setError, fields);
    }
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void handle(event);
  return { form, onSubmit, success, error, isSubmitting: form.formState.isSubmitting };
}
