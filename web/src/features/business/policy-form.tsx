import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Callout,
  Card,
  Flex,
  Heading,
  Separator,
  Text,
  TextArea,
  TextField,
} from '@radix-ui/themes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { previewCommission } from '@/api/gen/endpoints/business/business';
import { useListProducts } from '@/api/gen/endpoints/providers/providers';
import type { CommissionPreviewInput } from '@/api/gen/model/commissionPreviewInput';
import type { PolicyInput } from '@/api/gen/model/policyInput';
import { AssociateLookup } from '@/components/associate-lookup';
import { ChoiceSelect } from '@/components/choice-select';
import { ClientLookup } from '@/components/client-lookup';
import { FormFrame, FormSection } from '@/components/form-frame';
import { FormField, fieldA11y, fieldErrorId } from '@/components/form-field';
import { errorMessage, fieldErrors } from '@/lib/errors';
import { applyServerErrors } from '@/lib/form';
import { formatRate } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { CommissionLines } from './commission-lines';
import {
  POLICY_LABELS as L,
  POLICY_SERVER_FIELDS,
  formToPolicyInput,
  formToPreviewInput,
  policyFormSchema,
  type PolicyFormValues,
} from './policy-schema';
import './policies.css';

export interface PolicyFormProps {
  defaultValues: PolicyFormValues;
  submitLabel: string;
  cancelTo: string;
  /** Sends the body; rejects with the API error. */
  onSubmit: (input: PolicyInput) => Promise<unknown>;
  /** Set once the form succeeded: shown as the success message; the form is then locked. */
  successMessage?: string | null;
  error?: unknown;
  /** Shown under the client picker (the create page's way to add a new client first). */
  clientAction?: ReactNode;
}

/** What everyone in the chain would earn on the policy as the form stands: asked again a moment
 *  after the product, premium, date, split or trainer change. */
function PreviewPanel({ control }: { control: Control<PolicyFormValues> }) {
  const values = useWatch({ control }) as PolicyFormValues;
  // Debounced as text: the input is a new object at every render, and a debounced object would
  // render the panel again every 400 ms for ever.
  const key = useDebouncedValue(JSON.stringify(formToPreviewInput(values) ?? null), 400);
  const input = useMemo(
    () => (JSON.parse(key) as CommissionPreviewInput | null) ?? undefined,
    [key],
  );
  const preview = useQuery({
    queryKey: ['/policies/preview', key],
    queryFn: ({ signal }) => previewCommission(input!, { retries: 0 }, signal),
    enabled: input !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { toast: false },
  });
  return (
    <Card size="3" className="policy-preview" role="region" aria-labelledby="policy-preview-title">
      <Heading as="h2" size="3" mb="3" id="policy-preview-title">
        Commission preview
      </Heading>
      <div aria-live="polite" aria-busy={preview.isFetching}>
        {input === undefined ? (
          <Text size="2" color="gray">
            Choose a product and enter the target premium to see what everyone in your chain would
            earn.
          </Text>
        ) : preview.isError ? (
          <Callout.Root color="amber" variant="surface">
            <Callout.Text>{errorMessage(preview.error)}</Callout.Text>
          </Callout.Root>
        ) : preview.data ? (
          <Box style={{ opacity: preview.isPlaceholderData || preview.isFetching ? 0.6 : 1 }}>
            <CommissionLines preview={preview.data} caption="Commission preview" compact />
          </Box>
        ) : (
          <Text size="2" color="gray">
            Calculating…
          </Text>
        )}
      </div>
    </Card>
  );
}

