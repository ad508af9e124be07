import { Button, Callout, Flex } from '@radix-ui/themes';
import { useState } from 'react';
import { Link, useMatch } from 'react-router';
import { useCreateClient } from '@/api/gen/endpoints/clients/clients';
import { Breadcrumbs, type Crumb } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ArrowLeftIcon } from '@/components/icons/arrow-left';
import { InfoCircledIcon } from '@/components/icons/info-circled';
import { PageHeader } from '@/components/page-header';
import {
  BUSINESS_PATH,
  POLICY_CLIENT_CREATE_PATH,
  POLICY_CREATE_PATH,
  policyCreateForClientPath,
} from '@/lib/business-paths';
import { createdMessage, useRedirectAfterSuccess } from '@/lib/form';
import { usePageTitle } from '@/lib/page-title';
import { useAccess } from '@/lib/use-access';
import { ClientForm } from './client-form';
import { emptyClientForm } from './client-schema';
import { CLIENTS_PATH } from './paths';
import { useInvalidateClients } from './use-client-cache';

const CLIENT_CRUMBS: readonly Crumb[] = [
  { label: 'Clients', to: CLIENTS_PATH },
  { label: 'New client' },
];
const POLICY_CRUMBS: readonly Crumb[] = [
  { label: 'Business', to: BUSINESS_PATH },
  { label: 'New policy', to: POLICY_CREATE_PATH },
  { label: 'New client' },
];

/**
 * business/clients/create and business/create/client: associates only (they own clients).
 * The second is the first step of a policy for a new client: once saved, the policy form opens
 * with the client chosen.
 */
export function ClientCreatePage() {
  const forPolicy = useMatch(POLICY_CLIENT_CREATE_PATH) !== null;
  usePageTitle('New client', forPolicy ? 'New policy' : 'Clients');
  const access = useAccess();
  return (
    <>
      <Breadcrumbs items={forPolicy ? POLICY_CRUMBS : CLIENT_CRUMBS} />
      <PageHeader
        title="New client"
        description={
          access.isStaff
            ? undefined
            : forPolicy
              ? 'Step 1 of 2 of a new policy: add the client, then write their policy.'
              : 'Add a client to your book of business.'
        }
      />
      {access.canOwnClients ? (
        <NewClientForm forPolicy={forPolicy} />
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

function NewClientForm({ forPolicy }: { forPolicy: boolean }) {
  const create = useCreateClient({ mutation: { meta: { inlineValidation: true } } });
  const invalidate = useInvalidateClients();
  const [createdId, setCreatedId] = useState<number | null>(null);
  // The client list's create route goes back to the list; the policy's first step goes on to
  // the policy form with the new client chosen.
  useRedirectAfterSuccess(
    createdId === null ? null : forPolicy ? policyCreateForClientPath(createdId) : CLIENTS_PATH,
  );
  return (
    <ClientForm
      defaultValues={emptyClientForm}
      submitLabel={forPolicy ? 'Create client and continue' : 'Create client'}
      cancelTo={forPolicy ? POLICY_CREATE_PATH : CLIENTS_PATH}
      successMessage={createdId === null ? null : createdMessage('Client')}
      error={create.error}
      onSubmit={async (input) => {
        const client = await create.mutateAsync({ data: input });
        await invalidate();
        setCreatedId(client.id);
      }}
    />
  );
}
