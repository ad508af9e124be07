import { useState } from 'react';
import { useUpdatePolicy } from '@/api/gen/endpoints/business/business';
import type { Policy } from '@/api/gen/model/policy';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { BUSINESS_PATH, policyPath } from '@/lib/business-paths';
import { updatedMessage, useRedirectAfterSuccess } from '@/lib/form';
import { usePageTitle } from '@/lib/page-title';
import { useAccess } from '@/lib/use-access';
import { PolicyForm } from './policy-form';
import { policyToForm } from './policy-schema';
import { useInvalidatePolicies } from './use-policy-cache';
import { usePolicy } from './use-policy';

/** business/:policyNumber/edit — its writers, while it is Pending or Action Required. */
export function PolicyEditPage() {
  const ref = usePolicy();
  const { user } = useAccess();
  const policy = ref.policy;
  const closed =
    policy && !policy.can_edit
      ? {
          status: 409,
          message: `Policy ${policy.policy_number} is ${policy.status}: only its writers edit it, while it is Pending or Action Required.`,
        }
      : undefined;
  const failure = ref.failure ?? closed;
  usePageTitle(...(failure ? [errorTitle(failure)] : [`Edit policy ${ref.number}`, 'Business']));
  if (failure) {
    const back = policy
      ? { to: policyPath(policy), label: 'Back to the policy' }
      : { to: BUSINESS_PATH, label: 'Back to business' };
    return <ErrorPanel {...failure} back={back} />;
  }
  if (!policy || !user) return <CenteredSpinner />;
  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Business', to: BUSINESS_PATH },
          { label: `Policy ${policy.policy_number}`, to: policyPath(policy) },
          { label: 'Edit' },
        ]}
      />
      <PageHeader title={`Edit policy ${policy.policy_number}`} />
      <EditForm policy={policy} callerCode={user.code} />
    </>
  );
}

function EditForm({ policy, callerCode }: { policy: Policy; callerCode?: string }) {
  const update = useUpdatePolicy({ mutation: { meta: { inlineValidation: true } } });
  const invalidate = useInvalidatePolicies();
  const [saved, setSaved] = useState<Policy | null>(null);
  useRedirectAfterSuccess(saved ? policyPath(saved) : null);
  return (
    <PolicyForm
      defaultValues={policyToForm(policy, callerCode)}
      submitLabel="Save policy"
      cancelTo={policyPath(policy)}
      successMessage={saved ? updatedMessage('Policy') : null}
      error={update.error}
      onSubmit={async (input) => {
        const next = await update.mutateAsync({ id: policy.id, data: input });
        await invalidate();
        setSaved(next);
      }}
    />
  );
}
