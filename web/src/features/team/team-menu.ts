// The team menu rule (spec §6): Base Shop only for non-senior associates; RMD Super Base and
// RMD Super Team only for senior ones. The dashboard, Personal, Infinity and the hierarchy of
// one's own code for everyone.

import { TEAM_VIEW_LABELS, teamViews } from '@/lib/team-views';

export { TEAM_VIEW_LABELS, isTeamView, teamViews, type TeamView } from '@/lib/team-views';

export interface TeamMenuItem {
  label: string;
  to: string;
  /** Active only on exactly this path (the dashboard, whose path prefixes every team page). */
  exact?: boolean;
}

export const TEAM_DASHBOARD_PATH = '/team';

/** The Team sidebar of an associate. `code` adds "Hierarchy" (the hierarchy of one's own code). */
export function teamMenu(isSenior: boolean, code?: string): TeamMenuItem[] {
  const items: TeamMenuItem[] = [{ label: 'Dashboard', to: TEAM_DASHBOARD_PATH, exact: true }];
  for (const view of teamViews(isSenior)) {
    items.push({ label: TEAM_VIEW_LABELS[view], to: `/team/${view}` });
  }
  if (code) items.push({ label: 'Hierarchy', to: `/team/${encodeURIComponent(code)}/hierarchy` });
  return items;
}
