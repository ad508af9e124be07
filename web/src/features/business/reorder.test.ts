import { describe, expect, it } from 'vitest';
import { dropIndex, movedMessage, moveItem, renumber, revertedMessage } from './reorder';

describe('moveItem', () => {
  const list = ['a', 'b', 'c', 'd'];

  it('moves an item down or up, the others shifting', () => {
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(list, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(list, 1, 1)).toEqual(list);
  });

  it('keeps the target within the list and leaves the input alone', () => {
    expect(moveItem(list, 1, 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveItem(list, 2, -3)).toEqual(['c', 'a', 'b', 'd']);
    expect(moveItem(list, 7, 0)).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('renumber', () => {
  it('numbers from 1 in list order, keeping the items that are already right', () => {
    const a = { id: 1, position: 2 };
    const b = { id: 2, position: 1 };
    const c = { id: 3, position: 3 };
    const out = renumber([a, b, c]);
    expect(out).toEqual([
      { id: 1, position: 1 },
      { id: 2, position: 2 },
      { id: 3, position: 3 },
    ]);
    expect(out[2]).toBe(c);
  });
});

describe('dropIndex', () => {
  it('lands before the row on its upper half and after it on its lower half', () => {
    // Dragging the first of four down.
    expect(dropIndex(0, 2, false)).toBe(1);
    expect(dropIndex(0, 2, true)).toBe(2);
    expect(dropIndex(0, 3, true)).toBe(3);
    // Dragging the last of four up.
    expect(dropIndex(3, 0, false)).toBe(0);
    expect(dropIndex(3, 0, true)).toBe(1);
    // Dropping on itself, or just around itself, changes nothing.
    expect(dropIndex(2, 2, false)).toBe(2);
    expect(dropIndex(2, 2, true)).toBe(2);
    expect(dropIndex(2, 1, true)).toBe(2);
    expect(dropIndex(2, 3, false)).toBe(2);
  });
});

describe('announcements', () => {
  it('say where the item is now', () => {
    expect(movedMessage('Rate sheet', 2, 5)).toBe('Rate sheet moved to position 2 of 5.');
    expect(revertedMessage('Rate sheet', 4, 5)).toBe(
      'Rate sheet could not be moved; it is back at position 4 of 5.',
    );
  });
});
