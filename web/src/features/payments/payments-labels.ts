// The words of the payments area: what each kind of entry is, the order of the categories and
// the colours of the statuses.
import { EarningCategory } from '@/api/gen/model/earningCategory';
import type { EntryKind } from '@/api/gen/model/entryKind';
import { EntryStatus } from '@/api/gen/model/entryStatus';
import { monthLabel } from '@/lib/chart';

/** What an entry is within its line, in words (the contract's EntryKind). */
export const KIND_LABELS: Record<EntryKind, string> = {
  advance: 'Advance',
  escrow: 'Escrow',
  release_out: 'Escrow release (out of escrow)',
  release_in: 'Escrow release',
  chargeback_escrow: 'Chargeback Escrow',
  lapse_release_out: 'Escrow released on lapse (out of escrow)',
  lapse_release_in: 'Escrow released on lapse',
  chargeback: 'Chargeback',
  pool: 'Bonus pool share',
};

/** The earning categories in the spec's order. */
export const CATEGORIES: readonly EarningCategory[] = Object.values(EarningCategory);

/** The statuses a chargeback entry has. */
export const CHARGEBACK_STATUSES: readonly EntryStatus[] = [
  EntryStatus.Chargeback,
  EntryStatus.Chargeback_Escrow,
];

export type BadgeColor = 'gray' | 'amber' | 'blue' | 'green' | 'red' | 'orange';

export const STATUS_COLORS: Record<EntryStatus, BadgeColor> = {
  Pending: 'amber',
  Paid: 'green',
  Escrow: 'blue',
  Chargeback: 'red',
  'Chargeback Escrow': 'orange',
};

/** 'YYYY-MM-DD' (a month's first day) → 'March 2026'. */
export function monthName(date: string): string {
  return monthLabel(date.slice(0, 7)).long;
}
