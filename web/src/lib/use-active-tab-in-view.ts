import { useEffect, useRef } from 'react';

/** The active tab of a tab list (a TabNav link or a Tabs trigger). */
const ACTIVE = '[aria-current="page"], [data-active], [role="tab"][data-state="active"]';

/** The scrollLeft that centres `item` in `list` (both as on screen), kept within range. */
export function centredScrollLeft(
  list: { left: number; width: number; scrollLeft: number; scrollWidth: number },
  item: { left: number; width: number },
): number {
  const delta = item.left + item.width / 2 - (list.left + list.width / 2);
  const max = Math.max(0, list.scrollWidth - list.width);
  return Math.min(max, Math.max(0, list.scrollLeft + delta));
}

function horizontalScroller(from: HTMLElement, stop: HTMLElement): HTMLElement | null {
  for (let el: HTMLElement | null = from.parentElement; el; el = el.parentElement) {
    if (el.scrollWidth > el.clientWidth + 1) return el;
    if (el === stop) return null;
  }
  return null;
}

/**
 * A tab list wider than the screen scrolls sideways (at 390 px the associate's tabs do): the
 * active tab is scrolled into view, centred, whenever `key` (the current tab) changes and when
 * the window is resized. Only the list scrolls, never the page. Put the returned ref on an element around the tab list.
 */
export function useActiveTabInView<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const reveal = () => {
      const root = ref.current;
      const active = root?.querySelector<HTMLElement>(ACTIVE);
      if (!root || !active) return;
      const list = horizontalScroller(active, root);
      if (!list) return;
      const l = list.getBoundingClientRect();
      const a = active.getBoundingClientRect();
      list.scrollLeft = centredScrollLeft(
        {
          left: l.left,
          width: list.clientWidth,
          scrollLeft: list.scrollLeft,
          scrollWidth: list.scrollWidth,
        },
        { left: a.left, width: a.width },
      );
    };
    reveal();
    // A phone turned sideways (or a window made narrow) re-centres it.
    window.addEventListener('resize', reveal);
    return () => window.removeEventListener('resize', reveal);
  }, [key]);
  return ref;
}
