// The team menu rule (spec §6): Base Shop only for non-senior associates; RMD Super Base and
// RMD Super Team only for senior ones. The dashboard, Personal, Infinity and the hierarchy of
// one's own code for everyone.

export type TeamView = 'Personal' | 'BaseShop' | 'RmdSuperBase' | 'RmdSuperTeam' | 'Infinity';

export const TEAM_VIEW_LABELS: Record<TeamView, string> = {
  Personal: 'Personal',
  BaseShop: 'Base Shop',
  RmdSuperBase: 'RMD Super Base',
  RmdSuperTeam: 'RMD Super Team',
  Infinity: 'Infinity',
};

/** Team view options: senior → Personal, RmdSuperBase, RmdSuperTeam, Infinity;
 *  non-senior → Personal, BaseShop, Infinity. */
export function teamViews(isSenior: boolean): TeamView[] {
  return isSenior
    ? ['Personal', 'RmdSuperBase', 'RmdSuperTeam', 'Infinity']
    : ['Personal', 'BaseShop', 'Infinity'];
}

export function isTeamView(value: string | undefined): value is TeamView {
  return value !== undefined && Object.prototype.hasOwnProperty.call(TEAM_VIEW_LABELS, value);
}

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
