import { Theme } from '@radix-ui/themes';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, ColumnChart } from './charts';

describe('charts', () => {
  it('are images described by their numbers, with the same numbers as a table', () => {
    render(
      <Theme>
        <BarChart
          title="Team by level"
          data={[
            { label: 'TA', value: 12 },
            { label: 'A', value: 16 },
          ]}
          categoryLabel="Level"
          valueLabel="Members"
        />
        <ColumnChart
          title="Growth"
          data={[
            { label: 'Dec', title: 'December 2025', value: 0 },
            { label: 'Jan', title: 'January 2026', value: 1200 },
          ]}
          categoryLabel="Month"
          valueLabel="Joined"
        />
      </Theme>,
    );
    expect(screen.getByRole('img', { name: 'Team by level. TA: 12, A: 16.' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Growth. December 2025: 0, January 2026: 1,200.' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Team by level' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['LevelMembers', 'TA12', 'A16']);
    expect(screen.getByRole('figure', { name: 'Growth' })).toBeInTheDocument();
  });
});
