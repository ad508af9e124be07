import { Avatar, Box, Button, Flex, Spinner, Text } from '@radix-ui/themes';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { useGetGenealogyNode, useSearchGenealogy } from '@/api/gen/endpoints/associates/associates';
import type { GenealogyHit } from '@/api/gen/model/genealogyHit';
import type { TreeNode } from '@/api/gen/model/treeNode';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorCallout } from '@/components/error-callout';
import { ArrowUpIcon } from '@/components/icons/arrow-up';
import { ChevronDownIcon } from '@/components/icons/chevron-down';
import { ChevronRightIcon } from '@/components/icons/chevron-right';
import { HomeIcon } from '@/components/icons/home';
import {
  LOOKUP_QUERY_OPTIONS,
  Lookup,
  useLookupSearch,
  type LookupOption,
} from '@/components/lookup';
import { useBreakpoint } from '@/lib/breakpoint';
import { formatNumber, initials } from '@/lib/format';
import { toast } from '@/lib/toast';
import { LevelBadge, StatusBadge } from './badges';
import { associatePath, genealogyPath } from './paths';
import { pathHint, treeKey, type NodeRow, type PlaceholderRow, type TreeRow } from './tree-model';
import { useGenealogyTree } from './use-genealogy-tree';
import './team.css';

/** Row geometry: one line at lg; at sm (≤ 768 px) the name and code on the first line, the
 *  badges and counts on the second and, on the selected row, its actions on a third — with a
 *  shallower indent, so that the name keeps its room on a phone. */
const GEOMETRY = {
  lg: { rowHeight: 44, focusedHeight: 44, indent: 20, maxIndentLevels: 16 },
  sm: { rowHeight: 64, focusedHeight: 92, indent: 12, maxIndentLevels: 8 },
} as const;
type Geometry = (typeof GEOMETRY)[keyof typeof GEOMETRY];

export interface GenealogyTreeProps {
  /** The code the tree opens from. */
  rootCode: string;
  /** The caller's own code (the top of what it may see). */
  ownCode?: string;
}

/** The genealogy tree of `rootCode`: lazy, searchable, re-rootable, virtualised, and a WAI-ARIA
 *  tree for the keyboard. */
export function GenealogyTree({ rootCode, ownCode }: GenealogyTreeProps) {
  const root = useGetGenealogyNode(rootCode, { query: { meta: { toast: false } } });
  if (root.isPending) return <CenteredSpinner label="Loading the tree" />;
  if (root.isError) return <ErrorCallout error={root.error} title="The tree could not be loaded" />;
  return <TreeView key={root.data.code} root={root.data} ownCode={ownCode} />;
}

const GenealogySearch = memo(function GenealogySearch({
  rootCode,
  onPick,
}: {
  rootCode: string;
  onPick: (hit: GenealogyHit) => void;
}) {
  const { search, setKeyword } = useLookupSearch();
  const query = useSearchGenealogy(
    rootCode,
    { search_keyword: search },
    {
      query: {
        enabled: search.length > 0,
        ...LOOKUP_QUERY_OPTIONS,
        meta: { toast: false },
      },
    },
  );
  const hits = useMemo(() => (search ? (query.data?.data ?? []) : []), [search, query.data]);
  const options = useMemo<LookupOption[]>(
    () =>
      hits.map((hit) => ({
        value: hit.node.code,
        label: `${hit.node.name} (${hit.node.code})`,
        hint: pathHint(hit.path),
      })),
    [hits],
  );
  return (
    <Lookup
      label="Search the tree"
      placeholder="Name or code"
      value={undefined}
      clearOnSelect
      options={options}
      loading={query.isFetching}
      search={search}
      onKeywordChange={setKeyword}
      onChange={(code) => {
        const hit = hits.find((h) => h.node.code === code);
        if (hit) onPick(hit);
      }}
      error={query.isError ? 'The search failed' : undefined}
    />
  );
});

