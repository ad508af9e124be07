import type { TreeNode } from '@/api/gen/model/treeNode';

// The genealogy tree as data: nodes by code, the loaded children of each node (one page of the
// API at a time), and which nodes are expanded. `flattenTree` turns it into the visible rows
// (what the virtualised list draws) and `treeKey` is the WAI-ARIA tree keyboard model over
// those rows. Everything here is pure.

export interface ChildPages {
  /** Codes of the children loaded so far, in the API's order (by name). */
  codes: readonly string[];
  /** The API answered the extra (limit + 1) row: more children exist. */
  hasMore: boolean;
  /** The page to ask for next. */
  nextPage: number;
  status: 'loading' | 'ready' | 'error';
  error?: string;
}

export interface TreeData {
  nodes: ReadonlyMap<string, TreeNode>;
  children: ReadonlyMap<string, ChildPages>;
  expanded: ReadonlySet<string>;
}

interface RowBase {
  /** Unique among the rows: a node's code, or `{parent}::tail` for the row after a node's
   *  children (loading → more → gone keeps one key, so a focused "more" row keeps the focus). */
  key: string;
  /** aria-level, from 1 (the root). */
  level: number;
}

export interface NodeRow extends RowBase {
  kind: 'node';
  code: string;
  node: TreeNode;
  parent?: string;
  posInSet: number;
  setSize: number;
  expandable: boolean;
  expanded: boolean;
}

export interface PlaceholderRow extends RowBase {
  kind: 'loading' | 'more' | 'error';
  parent: string;
  /** 'more': children not loaded yet. */
  remaining: number;
  /** 'error': what went wrong. */
  message: string;
}

export type TreeRow = NodeRow | PlaceholderRow;

export function emptyTree(root?: TreeNode): TreeData {
  return {
    nodes: new Map(root ? [[root.code, root]] : []),
    children: new Map(),
    expanded: new Set(),
  };
}

export function setExpanded(data: TreeData, code: string, expanded: boolean): TreeData {
  if (data.expanded.has(code) === expanded) return data;
  const next = new Set(data.expanded);
  if (expanded) next.add(code);
  else next.delete(code);
  return { ...data, expanded: next };
}

export function markLoading(data: TreeData, parent: string): TreeData {
  const current = data.children.get(parent);
  const children = new Map(data.children);
  children.set(parent, {
    codes: current?.codes ?? [],
    hasMore: current?.hasMore ?? false,
    nextPage: current?.nextPage ?? 1,
    status: 'loading',
  });
  return { ...data, children };
}

export function markError(data: TreeData, parent: string, message: string): TreeData {
  const current = data.children.get(parent);
  const children = new Map(data.children);
  children.set(parent, {
    codes: current?.codes ?? [],
    hasMore: current?.hasMore ?? false,
    nextPage: current?.nextPage ?? 1,
    status: 'error',
    error: message,
  });
  return { ...data, children };
}

/** Adds one page of children (the rows without the limit + 1 extra one). */
export function addChildren(
  data: TreeData,
  parent: string,
  page: number,
  rows: readonly TreeNode[],
  hasMore: boolean,
): TreeData {
  const current = data.children.get(parent);
  const known = page === 1 ? [] : [...(current?.codes ?? [])];
  const seen = new Set(known);
  const nodes = new Map(data.nodes);
  for (const row of rows) {
    nodes.set(row.code, row);
    if (!seen.has(row.code)) {
      seen.add(row.code);
      known.push(row.code);
    }
  }
  const children = new Map(data.children);
  children.set(parent, { codes: known, hasMore, nextPage: page + 1, status: 'ready' });
  return { ...data, nodes, children };
}

/** True when `code` is below `ancestor` (walking up the nodes' upline codes). */
export function isDescendant(data: TreeData, code: string, ancestor: string): boolean {
  let current = data.nodes.get(code)?.upline_code;
  for (let guard = 0; current && guard < 10_000; guard++) {
    if (current === ancestor) return true;
    current = data.nodes.get(current)?.upline_code;
  }
  return false;
}

type Pending =
  | { type: 'node'; code: string; level: number; parent?: string; pos: number; size: number }
  | { type: 'tail'; parent: string; level: number };

/** The visible rows, depth first: a node, then (when expanded) its loaded children, then one
 *  row that says its children are loading, failed, or that more can be loaded. */
