import { useState } from 'react';
import { useGetClient, useUpdateClient } from '@/api/gen/endpoints/clients/clients';
import type { Client } from '@/api/gen/model/client';
import { CenteredSpinner } from '@/components/centered-spinner';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { errorDetails } from '@/lib/errors';
import { updatedMessage, useRedirectAfterSuccess } from '@/lib/form';
import { usePageTitle } from '@/lib/page-title';
import { ClientForm } from './client-form';
import { clientToForm } from './client-schema';
import { CLIENTS_PATH, clientPath } from './paths';
import { useClientId } from './use-client-id';
import { useInvalidateClients } from './use-client-cache';

const fullName = (c: Client) => `${c.first_name} ${c.last_name}`;

/** business/clients/:id/edit */
export function ClientEditPage() {
  const id = useClientId();
  const client = useGetClient(id ?? 0, {
    query: { enabled: id !== undefined, meta: { toast: false } },
  });
  const update = useUpdateClient({ mutation: { meta: { inlineValidation: true } } });
  const invalidate = useInvalidateClients();
  const [success, setSuccess] = useState<string | null>(null);
  useRedirectAfterSuccess(success && id ? clientPath(id) : null);
  const record = client.data;
  const failure =
    id === undefined
      ? { status: 404, message: 'Client not found' }
      : client.isError
        ? errorDetails(client.error)
        : record && !record.can_edit
          ? { status: 403, message: 'You can only edit your own clients' }
          : undefined;
  usePageTitle(
    ...(failure
      ? [errorTitle(failure)]
      : [record ? `Edit ${fullName(record)}` : 'Edit client', 'Clients']),
  );

  if (failure) {
    const back = record
      ? { to: clientPath(record.id), label: 'Back to the client' }
      : { to: CLIENTS_PATH, label: 'Back to clients' };
    return <ErrorPanel {...failure} back={back} />;
  }
  if (!record) return <CenteredSpinner />;

  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Clients', to: CLIENTS_PATH },
          { label: fullName(record), to: clientPath(record.id) },
          { label: 'Edit' },
        ]}
      />
      <PageHeader title={`Edit ${fullName(record)}`} />
      <ClientForm
        defaultValues={clientToForm(record)}
        submitLabel="Save changes"
        cancelTo={clientPath(record.id)}
        successMessage={success}
        error={update.error}
        onSubmit={async (input) => {
          await update.mutateAsync({ id: record.id, data: input });
          await invalidate(record.id);
          setSuccess(updatedMessage('Client'));
        }}
      />
    </>
  );
}
