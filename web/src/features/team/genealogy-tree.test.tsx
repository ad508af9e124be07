import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type RequestConfig } from '@/api/mutator';
import type { TreeNode } from '@/api/gen/model/treeNode';
import { mockMatchMedia } from '@/test/match-media';
import { fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { GenealogyTree } from './genealogy-tree';

// A fake organisation behind the mutator; the generated hooks and fetchQuery run for real.
//   ROOT ─┬─ A ─┬─ A1 ── A1x
//         │     └─ A2
//         ├─ B
//         └─ BIG ── 1,000 recruits
const server = {
  calls: [] as { url: string; params?: Record<string, unknown> }[],
};

const level = { code: 'A', name: 'Associate', rank: 2, is_senior_level: false };
const n = (code: string, children: number, upline?: string, name = `Person ${code}`): TreeNode => ({
  code,
  name,
  level,
  status: 'Active',
  downline_size: children,
  children,
  upline_code: upline,
});
const children: Record<string, TreeNode[]> = {
  ROOT: [n('A', 2, 'ROOT', 'Alice Able'), n('B', 0, 'ROOT', 'Bob Baker'), n('BIG', 1000, 'ROOT')],
  A: [n('A1', 1, 'A', 'Ann One'), n('A2', 0, 'A', 'Andy Two')],
  A1: [n('A1x', 0, 'A1', 'Xena Deep')],
  BIG: Array.from({ length: 1000 }, (_, i) => n(`R${String(i).padStart(4, '0')}`, 0, 'BIG')),
};

beforeEach(() => {
  fakeApi(async (config: RequestConfig) => {
    const params = config.params as Record<string, unknown> | undefined;
    server.calls.push({ url: config.url, params });
    let m = /^\/associates\/(\w+)\/genealogy$/.exec(config.url);
    if (m) return n('ROOT', 3, 'TOP', 'Rita Root');
    m = /^\/associates\/(\w+)\/genealogy\/children$/.exec(config.url);
    if (m) {
      const page = Number(params?.page ?? 1);
      const limit = Number(params?.limit ?? 100);
      const all = children[m[1] as string] ?? [];
      return { data: all.slice((page - 1) * limit, page * limit + 1) };
    }
    m = /^\/associates\/(\w+)\/genealogy\/search$/.exec(config.url);
    if (m && String(params?.search_keyword).toLowerCase().includes('xena')) {
      return {
        data: [{ node: n('A1x', 0, 'A1', 'Xena Deep'), path: ['ROOT', 'A', 'A1', 'A1x'] }],
      };
    }
    if (m) return { data: [] };
    throw new ApiError(404, 'Not found');
  });
});

// jsdom lays nothing out: give the tree's scroll box a height so that the virtualiser draws.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('tree-scroll') ? 440 : 0;
    },
  });
});
afterAll(() => {
  // (jsdom defines clientHeight on Element.prototype: then there is no own one to put back.)
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
  else Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
});
beforeEach(() => {
  server.calls.length = 0;
});

function renderTree() {
  return renderWithProviders(<GenealogyTree rootCode="ROOT" ownCode="TOP" />, {
    path: '/team/ROOT/genealogy-tree',
    route: '/team/:code/genealogy-tree',
    extraRoutes: [{ path: '/team/:code', element: <p>Overview page</p> }],
  });
}

const item = (name: RegExp | string) => screen.findByRole('treeitem', { name });

