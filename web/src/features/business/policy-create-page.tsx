import { Button, Callout, Flex, Link, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useCreatePolicy } from '@/api/gen/endpoints/business/business';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ArrowLeftIcon } from '@/components/icons/arrow-left';
import { InfoCircledIcon } from '@/components/icons/info-circled';
import { PageHeader } from '@/components/page-header';
import { BUSINESS_PATH, POLICY_CLIENT_CREATE_PATH } from '@/lib/business-paths';
import { createdMessage, useRedirectAfterSuccess } from '@/lib/form';
import { parsePositiveId } from '@/lib/ids';
import { usePageTitle } from '@/lib/page-title';
import { useAccess } from '@/lib/use-access';
import { PolicyForm } from './policy-form';
import { emptyPolicyForm } from './policy-schema';
import { useInvalidatePolicies } from './use-policy-cache';

/** business/create and business/create/:clientId — associates write policies (staff review). */
export function PolicyCreatePage() {
  usePageTitle('New policy', 'Business');
  const access = useAccess();
  const { clientId } = useParams();
  const client = parsePositiveId(clientId);
  return (
    <>
      <Breadcrumbs items={[{ label: 'Business', to: BUSINESS_PATH }, { label: 'New policy' }]} />
      <PageHeader
        title="New policy"
        description={
          access.isStaff
            ? undefined
            : 'Submit a policy you wrote; the preview shows what it pays your chain.'
        }
      />
      {access.isPending ? (
        <CenteredSpinner />
      ) : access.isStaff ? (
        <Flex direction="column" gap="4" align="start">
          <Callout.Root color="gray" variant="surface">
            <Callout.Icon>
              <InfoCircledIcon />
            </Callout.Icon>
            <Callout.Text>
              Only associates submit policies: each policy belongs to the associates who write it.
              Your staff account reviews them.
            </Callout.Text>
          </Callout.Root>
          <Button asChild variant="soft">
            <RouterLink to={BUSINESS_PATH}>
              <ArrowLeftIcon aria-hidden /> Back to business
            </RouterLink>
          </Button>
        </Flex>
      ) : (
        <NewPolicyForm clientId={client} />
      )}
    </>
  );
}

function NewPolicyForm({ clientId }: { clientId?: number }) {
  const create = useCreatePolicy({ mutation: { meta: { inlineValidation: true } } });
  const invalidate = useInvalidatePolicies();
  const [success, setSuccess] = useState<string | null>(null);
  // The parent of the create routes is the business list.
  useRedirectAfterSuccess(success ? BUSINESS_PATH : null);
  return (
    <PolicyForm
      defaultValues={emptyPolicyForm(clientId)}
      submitLabel="Submit policy"
      cancelTo={BUSINESS_PATH}
      successMessage={success}
      error={create.error}
      clientAction={
        <Text size="1" color="gray">
          Not a client yet?{' '}
          <Link asChild>
            <RouterLink to={POLICY_CLIENT_CREATE_PATH}>New client</RouterLink>
          </Link>
        </Text>
      }
      onSubmit={async (input) => {
        await create.mutateAsync({ data: input });
        await invalidate();
        setSuccess(createdMessage('Policy'));
      }}
    />
  );
}
