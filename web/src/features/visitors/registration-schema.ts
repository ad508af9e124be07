import { z } from 'zod';
import type { Country } from '@/api/gen/model/country';
import type { RegistrationInput } from '@/api/gen/model/registrationInput';
import type { RegistrationInputKind } from '@/api/gen/model/registrationInputKind';
import type { StateCode } from '@/api/gen/model/stateCode';
import { requiredMessage } from '@/lib/field-rules';
import { tenDigitPhone } from '@/lib/format';
import { STATES } from '@/lib/states';
import {
  emailText,
  newPasswordText,
  phoneText,
  requiredChoice,
  requiredText,
} from '@/lib/validation';

export const COUNTRIES = ['USA', 'Canada'] as const satisfies readonly Country[];

/** The labels of the registration form; messages are built from them. */
export const REGISTRATION_LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
  country: 'Country',
  state: 'State / province',
  password: 'Password',
  agree: 'Membership agreement',
} as const;

const L = REGISTRATION_LABELS;

export const AGREEMENT_NOT_ACCEPTED = 'Accept the membership agreement to register';

export const registrationSchema = z
  .object({
    first_name: requiredText(L.first_name, 100),
    last_name: requiredText(L.last_name, 100),
    email: emailText(L.email, { required: true }),
    phone: phoneText(L.phone, { required: true }),
    country: requiredChoice(L.country, COUNTRIES),
    state: z.string().min(1, requiredMessage(L.state)),
    password: newPasswordText(L.password),
    agree: z.boolean().refine((accepted) => accepted, AGREEMENT_NOT_ACCEPTED),
  })
  .refine(
    (values) =>
      values.state === '' ||
      STATES.some((s) => s.code === values.state && s.country === values.country),
    { path: ['state'], message: `${L.state} must be in the chosen country` },
  );

export type RegistrationFormValues = z.input<typeof registrationSchema>;
export type RegistrationField = keyof RegistrationFormValues;

export function emptyRegistrationForm(country: Country): RegistrationFormValues {
  return {
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    country,
    state: '',
    password: '',
    agree: false,
  };
}

/** The form field a server's field error belongs to (the agreement's version is the box). */
export function registrationField(field: string): RegistrationField | undefined {
  if (field === 'agreement_version') return 'agree';
  return field in L ? (field as RegistrationField) : undefined;
}

/** The API body of valid form values, for the upline, the plan and the agreement accepted. */
export function formToRegistrationInput(
  values: RegistrationFormValues,
  {
    upline,
    kind,
    agreementVersion,
  }: {
    upline: string;
    kind: RegistrationInputKind;
    agreementVersion: string;
  },
): RegistrationInput {
  return {
    upline_code: upline,
    kind,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone: tenDigitPhone(values.phone),
    country: values.country as Country,
    state: values.state as StateCode,
    password: values.password,
    agreement_version: agreementVersion,
  };
}