/** The policy form (create and edit) with its live commission preview. */
export function PolicyForm({
  defaultValues,
  submitLabel,
  cancelTo,
  onSubmit,
  successMessage,
  error,
  clientAction,
}: PolicyFormProps) {
  const form = useForm<PolicyFormValues>({
    resolver: zodResolver(policyFormSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const splitCode = useWatch({ control: form.control, name: 'split_code' });
  const products = useListProducts(
    { limit: 1000, 'filter[active][eq]': true },
    { query: { staleTime: 300_000 } },
  );
  const productChoices = (products.data?.data ?? [])
    .filter((p) => p.active)
    .map((p) => ({
      value: String(p.id),
      label: `${p.provider_name} — ${p.name} (${p.type}, ${formatRate(p.commission_rate_bp)})`,
    }));

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(formToPolicyInput(values));
    } catch (failure) {
      // The server names the body's fields (face_amount_cents); the form, what a person types.
      const errors = fieldErrors(failure).map((e) => ({
        ...e,
        field: POLICY_SERVER_FIELDS[e.field] ?? e.field,
      }));
      applyServerErrors({ errors }, form.setError, Object.values(POLICY_SERVER_FIELDS));
    }
  });

  const err = (name: keyof PolicyFormValues) => errors[name]?.message;
  const text = (
    name: keyof PolicyFormValues,
    props: Record<string, unknown> = {},
    opts: { required?: boolean; hint?: string; prefix?: string } = {},
  ) => (
    <FormField
      id={`policy-${name}`}
      label={L[name]}
      error={err(name)}
      required={opts.required}
      hint={opts.hint}
    >
      <TextField.Root
        {...fieldA11y(`policy-${name}`, err(name))}
        {...props}
        {...form.register(name)}
      >
        {opts.prefix ? (
          <TextField.Slot>
            <Text size="2" color="gray">
              {opts.prefix}
            </Text>
          </TextField.Slot>
        ) : null}
      </TextField.Root>
    </FormField>
  );

  return (
    <div className="policy-form-layout">
      <FormFrame
        label="Policy"
        onSubmit={(event) => void submit(event)}
        submitLabel={submitLabel}
        cancelTo={cancelTo}
        isSubmitting={isSubmitting}
        successMessage={successMessage}
        error={error}
      >
        <FormSection id="policy-section-what" title="Client and product">
          <Flex direction="column" gap="1">
            <Controller
              control={form.control}
              name="client_id"
              render={({ field }) => (
                <ClientLookup
                  label={L.client_id}
                  value={field.value ? Number(field.value) : undefined}
                  onChange={(id) => field.onChange(id ? String(id) : '')}
                  error={err('client_id')}
                />
              )}
            />
            {clientAction}
          </Flex>
          <FormField id="policy-product_id" label={L.product_id} error={err('product_id')} required>
            <Controller
              control={form.control}
              name="product_id"
              render={({ field }) => (
                <ChoiceSelect
                  id="policy-product_id"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  choices={productChoices}
                  placeholder={products.isPending ? 'Loading products…' : 'Select…'}
                  invalid={Boolean(err('product_id'))}
                  describedBy={err('product_id') ? fieldErrorId('policy-product_id') : undefined}
                />
              )}
            />
          </FormField>
          {text('policy_number', { autoComplete: 'off' }, { required: true })}
          {text(
            'face_amount',
            { inputMode: 'decimal' },
            { required: true, prefix: '$', hint: 'In US dollars.' },
          )}
          {text(
            'target_premium',
            { inputMode: 'decimal' },
            {
              required: true,
              prefix: '$',
              hint: 'The annual target premium, in US dollars.',
            },
          )}
        </FormSection>
        <Separator size="4" />
        <FormSection id="policy-section-dates" title="Dates">
          {text('submitted_on', { type: 'date' }, { required: true, hint: 'The sale date.' })}
          {text('issued_on', { type: 'date' })}
        </FormSection>
        <Separator size="4" />
        <FormSection id="policy-section-writers" title="Split and trainer">
          <Controller
            control={form.control}
            name="split_code"
            render={({ field }) => (
              <AssociateLookup
                label={L.split_code}
                placeholder="Another writer, for a split"
                value={field.value || undefined}
                onChange={(code) => field.onChange(code ?? '')}
                error={err('split_code')}
              />
            )}
          />
          {splitCode
            ? text(
                'split_share',
                { inputMode: 'decimal' },
                {
                  required: true,
                  hint: 'In percent; you keep the rest. 50 is a 50/50 split.',
                },
              )
            : null}
          <Controller
            control={form.control}
            name="trainer_code"
            render={({ field }) => (
              <AssociateLookup
                label={L.trainer_code}
                placeholder="Who trained you on this sale"
                value={field.value || undefined}
                onChange={(code) => field.onChange(code ?? '')}
                error={err('trainer_code')}
              />
            )}
          />
          <Box gridColumn="1 / -1">
            <FormField id="policy-notes" label={L.notes} error={err('notes')}>
              <TextArea
                rows={3}
                {...fieldA11y('policy-notes', err('notes'))}
                {...form.register('notes')}
              />
            </FormField>
          </Box>
        </FormSection>
      </FormFrame>
      <PreviewPanel control={form.control} />
    </div>
  );
}
