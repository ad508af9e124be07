import { useUpdateAccountBasicInformation } from '@/api/gen/endpoints/account/account';
import type { AccountProfile } from '@/api/gen/model/accountProfile';
import { enumChoices } from '@/components/choice-select';
import { FormFrame, FormSection } from '@/components/form-frame';
import { ACCOUNT_FORM_LABELS, ACCOUNT_PATH } from '@/lib/account-paths';
import { updatedMessage } from '@/lib/form';
import { AccountFormPage, useAccountForm } from './account-form-page';
import { ChoiceInput, TextInput } from './account-fields';
import {
  BASIC_FIELDS,
  BASIC_LABELS as L,
  GENDERS,
  MARITAL_STATUSES,
  SHIRT_SIZES,
  accountToBasicForm,
  basicFormToInput,
  basicSchema,
} from './account-schemas';
import { useAccountSaved } from './use-account-cache';

const NAME = ACCOUNT_FORM_LABELS['basic-information'];

/** account/basic-information — names, date of birth, gender, marital status, shirt size. */
export function BasicInformationPage() {
  return (
    <AccountFormPage title="Edit basic information">
      {(account) => <BasicInformationForm account={account} />}
    </AccountFormPage>
  );
}

function BasicInformationForm({ account }: { account: AccountProfile }) {
  const update = useUpdateAccountBasicInformation({
    mutation: { meta: { inlineValidation: true } },
  });
  const saved = useAccountSaved();
  const { form, onSubmit, success, error, isSubmitting } = useAccountForm({
    schema: basicSchema,
    defaultValues: accountToBasicForm(account),
    fields: BASIC_FIELDS,
    save: async (values) => {
      const answer = await update.mutateAsync({ data: basicFormToInput(values) });
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
      <FormSection id="account-section-basic" title={NAME}>
        <TextInput
          form={form}
          name="first_name"
          label={L.first_name}
          required
          autoComplete="given-name"
        />
        <TextInput
          form={form}
          name="last_name"
          label={L.last_name}
          required
          autoComplete="family-name"
        />
        <TextInput form={form} name="date_of_birth" label={L.date_of_birth} type="date" />
        <ChoiceInput form={form} name="gender" label={L.gender} choices={enumChoices(GENDERS)} />
        <ChoiceInput
          form={form}
          name="marital_status"
          label={L.marital_status}
          choices={enumChoices(MARITAL_STATUSES)}
        />
        <ChoiceInput
          form={form}
          name="shirt_size"
          label={L.shirt_size}
          choices={enumChoices(SHIRT_SIZES)}
        />
      </FormSection>
    </FormFrame>
  );
}
