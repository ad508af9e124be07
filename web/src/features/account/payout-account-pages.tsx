import { Badge, Callout, Card, DataList, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useParams } from 'react-router';
import {
  createPayoutAccount,
  getGetPayoutAccountQueryKey,
  getListPayoutAccountsQueryKey,
  getPayoutDocumentSignedURL,
  updatePayoutAccount,
  useGetPayoutAccount,
} from '@/api/gen/endpoints/payouts/payouts';
import type { Country } from '@/api/gen/model/country';
import type { PayoutAccount } from '@/api/gen/model/payoutAccount';
import { CenteredSpinner } from '@/components/centered-spinner';
import { DetailField } from '@/components/detail-field';
import { ErrorPanel } from '@/components/error-panel';
import { FormField, fieldA11y } from '@/components/form-field';
import { FormFrame, FormSection } from '@/components/form-frame';
import { accountTabPath } from '@/lib/account-paths';
import { errorDetails } from '@/lib/errors';
import { parsePositiveId } from '@/lib/ids';
import { DOCUMENT_FILE, fileAccept } from '@/lib/file-rules';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { useAccess } from '@/lib/use-access';
import { AccountFormPage, useAccountForm } from './account-form-page';
import { useAccountRecordsChanged } from './use-account-cache';
import { ChoiceInput, TextInput } from './account-fields';
import { PAYOUT_STATUS_COLORS, holderText } from './payout-accounts-tab';
import { PAYOUTS_REVIEW, PayoutReviewPanel } from './payout-review-panel';
import {
  ACCOUNT_TYPES,
  HOLDERS,
  PAYOUT_FIELDS,
  PAYOUT_LABELS as L,
  payoutEditable,
  payoutFormToInput,
  payoutSchema,
  payoutToForm,
  routingHint,
} from './payout-schemas';
import { uploadFile } from '@/lib/upload';

const PAYOUT_TAB = accountTabPath('payout-informations');
const parent = { label: 'Payout information', to: PAYOUT_TAB };
const HOLDER_CHOICES: Record<(typeof HOLDERS)[number], string> = {
  Owner: 'Owner (the account is mine)',
  Authorized: 'Authorized (someone else owns it)',
};
const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** account/payout-informations/create — a new bank account for commission deposits. */
export function PayoutAccountCreatePage() {
  return (
    <AccountFormPage
      title="Add payout account"
      parent={parent}
      description="The payments team checks the account against its void cheque. The account in use stays until the new one is approved."
    >
      {(account) => <PayoutAccountForm country={account.country} />}
    </AccountFormPage>
  );
}

/** account/payout-informations/:id — one account: where it stands, its change while the
 *  associate may change it, and for staff with payouts.review (admin mode) their decision. */
export function PayoutAccountPage() {
  const id = parsePositiveId(useParams().id);
  return (
    <AccountFormPage title="Payout account" parent={parent}>
      {(account) =>
        id !== undefined ? (
          <PayoutAccountView id={id} country={account.country} />
        ) : (
          <ErrorPanel
            status={404}
            message="Payout account not found"
            back={{ to: PAYOUT_TAB, label: 'Back to payout information' }}
          />
        )
      }
    </AccountFormPage>
  );
}

function PayoutAccountView({ id, country }: { id: number; country: Country }) {
  const query = useGetPayoutAccount(id, { query: { meta: { toast: false } } });
  const { permissions } = useAccess();
  if (query.isError) {
    return (
      <ErrorPanel
        {...errorDetails(query.error)}
        back={{ to: PAYOUT_TAB, label: 'Back to payout information' }}
      />
    );
  }
  const a = query.data;
  if (!a) return <CenteredSpinner />;
  const editable = payoutEditable(a.status);
  return (
    <Flex direction="column" gap="5">
      <PayoutSummary account={a} />
      {permissions.includes(PAYOUTS_REVIEW) ? <PayoutReviewPanel id={a.id} /> : null}
      {editable ? (
        <PayoutAccountForm key={a.id} country={country} account={a} />
      ) : (
        <Text size="2" color="gray">
          {a.status === 'Pending For Owner'
            ? 'The account waits for its owner’s approval and cannot be changed now.'
            : 'An approved account cannot be changed. To be paid into another account, add it: this one stays in use until the new one is approved.'}
        </Text>
      )}
    </Flex>
  );
}

