import { describe, expect, it } from 'vitest';
import type { TreeNode } from '@/api/gen/model/treeNode';
import {
  addChildren,
  emptyTree,
  flattenTree,
  isDescendant,
  markError,
  markLoading,
  pathHint,
  setExpanded,
  treeKey,
  type TreeData,
  type TreeRow,
} from './tree-model';

const level = { code: 'A', name: 'Associate', rank: 2, is_senior_level: false };

function node(code: string, children = 0, upline?: string): TreeNode {
  return {
    code,
    name: `Name ${code}`,
    level,
    status: 'Active',
    downline_size: children,
    children,
    upline_code: upline,
  };
}

/**
 * ROOT ─┬─ A ─┬─ A1 ── A1x
 *       │     └─ A2
 *       └─ B
 */
function sample(): TreeData {
  let data = emptyTree(node('ROOT', 2));
  data = addChildren(data, 'ROOT', 1, [node('A', 2, 'ROOT'), node('B', 0, 'ROOT')], false);
  data = addChildren(data, 'A', 1, [node('A1', 1, 'A'), node('A2', 0, 'A')], false);
  data = addChildren(data, 'A1', 1, [node('A1x', 0, 'A1')], false);
  return data;
}

const keys = (rows: TreeRow[]) => rows.map((r) => r.key);

describe('flattenTree', () => {
  it('lists only the root until it is expanded', () => {
    expect(keys(flattenTree('ROOT', sample()))).toEqual(['ROOT']);
  });

  it('lists expanded nodes depth first with their level, position and set size', () => {
    let data = setExpanded(sample(), 'ROOT', true);
    data = setExpanded(data, 'A', true);
    const rows = flattenTree('ROOT', data);
    expect(keys(rows)).toEqual(['ROOT', 'A', 'A1', 'A2', 'B']);
    expect(rows.map((r) => r.level)).toEqual([1, 2, 3, 3, 2]);
    const a2 = rows[3];
    expect(a2).toMatchObject({ kind: 'node', posInSet: 2, setSize: 2, parent: 'A' });
    expect(rows[2]).toMatchObject({ expandable: true, expanded: false });
    expect(rows[4]).toMatchObject({ expandable: false, expanded: false });
  });

  it('keeps the children of a collapsed node for when it opens again', () => {
    let data = setExpanded(sample(), 'ROOT', true);
    data = setExpanded(data, 'A', true);
    data = setExpanded(data, 'A1', true);
    expect(keys(flattenTree('ROOT', data))).toContain('A1x');
    data = setExpanded(data, 'A', false);
    expect(keys(flattenTree('ROOT', data))).toEqual(['ROOT', 'A', 'B']);
    data = setExpanded(data, 'A', true);
    expect(keys(flattenTree('ROOT', data))).toEqual(['ROOT', 'A', 'A1', 'A1x', 'A2', 'B']);
  });

  it('says when children load, fail, or when more can be loaded', () => {
    let data = setExpanded(emptyTree(node('ROOT', 450)), 'ROOT', true);
    expect(flattenTree('ROOT', data)[1]).toMatchObject({
      kind: 'loading',
      parent: 'ROOT',
      level: 2,
    });
    data = markError(data, 'ROOT', 'Boom');
    expect(flattenTree('ROOT', data)[1]).toMatchObject({ kind: 'error', message: 'Boom' });
    const page = Array.from({ length: 200 }, (_, i) => node(`N${i}`, 0, 'ROOT'));
    data = addChildren(data, 'ROOT', 1, page, true);
    const rows = flattenTree('ROOT', data);
    expect(rows).toHaveLength(202);
    expect(rows[201]).toMatchObject({ kind: 'more', remaining: 250, key: 'ROOT::tail' });
    expect(rows[1]).toMatchObject({ setSize: 450, posInSet: 1 });
    data = markLoading(data, 'ROOT');
    expect(flattenTree('ROOT', data).at(-1)).toMatchObject({ kind: 'loading' });
    data = addChildren(data, 'ROOT', 2, [node('N199', 0, 'ROOT'), node('N200', 0, 'ROOT')], false);
    expect(flattenTree('ROOT', data)).toHaveLength(202); // N199 is not listed twice
  });

  it('flattens 10,000 expanded nodes quickly', () => {
    // 100 leaders of 99 recruits each, all expanded: 1 + 100 + 9,900 = 10,001 rows.
    let data = setExpanded(emptyTree(node('ROOT', 100)), 'ROOT', true);
    const leaders = Array.from({ length: 100 }, (_, i) => node(`L${i}`, 99, 'ROOT'));
    data = addChildren(data, 'ROOT', 1, leaders, false);
    for (const leader of leaders) {
      const recruits = Array.from({ length: 99 }, (_, j) =>
        node(`${leader.code}-${j}`, 0, leader.code),
      );
      data = addChildren(data, leader.code, 1, recruits, false);
      data = setExpanded(data, leader.code, true);
    }
    const started = performance.now();
    const rows = flattenTree('ROOT', data);
    const elapsed = performance.now() - started;
    expect(rows).toHaveLength(10_001);
    expect(rows[1]?.key).toBe('L0');
    expect(rows[2]?.key).toBe('L0-0');
    expect(rows.at(-1)?.key).toBe('L99-98');
    expect(elapsed).toBeLessThan(500);
  });

  it('knows the descendants of a node by the upline codes', () => {
    const data = sample();
    expect(isDescendant(data, 'A1x', 'A')).toBe(true);
    expect(isDescendant(data, 'A1x', 'ROOT')).toBe(true);
    expect(isDescendant(data, 'B', 'A')).toBe(false);
    expect(isDescendant(data, 'A', 'A')).toBe(false);
  });

  it('describes where a search hit is', () => {
    expect(pathHint(['ROOT', 'A'])).toBe('Direct recruit');
    expect(pathHint(['ROOT', 'A', 'A1', 'A1x'])).toBe('via A › A1');
    expect(pathHint(['ROOT'])).toBe('The root');
  });
});

