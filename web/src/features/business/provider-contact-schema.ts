import { z } from 'zod';
import type { ProviderContact } from '@/api/gen/model/providerContact';
import type { ProviderContactInput } from '@/api/gen/model/providerContactInput';
import { formatPhone, phoneDigits } from '@/lib/format';
import { optionalText, requiredText } from '@/lib/validation';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const CONTACT_LABELS = {
  name: 'Name',
  role: 'Role',
  phone: 'Phone',
  email: 'Email',
} as const;

export type ContactField = keyof typeof CONTACT_LABELS;
export const CONTACT_FIELDS = Object.keys(CONTACT_LABELS) as ContactField[];

const L = CONTACT_LABELS;

/** The contact form, with the messages the server gives for the same rules. */
export const contactFormSchema = z.object({
  name: requiredText(L.name, 200),
  role: requiredText(L.role, 200),
  phone: optionalText(L.phone, 32).refine((v) => {
    if (v === '') return true;
    const digits = phoneDigits(v);
    return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
  }, `${L.phone} must have 10 digits`),
  email: optionalText(L.email, 254).refine(
    (v) => v === '' || EMAIL.test(v),
    `${L.email} must be a valid email address`,
  ),
});

export type ContactFormValues = z.input<typeof contactFormSchema>;

export function contactToForm(contact: ProviderContact | undefined): ContactFormValues {
  return {
    name: contact?.name ?? '',
    role: contact?.role ?? '',
    phone: contact?.phone ? formatPhone(contact.phone) : '',
    email: contact?.email ?? '',
  };
}

/** The body of a create or update: trimmed, the phone as its digits, empty fields left out. */
export function formToContactInput(values: ContactFormValues): ProviderContactInput {
  const phone = phoneDigits(values.phone.trim());
  const email = values.email.trim();
  return {
    name: values.name.trim(),
    role: values.role.trim(),
    ...(phone ? { phone } : {}),
    ...(email ? { email } : {}),
  };
}
