import { describe, expect, it } from 'vitest';
import type { Policy } from '@/api/gen/model/policy';
import {
  emptyPolicyForm,
  formToPolicyInput,
  formToPreviewInput,
  policyFormSchema,
  policyToForm,
  type PolicyFormValues,
} from './policy-schema';

// A form filled in as far as the schema requires.
const filled = (over: Partial<PolicyFormValues> = {}): PolicyFormValues => ({
  ...emptyPolicyForm(7),
  policy_number: ' LF-1 ',
  product_id: '5',
  face_amount: '500,000',
  target_premium: '1,234.56',
  submitted_on: '2026-10-02',
  ...over,
});

/** The message the form shows under each field (the first the schema gives for it). */
function messages(values: PolicyFormValues): Record<string, string> {
  const result = policyFormSchema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const policy = (over: Partial<Policy> = {}): Policy => ({
  id: 31,
  policy_number: 'LF-1/7',
  provider_id: 2,
  provider_name: 'Acme Life',
  product_id: 5,
  product_name: 'Term 20',
  category: 'Life Insurance',
  type: 'Term',
  commission_rate_bp: 11000,
  client_id: 7,
  client_name: 'Ann Baker',
  client_state: 'FL',
  writers: [
    { code: 'AGT100', name: 'Alex Carter', share_bp: 6667, bv_cents: 1, premium_cents: 1 },
    { code: 'AGT200', name: 'Bea Dunn', share_bp: 3333, bv_cents: 1, premium_cents: 1 },
  ],
  trainer: { code: 'AGT300', name: 'Cy Trainer' },
  face_amount_cents: 50_000_000,
  target_premium_cents: 123_456,
  bv_cents: 123_456,
  status: 'Pending',
  submitted_on: '2026-10-02',
  issued_on: '2026-10-09',
  notes: 'Call first.',
  open_requirements: 0,
  can_edit: true,
  next_statuses: [],
  can_lapse: false,
  created_at: '2026-10-02T00:00:00Z',
  updated_at: '2026-10-03T00:00:00Z',
  ...over,
});

describe('policy form schema', () => {
  it('turns money typed in dollars into integer cents, exactly', () => {
    const values = filled({ face_amount: '$1,000,000.10', target_premium: '1,234.56' });
    expect(messages(values)).toEqual({});
    const input = formToPolicyInput(values);
    expect(input.target_premium_cents).toBe(123456);
    expect(input.face_amount_cents).toBe(100000010);
    // 0.29 × 100 is 28.999… as a float: the cents come from the digits.
    expect(formToPolicyInput(filled({ target_premium: '0.29' })).target_premium_cents).toBe(29);
    expect(formToPolicyInput(filled({ target_premium: '19.9' })).target_premium_cents).toBe(1990);
  });

  it('refuses three decimals, words and a negative amount with the field’s message', () => {
    expect(messages(filled({ target_premium: '1.234' }))).toEqual({
      target_premium: 'Annual target premium must be an amount in dollars',
    });
    expect(messages(filled({ face_amount: 'lots' }))).toEqual({
      face_amount: 'Face amount must be an amount in dollars',
    });
    expect(messages(filled({ target_premium: '-5' }))).toEqual({
      target_premium: 'Annual target premium must be greater than or equal to 0',
    });
    expect(messages(filled({ target_premium: '  ' }))).toEqual({
      target_premium: 'Annual target premium is required',
    });
  });

  it('sends the split partner’s share in basis points, and no split without a partner', () => {
    const split = formToPolicyInput(filled({ split_code: 'AGT200', split_share: '33.33' }));
    expect(split).toMatchObject({ split_code: 'AGT200', split_share_bp: 3333 });
    // 16.9 × 100 is 1689.99… as a float: the basis points come from the digits too.
    expect(
      formToPolicyInput(filled({ split_code: 'AGT200', split_share: '16.9' })).split_share_bp,
    ).toBe(1690);
    const alone = formToPolicyInput(filled({ split_code: '', split_share: '33.33' }));
    expect(alone).not.toHaveProperty('split_code');
    expect(alone).not.toHaveProperty('split_share_bp');
  });

  it('builds the whole body: trimmed number, ids as numbers, empty optionals left out', () => {
    expect(formToPolicyInput(filled({ trainer_code: 'AGT300', notes: '  Hi ' }))).toEqual({
      policy_number: 'LF-1',
      client_id: 7,
      product_id: 5,
      face_amount_cents: 50_000_000,
      target_premium_cents: 123_456,
      submitted_on: '2026-10-02',
      issued_on: undefined,
      trainer_code: 'AGT300',
      notes: 'Hi',
    });
  });

  it('asks for the share only with a split partner, above 0 and below 100', () => {
    const share = 'Their share must be a percent above 0 and below 100';
    expect(messages(filled({ split_code: '', split_share: '' }))).toEqual({});
    expect(messages(filled({ split_code: '', split_share: '250' }))).toEqual({});
    for (const bad of ['', '0', '100', '120', '-1', 'half', '33.333']) {
      expect(messages(filled({ split_code: 'AGT200', split_share: bad }))).toEqual({
        split_share: share,
      });
    }
    for (const good of ['0.01', '50', '99.99', ' 33.33 ']) {
      expect(messages(filled({ split_code: 'AGT200', split_share: good }))).toEqual({});
    }
  });

  it('requires the number, client, product and sale date', () => {
    expect(
      messages({ ...emptyPolicyForm(), face_amount: '1', target_premium: '1', submitted_on: '' }),
    ).toMatchObject({
      policy_number: 'Policy number is required',
      client_id: 'Client is required',
      product_id: 'Product is required',
      submitted_on: 'Submitted on is required',
    });
  });
});

describe('policyToForm', () => {
  it('takes the writer who is not the caller as the split, with their share', () => {
    expect(policyToForm(policy(), 'AGT100')).toEqual({
      policy_number: 'LF-1/7',
      client_id: '7',
      product_id: '5',
      face_amount: '500000.00',
      target_premium: '1234.56',
      submitted_on: '2026-10-02',
      issued_on: '2026-10-09',
      split_code: 'AGT200',
      split_share: '33.33',
      trainer_code: 'AGT300',
      notes: 'Call first.',
    });
    // The split partner editing sees the first writer as their split.
    expect(policyToForm(policy(), 'AGT200')).toMatchObject({
      split_code: 'AGT100',
      split_share: '66.67',
    });
  });

  it('has no split for a policy with one writer, and blanks for what is missing', () => {
    const single = policy({
      writers: [{ code: 'AGT100', name: 'Alex', share_bp: 10000, bv_cents: 1, premium_cents: 1 }],
      trainer: undefined,
      issued_on: undefined,
      notes: undefined,
    });
    expect(policyToForm(single, 'AGT100')).toMatchObject({
      split_code: '',
      split_share: '50',
      trainer_code: '',
      issued_on: '',
      notes: '',
    });
  });

  it('comes back to the policy it came from', () => {
    const form = policyToForm(policy(), 'AGT100');
    expect(messages(form)).toEqual({});
    expect(formToPolicyInput(form)).toMatchObject({
      face_amount_cents: 50_000_000,
      target_premium_cents: 123_456,
      split_code: 'AGT200',
      split_share_bp: 3333,
    });
  });
});

describe('formToPreviewInput', () => {
  it('is undefined until a product and a valid premium are entered', () => {
    const empty = emptyPolicyForm();
    expect(formToPreviewInput(empty)).toBeUndefined();
    expect(formToPreviewInput({ ...empty, product_id: '5' })).toBeUndefined();
    expect(formToPreviewInput({ ...empty, target_premium: '100' })).toBeUndefined();
    expect(formToPreviewInput({ ...empty, product_id: '5', target_premium: '1.234' })).toBe(
      undefined,
    );
    expect(formToPreviewInput({ ...empty, product_id: '5', target_premium: '-1' })).toBe(undefined);
    expect(
      formToPreviewInput({ ...empty, product_id: '5', target_premium: '1,000', submitted_on: '' }),
    ).toEqual({
      product_id: 5,
      target_premium_cents: 100000,
      submitted_on: undefined,
      trainer_code: undefined,
    });
  });

  it('carries the sale date, the split and the trainer, and waits for a valid share', () => {
    const base = filled({ split_code: 'AGT200', split_share: '25', trainer_code: 'AGT300' });
    expect(formToPreviewInput(base)).toEqual({
      product_id: 5,
      target_premium_cents: 123456,
      submitted_on: '2026-10-02',
      split_code: 'AGT200',
      split_share_bp: 2500,
      trainer_code: 'AGT300',
    });
    expect(formToPreviewInput({ ...base, split_share: '100' })).toBeUndefined();
    expect(formToPreviewInput({ ...base, split_share: '' })).toBeUndefined();
  });
});
