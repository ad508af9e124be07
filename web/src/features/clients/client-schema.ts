import { z } from 'zod';
import type { Client } from '@/api/gen/model/client';
import type { ClientInput } from '@/api/gen/model/clientInput';
import type { Country } from '@/api/gen/model/country';
import type { Gender } from '@/api/gen/model/gender';
import type { MaritalStatus } from '@/api/gen/model/maritalStatus';
import type { StateCode } from '@/api/gen/model/stateCode';
import { centsToDollars, dollarsToCents, tenDigitPhone } from '@/lib/format';
import { STATES } from '@/lib/states';
import {
  dollarsText,
  emailText,
  optionalText,
  pastDateText,
  phoneText,
  requiredChoice,
  requiredText,
} from '@/lib/validation';

export const COUNTRIES = ['USA', 'Canada'] as const satisfies readonly Country[];
export const GENDERS = ['Male', 'Female'] as const satisfies readonly Gender[];
export const MARITAL_STATUSES = [
  'Married',
  'Single',
  'Divorced',
  'Widow',
] as const satisfies readonly MaritalStatus[];

/** The labels of the client form; messages are built from them. */
export const CLIENT_LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
  date_of_birth: 'Date of birth',
  gender: 'Gender',
  marital_status: 'Marital status',
  address_line1: 'Address line 1',
  address_line2: 'Address line 2',
  city: 'City',
  state: 'State / province',
  postal_code: 'Postal code',
  country: 'Country',
  annual_income: 'Annual income',
  notes: 'Notes',
} as const;

export type ClientField = keyof typeof CLIENT_LABELS;
export const CLIENT_FIELDS = Object.keys(CLIENT_LABELS) as ClientField[];

const L = CLIENT_LABELS;

export const clientFormSchema = z
  .object({
    first_name: requiredText(L.first_name, 100),
    last_name: requiredText(L.last_name, 100),
    email: emailText(L.email),
    phone: phoneText(L.phone, { max: 20 }),
    date_of_birth: pastDateText(L.date_of_birth),
    gender: z.string(),
    marital_status: z.string(),
    address_line1: optionalText(L.address_line1, 200),
    address_line2: optionalText(L.address_line2, 200),
    city: optionalText(L.city, 100),
    state: z.string(),
    postal_code: optionalText(L.postal_code, 10),
    country: requiredChoice(L.country, COUNTRIES),
    annual_income: dollarsText(L.annual_income),
    notes: optionalText(L.notes, 5000),
  })
  .refine(
    (values) =>
      values.state === '' ||
      STATES.some((s) => s.code === values.state && s.country === values.country),
    { path: ['state'], message: `${L.state} must be in the chosen country` },
  );

/** Form values: every field is the text of its input. */
export type ClientFormValues = z.input<typeof clientFormSchema>;

export const emptyClientForm: ClientFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  date_of_birth: '',
  gender: '',
  marital_status: '',
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  postal_code: '',
  country: 'USA',
  annual_income: '',
  notes: '',
};

export function clientToForm(client: Client): ClientFormValues {
  return {
    first_name: client.first_name,
    last_name: client.last_name,
    email: client.email ?? '',
    phone: client.phone ?? '',
    date_of_birth: client.date_of_birth ?? '',
    gender: client.gender ?? '',
    marital_status: client.marital_status ?? '',
    address_line1: client.address_line1 ?? '',
    address_line2: client.address_line2 ?? '',
    city: client.city ?? '',
    state: client.state ?? '',
    postal_code: client.postal_code ?? '',
    country: client.country,
    annual_income: centsToDollars(client.annual_income),
    notes: client.notes ?? '',
  };
}

const optional = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** The API body of valid form values (money in cents, phone as ten digits). */
export function formToClientInput(values: ClientFormValues): ClientInput {
  const phone = values.phone ? tenDigitPhone(values.phone) : '';
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: optional(values.email),
    phone: optional(phone),
    date_of_birth: optional(values.date_of_birth),
    gender: (optional(values.gender) as Gender | undefined) ?? undefined,
    marital_status: (optional(values.marital_status) as MaritalStatus | undefined) ?? undefined,
    address_line1: optional(values.address_line1),
    address_line2: optional(values.address_line2),
    city: optional(values.city),
    state: (optional(values.state) as StateCode | undefined) ?? undefined,
    postal_code: optional(values.postal_code),
    country: values.country as Country,
    annual_income: dollarsToCents(values.annual_income),
    notes: optional(values.notes),
  };
}
