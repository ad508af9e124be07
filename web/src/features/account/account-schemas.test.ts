import { describe, expect, it } from 'vitest';
import { ACCOUNT } from '@/test/account-fixture';
import {
  accountToAddressForm,
  accountToBasicForm,
  accountToSpouseForm,
  addressFormToInput,
  addressSchema,
  altPhoneFormToInput,
  basicFormToInput,
  phoneFormToInput,
  phoneToForm,
  spouseFormToInput,
} from './account-schemas';

describe('account forms', () => {
  it('read the account as it stands and send back what they edit', () => {
    expect(basicFormToInput(accountToBasicForm(ACCOUNT))).toEqual({
      first_name: 'Alex',
      last_name: 'Carter',
      date_of_birth: '1980-02-29',
      gender: 'Male',
      marital_status: 'Married',
      shirt_size: 'L',
    });
    expect(addressFormToInput(accountToAddressForm(ACCOUNT))).toEqual({
      line1: '1 Main St',
      line2: 'Suite 2',
      city: 'Detroit',
      state: 'MI',
      postal_code: '48201',
    });
    expect(accountToSpouseForm(ACCOUNT).phone).toBe('(555) 000-1111');
  });

  it('leave out an empty optional field, which clears it', () => {
    const basic = { ...accountToBasicForm(ACCOUNT), gender: '', date_of_birth: '', shirt_size: '' };
    expect(basicFormToInput(basic)).toEqual({
      first_name: 'Alex',
      last_name: 'Carter',
      date_of_birth: undefined,
      gender: undefined,
      marital_status: 'Married',
      shirt_size: undefined,
    });
    expect(spouseFormToInput({ name: ' ', email: '', phone: '', date_of_birth: '' })).toEqual({
      name: undefined,
      email: undefined,
      phone: undefined,
      date_of_birth: undefined,
    });
    expect(altPhoneFormToInput({ phone: '  ' })).toEqual({ phone: undefined });
  });

  it('send phones as ten digits and show them as (###) ###-####', () => {
    expect(phoneToForm('5551234567')).toEqual({ phone: '(555) 123-4567' });
    expect(phoneToForm(undefined)).toEqual({ phone: '' });
    expect(phoneFormToInput({ phone: '+1 (555) 123-4567' })).toEqual({ phone: '5551234567' });
    expect(altPhoneFormToInput({ phone: '555.987.6543' })).toEqual({ phone: '5559876543' });
  });

  it("keep the address in the associate's country", () => {
    const address = { line1: '1 Bay St', line2: '', city: 'Toronto', postal_code: 'M5J 2N8' };
    const usa = addressSchema('USA');
    expect(usa.safeParse({ ...address, state: 'ON' }).error?.issues[0]?.message).toBe(
      'State / province must be in USA',
    );
    expect(addressSchema('Canada').safeParse({ ...address, state: 'ON' }).success).toBe(true);
    expect(
      usa
        .safeParse({ ...address, line1: ' ', city: '', state: '', postal_code: '' })
        .error?.issues.map((i) => i.message),
    ).toEqual([
      'Address line 1 is required',
      'City is required',
      'State / province is required',
      'Postal code is required',
    ]);
  });
});
