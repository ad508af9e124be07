import { z } from 'zod';
import type { AccountHolder } from '@/api/gen/model/accountHolder';
import type { BankAccountType } from '@/api/gen/model/bankAccountType';
import type { Country } from '@/api/gen/model/country';
import type { PayoutAccount } from '@/api/gen/model/payoutAccount';
import type { PayoutAccountInput } from '@/api/gen/model/payoutAccountInput';
import type { PayoutStatus } from '@/api/gen/model/payoutStatus';
import type { RejectionReason } from '@/api/gen/model/rejectionReason';
import { requiredMessage } from '@/lib/field-rules';
import { DOCUMENT_FILE, fileError } from '@/lib/file-rules';
import { emailText, fileValue, requiredText } from '@/lib/validation';

// The payout account form (account/payout-informations/create and …/{id}): labels, the checks
// the server makes (server/payout: the ABA check digit, Canadian transit and institution, the
// length of an account number), so that a typo is caught before the upload, and the body.

export const ACCOUNT_TYPES = ['Checking', 'Savings'] as const satisfies readonly BankAccountType[];
export const HOLDERS = ['Owner', 'Authorized'] as const satisfies readonly AccountHolder[];
export const REJECTION_REASONS = [
  'Unmatched Supporting Document',
  'Invalid Supporting Document',
  'Duplicate Information',
  'Other',
] as const satisfies readonly RejectionReason[];

export const PAYOUT_LABELS = {
  bank_name: 'Bank name',
  routing_number: 'Routing number',
  account_number: 'Account number',
  confirm_account_number: 'Confirm account number',
  account_type: 'Account type',
  holder: 'Account holder',
  holder_name: "Owner's name",
  owner_email: "Owner's email",
  document: 'Supporting document (void cheque)',
} as const;

/** The fields the server may name in its field errors. */
export const PAYOUT_FIELDS = [
  'bank_name',
  'routing_number',
  'account_number',
  'account_type',
  'holder',
  'holder_name',
  'owner_email',
  'document',
] as const;

/** Whether the associate may change an account in a status (server/payout Editable): not while
 *  it is in use or waits for its owner. */
export function payoutEditable(status: PayoutStatus): boolean {
  return (
    status === 'Pending For Admin' ||
    status === 'Pending For Associate' ||
    status === 'Rejected By Admin' ||
    status === 'Rejected By Owner'
  );
}

const digits = (value: string) => value.replace(/[\s-]/g, '');

/** A US routing number: nine digits whose weighted sum (3, 7, 1, …) is a multiple of ten. */
export function validABA(value: string): boolean {
  const d = digits(value);
  if (!/^\d{9}$/.test(d)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(d[i]) * (weights[i] ?? 0);
  return sum % 10 === 0;
}

/** A Canadian routing number: transit and institution as on a cheque (12345-003) or the EFT
 *  form (0 + institution + transit: 000312345). */
export function validCanadianRouting(value: string): boolean {
  const v = value.trim();
  if (v.includes('-')) return /^\d{5}\s*-\s*\d{3}$/.test(v);
  return /^0\d{8}$/.test(v.replace(/\s/g, ''));
}

/** The digits an account number may have in a country (server/payout Check). */
export function accountDigits(country: Country): [number, number] {
  return country === 'Canada' ? [7, 12] : [4, 17];
}

export function routingHint(country: Country): string {
  return country === 'Canada'
    ? 'The transit and institution numbers on your cheque, like 12345-003.'
    : 'The 9-digit ABA number at the bottom left of your cheque.';
}

/** The form of a country; a change (`editing`) may leave the document out (the account's
 *  stays). */
export function payoutSchema(country: Country, { editing = false }: { editing?: boolean } = {}) {
  const [lo, hi] = accountDigits(country);
  const L = PAYOUT_LABELS;
  return z
    .object({
      bank_name: requiredText(L.bank_name, 200),
      routing_number: requiredText(L.routing_number, 32).refine(
        (v) => (country === 'Canada' ? validCanadianRouting(v) : validABA(v)),
        country === 'Canada'
          ? `${L.routing_number} must be the transit and institution numbers, like 12345-003`
          : `${L.routing_number} must be a valid 9-digit ABA routing number`,
      ),
      account_number: requiredText(L.account_number, 32).refine((v) => {
        const d = digits(v);
        return /^\d+$/.test(d) && d.length >= lo && d.length <= hi;
      }, `${L.account_number} must have ${lo} to ${hi} digits`),
      confirm_account_number: z.string().trim().min(1, requiredMessage(L.confirm_account_number)),
      account_type: z.enum(ACCOUNT_TYPES),
      holder: z.enum(HOLDERS),
      holder_name: z.string().trim().max(200),
      owner_email: emailText(L.owner_email),
      document: fileValue(),
    })
    .superRefine((v, ctx) => {
      const problem = fileError(v.document, DOCUMENT_FILE, editing ? undefined : L.document);
      if (problem) ctx.addIssue({ code: 'custom', path: ['document'], message: problem });
      if (
        v.confirm_account_number &&
        digits(v.confirm_account_number) !== digits(v.account_number)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirm_account_number'],
          message: 'The account numbers do not match',
        });
      }
      if (v.holder === 'Authorized') {
        if (!v.holder_name) {
          ctx.addIssue({
            code: 'custom',
            path: ['holder_name'],
            message: requiredMessage(L.holder_name),
          });
        }
        if (!v.owner_email) {
          ctx.addIssue({
            code: 'custom',
            path: ['owner_email'],
            message: requiredMessage(L.owner_email),
          });
        }
      }
    });
}
export type PayoutFormValues = z.input<ReturnType<typeof payoutSchema>>;

/** The form of an account as it stands: the numbers are never shown whole, so a change types
 *  the account number again. */
export function payoutToForm(a?: PayoutAccount): PayoutFormValues {
  return {
    bank_name: a?.bank_name ?? '',
    routing_number: a?.routing_number ?? '',
    account_number: '',
    confirm_account_number: '',
    account_type: a?.account_type ?? 'Checking',
    holder: a?.holder ?? 'Owner',
    holder_name: a?.holder_name ?? '',
    owner_email: a?.owner_email ?? '',
    document: undefined,
  };
}

/** The body of valid values and the uploaded document's file id (none keeps the current one). */
export function payoutFormToInput(v: PayoutFormValues, document?: string): PayoutAccountInput {
  const authorized = v.holder === 'Authorized';
  return {
    bank_name: v.bank_name.trim(),
    routing_number: v.routing_number.trim(),
    account_number: digits(v.account_number),
    account_type: v.account_type,
    holder: v.holder,
    holder_name: authorized ? v.holder_name.trim() : undefined,
    owner_email: authorized ? v.owner_email.trim() : undefined,
    document,
  };
}
