import { useState } from 'react';
import { useGetClient, useUpdateClient } from '@/api/gen/endpoints/clients/clients';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { errorMessage, errorStatus } from '@/lib/errors';
import { updatedMessage, useRedirectAfterSuccess } from '@/lib/form';
import { ClientForm } from './client-form';
import { clientToForm } from './client-schema';
import { clientPath } from './paths';
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

  if (id === undefined) return <ErrorPanel status={404} message="Client not found" />;
  if (client.isPending) return <CenteredSpinner />;
  if (client.isError) {
    return <ErrorPanel status={errorStatus(client.error)} message={errorMessage(client.error)} />;
  }
  if (!client.data.can_edit) {
    return <ErrorPanel status={403} message="You can only edit your own clients" />;
  }

  const name = `${client.data.first_name} ${client.data.last_name}`;
  return (
    <>
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
