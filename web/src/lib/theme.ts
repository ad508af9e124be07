import { useCallback, useSyncExternalStore } from 'react';

// Light, Dark or Auto (follows the system), persisted in localStorage.

export type ThemeChoice = 'light' | 'dark' | 'auto';
export type Appearance = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'portal.theme';
export const THEME_CHOICES: readonly { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Auto' },
];

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === 'light' || value === 'dark' || value === 'auto';
}

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'auto';
  } catch {
    return 'auto';
  }
}

const listeners = new Set<() => void>();

export function saveThemeChoice(choice: ThemeChoice) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Not persisted; the choice still applies to this page.
  }
  for (const listener of listeners) listener();
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function resolveAppearance(choice: ThemeChoice, prefersDark: boolean): Appearance {
  if (choice === 'auto') return prefersDark ? 'dark' : 'light';
  return choice;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  media?.addEventListener('change', listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', listener);
    window.removeEventListener('storage', onStorage);
  };
}

function snapshot(): string {
  const choice = readThemeChoice();
  return `${choice}:${resolveAppearance(choice, systemPrefersDark())}`;
}

/** The stored choice, the appearance it resolves to now, and a setter that persists. */
export function useTheme(): {
  choice: ThemeChoice;
  appearance: Appearance;
  setChoice: (choice: ThemeChoice) => void;
} {
  const value = useSyncExternalStore(subscribe, snapshot, () => 'auto:light');
  const [choice, appearance] = value.split(':') as [ThemeChoice, Appearance];
  const setChoice = useCallback((next: ThemeChoice) => saveThemeChoice(next), []);
  return { choice, appearance, setChoice };
}