function TreeView({ root, ownCode }: { root: TreeNode; ownCode?: string }) {
  const navigate = useNavigate();
  const tree = useGenealogyTree(root);
  const { rows, expand, collapse, loadMore, reveal } = tree;
  const geometry = GEOMETRY[useBreakpoint()];
  const [focusedKey, setFocusedKey] = useState(root.code);
  const [lastIndex, setLastIndex] = useState(0);
  // After a keyboard move or a search landing, DOM focus follows the focused row.
  const [pendingFocus, setPendingFocus] = useState<null | 'auto' | 'center'>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  // The focused key for callbacks that must not change on every focus move (the rows are
  // memoised, so that scrolling re-renders only the rows that come into view).
  const focusedRef = useRef(focusedKey);
  useEffect(() => {
    focusedRef.current = focusedKey;
  }, [focusedKey]);

  useEffect(() => {
    if (root.children > 0) void expand(root.code);
  }, [expand, root.code, root.children]);

  // The focused row; when it went away (its parent collapsed, a 'more' row loaded), the row
  // now at the same place.
  const found = rows.findIndex((r) => r.key === focusedKey);
  const focusIndex = found >= 0 ? found : Math.min(lastIndex, rows.length - 1);
  const focused = rows[focusIndex];
  if (found >= 0 && found !== lastIndex) setLastIndex(found);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      // The focused row stays rendered, so that it keeps the focus and Tab finds the tree.
      if (focusIndex >= 0 && focusIndex < range.count && !indexes.includes(focusIndex)) {
        indexes.push(focusIndex);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    },
    [focusIndex],
  );
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is not memoisable
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) =>
      index === focusIndex && rows[index]?.kind === 'node'
        ? geometry.focusedHeight
        : geometry.rowHeight,
    overscan: 12,
    rangeExtractor,
    getItemKey,
    // Scroll updates go through React's normal batching (no flushSync on every scroll event).
    useFlushSync: false,
  });

  // Rows change height with the breakpoint, and at sm with the focus: measure again.
  const focusedTall = geometry.focusedHeight !== geometry.rowHeight ? focusIndex : -1;
  useEffect(() => virtualizer.measure(), [virtualizer, geometry, focusedTall]);

  // The focused row went away (the last page of a level replaced its "more" row): the row now
  // in its place takes the focus, and the keyboard focus too when the tree had it.
  const replacement = found < 0 ? rows[focusIndex]?.key : undefined;
  useEffect(() => {
    if (replacement === undefined) return;
    const active = document.activeElement;
    const treeHadFocus =
      !active || active === document.body || (treeRef.current?.contains(active) ?? false);
    setFocusedKey(replacement);
    if (treeHadFocus) setPendingFocus('auto');
  }, [replacement]);

  useEffect(() => {
    if (!pendingFocus || focusIndex < 0) return;
    virtualizer.scrollToIndex(focusIndex, { align: pendingFocus });
    treeRef.current
      ?.querySelector<HTMLElement>(`[data-index="${focusIndex}"]`)
      ?.focus({ preventScroll: true });
    setPendingFocus(null);
  }, [pendingFocus, focusIndex, virtualizer]);

  const moveTo = useCallback((key: string, align: 'auto' | 'center' = 'auto') => {
    setFocusedKey(key);
    setPendingFocus(align);
  }, []);

  const toggle = useCallback(
    (row: NodeRow) => {
      if (row.expanded) {
        // Collapsing a branch that holds the focus moves the focus to the branch.
        if (collapse(row.code, focusedRef.current)) moveTo(row.code);
      } else {
        void expand(row.code);
      }
    },
    [collapse, expand, moveTo],
  );

  const activate = useCallback(
    (row: PlaceholderRow) => {
      if (row.kind === 'more' || row.kind === 'error') void loadMore(row.parent);
    },
    [loadMore],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = treeKey(rows, focused?.key, event.key);
    if (!action) return;
    event.preventDefault();
    switch (action.type) {
      case 'focus':
        moveTo(action.key);
        break;
      case 'expand':
        void expand(action.code);
        break;
      case 'collapse':
        collapse(action.code);
        break;
      case 'open':
        navigate(associatePath(action.code));
        break;
      case 'activate':
        activate(action.row);
        break;
    }
  };

  const land = useCallback(
    async (hit: GenealogyHit) => {
      const shown = await reveal(hit.path);
      if (shown) moveTo(hit.node.code, 'center');
      else toast.error(`${hit.node.name} could not be shown in this tree`);
    },
    [reveal, moveTo],
  );
  const onPick = useCallback((hit: GenealogyHit) => void land(hit), [land]);

  const reroot = useCallback((code: string) => navigate(genealogyPath(code)), [navigate]);
  const isOwnRoot = ownCode !== undefined && root.code === ownCode;
  const focusedNode = focused?.kind === 'node' ? focused.node : undefined;

  return (
    <Flex direction="column" gap="3">
      <Flex gap="3" align="end" wrap="wrap" justify="between">
        <Box flexGrow="1" maxWidth="420px" minWidth="220px">
          <GenealogySearch rootCode={root.code} onPick={onPick} />
        </Box>
        <Flex gap="2" wrap="wrap">
          {!isOwnRoot && root.upline_code ? (
            <Button variant="soft" color="gray" onClick={() => reroot(root.upline_code as string)}>
              <ArrowUpIcon aria-hidden /> Up one level
            </Button>
          ) : null}
          {!isOwnRoot && ownCode ? (
            <Button variant="soft" color="gray" onClick={() => reroot(ownCode)}>
              <HomeIcon aria-hidden /> My tree
            </Button>
          ) : null}
        </Flex>
      </Flex>

      <Flex
        className="tree-toolbar"
        gap="3"
        align="center"
        wrap="wrap"
        role="toolbar"
        aria-label="Selected associate"
      >
        <Text size="2" color="gray" className="tree-toolbar-text">
          {focusedNode ? (
            <>
              Selected: <strong>{focusedNode.name}</strong> ({focusedNode.code})
            </>
          ) : (
            'Select an associate in the tree'
          )}
        </Text>
        {focusedNode ? (
          <Flex gap="2">
            <Button asChild size="1" variant="soft">
              <Link to={associatePath(focusedNode.code)}>Open</Link>
            </Button>
            {focusedNode.code !== root.code ? (
              <Button size="1" variant="soft" onClick={() => reroot(focusedNode.code)}>
                Re-root here
              </Button>
            ) : null}
          </Flex>
        ) : null}
        <Text size="1" color="gray" ml="auto" className="tree-hint">
          {formatNumber(root.downline_size)} in the downline · arrows move, → expands, ← collapses,
          Enter opens
        </Text>
      </Flex>

      <div ref={scrollRef} className="tree-scroll">
        <div
          ref={treeRef}
          role="tree"
          aria-label={`Genealogy of ${root.name}`}
          className="tree"
          style={{ height: virtualizer.getTotalSize() }}
          onKeyDown={onKeyDown}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index] as TreeRow;
            return (
              <TreeRowView
                key={item.key}
                row={row}
                index={item.index}
                top={item.start}
                focused={item.index === focusIndex}
                isRoot={row.key === root.code}
                geometry={geometry}
                onFocusKey={setFocusedKey}
                onToggle={toggle}
                onActivate={activate}
                onReroot={reroot}
              />
            );
          })}
        </div>
      </div>
      {root.children === 0 ? (
        <Text size="2" color="gray">
          No one is below {root.name} yet.
        </Text>
      ) : null}
    </Flex>
  );
}

