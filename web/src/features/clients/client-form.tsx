import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Separator, Text, TextArea, TextField } from '@radix-ui/themes';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { ClientInput } from '@/api/gen/model/clientInput';
import { ChoiceSelect, enumChoices } from '@/components/choice-select';
import { FormFrame, FormSection } from '@/components/form-frame';
import { FormField, fieldA11y, fieldErrorId } from '@/components/form-field';
import { applyServerErrors } from '@/lib/form';
import { statesOf } from '@/lib/states';
import {
  CLIENT_FIELDS,
  CLIENT_LABELS as L,
  COUNTRIES,
  GENDERS,
  MARITAL_STATUSES,
  clientFormSchema,
  formToClientInput,
  type ClientFormValues,
} from './client-schema';

export interface ClientFormProps {
  defaultValues: ClientFormValues;
  submitLabel: string;
  cancelTo: string;
  /** Sends the body; rejects with the API error. */
  onSubmit: (input: ClientInput) => Promise<unknown>;
  /** Set once the form succeeded: shown as the success message; the form is then locked. */
  successMessage?: string | null;
  error?: unknown;
}

/** The client form (create and edit): react-hook-form + zod, server field errors by the fields. */
export function ClientForm({
  defaultValues,
  submitLabel,
  cancelTo,
  onSubmit,
  successMessage,
  error,
}: ClientFormProps) {
  const form = useForm<ClientFormValues>({
    resolver: zodResolver(clientFormSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const country = useWatch({ control: form.control, name: 'country' });
  const state = useWatch({ control: form.control, name: 'state' });

  // A state of the other country does not survive a change of country.
  useEffect(() => {
    if (state && !statesOf(country).some((s) => s.code === state)) form.setValue('state', '');
  }, [country, state, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(formToClientInput(values));
    } catch (failure) {
      applyServerErrors(failure, form.setError, CLIENT_FIELDS);
    }
  });

  const err = (name: keyof ClientFormValues) => errors[name]?.message;
  const text = (name: keyof ClientFormValues, props: Record<string, unknown> = {}) => (
    <FormField
      id={`client-${name}`}
      label={L[name]}
      error={err(name)}
      required={name === 'first_name' || name === 'last_name'}
    >
      <TextField.Root
        {...fieldA11y(`client-${name}`, err(name))}
        {...props}
        {...form.register(name)}
      />
    </FormField>
  );
  const select = (
    name: 'gender' | 'marital_status' | 'state' | 'country',
    choices: { value: string; label: string }[],
    required = false,
  ) => (
    <FormField id={`client-${name}`} label={L[name]} error={err(name)} required={required}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <ChoiceSelect
            id={`client-${name}`}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            choices={choices}
            allowEmpty={!required}
            invalid={Boolean(err(name))}
            describedBy={err(name) ? fieldErrorId(`client-${name}`) : undefined}
          />
        )}
      />
    </FormField>
  );

  return (
    <FormFrame
      label="Client"
      onSubmit={(event) => void submit(event)}
      submitLabel={submitLabel}
      cancelTo={cancelTo}
      isSubmitting={isSubmitting}
      successMessage={successMessage}
      error={error}
    >
      <FormSection id="client-section-person" title="Person">
        {text('first_name', { autoComplete: 'off' })}
        {text('last_name', { autoComplete: 'off' })}
        {text('date_of_birth', { type: 'date' })}
        {select('gender', enumChoices(GENDERS))}
        {select('marital_status', enumChoices(MARITAL_STATUSES))}
      </FormSection>
      <Separator size="4" />
      <FormSection id="client-section-contact" title="Contact">
        {text('email', { type: 'email', autoComplete: 'off' })}
        {text('phone', { type: 'tel', placeholder: '(555) 555-5555' })}
      </FormSection>
      <Separator size="4" />
      <FormSection id="client-section-address" title="Address">
        {text('address_line1')}
        {text('address_line2')}
        {text('city')}
        {select('country', enumChoices(COUNTRIES), true)}
        {select(
          'state',
          statesOf(country).map((s) => ({
            value: s.code,
            label: `${s.label} (${s.code})`,
          })),
        )}
        {text('postal_code')}
      </FormSection>
      <Separator size="4" />
      <FormSection id="client-section-finance" title="Finances and notes">
        <FormField
          id="client-annual_income"
          label={L.annual_income}
          error={err('annual_income')}
          hint="In US dollars."
        >
          <TextField.Root
            inputMode="decimal"
            {...fieldA11y('client-annual_income', err('annual_income'))}
            {...form.register('annual_income')}
          >
            <TextField.Slot>
              <Text size="2" color="gray">
                $
              </Text>
            </TextField.Slot>
          </TextField.Root>
        </FormField>
        <Box gridColumn="1 / -1">
          <FormField id="client-notes" label={L.notes} error={err('notes')}>
            <TextArea
              rows={4}
              {...fieldA11y('client-notes', err('notes'))}
              {...form.register('notes')}
            />
          </FormField>
        </Box>
      </FormSection>
    </FormFrame>
  );
}
