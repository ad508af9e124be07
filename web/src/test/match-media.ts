import { vi } from 'vitest';

/**
 * Answers window.matchMedia as a screen `width` px wide with the system in `dark` mode would
 * ((max-width: N px), (min-width: N px) and (prefers-color-scheme: dark)). Vitest restores the
 * spy after each test (restoreMocks).
 */
export function mockMatchMedia({ width = 1280, dark = false }: { width?: number; dark?: boolean }) {
  const matches = (query: string) =>
    query
      .split(/\s+and\s+/)
      .map((part) => part.trim().replace(/^\(|\)$/g, ''))
      .every((feature) => {
        const [name, value = ''] = feature.split(':').map((s) => s.trim());
        if (name === 'max-width') return width <= parseFloat(value);
        if (name === 'min-width') return width >= parseFloat(value);
        if (name === 'prefers-color-scheme') return (value === 'dark') === dark;
        return false;
      });
  return vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: matches(query),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
