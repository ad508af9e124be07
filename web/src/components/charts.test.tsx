import { Theme } from '@radix-ui/themes';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, ColumnChart, GroupedColumnChart } from './charts';

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

  it('draw several series side by side, described and tabled per category', () => {
    render(
      <Theme>
        <GroupedColumnChart
          title="Money"
          categories={[
            { label: 'Dec', title: 'December 2025' },
            { label: 'Jan', title: 'January 2026' },
          ]}
          series={[
            { name: 'In', values: [0, 300] },
            { name: 'Out', values: [-100, 0], tone: 'negative' },
          ]}
          categoryLabel="Month"
        />
      </Theme>,
    );
    const img = screen.getByRole('img', {
      name: 'Money. December 2025: In 0, Out −100; January 2026: In 300, Out 0.',
    });
    // Bars by size whatever the sign; the negative series is marked apart (hatched in CSS).
    const bars = img.querySelectorAll<HTMLElement>('.grouped-chart-bar');
    expect([...bars].map((b) => [b.dataset.tone, b.style.height])).toEqual([
      ['accent', '0%'],
      ['negative', '30%'],
      ['accent', '90%'],
      ['negative', '0%'],
    ]);
    expect(img).toHaveTextContent('InOut');
    const table = screen.getByRole('table', { name: 'Money' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['MonthInOut', 'December 20250−100', 'January 20263000']);
  });
});
