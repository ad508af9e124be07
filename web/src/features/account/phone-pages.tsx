import {
  useUpdateAccountAltPhone,
  useUpdateAccountPhone,
} from '@/api/gen/endpoints/account/account';
import type { AccountProfile } from '@/api/gen/model/accountProfile';
import { FormFrame, FormSection } from '@/components/form-frame';
import { ACCOUNT_FORM_LABELS, ACCOUNT_PATH } from '@/lib/account-paths';
import { updatedMessage } from '@/lib/form';
import { AccountFormPage, useAccountForm } from './account-form-page';
import { TextInput } from './account-fields';
import {
  ALT_PHONE_LABEL,
  PHONE_FIELDS,
  PHONE_LABEL,
  altPhoneFormToInput,
  altPhoneSchema,
  phoneFormToInput,
  phoneSchema,
  phoneToForm,
} from './account-schemas';
import { useAccountSaved } from './use-account-cache';

/** account/phone — the phone number. */
export function PhonePage() {
  return (
    <AccountFormPage title="Edit phone">
      {(account) => <PhoneForm account={account} />}
    </AccountFormPage>
  );
}

/** account/alt-phone — the alternative phone number; empty removes it. */
export function AltPhonePage() {
  return (
    <AccountFormPage title="Edit alternative phone">
      {(account) => <AltPhoneForm account={account} />}
    </AccountFormPage>
  );
}

function PhoneForm({ account }: { account: AccountProfile }) {
  const update = useUpdateAccountPhone({ mutation: { meta: { inlineValidation: true } } });
  const saved = useAccountSaved();
  const name = ACCOUNT_FORM_LABELS.phone;
  const state = useAccountForm({
    schema: phoneSchema,
    defaultValues: phoneToForm(account.phone),
    fields: PHONE_FIELDS,
    save: async (values) => {
      const answer = await update.mutateAsync({ data: phoneFormToInput(values) });
      await saved(account.code, answer);
      return updatedMessage(name);
    },
  });
  return <PhoneFrame {...state} name={name} label={PHONE_LABEL} required />;
}

function AltPhoneForm({ account }: { account: AccountProfile }) {
  const update = useUpdateAccountAltPhone({ mutation: { meta: { inlineValidation: true } } });
  const saved = useAccountSaved();
  const name = ACCOUNT_FORM_LABELS['alt-phone'];
  const state = useAccountForm({
    schema: altPhoneSchema,
    defaultValues: phoneToForm(account.alt_phone),
    fields: PHONE_FIELDS,
    save: async (values) => {
      const answer = await update.mutateAsync({ data: altPhoneFormToInput(values) });
      await saved(account.code, answer);
      return updatedMessage(name);
    },
  });
  return (
    <PhoneFrame
      {...state}
      name={name}
      label={ALT_PHONE_LABEL}
      hint="Leave it empty to remove the alternative phone."
    />
  );
}

function PhoneFrame({
  form,
  onSubmit,
  success,
  error,
  isSubmitting,
  name,
  label,
  required,
  hint,
}: ReturnType<typeof useAccountForm<{ phone: string }>> & {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
}) {
  return (
    <FormFrame
      label={name}
      onSubmit={onSubmit}
      submitLabel="Save changes"
      cancelTo={ACCOUNT_PATH}
      isSubmitting={isSubmitting}
      successMessage={success}
      error={error}
    >
      <FormSection id="account-section-phone" title={name}>
        <TextInput
          form={form}
          name="phone"
          label={label}
          required={required}
          hint={hint}
          type="tel"
          autoComplete="tel"
          placeholder="(555) 555-5555"
        />
      </FormSection>
    </FormFrame>
  );
}
