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
    expect(humanize('payout_information')).toBe('Payout information');
    expect(humanize('address.postal_code')).toBe('Address postal code');
    expect(changeSubject(row({ field: 'phone' }))).toBe('Account · Phone');
    expect(changeSubject(row({ field: 'alt_phone' }))).toBe('Account · Alt phone');
    expect(changeSubject(row({}))).toBe('Account');
    expect(changeSubject(row({ entity: 'payout_information', action: 'create' }))).toBe(
      'Payout information created',
    );
    expect(changeSubject(row({ entity: 'payout_information', action: 'delete' }))).toBe(
      'Payout information deleted',
    );
  });

  it('gives the values before and after, a dash for none', () => {
    expect(changeValues(row({ old_value: '5551234567', new_value: '5559876543' }))).toEqual({
      old: '5551234567',
      new: '5559876543',
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
