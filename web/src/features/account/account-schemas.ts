import { z } from 'zod';
import type { AccountAddressInput } from '@/api/gen/model/accountAddressInput';
import type { AccountBasicInput } from '@/api/gen/model/accountBasicInput';
import type { AccountProfile } from '@/api/gen/model/accountProfile';
import type { AltPhoneInput } from '@/api/gen/model/altPhoneInput';
import type { Country } from '@/api/gen/model/country';
import type { Gender } from '@/api/gen/model/gender';
import type { MaritalStatus } from '@/api/gen/model/maritalStatus';
import type { PhoneInput } from '@/api/gen/model/phoneInput';
import type { ShirtSize } from '@/api/gen/model/shirtSize';
import type { SpouseInput } from '@/api/gen/model/spouseInput';
import type { StateCode } from '@/api/gen/model/stateCode';
import { requiredMessage } from '@/lib/field-rules';
import { formatPhone, tenDigitPhone } from '@/lib/format';
import { statesOf } from '@/lib/states';
import { emailText, optionalText, pastDateText, phoneText, requiredText } from '@/lib/validation';

// The account's edit forms: labels (messages are built from them), zod schemas, the form values
// of the account as it stands, and the API bodies of valid values. An empty optional field is
// left out of the body: the forms replace what they edit, so a field left out is cleared.

export const GENDERS = ['Male', 'Female'] as const satisfies readonly Gender[];
export const MARITAL_STATUSES = [
  'Married',
  'Single',
  'Divorced',
  'Widow',
] as const satisfies readonly MaritalStatus[];
export const SHIRT_SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const satisfies readonly ShirtSize[];

const optional = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};
const optionalPhone = (value: string) => optional(value) && tenDigitPhone(value);

/** The fields of a form's values that the server may name in its field errors. */
const fieldsOf = <T extends Record<string, string>>(labels: T) =>
  Object.keys(labels) as (keyof T & string)[];

// Basic information.

export const BASIC_LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  date_of_birth: 'Date of birth',
  gender: 'Gender',
  marital_status: 'Marital status',
  shirt_size: 'Shirt size',
} as const;
export const BASIC_FIELDS = fieldsOf(BASIC_LABELS);

export const basicSchema = z.object({
  first_name: requiredText(BASIC_LABELS.first_name, 100),
  last_name: requiredText(BASIC_LABELS.last_name, 100),
  date_of_birth: pastDateText(BASIC_LABELS.date_of_birth),
  gender: z.string(),
  marital_status: z.string(),
  shirt_size: z.string(),
});
export type BasicFormValues = z.input<typeof basicSchema>;

export function accountToBasicForm(a: AccountProfile): BasicFormValues {
  return {
    first_name: a.first_name,
    last_name: a.last_name,
    date_of_birth: a.date_of_birth ?? '',
    gender: a.gender ?? '',
    marital_status: a.marital_status ?? '',
    shirt_size: a.shirt_size ?? '',
  };
}

export function basicFormToInput(v: BasicFormValues): AccountBasicInput {
  return {
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    date_of_birth: optional(v.date_of_birth),
    gender: optional(v.gender) as Gender | undefined,
    marital_status: optional(v.marital_status) as MaritalStatus | undefined,
    shirt_size: optional(v.shirt_size) as ShirtSize | undefined,
  };
}

// Address, within the associate's country.

export const ADDRESS_LABELS = {
  line1: 'Address line 1',
  line2: 'Address line 2',
  city: 'City',
  state: 'State / province',
  postal_code: 'Postal code',
} as const;
export const ADDRESS_FIELDS = fieldsOf(ADDRESS_LABELS);

export function addressSchema(country: Country) {
  return z.object({
    line1: requiredText(ADDRESS_LABELS.line1, 200),
    line2: optionalText(ADDRESS_LABELS.line2, 200),
    city: requiredText(ADDRESS_LABELS.city, 100),
    state: z
      .string()
      .min(1, requiredMessage(ADDRESS_LABELS.state))
      .refine(
        (code) => code === '' || statesOf(country).some((s) => s.code === code),
        `${ADDRESS_LABELS.state} must be in ${country}`,
      ),
    postal_code: requiredText(ADDRESS_LABELS.postal_code, 16),
  });
}
export type AddressFormValues = z.input<ReturnType<typeof addressSchema>>;

export function accountToAddressForm(a: AccountProfile): AddressFormValues {
  return {
    line1: a.address.line1 ?? '',
    line2: a.address.line2 ?? '',
    city: a.address.city ?? '',
    state: a.address.state ?? '',
    postal_code: a.address.postal_code ?? '',
  };
}

export function addressFormToInput(v: AddressFormValues): AccountAddressInput {
  return {
    line1: v.line1.trim(),
    line2: optional(v.line2),
    city: v.city.trim(),
    state: v.state as StateCode,
    postal_code: v.postal_code.trim(),
  };
}

// Phone (required) and alternative phone (empty removes it).

export const PHONE_LABEL = 'Phone';
export const ALT_PHONE_LABEL = 'Alternative phone';
export const PHONE_FIELDS = ['phone'] as const;

export const phoneSchema = z.object({ phone: phoneText(PHONE_LABEL, { required: true }) });
export const altPhoneSchema = z.object({ phone: phoneText(ALT_PHONE_LABEL) });
export type PhoneFormValues = z.input<typeof phoneSchema>;

export const phoneFormToInput = (v: PhoneFormValues): PhoneInput => ({
  phone: tenDigitPhone(v.phone),
});
export const altPhoneFormToInput = (v: PhoneFormValues): AltPhoneInput => ({
  phone: optionalPhone(v.phone),
});
export const phoneToForm = (phone: string | undefined): PhoneFormValues => ({
  phone: formatPhone(phone),
});

// Email: a change waits for the link mailed to the new address.

export const EMAIL_LABEL = 'New email';
export const EMAIL_FIELDS = ['email'] as const;
export const emailSchema = z.object({ email: emailText(EMAIL_LABEL, { required: true }) });
export type EmailFormValues = z.input<typeof emailSchema>;

// Spouse: all empty removes them.

export const SPOUSE_LABELS = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  date_of_birth: 'Date of birth',
} as const;
export const SPOUSE_FIELDS = fieldsOf(SPOUSE_LABELS);

export const spouseSchema = z.object({
  name: optionalText(SPOUSE_LABELS.name, 200),
  email: emailText(SPOUSE_LABELS.email),
  phone: phoneText(SPOUSE_LABELS.phone),
  date_of_birth: pastDateText(SPOUSE_LABELS.date_of_birth),
});
export type SpouseFormValues = z.input<typeof spouseSchema>;

export function accountToSpouseForm(a: AccountProfile): SpouseFormValues {
  return {
    name: a.spouse.name ?? '',
    email: a.spouse.email ?? '',
    phone: formatPhone(a.spouse.phone),
    date_of_birth: a.spouse.date_of_birth ?? '',
  };
}

export function spouseFormToInput(v: SpouseFormValues): SpouseInput {
  return {
    name: optional(v.name),
    email: optional(v.email),
    phone: optionalPhone(v.phone),
    date_of_birth: optional(v.date_of_birth),
  };
}
