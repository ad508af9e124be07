import { z } from 'zod';
import type { CommissionPreviewInput } from '@/api/gen/model/commissionPreviewInput';
import type { Policy } from '@/api/gen/model/policy';
import type { PolicyInput } from '@/api/gen/model/policyInput';
import { requiredMessage } from '@/lib/field-rules';
import { centsToDollars, dollarsToCents, formatRate, percentToBasisPoints } from '@/lib/format';
import { isoDate } from '@/lib/period';
import { dollarsText, optionalText, requiredText } from '@/lib/validation';

/** The labels of the policy form; messages are built from them. */
export const POLICY_LABELS = {
  policy_number: 'Policy number',
  client_id: 'Client',
  product_id: 'Product',
  face_amount: 'Face amount',
  target_premium: 'Annual target premium',
  submitted_on: 'Submitted on',
  issued_on: 'Issued on',
  split_code: 'Split with',
  split_share: 'Their share',
  trainer_code: 'Field trainer',
  notes: 'Notes',
} as const;

const L = POLICY_LABELS;

/** The form's fields as the server names them (its 422 errors land under these). */
export const POLICY_SERVER_FIELDS: Record<string, keyof PolicyFormValues> = {
  policy_number: 'policy_number',
  client_id: 'client_id',
  product_id: 'product_id',
  face_amount_cents: 'face_amount',
  target_premium_cents: 'target_premium',
  submitted_on: 'submitted_on',
  issued_on: 'issued_on',
  split_code: 'split_code',
  split_share_bp: 'split_share',
  trainer_code: 'trainer_code',
  notes: 'notes',
};

const MAX_CENTS = 1_000_000_000_000;

/** An amount of money typed in dollars: required, within the contract. */
const money = (label: string) => dollarsText(label, { required: true, maxCents: MAX_CENTS });

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const policyFormSchema = z
  .object({
    policy_number: requiredText(L.policy_number, 40),
    client_id: z.string().min(1, requiredMessage(L.client_id)),
    product_id: z.string().min(1, requiredMessage(L.product_id)),
    face_amount: money(L.face_amount),
    target_premium: money(L.target_premium),
    submitted_on: z.string().min(1, requiredMessage(L.submitted_on)).pipe(date),
    issued_on: z.union([z.literal(''), date]),
    split_code: z.string(),
    split_share: z.string().trim(),
    trainer_code: z.string(),
    notes: optionalText(L.notes, 4000),
  })
  .superRefine((v, ctx) => {
    if (!v.split_code) return;
    const bp = percentToBasisPoints(v.split_share);
    if (bp === undefined || bp <= 0 || bp >= 10000) {
      ctx.addIssue({
        code: 'custom',
        path: ['split_share'],
        message: `${L.split_share} must be a percent above 0 and below 100`,
      });
    }
  });

export type PolicyFormValues = z.input<typeof policyFormSchema>;

export function emptyPolicyForm(clientId?: number): PolicyFormValues {
  return {
    policy_number: '',
    client_id: clientId ? String(clientId) : '',
    product_id: '',
    face_amount: '',
    target_premium: '',
    submitted_on: isoDate(new Date()),
    issued_on: '',
    split_code: '',
    split_share: '50',
    trainer_code: '',
    notes: '',
  };
}

/** The form of a saved policy: the split is the writer who is not the caller. */
export function policyToForm(p: Policy, callerCode: string | undefined): PolicyFormValues {
  const other = p.writers.length > 1 ? p.writers.find((w) => w.code !== callerCode) : undefined;
  return {
    policy_number: p.policy_number,
    client_id: String(p.client_id),
    product_id: String(p.product_id),
    face_amount: centsToDollars(p.face_amount_cents),
    target_premium: centsToDollars(p.target_premium_cents),
    submitted_on: p.submitted_on,
    issued_on: p.issued_on ?? '',
    split_code: other?.code ?? '',
    split_share: other ? formatRate(other.share_bp).replace('%', '') : '50',
    trainer_code: p.trainer?.code ?? '',
    notes: p.notes ?? '',
  };
}

function splitOf(v: PolicyFormValues) {
  if (!v.split_code) return {};
  return { split_code: v.split_code, split_share_bp: percentToBasisPoints(v.split_share) };
}

/** The body of a valid form. */
export function formToPolicyInput(v: PolicyFormValues): PolicyInput {
  return {
    policy_number: v.policy_number.trim(),
    client_id: Number(v.client_id),
    product_id: Number(v.product_id),
    face_amount_cents: dollarsToCents(v.face_amount) ?? 0,
    target_premium_cents: dollarsToCents(v.target_premium) ?? 0,
    submitted_on: v.submitted_on,
    issued_on: v.issued_on || undefined,
    ...splitOf(v),
    trainer_code: v.trainer_code || undefined,
    notes: v.notes?.trim() || undefined,
  };
}

/** What a commission preview needs of the form so far, or undefined while it cannot ask. */
export function formToPreviewInput(v: PolicyFormValues): CommissionPreviewInput | undefined {
  const premium = dollarsToCents(v.target_premium);
  if (!v.product_id || premium === undefined || premium < 0 || premium > MAX_CENTS)
    return undefined;
  const split = splitOf(v);
  if (
    split.split_code &&
    (split.split_share_bp === undefined ||
      split.split_share_bp <= 0 ||
      split.split_share_bp >= 10000)
  )
    return undefined;
  return {
    product_id: Number(v.product_id),
    target_premium_cents: premium,
    submitted_on: /^\d{4}-\d{2}-\d{2}$/.test(v.submitted_on) ? v.submitted_on : undefined,
    ...split,
    trainer_code: v.trainer_code || undefined,
  };
}
