import { Text } from '@radix-ui/themes';
import { useUpdateAccountAddress } from '@/api/gen/endpoints/account/account';
import type { AccountProfile } from '@/api/gen/model/accountProfile';
import { FormFrame, FormSection } from '@/components/form-frame';
import { ACCOUNT_FORM_LABELS, ACCOUNT_PATH } from '@/lib/account-paths';
import { updatedMessage } from '@/lib/form';
import { statesOf } from '@/lib/states';
import { AccountFormPage, useAccountForm } from './account-form-page';
import { ChoiceInput, TextInput } from './account-fields';
import {
  ADDRESS_FIELDS,
  ADDRESS_LABELS as L,
  accountToAddressForm,
  addressFormToInput,
  addressSchema,
} from './account-schemas';
import { useAccountSaved } from './use-account-cache';

const NAME = ACCOUNT_FORM_LABELS.address;

/** account/address — the mailing address, within the associate's country. */
export function AddressPage() {
  return (
    <AccountFormPage title="Edit address">
      {(account) => <AddressForm account={account} />}
    </AccountFormPage>
  );
}

function AddressForm({ account }: { account: AccountProfile }) {
  const update = useUpdateAccountAddress({ mutation: { meta: { inlineValidation: true } } });
  const saved = useAccountSaved();
  const { form, onSubmit, success, error, isSubmitting } = useAccountForm({
    schema: addressSchema(account.country),
    defaultValues: accountToAddressForm(account),
    fields: ADDRESS_FIELDS,
    save: async (values) => {
      const answer = await update.mutateAsync({ data: addressFormToInput(values) });
      await saved(account.code, answer);
      return updatedMessage(NAME);
    },
  });
  const states = statesOf(account.country).map((s) => ({
    value: s.code,
    label: `${s.label} (${s.code})`,
  }));
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
      <FormSection id="account-section-address" title="Mailing address">
        <TextInput form={form} name="line1" label={L.line1} required autoComplete="address-line1" />
        <TextInput form={form} name="line2" label={L.line2} autoComplete="address-line2" />
        <TextInput form={form} name="city" label={L.city} required autoComplete="address-level2" />
        <ChoiceInput form={form} name="state" label={L.state} required choices={states} />
        <TextInput
          form={form}
          name="postal_code"
          label={L.postal_code}
          required
          autoComplete="postal-code"
        />
      </FormSection>
      <Text size="2" color="gray">
        The address is in {account.country}, the country of your account.
      </Text>
    </FormFrame>
  );
}