export function flattenTree(rootCode: string, data: TreeData): TreeRow[] {
  const rows: TreeRow[] = [];
  const stack: Pending[] = [{ type: 'node', code: rootCode, level: 1, pos: 1, size: 1 }];
  while (stack.length > 0) {
    const item = stack.pop() as Pending;
    if (item.type === 'tail') {
      const pages = data.children.get(item.parent);
      const parentNode = data.nodes.get(item.parent);
      const base = { parent: item.parent, level: item.level, remaining: 0, message: '' };
      if (!pages || pages.status === 'loading') {
        rows.push({ ...base, kind: 'loading', key: `${item.parent}::tail` });
      } else if (pages.status === 'error') {
        rows.push({
          ...base,
          kind: 'error',
          key: `${item.parent}::tail`,
          message: pages.error ?? 'The recruits could not be loaded',
        });
      } else if (pages.hasMore) {
        rows.push({
          ...base,
          kind: 'more',
          key: `${item.parent}::tail`,
          remaining: Math.max((parentNode?.children ?? 0) - pages.codes.length, 0),
        });
      }
      continue;
    }
    const node = data.nodes.get(item.code);
    if (!node) continue;
    const expandable = node.children > 0;
    const expanded = expandable && data.expanded.has(node.code);
    rows.push({
      kind: 'node',
      key: node.code,
      code: node.code,
      node,
      level: item.level,
      parent: item.parent,
      posInSet: item.pos,
      setSize: item.size,
      expandable,
      expanded,
    });
    if (!expanded) continue;
    const pages = data.children.get(node.code);
    stack.push({ type: 'tail', parent: node.code, level: item.level + 1 });
    const codes = pages?.codes ?? [];
    const size = Math.max(node.children, codes.length);
    for (let i = codes.length - 1; i >= 0; i--) {
      stack.push({
        type: 'node',
        code: codes[i] as string,
        level: item.level + 1,
        parent: node.code,
        pos: i + 1,
        size,
      });
    }
  }
  return rows;
}

/** Rows the keyboard can land on (not the 'loading…' ones). */
export function isFocusable(row: TreeRow): boolean {
  return row.kind !== 'loading';
}

export type TreeKeyAction =
  | { type: 'focus'; key: string }
  | { type: 'expand'; code: string }
  | { type: 'collapse'; code: string }
  | { type: 'open'; code: string }
  | { type: 'activate'; row: PlaceholderRow };

function step(rows: readonly TreeRow[], from: number, direction: 1 | -1): TreeRow | undefined {
  for (let i = from + direction; i >= 0 && i < rows.length; i += direction) {
    const row = rows[i] as TreeRow;
    if (isFocusable(row)) return row;
  }
  return undefined;
}

/**
 * The WAI-ARIA tree keyboard model: Down/Up move; Right expands a closed node or enters an
 * open one; Left collapses an open node or goes to the parent; Home/End go to the first/last
 * row; Enter opens the associate (or loads more / retries on those rows).
 */
export function treeKey(
  rows: readonly TreeRow[],
  focusedKey: string | undefined,
  key: string,
): TreeKeyAction | null {
  const index = rows.findIndex((r) => r.key === focusedKey);
  const focus = (row: TreeRow | undefined): TreeKeyAction | null =>
    row ? { type: 'focus', key: row.key } : null;
  if (index < 0) return focus(rows.find(isFocusable));
  const row = rows[index] as TreeRow;
  switch (key) {
    case 'ArrowDown':
      return focus(step(rows, index, 1));
    case 'ArrowUp':
      return focus(step(rows, index, -1));
    case 'Home':
      return focus(step(rows, -1, 1));
    case 'End':
      return focus(step(rows, rows.length, -1));
    case 'ArrowRight': {
      if (row.kind !== 'node' || !row.expandable) return null;
      if (!row.expanded) return { type: 'expand', code: row.code };
      const next = rows[index + 1];
      return next && next.level === row.level + 1 && isFocusable(next) ? focus(next) : null;
    }
    case 'ArrowLeft': {
      if (row.kind === 'node' && row.expanded) return { type: 'collapse', code: row.code };
      return row.parent ? { type: 'focus', key: row.parent } : null;
    }
    case 'Enter':
      if (row.kind === 'node') return { type: 'open', code: row.code };
      return { type: 'activate', row };
    default:
      return null;
  }
}

/** Where a search hit sits: 'Direct recruit' or 'via A › B' (the codes between root and hit). */
export function pathHint(path: readonly string[]): string {
  const between = path.slice(1, -1);
  if (path.length <= 1) return 'The root';
  return between.length === 0 ? 'Direct recruit' : `via ${between.join(' › ')}`;
}
