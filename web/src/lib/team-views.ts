// The team views (spec §3) and who is offered which (spec §6): shared by the team area and the
// business area, whose lists and dashboard take a view like the team lists do.

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
