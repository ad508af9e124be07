import { ACCOUNT_TAB_LABELS, type AccountTab } from '@/lib/account-paths';
import type { TeamView } from './team-menu';

export const teamViewPath = (view: TeamView) => `/team/${view}`;
export const associatePath = (code: string) => `/team/${encodeURIComponent(code)}`;
export const genealogyPath = (code: string) => `${associatePath(code)}/genealogy-tree`;

/** The tabs of an associate (team/{code}/…) and of the caller's account (account/…). */
export type AssociateTab =
  | 'overview'
  | 'licenses'
  | 'provider-appointments'
  | 'level-qualification-history'
  | 'genealogy-tree'
  | 'hierarchy';

export const ASSOCIATE_TAB_LABELS: Record<AssociateTab, string> = {
  overview: 'Overview',
  licenses: 'Licenses',
  'provider-appointments': 'Provider appointments',
  'level-qualification-history': 'Level history',
  'genealogy-tree': 'Genealogy tree',
  hierarchy: 'Hierarchy',
};

/** The tabs of the caller's account: an associate's, and the account's own (lib/account-paths). */
export type AccountPageTab = AssociateTab | AccountTab;

export const TAB_LABELS: Record<AccountPageTab, string> = {
  ...ASSOCIATE_TAB_LABELS,
  ...ACCOUNT_TAB_LABELS,
};

/** The path of a tab under a base (`/team/AGT100` or `/account`); the overview is the index. */
export function tabPath(base: string, tab: AccountPageTab): string {
  return tab === 'overview' ? base : `${base}/${tab}`;
}
