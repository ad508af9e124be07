import { useSyncExternalStore } from 'react';

// lg above 768 px wide, sm at or below 768 px. At sm the sidebar collapses into a menu.

export type Breakpoint = 'lg' | 'sm';
export const BREAKPOINT_PX = 768;

export function breakpointFor(width: number): Breakpoint {
  return width > BREAKPOINT_PX ? 'lg' : 'sm';
}

const SM_QUERY = `(max-width: ${BREAKPOINT_PX}px)`;

function subscribe(listener: () => void) {
  if (typeof window.matchMedia !== 'function') {
    window.addEventListener('resize', listener);
    return () => window.removeEventListener('resize', listener);
  }
  const media = window.matchMedia(SM_QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

function snapshot(): Breakpoint {
  if (typeof window.matchMedia === 'function') {
    return window.matchMedia(SM_QUERY).matches ? 'sm' : 'lg';
  }
  return breakpointFor(window.innerWidth);
}

export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, snapshot, () => 'lg');
}
