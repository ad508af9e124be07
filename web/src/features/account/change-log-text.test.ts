import { describe, expect, it } from 'vitest';
import type { AccountChangeLog } from '@/api/gen/model/accountChangeLog';
import { changeSubject, changeValues, changedBy, humanize } from './change-log-text';

const row = (over: Partial<AccountChangeLog>): AccountChangeLog => ({
  id: 1,
  entity: 'account',
  action: 'update',
  at: '2026-03-04T10:00:00Z',
  actor: 'Alex Carter',
  ...over,
});

describe('change-log text', () => {
  it('names what changed: the entity and its field', () => {
    expect(humanize('spouse_date_of_birth')).toBe('Spouse date of birth');
    expect(humanize('address.postal_code')).toBe('Address postal code');
    expect(changeSubject(row({ field: 'phone' }))).toBe('Account · Phone');
    expect(changeSubject(row({ field: 'alt_phone' }))).toBe('Account · Alt phone');
    expect(changeSubject(row({}))).toBe('Account');
    expect(changeSubject(row({ entity: 'payout_account', action: 'create' }))).toBe(
      'Payout account created',
    );
    expect(changeSubject(row({ entity: 'payout_account', field: 'status' }))).toBe(
      'Payout account · Status',
    );
  });

  it('gives the values before and after, a dash for none', () => {
    expect(
      changeValues(row({ field: 'city', old_value: 'Detroit', new_value: 'Lansing' })),
    ).toEqual({
      old: 'Detroit',
      new: 'Lansing',
    });
    // Phone numbers are kept as ten digits and shown as the forms show them.
    for (const field of ['phone', 'alt_phone', 'spouse_phone']) {
      expect(changeValues(row({ field, old_value: '', new_value: '5559876543' }))).toEqual({
        old: '—',
        new: '(555) 987-6543',
      });
    }
    // Masked values (an account number) stay as they are.
    expect(
      changeValues(row({ field: 'account_number', old_value: '••••1111', new_value: '••••2222' })),
    ).toEqual({
      old: '••••1111',
      new: '••••2222',
    });
    expect(changeValues(row({ new_value: 'Jo' }))).toEqual({ old: '—', new: 'Jo' });
    expect(changeValues(row({ old_value: '', new_value: '' }))).toBeUndefined();
  });

  it('names who changed it, and the staff member who acted for the associate', () => {
    expect(changedBy(row({}))).toBe('Alex Carter');
    expect(changedBy(row({ staff: 'Sam Staffer' }))).toBe('Sam Staffer for Alex Carter');
    expect(changedBy(row({ actor: 'Sam Staffer', staff: 'Sam Staffer' }))).toBe(
      'Sam Staffer, staff, for you',
    );
  });
});
