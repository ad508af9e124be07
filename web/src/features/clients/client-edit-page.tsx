import { useState } from 'react';
import { useGetClient, useUpdateClient } from '@/api/gen/endpoints/clients/clients';
import { CenteredSpinner } from '@/components/centered-spinner';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { errorMessage, errorStatus } from '@/lib/errors';
import { updatedMessage, useRedirectAfterSuccess } from '@/lib/form';
import { usePageTitle } from '@/lib/page-title';
import { ClientForm } from './client-form';
import { clientToForm } from './client-schema';
import { CLIENTS_PATH, clientPath } from './paths';
import { useClientId } from './use-client-id';
import { useInvalidateClients } from './use-client-cache';

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
  const failure =
    id === undefined
      ? { status: 404, message: 'Client not found' }
      : client.isError
        ? { status: errorStatus(client.error), message: errorMessage(client.error) }
        : client.data && !client.data.can_edit
          ? { status: 403, message: 'You can only edit your own clients' }
          : undefined;
  const name = client.data ? `${client.data.first_name} ${client.data.last_name}` : undefined;
  usePageTitle(
    ...(failure ? [errorTitle(failure)] : [name ? `Edit ${name}` : 'Edit client', 'Clients']),
  );

  if (failure) {
    const back =
      id !== undefined && client.data
        ? { to: clientPath(id), label: 'Back to the client' }
        : { to: CLIENTS_PATH, label: 'Back to clients' };
    return <ErrorPanel {...failure} back={back} />;
  }
  if (!client.isSuccess || id === undefined) return <CenteredSpinner />;

  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Clients', to: CLIENTS_PATH },
          { label: name ?? '', to: clientPath(id) },
          { label: 'Edit' },
        ]}
      />
      <PageHeader title={`Edit ${name}`} />
      <ClientForm
        defaultValues={clientToForm(client.data)}
        submitLabel="Save changes"
        cancelTo={clientPath(id)}
        successMessage={success}
        error={update.error}
        onSubmit={async (input) => {
          await update.mutateAsync({ id, data: input });
          await invalidate(id);
          setSuccess(updatedMessage('Client'));
        }}
      />
    </>
  );
}
