import { describe, expect, it } from 'vitest';
import {
  payoutFormToInput,
  payoutSchema,
  payoutToForm,
  validABA,
  validCanadianRouting,
  type PayoutFormValues,
} from './payout-schemas';

const valid: PayoutFormValues = {
  bank_name: ' First Texas Bank ',
  routing_number: '021000021',
  account_number: '1234 5678 9',
  confirm_account_number: '123456789',
  account_type: 'Checking',
  holder: 'Owner',
  holder_name: 'stale',
  owner_email: '',
  document: new File(['%PDF-1.4'], 'cheque.pdf', { type: 'application/pdf' }),
};

/** The messages of a parse, by field. */
function problems(values: PayoutFormValues, country: 'USA' | 'Canada' = 'USA', editing = false) {
  const result = payoutSchema(country, { editing }).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('payout account form', () => {
  it('checks a US routing number by its ABA check digit, as the server does', () => {
    expect(validABA('021000021')).toBe(true);
    expect(validABA('0210-0002-1')).toBe(true);
    expect(validABA('011000015')).toBe(true);
    expect(validABA('021000022')).toBe(false);
    expect(validABA('02100002')).toBe(false);
    expect(validABA('02100002A')).toBe(false);
  });

  it('reads a Canadian routing number as on a cheque or in EFT form', () => {
    expect(validCanadianRouting('12345-003')).toBe(true);
    expect(validCanadianRouting('000312345')).toBe(true);
    expect(validCanadianRouting('12345003')).toBe(false);
    expect(validCanadianRouting('1234-003')).toBe(false);
  });

  it('accepts a valid account and sends digits only, without the owner of an Owner account', () => {
    expect(problems(valid)).toEqual({});
    expect(payoutFormToInput(valid, 'file-1')).toEqual({
      bank_name: 'First Texas Bank',
      routing_number: '021000021',
      account_number: '123456789',
      account_type: 'Checking',
      holder: 'Owner',
      holder_name: undefined,
      owner_email: undefined,
      document: 'file-1',
    });
  });

  it('names each problem under its field', () => {
    expect(
      problems({
        ...valid,
        bank_name: ' ',
        routing_number: '021000022',
        account_number: '12',
        confirm_account_number: '13',
        holder: 'Authorized',
        holder_name: '',
        owner_email: 'nope',
        document: undefined,
      }),
    ).toEqual({
      bank_name: 'Bank name is required',
      routing_number: 'Routing number must be a valid 9-digit ABA routing number',
      account_number: 'Account number must have 4 to 17 digits',
      confirm_account_number: 'The account numbers do not match',
      holder_name: "Owner's name is required",
      owner_email: "Owner's email must be a valid email address",
      document: 'Supporting document (void cheque) is required',
    });
  });

  it('follows the country: Canadian transit numbers and 7 to 12 digits', () => {
    // 021000021 would be a Canadian EFT number (institution 210, transit 00021): use others.
    expect(
      problems(
        {
          ...valid,
          routing_number: '121000021',
          account_number: '123456',
          confirm_account_number: '123456',
        },
        'Canada',
      ),
    ).toEqual({
      routing_number: 'Routing number must be the transit and institution numbers, like 12345-003',
      account_number: 'Account number must have 7 to 12 digits',
    });
    expect(
      problems(
        {
          ...valid,
          routing_number: '12345-003',
          account_number: '1234567',
          confirm_account_number: '1234567',
        },
        'Canada',
      ),
    ).toEqual({});
  });

  it('refuses a document of another type; a change may keep its document', () => {
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    expect(problems({ ...valid, document: text })).toEqual({
      document: 'The supporting document must be a pdf, jpg, png or webp file',
    });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', {
      type: 'application/pdf',
    });
    expect(problems({ ...valid, document: big })).toEqual({
      document: 'The supporting document must be at most 10 MB',
    });
    expect(problems({ ...valid, document: undefined }, 'USA', true)).toEqual({});
    expect(payoutFormToInput({ ...valid, document: undefined }).document).toBeUndefined();
  });

  it('starts a change from the account but never with its number', () => {
    const form = payoutToForm({
      id: 2,
      bank_name: 'Second Bank',
      country: 'USA',
      routing_number: '011000015',
      account_last4: '2222',
      account_type: 'Savings',
      holder: 'Authorized',
      holder_name: 'Olivia Owner',
      owner_email: 'olivia@example.com',
      status: 'Pending For Associate',
      active: false,
      created_at: '2026-11-20T08:00:00Z',
      updated_at: '2026-11-21T09:30:00Z',
    });
    expect(form).toMatchObject({
      bank_name: 'Second Bank',
      account_number: '',
      confirm_account_number: '',
      account_type: 'Savings',
      holder: 'Authorized',
      holder_name: 'Olivia Owner',
    });
  });
});
