import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { getListGenealogyChildrenQueryOptions } from '@/api/gen/endpoints/associates/associates';
import type { TreeNode } from '@/api/gen/model/treeNode';
import { errorMessage } from '@/lib/errors';
import { pageRows } from '@/lib/listing-state';
import {
  addChildren,
  emptyTree,
  flattenTree,
  isDescendant,
  markError,
  markLoading,
  setExpanded,
  type TreeData,
} from './tree-model';

/** Children per request (the API answers up to limit + 1). */
export const CHILDREN_LIMIT = 200;

/**
 * The state of a genealogy tree rooted at `root`: children are loaded level by level, when a
 * node is expanded (GET /associates/{code}/genealogy/children, page by page), through the query
 * cache. `reveal` opens the tree along a search hit's path.
 */
export function useGenealogyTree(root: TreeNode) {
  const queryClient = useQueryClient();
  // The data lives in a ref as well, so that chains of loads (reveal) always see the latest.
  const [data, setData] = useState<TreeData>(() => emptyTree(root));
  const dataRef = useRef(data);
  const inflight = useRef(new Map<string, Promise<void>>());

  const update = useCallback((change: (d: TreeData) => TreeData) => {
    dataRef.current = change(dataRef.current);
    setData(dataRef.current);
  }, []);

  const loadPage = useCallback(
    (parent: string, page: number): Promise<void> => {
      const running = inflight.current.get(parent);
      if (running) return running;
      update((d) => markLoading(d, parent));
      const load = queryClient
        .fetchQuery({
          ...getListGenealogyChildrenQueryOptions(parent, { page, limit: CHILDREN_LIMIT }),
          staleTime: 60_000,
          meta: { toast: false },
        })
        .then(
          (answer) => {
            const { rows, hasNext } = pageRows(answer.data, CHILDREN_LIMIT);
            update((d) => addChildren(d, parent, page, rows, hasNext));
          },
          (error: unknown) => update((d) => markError(d, parent, errorMessage(error))),
        )
        .finally(() => inflight.current.delete(parent));
      inflight.current.set(parent, load);
      return load;
    },
    [queryClient, update],
  );

  const expand = useCallback(
    (code: string): Promise<void> => {
      update((d) => setExpanded(d, code, true));
      const pages = dataRef.current.children.get(code);
      if (!pages || pages.status === 'error') return loadPage(code, pages?.nextPage ?? 1);
      if (pages.status === 'loading') return inflight.current.get(code) ?? Promise.resolve();
      return Promise.resolve();
    },
    [loadPage, update],
  );

  /** Collapses a node; returns true when `focused` was inside it (the focus moves to it). */
  const collapse = useCallback(
    (code: string, focused?: string): boolean => {
      update((d) => setExpanded(d, code, false));
      return focused !== undefined && isDescendant(dataRef.current, focused, code);
    },
    [update],
  );

  /** The next page of a node's children (or the failed one again). */
  const loadMore = useCallback(
    (parent: string) => loadPage(parent, dataRef.current.children.get(parent)?.nextPage ?? 1),
    [loadPage],
  );

  /** Opens every node of `path` (root first) so that its last code shows; true when it does. */
  const reveal = useCallback(
    async (path: readonly string[]): Promise<boolean> => {
      if (path[0] !== root.code) return false;
      for (let i = 0; i < path.length - 1; i++) {
        const parent = path[i] as string;
        const child = path[i + 1] as string;
        await expand(parent);
        // Page through the parent's children until the next code of the path shows.
        for (let guard = 0; guard < 10_000; guard++) {
          const pages = dataRef.current.children.get(parent);
          if (!pages || pages.status === 'error') return false;
          if (pages.codes.includes(child)) break;
          if (pages.status === 'loading') await inflight.current.get(parent);
          else if (pages.hasMore) await loadPage(parent, pages.nextPage);
          else return false;
        }
      }
      return dataRef.current.nodes.has(path[path.length - 1] as string);
    },
    [expand, loadPage, root.code],
  );

  const rows = useMemo(() => flattenTree(root.code, data), [root.code, data]);

  return { data, rows, expand, collapse, loadMore, reveal };
}