describe('GenealogyTree', () => {
  it('opens the root, and moves, expands, collapses and opens with the keyboard', async () => {
    const { user, router } = renderTree();
    const tree = await screen.findByRole('tree', { name: 'Genealogy of Rita Root' });
    const root = await item(/^Rita Root/);
    expect(root).toHaveAttribute('aria-level', '1');
    await waitFor(() => expect(root).toHaveAttribute('aria-expanded', 'true'));
    const alice = await item(/^Alice Able/);
    expect(alice).toHaveAttribute('aria-level', '2');
    expect(alice).toHaveAttribute('aria-expanded', 'false');
    expect(alice).toHaveAttribute('aria-posinset', '1');
    expect(alice).toHaveAttribute('aria-setsize', '3');
    expect(await item(/^Bob Baker/)).not.toHaveAttribute('aria-expanded');
    // Only the children of the root were asked for: one level at a time.
    expect(server.calls.filter((c) => c.url.endsWith('/children')).map((c) => c.url)).toEqual([
      '/associates/ROOT/genealogy/children',
    ]);

    act(() => root.focus());
    await user.keyboard('{ArrowDown}');
    expect(alice).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const ann = await item(/^Ann One/);
    expect(alice).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowRight}');
    expect(ann).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(alice).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(alice).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('treeitem', { name: /^Ann One/ })).not.toBeInTheDocument();
    await user.keyboard('{End}');
    expect(await item(/^Person BIG/)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(root).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/B'));
    expect(tree).not.toBeInTheDocument();
  });

  it('lands on a search hit, opening its ancestors', async () => {
    const { user } = renderTree();
    await item(/^Alice Able/);
    await user.type(screen.getByRole('combobox', { name: 'Search the tree' }), 'xena');
    const option = await screen.findByRole(
      'option',
      { name: /Xena Deep \(A1x\)/ },
      { timeout: 2000 },
    );
    expect(within(option).getByText('via A › A1')).toBeInTheDocument();
    await user.click(option);
    const xena = await item(/^Xena Deep/);
    await waitFor(() => expect(xena).toHaveFocus());
    expect(xena).toHaveAttribute('aria-level', '4');
    expect(xena).toHaveAttribute('aria-selected', 'true');
    expect(await item(/^Alice Able/)).toHaveAttribute('aria-expanded', 'true');
    expect(await item(/^Ann One/)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('toolbar', { name: 'Selected associate' })).toHaveTextContent(
      'Xena Deep (A1x)',
    );
  });

  it('names a row by its content: the name and code first, then level, status and counts', async () => {
    renderTree();
    const alice = await item(/^Alice Able/);
    expect(alice).not.toHaveAttribute('aria-label');
    expect(alice).toHaveAccessibleName(/^Alice Able A Associate Active 2 downline · 2 recruits$/);
  });

  it('gives rows two lines on a phone, and the selected row a third for its actions', async () => {
    mockMatchMedia({ width: 390 });
    const { user } = renderTree();
    const alice = await item(/^Alice Able/);
    expect(alice.style.height).toBe('64px');
    await user.click(alice);
    await waitFor(() => expect(alice.style.height).toBe('92px'));
    expect((await item(/^Rita Root/)).style.height).toBe('64px');
  });

  it('re-roots at the selected node', async () => {
    const { user, router } = renderTree();
    await user.click(await item(/^Alice Able/));
    await user.click(screen.getByRole('button', { name: 'Re-root here' }));
    expect(router.state.location.pathname).toBe('/team/A/genealogy-tree');
  });

  it('pages a large level and draws only the rows in view', async () => {
    const { user } = renderTree();
    const big = await item(/^Person BIG/);
    act(() => big.focus());
    await user.keyboard('{ArrowRight}');
    await item(/^Person R0000/);
    // 1,000 recruits come 200 at a time: End reaches the "more" row, Enter loads the next page.
    for (let page = 1; page < 5; page++) {
      await user.keyboard('{End}');
      const more = await item(/^Show more recruits/);
      expect(more).toHaveFocus();
      await user.keyboard('{Enter}');
      await waitFor(() =>
        expect(server.calls.at(-1)?.params).toMatchObject({ page: page + 1, limit: 200 }),
      );
    }
    await user.keyboard('{End}');
    const last = await item(/^Person R0999/);
    expect(last).toHaveFocus();
    expect(last).toHaveAttribute('aria-posinset', '1000');
    expect(screen.queryByRole('treeitem', { name: /^Show more/ })).not.toBeInTheDocument();
    // 1,004 rows, but only a window of them (plus the focused one) is in the DOM.
    expect(screen.getAllByRole('treeitem').length).toBeLessThan(60);
  });
});