describe('treeKey (WAI-ARIA tree keyboard)', () => {
  let data = setExpanded(sample(), 'ROOT', true);
  data = setExpanded(data, 'A', true);
  const rows = flattenTree('ROOT', data); // ROOT, A, A1, A2, B

  it('moves with Up, Down, Home and End, stopping at the ends', () => {
    expect(treeKey(rows, 'A', 'ArrowDown')).toEqual({ type: 'focus', key: 'A1' });
    expect(treeKey(rows, 'A', 'ArrowUp')).toEqual({ type: 'focus', key: 'ROOT' });
    expect(treeKey(rows, 'ROOT', 'ArrowUp')).toBeNull();
    expect(treeKey(rows, 'B', 'ArrowDown')).toBeNull();
    expect(treeKey(rows, 'A2', 'Home')).toEqual({ type: 'focus', key: 'ROOT' });
    expect(treeKey(rows, 'A2', 'End')).toEqual({ type: 'focus', key: 'B' });
  });

  it('Right expands a closed node, enters an open one, and does nothing on a leaf', () => {
    expect(treeKey(rows, 'A1', 'ArrowRight')).toEqual({ type: 'expand', code: 'A1' });
    expect(treeKey(rows, 'A', 'ArrowRight')).toEqual({ type: 'focus', key: 'A1' });
    expect(treeKey(rows, 'B', 'ArrowRight')).toBeNull();
  });

  it('Left collapses an open node, or goes to the parent', () => {
    expect(treeKey(rows, 'A', 'ArrowLeft')).toEqual({ type: 'collapse', code: 'A' });
    expect(treeKey(rows, 'A2', 'ArrowLeft')).toEqual({ type: 'focus', key: 'A' });
    expect(treeKey(rows, 'A1', 'ArrowLeft')).toEqual({ type: 'focus', key: 'A' });
    const closedRoot = flattenTree('ROOT', sample());
    expect(treeKey(closedRoot, 'ROOT', 'ArrowLeft')).toBeNull();
  });

  it('Enter opens the associate, or loads more on a "more" row', () => {
    expect(treeKey(rows, 'A2', 'Enter')).toEqual({ type: 'open', code: 'A2' });
    let paged = setExpanded(emptyTree(node('ROOT', 300)), 'ROOT', true);
    paged = addChildren(paged, 'ROOT', 1, [node('X', 0, 'ROOT')], true);
    const more = flattenTree('ROOT', paged);
    expect(treeKey(more, 'ROOT::tail', 'Enter')).toMatchObject({
      type: 'activate',
      row: { kind: 'more', parent: 'ROOT' },
    });
    expect(treeKey(more, 'ROOT::tail', 'ArrowLeft')).toEqual({ type: 'focus', key: 'ROOT' });
  });

  it('skips "loading" rows and falls back to the first row for an unknown focus', () => {
    const loading = flattenTree('ROOT', setExpanded(emptyTree(node('ROOT', 3)), 'ROOT', true));
    expect(treeKey(loading, 'ROOT', 'ArrowDown')).toBeNull();
    expect(treeKey(loading, 'ROOT', 'ArrowRight')).toBeNull();
    expect(treeKey(rows, 'gone', 'ArrowDown')).toEqual({ type: 'focus', key: 'ROOT' });
    expect(treeKey(rows, 'A', 'x')).toBeNull();
  });
});
