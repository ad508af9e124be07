import { Button, Callout, Flex } from '@radix-ui/themes';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCreateClient } from '@/api/gen/endpoints/clients/clients';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ArrowLeftIcon } from '@/components/icons/arrow-left';
import { InfoCircledIcon } from '@/components/icons/info-circled';
import { PageHeader } from '@/components/page-header';
import { createdMessage, useRedirectAfterSuccess } from '@/lib/form';
import { usePageTitle } from '@/lib/page-title';
import { useAccess } from '@/lib/use-access';
import { ClientForm } from './client-form';
import { emptyClientForm } from './client-schema';
import { CLIENTS_PATH } from './paths';
import { useInvalidateClients } from './use-client-cache';

/** business/clients/create and business/create/client: associates only (they own clients). */
export function ClientCreatePage() {
  usePageTitle('New client', 'Clients');
  const access = useAccess();
  return (
    <>
      <Breadcrumbs items={[{ label: 'Clients', to: CLIENTS_PATH }, { label: 'New client' }]} />
      <PageHeader
        title="New client"
        description={access.isStaff ? undefined : 'Add a client to your book of business.'}
      />
      {access.canOwnClients ? (
        <NewClientForm />
      ) : access.isStaff ? (
        <StaffCannotAdd canReadClients={access.canReadClients} />
      ) : (
        <CenteredSpinner />
      )}
    </>
  );
}

/** Staff own no clients: they are told so before filling in a form the server would refuse. */
function StaffCannotAdd({ canReadClients }: { canReadClients: boolean }) {
  return (
    <Flex direction="column" gap="4" align="start">
      <Callout.Root color="gray" variant="surface">
        <Callout.Icon>
          <InfoCircledIcon />
        </Callout.Icon>
        <Callout.Text>
          Only associates add clients: each client belongs to the associate who adds them. Your
          staff account cannot add one.
        </Callout.Text>
      </Callout.Root>
      <Button asChild variant="soft">
        {canReadClients ? (
          <Link to={CLIENTS_PATH}>
            <ArrowLeftIcon aria-hidden /> Back to clients
          </Link>
        ) : (
          <Link to="/">
            <ArrowLeftIcon aria-hidden /> Go to dashboard
          </Link>
        )}
      </Button>
    </Flex>
  );
}

function NewClientForm() {
  const create = useCreateClient({ mutation: { meta: { inlineValidation: true } } });
  const invalidate = useInvalidateClients();
  const [success, setSuccess] = useState<string | null>(null);
  // The parent of both create routes is the client list.
  useRedirectAfterSuccess(success ? CLIENTS_PATH : null);
  return (
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
  );
}