function PayoutSummary({ account: a }: { account: PayoutAccount }) {
  return (
    <Card size="3">
      <Flex direction="column" gap="4">
        <Flex gap="3" align="center" wrap="wrap">
          <Heading as="h2" size="4">
            {a.bank_name} ••••{a.account_last4}
          </Heading>
          <Badge color={PAYOUT_STATUS_COLORS[a.status]}>{a.status}</Badge>
          {a.active ? <Badge color="green">In use</Badge> : null}
        </Flex>
        {a.rejection_reason || a.note ? (
          <Callout.Root color={a.status === 'Pending For Associate' ? 'amber' : 'red'} size="1">
            <Callout.Text>{[a.rejection_reason, a.note].filter(Boolean).join(': ')}</Callout.Text>
          </Callout.Root>
        ) : null}
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          <DetailField label={L.routing_number}>{a.routing_number}</DetailField>
          <DetailField label={L.account_number}>••••{a.account_last4}</DetailField>
          <DetailField label={L.account_type}>{a.account_type}</DetailField>
          <DetailField label={L.holder}>{holderText(a)}</DetailField>
          {a.owner_email ? <DetailField label={L.owner_email}>{a.owner_email}</DetailField> : null}
          <DetailField label="Supporting document">
            {a.document_url ? (
              <Link href={a.document_url} target="_blank" rel="noopener noreferrer">
                Open the void cheque
              </Link>
            ) : null}
          </DetailField>
          <DetailField label="Added">{formatDateTime(a.created_at)}</DetailField>
          <DetailField label="Updated">{formatDateTime(a.updated_at)}</DetailField>
        </DataList.Root>
      </Flex>
    </Card>
  );
}

/** The form that adds an account, or (with `account`) changes one and sends it to staff again.
 *  The void cheque goes first to the upload URL of GET …/signed-url, then its id into the body. */
function PayoutAccountForm({ country, account }: { country: Country; account?: PayoutAccount }) {
  const queryClient = useQueryClient();
  const changed = useAccountRecordsChanged();
  const editing = Boolean(account);
  const state = useAccountForm({
    schema: payoutSchema(country, { editing }),
    defaultValues: payoutToForm(account),
    fields: PAYOUT_FIELDS,
    redirectTo: PAYOUT_TAB,
    save: async (values) => {
      let document: string | undefined;
      if (values.document) {
        document = await uploadFile(getPayoutDocumentSignedURL, values.document);
      }
      const body = payoutFormToInput(values, document);
      const saved = account
        ? await updatePayoutAccount(account.id, body)
        : await createPayoutAccount(body);
      queryClient.setQueryData(getGetPayoutAccountQueryKey(saved.id), saved);
      await changed(getListPayoutAccountsQueryKey());
      return editing
        ? 'Payout account changed: the payments team checks it again'
        : 'Payout account added: the payments team checks it next';
    },
  });
  const { form } = state;
  const holder = form.watch('holder');
  const documentError = form.formState.errors.document?.message;

  return (
    <FormFrame
      label={editing ? 'Change payout account' : 'Add payout account'}
      onSubmit={state.onSubmit}
      submitLabel={editing ? 'Send the change' : 'Add account'}
      cancelTo={PAYOUT_TAB}
      isSubmitting={state.isSubmitting}
      successMessage={state.success}
      error={state.error}
    >
      <FormSection id="payout-bank" title={editing ? 'Change the account' : 'Bank account'}>
        <TextInput form={form} name="bank_name" label={L.bank_name} required />
        <TextInput
          form={form}
          name="routing_number"
          label={L.routing_number}
          required
          hint={routingHint(country)}
          autoComplete="off"
        />
        <TextInput
          form={form}
          name="account_number"
          label={L.account_number}
          required
          autoComplete="off"
          hint={
            editing
              ? 'Type the whole number again: only its last 4 digits are kept on show.'
              : undefined
          }
        />
        <TextInput
          form={form}
          name="confirm_account_number"
          label={L.confirm_account_number}
          required
          autoComplete="off"
        />
        <ChoiceInput
          form={form}
          name="account_type"
          label={L.account_type}
          required
          choices={choices(ACCOUNT_TYPES)}
        />
        <ChoiceInput
          form={form}
          name="holder"
          label={L.holder}
          required
          choices={HOLDERS.map((value) => ({ value, label: HOLDER_CHOICES[value] }))}
        />
      </FormSection>
      {holder === 'Authorized' ? (
        <FormSection id="payout-owner" title="The account's owner">
          <TextInput form={form} name="holder_name" label={L.holder_name} required />
          <TextInput
            form={form}
            name="owner_email"
            label={L.owner_email}
            type="email"
            required
            hint="After the payments team approves, the owner gets a link to confirm."
          />
        </FormSection>
      ) : null}
      <FormSection id="payout-document" title="Supporting document">
        <FormField
          id="account-document"
          label={editing ? 'Replace the void cheque' : L.document}
          required={!editing}
          error={documentError}
          hint={
            editing
              ? 'Leave it empty to keep the current document while the numbers stay the same; new numbers need their cheque. PDF, JPG, PNG or WebP, at most 10 MB.'
              : 'A void cheque or a bank letter showing the numbers: PDF, JPG, PNG or WebP, at most 10 MB.'
          }
        >
          <Controller
            control={form.control}
            name="document"
            render={({ field }) => (
              <input
                {...fieldA11y('account-document', documentError)}
                className="file-input"
                type="file"
                accept={fileAccept(DOCUMENT_FILE)}
                name={field.name}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.files?.[0])}
              />
            )}
          />
          {form.watch('document') ? (
            <Text size="1" color="gray">
              {form.watch('document')?.name} · {formatFileSize(form.watch('document')?.size)}
            </Text>
          ) : null}
        </FormField>
      </FormSection>
    </FormFrame>
  );
}
