import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeMenu } from '@/components/theme-menu';
import { mockMatchMedia } from '@/test/match-media';
import {
  THEME_STORAGE_KEY,
  readThemeChoice,
  resolveAppearance,
  saveThemeChoice,
  useTheme,
} from './theme';

function Probe() {
  const { choice, appearance } = useTheme();
  return (
    <p>
      choice={choice} appearance={appearance}
    </p>
  );
}

describe('theme', () => {
  it('defaults to Auto and resolves Auto from the system preference', () => {
    expect(readThemeChoice()).toBe('auto');
    expect(resolveAppearance('auto', true)).toBe('dark');
    expect(resolveAppearance('auto', false)).toBe('light');
    expect(resolveAppearance('light', true)).toBe('light');
  });

  it('persists the choice in localStorage and ignores garbage', () => {
    saveThemeChoice('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(readThemeChoice()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readThemeChoice()).toBe('auto');
  });

  it('is chosen from the menu (Light, Dark, Auto) and kept across renders', async () => {
    mockMatchMedia({ dark: true });
    const user = userEvent.setup();
    const first = render(
      <Theme>
        <ThemeMenu />
        <Probe />
      </Theme>,
    );
    expect(screen.getByText('choice=auto appearance=dark')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Theme: Auto' }));
    expect(screen.getByRole('menuitemradio', { name: 'Light' })).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    expect(screen.getByText('choice=light appearance=light')).toBeInTheDocument();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    first.unmount();

    render(
      <Theme>
        <Probe />
      </Theme>,
    );
    expect(screen.getByText('choice=light appearance=light')).toBeInTheDocument();
  });
});