interface TreeRowViewProps {
  row: TreeRow;
  index: number;
  top: number;
  focused: boolean;
  isRoot: boolean;
  geometry: Geometry;
  onFocusKey: (key: string) => void;
  onToggle: (row: NodeRow) => void;
  onActivate: (row: PlaceholderRow) => void;
  onReroot: (code: string) => void;
}

/** One row; memoised, so that scrolling renders only the rows that come into view. */
const TreeRowView = memo(function TreeRowView({
  row,
  index,
  top,
  focused,
  isRoot,
  geometry,
  onFocusKey,
  onToggle,
  onActivate,
  onReroot,
}: TreeRowViewProps) {
  const indent = (Math.min(row.level, geometry.maxIndentLevels) - 1) * geometry.indent;
  const common = {
    'data-index': index,
    'aria-level': row.level,
    tabIndex: focused ? 0 : -1,
    className: 'tree-row',
    'data-focused': focused || undefined,
    style: {
      transform: `translateY(${top}px)`,
      height: focused && row.kind === 'node' ? geometry.focusedHeight : geometry.rowHeight,
      paddingLeft: 8 + indent,
    },
    onFocus: () => onFocusKey(row.key),
  };

  if (row.kind !== 'node') {
    return (
      <div
        {...common}
        role="treeitem"
        aria-selected={focused}
        aria-disabled={row.kind === 'loading' || undefined}
        onClick={row.kind === 'loading' ? undefined : () => onActivate(row)}
      >
        <span className="tree-toggle" aria-hidden />
        {row.kind === 'loading' ? (
          <Flex gap="2" align="center">
            <Spinner size="1" />
            <Text size="2" color="gray">
              Loading recruits…
            </Text>
          </Flex>
        ) : row.kind === 'more' ? (
          <Text size="2" color="blue" className="tree-more">
            Show more recruits{row.remaining > 0 ? ` (${formatNumber(row.remaining)} more)` : ''}
          </Text>
        ) : (
          <Text size="2" color="red">
            {row.message} · Retry
          </Text>
        )}
      </div>
    );
  }

  const { node } = row;
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <div
      {...common}
      role="treeitem"
      aria-expanded={row.expandable ? row.expanded : undefined}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-selected={focused}
      data-code={node.code}
    >
      {row.expandable ? (
        <span
          className="tree-toggle tree-toggle-button"
          aria-hidden
          onClick={(event) => {
            event.stopPropagation();
            onToggle(row);
          }}
        >
          {row.expanded ? <ChevronDownIcon /> : <ChevronRightIcon />}
        </span>
      ) : (
        <span className="tree-toggle" aria-hidden />
      )}
      {/* The spaces between the parts keep the words of the accessible name apart (flex
          layout draws none of them). */}
      <span className="tree-photo" aria-hidden>
        <Avatar
          size="1"
          radius="full"
          highContrast
          fallback={initials(node.name)}
          src={node.photo_url}
          alt=""
        />
      </span>
      <span className="tree-label">
        <span className="tree-name">{node.name}</span>{' '}
        <span className="tree-code">{node.code}</span>
      </span>{' '}
      {/* The name is the row's accessible name first (name from content), then the level,
          status and counts; the actions are for the mouse (the toolbar has them for keys). */}
      <span className="tree-meta">
        <span className="tree-badges">
          <LevelBadge level={node.level} />{' '}
          {node.status ? <StatusBadge status={node.status} /> : null}
          {row.level > geometry.maxIndentLevels ? (
            <Text size="1" color="gray">
              level {row.level}
            </Text>
          ) : null}
        </span>{' '}
        <span className="tree-counts">
          {formatNumber(node.downline_size)} downline · {formatNumber(node.children)}{' '}
          {node.children === 1 ? 'recruit' : 'recruits'}
        </span>
      </span>
      <span className="tree-actions" aria-hidden>
        <Link to={associatePath(node.code)} tabIndex={-1} onClick={stop} className="tree-action">
          Open
        </Link>
        {!isRoot ? (
          <button
            type="button"
            tabIndex={-1}
            className="tree-action"
            onClick={(event) => {
              event.stopPropagation();
              onReroot(node.code);
            }}
          >
            Re-root here
          </button>
        ) : null}
      </span>
    </div>
  );
});
