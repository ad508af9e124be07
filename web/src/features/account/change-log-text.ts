import type { AccountChangeLog } from '@/api/gen/model/accountChangeLog';
import type { ChangeLogEntity } from '@/api/gen/model/changeLogEntity';
import { formatPhone } from '@/lib/format';

// How a change-log row reads: what changed (the entity and its field), the values before and
// after, and who changed it.

/** 'payout_information' → 'Payout information', 'address.postal_code' → 'Address postal code'. */
export function humanize(name: string): string {
  const words = name.replace(/[_.]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The records of the account's change log, by the contract's ChangeLogEntity (a record the
 *  contract adds cannot be missing here). */
const ENTITY_LABELS: Record<ChangeLogEntity, string> = {
  account: 'Account',
  payout_account: 'Payout account',
  legal_document: 'Legal document',
  appointment_request: 'International appointment',
};

/** What changed: 'Account · Phone', 'Payout account created', 'Payout account · Status'. */
export function changeSubject(row: AccountChangeLog): string {
  const entity = ENTITY_LABELS[row.entity];
  const field = row.field ? humanize(row.field) : '';
  if (row.action === 'create') return field ? `${entity} created · ${field}` : `${entity} created`;
  if (row.action === 'delete') return field ? `${entity} deleted · ${field}` : `${entity} deleted`;
  return field ? `${entity} · ${field}` : entity;
}

/** Fields whose values are phone numbers (kept as ten digits), shown as (###) ###-####. */
const PHONE_FIELDS = new Set(['phone', 'alt_phone', 'spouse_phone']);

/** The values before and after ('—' for none), or undefined for a row without either. */
export function changeValues(row: AccountChangeLog): { old: string; new: string } | undefined {
  if (!row.old_value && !row.new_value) return undefined;
  const shown = (value: string | undefined) =>
    !value ? '—' : PHONE_FIELDS.has(row.field ?? '') ? formatPhone(value) : value;
  return { old: shown(row.old_value), new: shown(row.new_value) };
}

/** Who changed it: the actor, and for a staff member acting for the associate (admin mode) who
 *  they acted for. The server names the staff member as the actor then (the session's user):
 *  'Sam Staffer, staff, for you' on the account's own log. */
export function changedBy(row: AccountChangeLog): string {
  if (!row.staff) return row.actor;
  if (row.staff === row.actor) return `${row.staff}, staff, for you`;
  return `${row.staff} for ${row.actor}`;
}
