// The arithmetic of an ordered list that a person rearranges: where an item lands, the
// positions after a move, and what is announced to screen readers.

/** The list with the item at `from` moved to `to` (both 0-based); the ones between shift. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.min(Math.max(to, 0), next.length - 1);
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** Positions from 1 without gaps, in list order (as the server numbers them). */
export function renumber<T extends { position: number }>(list: readonly T[]): T[] {
  return list.map((item, index) =>
    item.position === index + 1 ? item : { ...item, position: index + 1 },
  );
}

/**
 * Where a dragged item lands (0-based) when it is dropped on the row at `over`: before that
 * row when dropped on its upper half, after it on its lower half.
 */
export function dropIndex(from: number, over: number, after: boolean): number {
  const slot = after ? over + 1 : over;
  return slot > from ? slot - 1 : slot;
}

export function movedMessage(title: string, position: number, count: number): string {
  return `${title} moved to position ${position} of ${count}.`;
}

export function revertedMessage(title: string, position: number, count: number): string {
  return `${title} could not be moved; it is back at position ${position} of ${count}.`;
}
