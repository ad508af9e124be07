import { describe, expect, it } from 'vitest';
import { teamMenu, teamViews } from './team-menu';

describe('teamMenu', () => {
  it('gives senior associates RMD Super Base and RMD Super Team, never Base Shop', () => {
    const labels = teamMenu(true, 'RMD100').map((item) => item.label);
    expect(labels).toEqual([
      'Dashboard',
      'Personal',
      'RMD Super Base',
      'RMD Super Team',
      'Infinity',
      'Hierarchy',
    ]);
  });

  it('gives non-senior associates Base Shop, never the RMD views', () => {
    const labels = teamMenu(false, 'AGT100').map((item) => item.label);
    expect(labels).toEqual(['Dashboard', 'Personal', 'Base Shop', 'Infinity', 'Hierarchy']);
  });

  it('links the dashboard, each view and the hierarchy of the own code', () => {
    expect(teamMenu(false, 'AGT100')).toEqual([
      { label: 'Dashboard', to: '/team', exact: true },
      { label: 'Personal', to: '/team/Personal' },
      { label: 'Base Shop', to: '/team/BaseShop' },
      { label: 'Infinity', to: '/team/Infinity' },
      { label: 'Hierarchy', to: '/team/AGT100/hierarchy' },
    ]);
    expect(teamMenu(true).map((i) => i.to)).not.toContain('/team/undefined/hierarchy');
  });

  it('offers the team views of the level', () => {
    expect(teamViews(true)).toEqual(['Personal', 'RmdSuperBase', 'RmdSuperTeam', 'Infinity']);
    expect(teamViews(false)).toEqual(['Personal', 'BaseShop', 'Infinity']);
  });
});
