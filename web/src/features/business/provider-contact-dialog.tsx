import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  createProviderContact,
  updateProviderContact,
} from '@/api/gen/endpoints/providers/providers';
import type { ProviderContact } from '@/api/gen/model/providerContact';
import type { ProviderContactInput } from '@/api/gen/model/providerContactInput';
import { FormField, fieldA11y } from '@/components/form-field';
import { applyServerErrors, createdMessage, updatedMessage } from '@/lib/form';
import { toast } from '@/lib/toast';
import {
  CONTACT_FIELDS,
  CONTACT_LABELS as L,
  contactFormSchema,
  contactToForm,
  formToContactInput,
  type ContactField,
  type ContactFormValues,
} from './provider-contact-schema';
import { ProviderFormDialog } from './provider-form-dialog';
import { useInvalidateProvider } from './provider-cache';

export interface ProviderContactDialogProps {
  providerId: number;
  /** The contact to edit; a new one without it. */
  contact?: ProviderContact;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Adds or edits a contact of a provider (staff with providers.manage). Render it with a
 *  `key` per contact so that each opening starts from that contact's values. */
export function ProviderContactDialog({
  providerId,
  contact,
  open,
  onOpenChange,
}: ProviderContactDialogProps) {
  const invalidate = useInvalidateProvider(providerId);
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: contactToForm(contact),
    mode: 'onTouched',
  });
  const save = useMutation({
    // Shown in the form: by the fields, or above them.
    meta: { toast: false },
    mutationFn: (input: ProviderContactInput) =>
      contact
        ? updateProviderContact(providerId, contact.id, input)
        : createProviderContact(providerId, input),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(formToContactInput(values));
    } catch (failure) {
      applyServerErrors(failure, form.setError, CONTACT_FIELDS);
      return;
    }
    await invalidate('contacts');
    toast.success(contact ? updatedMessage('Contact') : createdMessage('Contact'));
    onOpenChange(false);
  });

  const field = (name: ContactField, props: Record<string, unknown> = {}) => {
    const id = `contact-${name}`;
    const error = errors[name]?.message;
    return (
      <FormField
        id={id}
        label={L[name]}
        error={error}
        required={name === 'name' || name === 'role'}
      >
        <TextField.Root {...fieldA11y(id, error)} {...props} {...form.register(name)} />
      </FormField>
    );
  };

  return (
    <ProviderFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={contact ? 'Edit contact' : 'Add contact'}
      description={
        contact ? `Change the details of ${contact.name}.` : 'A person to call at this provider.'
      }
      submitLabel={contact ? 'Save contact' : 'Add contact'}
      submitting={form.formState.isSubmitting}
      error={save.error}
      onSubmit={(event) => void submit(event)}
    >
      {field('name', { autoComplete: 'off' })}
      {field('role', { autoComplete: 'off', placeholder: 'e.g. Brokerage manager' })}
      {field('phone', { type: 'tel', placeholder: '(555) 555-5555' })}
      {field('email', { type: 'email', autoComplete: 'off' })}
    </ProviderFormDialog>
  );
}
