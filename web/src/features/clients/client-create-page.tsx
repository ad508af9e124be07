import { useState } from 'react';
import { useCreateClient } from '@/api/gen/endpoints/clients/clients';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeader } from '@/components/page-header';
import { createdMessage, useRedirectAfterSuccess } from '@/lib/form';
import { usePageTitle } from '@/lib/page-title';
import { ClientForm } from './client-form';
import { emptyClientForm } from './client-schema';
import { CLIENTS_PATH } from './paths';
import { useInvalidateClients } from './use-client-cache';

/** business/clients/create and business/create/client. */
export function ClientCreatePage() {
  usePageTitle('New client', 'Clients');
  const create = useCreateClient({ mutation: { meta: { inlineValidation: true } } });
  const invalidate = useInvalidateClients();
  const [success, setSuccess] = useState<string | null>(null);
  // The parent of both create routes is the client list.
  useRedirectAfterSuccess(success ? CLIENTS_PATH : null);

  return (
    <>
      <Breadcrumbs items={[{ label: 'Clients', to: CLIENTS_PATH }, { label: 'New client' }]} />
      <PageHeader title="New client" description="Add a client to your book of business." />
      <ClientForm
        defaultValues={emptyClientForm}
        submitLabel="Create client"
        cancelTo={CLIENTS_PATH}
        successMessage={success}
        error={create.error}
        onSubmit={async (input) => {
          await create.mutateAsync({ data: input });
          await invalidate();
          setSuccess(createdMessage('Client'));
        }}
      />
    </>
  );
}
