import { Badge, DataList } from '@radix-ui/themes';
import { useRequestEmailChange } from '@/api/gen/endpoints/account/account';
import type { AccountProfile } from '@/api/gen/model/accountProfile';
import { DetailField } from '@/components/detail-field';
import { FormFrame, FormSection } from '@/components/form-frame';
import { ACCOUNT_FORM_LABELS, ACCOUNT_PATH } from '@/lib/account-paths';
import { AccountFormPage, useAccountForm } from './account-form-page';
import { TextInput } from './account-fields';
import { PENDING_EMAIL_NOTE } from './account-details';
import { EMAIL_FIELDS, EMAIL_LABEL, emailSchema } from './account-schemas';
import { useAccountSaved } from './use-account-cache';

/**
 * account/email — asks to change the email. Nothing changes until the link mailed to the new
 * address is followed, so the page shows what the server says happens next and stays.
 */
export function EmailPage() {
  return (
    <AccountFormPage
      title="Change email"
      description="We send a confirmation link to the new address; the change takes effect once it is followed."
    >
      {(account) => <EmailForm account={account} />}
    </AccountFormPage>
  );
}

function EmailForm({ account }: { account: AccountProfile }) {
  const request = useRequestEmailChange({ mutation: { meta: { inlineValidation: true } } });
  const saved = useAccountSaved();
  const { form, onSubmit, success, error, isSubmitting } = useAccountForm({
    schema: emailSchema,
    defaultValues: { email: '' },
    fields: EMAIL_FIELDS,
    redirect: false,
    save: async ({ email }) => {
      const notice = await request.mutateAsync({ data: { email: email.trim() } });
      await saved(account.code);
      return notice.message;
    },
  });
  return (
    <FormFrame
      label={ACCOUNT_FORM_LABELS.email}
      onSubmit={onSubmit}
      submitLabel="Send confirmation link"
      cancelTo={ACCOUNT_PATH}
      isSubmitting={isSubmitting}
      successMessage={success}
      error={error}
    >
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
        <DetailField label="Current email">{account.email}</DetailField>
        {account.pending_email ? (
          <DetailField label="Pending change">
            {account.pending_email}{' '}
            <Badge color="amber" variant="soft">
              {PENDING_EMAIL_NOTE}
            </Badge>
          </DetailField>
        ) : null}
      </DataList.Root>
      <FormSection id="account-section-email" title="New address">
        <TextInput
          form={form}
          name="email"
          label={EMAIL_LABEL}
          required
          type="email"
          autoComplete="email"
        />
      </FormSection>
    </FormFrame>
  );
}
