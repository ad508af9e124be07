import { useUpdateAccountSpouse } from '@/api/gen/endpoints/account/account';
import type { AccountProfile } from '@/api/gen/model/accountProfile';
import { FormFrame, FormSection } from '@/components/form-frame';
import { ACCOUNT_FORM_LABELS, ACCOUNT_PATH } from '@/lib/account-paths';
import { updatedMessage } from '@/lib/form';
import { AccountFormPage, useAccountForm } from './account-form-page';
import { TextInput } from './account-fields';
import {
  SPOUSE_FIELDS,
  SPOUSE_LABELS as L,
  accountToSpouseForm,
  spouseFormToInput,
  spouseSchema,
} from './account-schemas';
import { useAccountSaved } from './use-account-cache';

const NAME = ACCOUNT_FORM_LABELS.spouse;

/** account/spouse — the spouse's details; all empty removes them. */
export function SpousePage() {
  return (
    <AccountFormPage title="Edit spouse" description="Leave every field empty to remove them.">
      {(account) => <SpouseForm account={account} />}
    </AccountFormPage>
  );
}

function SpouseForm({ account }: { account: AccountProfile }) {
  const update = useUpdateAccountSpouse({ mutation: { meta: { inlineValidation: true } } });
  const saved = useAccountSaved();
  const { form, onSubmit, success, error, isSubmitting } = useAccountForm({
    schema: spouseSchema,
    defaultValues: accountToSpouseForm(account),
    fields: SPOUSE_FIELDS,
    save: async (values) => {
      const answer = await update.mutateAsync({ data: spouseFormToInput(values) });
      await saved(account.code, answer);
      return updatedMessage(NAME);
    },
  });
  return (
    <FormFrame
      label={NAME}
      onSubmit={onSubmit}
      submitLabel="Save changes"
      cancelTo={ACCOUNT_PATH}
      isSubmitting={isSubmitting}
      successMessage={success}
      error={error}
    >
      <FormSection id="account-section-spouse" title={NAME}>
        <TextInput form={form} name="name" label={L.name} autoComplete="off" />
        <TextInput form={form} name="email" label={L.email} type="email" autoComplete="off" />
        <TextInput
          form={form}
          name="phone"
          label={L.phone}
          type="tel"
          placeholder="(555) 555-5555"
        />
        <TextInput form={form} name="date_of_birth" label={L.date_of_birth} type="date" />
      </FormSection>
    </FormFrame>
  );
}
