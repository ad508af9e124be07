import type { AccountChangeLog } from '@/api/gen/model/accountChangeLog';

// How a change-log row reads: what changed (the entity and its field), the values before and
// after, and who changed it.

/** 'payout_information' → 'Payout information', 'address.postal_code' → 'Address postal code'. */
export function humanize(name: string): string {
  const words = name.replace(/[_.]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What changed: 'Account · Phone', 'Payout information created', 'Payout information deleted'. */
export function changeSubject(row: AccountChangeLog): string {
  const entity = humanize(row.entity);
  const field = row.field ? humanize(row.field) : '';
  if (row.action === 'create') return field ? `${entity} created · ${field}` : `${entity} created`;
  if (row.action === 'delete') return field ? `${entity} deleted · ${field}` : `${entity} deleted`;
  return field ? `${entity} · ${field}` : entity;
}

/** The values before and after ('—' for none), or undefined for a row without either. */
export function changeValues(row: AccountChangeLog): { old: string; new: string } | undefined {
  if (!row.old_value && !row.new_value) return undefined;
  return { old: row.old_value || '—', new: row.new_value || '—' };
}

/** Who changed it: the actor, and for a staff member acting for the associate (admin mode) who
 *  they acted for. The server names the staff member as the actor then (the session's user):
 *  'Sam Staffer, staff, for you' on the account's own log. */
export function changedBy(row: AccountChangeLog): string {
  if (!row.staff) return row.actor;
  if (row.staff === row.actor) return `${row.staff}, staff, for you`;
  return `${row.staff} for ${row.actor}`;
}
