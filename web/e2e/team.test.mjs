// The Team area for an RMD (senior) and an agent (non-senior): the dashboard, every team view
// offered (and no other in the menu), an associate's tabs, the account tabs, the hierarchy, and
// the genealogy tree (expanding three levels with mouse and keyboard, search that lands on a
// hit inside collapsed branches, re-rooting).
import assert from 'node:assert/strict';
import { expectAccessible } from './axe.mjs';
import { AGENT, RMD, acknowledgeAll, api, e2e, login, newPage, until } from './support.mjs';

const VIEWS = {
  senior: ['Personal', 'RMD Super Base', 'RMD Super Team', 'Infinity'],
  other: ['Personal', 'Base Shop', 'Infinity'],
};

/** A chain root → a → b → c below `root`, or null. Depth first over the children API. */
async function findChain(page, root) {
  const children = async (code) =>
    (await api(page, 'GET', `/associates/${code}/genealogy/children?limit=200`)).data;
  for (const a of (await children(root)).filter((n) => n.children > 0)) {
    for (const b of (await children(a.code)).filter((n) => n.children > 0)) {
      const [c] = await children(b.code);
      if (c) return { a, b, c };
    }
  }
  return null;
}

const treeitem = (page, code) => page.locator(`[role="treeitem"][data-code="${code}"]`);

async function focusedCode(page) {
  return page.evaluate(() => document.activeElement?.getAttribute('data-code') ?? null);
}

async function teamJourney(page, who, { senior, code }) {
  await login(page, who);
  await acknowledgeAll(page);

  // Team in the top navigation opens the team dashboard.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Team', exact: true })
    .click();
  await page.waitForURL((url) => url.pathname === '/team');
  await page.getByRole('heading', { name: 'Team dashboard' }).waitFor();
  await page.getByRole('img', { name: /^Team by level\./ }).waitFor();
  await page.getByRole('img', { name: /^Growth over 12 months\./ }).waitFor();
  await expectAccessible(page, 'team dashboard');

  // The menu: the views of the level, never those of the other level.
  const menu = page.getByRole('navigation', { name: 'Team menu' });
  const labels = (await menu.getByRole('link').allTextContents()).map((t) => t.trim());
  const offered = senior ? VIEWS.senior : VIEWS.other;
  assert.deepEqual(labels, ['Dashboard', ...offered, 'Hierarchy']);
  for (const forbidden of senior ? ['Base Shop'] : ['RMD Super Base', 'RMD Super Team']) {
    assert.ok(!labels.includes(forbidden), `${forbidden} is not offered: ${labels.join(', ')}`);
  }

  // Every view offered lists its members (the caller is in each of them).
  for (const label of offered) {
    await menu.getByRole('link', { name: label, exact: true }).click();
    await page.getByRole('heading', { name: label, level: 1 }).waitFor();
    const table = page.getByRole('table', { name: new RegExp(`^${label} members`) });
    await table.locator('tbody tr').first().waitFor();
    await table.getByRole('link', { name: /\S/ }).first().waitFor();
    assert.ok((await table.locator('tbody tr').count()) >= 1, `${label} has rows`);
    await expectAccessible(page, `team view ${label}`);
  }

  // A filter goes into the URL and narrows the list.
  await page.getByRole('button', { name: /Filters/ }).click();
  await page.getByLabel('Code starts with').waitFor();
  await expectAccessible(page, 'team list with the filters open');
  await page.getByLabel('Code starts with').fill(code);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL((url) => url.search.includes(`filter[code][startswith]=${code}`));
  const table = page.getByRole('table', { name: /^Infinity members/ });
  await until(
    async () => {
      const codes = await table.locator('tbody tr th').allTextContents();
      return codes.length > 0 && codes.every((t) => t.includes(code));
    },
    { message: 'the code filter' },
  );

  // Download: the filtered view as CSV, served from a signed URL in a new tab.
  const [tab, answer] = await Promise.all([
    page.context().waitForEvent('page'),
    page.waitForResponse((r) => r.url().includes('/api/team/Infinity/download')),
    (async () => {
      await page.getByRole('button', { name: 'Download' }).click();
      await page.getByRole('menuitem', { name: 'CSV' }).click();
    })(),
  ]);
  assert.equal(answer.status(), 200);
  assert.ok(answer.url().includes(`filter[code][startswith]=${code}`), answer.url());
  const file = await page.request.get((await answer.json()).url);
  assert.equal(file.status(), 200);
  assert.match(await file.text(), new RegExp(code));
  await tab.close().catch(() => undefined);

  // An associate of the downline: overview, licenses, appointments, level history.
  const chain = await findChain(page, code);
  assert.ok(chain, `${code} has a downline three levels deep`);
  await page.goto(`/team/${chain.a.code}`);
  await page.getByRole('heading', { name: chain.a.name, level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Profile' }).waitFor();
  await expectAccessible(page, 'associate overview');
  const tabs = page.getByRole('navigation', { name: chain.a.name });
  await tabs.getByRole('link', { name: 'Licenses' }).click();
  await page.getByRole('table', { name: 'Licenses' }).locator('tbody tr').first().waitFor();
  await expectAccessible(page, 'associate licenses');
  await tabs.getByRole('link', { name: 'Provider appointments' }).click();
  await page
    .getByRole('table', { name: 'Provider appointments' })
    .locator('tbody tr')
    .first()
    .waitFor();
  await expectAccessible(page, 'associate appointments');
  await tabs.getByRole('link', { name: 'Level history' }).click();
  const history = page.getByRole('table', { name: 'Level qualification history' });
  await history.locator('tbody tr').first().waitFor();
  await expectAccessible(page, 'associate level history');
  assert.match(await history.locator('tbody tr th').first().textContent(), /^\d\d\/\d\d\/\d{4}$/);

  // The account: the same tabs for the caller.
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await page.waitForURL((url) => url.pathname === '/account');
  const accountTabs = page.getByRole('navigation', { name: 'Account' });
  for (const tab of ['Overview', 'Licenses', 'Provider appointments', 'Level history']) {
    await accountTabs.getByRole('link', { name: tab }).waitFor();
  }
  await page.getByRole('heading', { name: 'Profile' }).waitFor();
  await expectAccessible(page, 'account');
  await accountTabs.getByRole('link', { name: 'Licenses' }).click();
  await page.waitForURL('**/account/licenses');
  await page.getByRole('table', { name: 'Licenses' }).waitFor();
  await expectAccessible(page, 'account licenses');

  // The hierarchy of the own code: top first, the caller last; uplines show contact only.
  await page.goto('/team');
  await menu.getByRole('link', { name: 'Hierarchy' }).click();
  await page.waitForURL(`**/team/${code}/hierarchy`);
  const steps = page.getByRole('list', { name: /^Hierarchy of/ }).getByRole('listitem');
  await steps.first().waitFor();
  const count = await steps.count();
  assert.ok(count >= 2, 'the chain has uplines');
  assert.match(await steps.nth(count - 1).textContent(), new RegExp(code));
  assert.match(await steps.first().textContent(), /Upline/);
  await expectAccessible(page, 'hierarchy');

  // The genealogy tree: the root is open; expand three levels (mouse, then keyboard).
  await page
    .getByRole('navigation', { name: /./ })
    .getByRole('link', { name: 'Genealogy tree' })
    .first()
    .click();
  await page.waitForURL(`**/team/${code}/genealogy-tree`);
  const tree = page.getByRole('tree');
  await treeitem(page, chain.a.code).waitFor();
  assert.equal(await treeitem(page, code).getAttribute('aria-expanded'), 'true');
  assert.equal(await treeitem(page, code).getAttribute('aria-level'), '1');
  await treeitem(page, chain.a.code).locator('.tree-toggle-button').click();
  await treeitem(page, chain.b.code).waitFor();
  await treeitem(page, chain.b.code).click();
  await page.keyboard.press('ArrowRight');
  await treeitem(page, chain.c.code).waitFor();
  assert.equal(await treeitem(page, chain.c.code).getAttribute('aria-level'), '4');
  // Right enters the open node; Left goes back to the parent, then collapses it.
  await page.keyboard.press('ArrowRight');
  await until(async () => (await focusedCode(page)) === chain.c.code, { message: 'Right enters' });
  await page.keyboard.press('ArrowLeft');
  await until(async () => (await focusedCode(page)) === chain.b.code, {
    message: 'Left to parent',
  });
  await treeitem(page, chain.a.code).click();
  await page.keyboard.press('ArrowLeft');
  await treeitem(page, chain.c.code).waitFor({ state: 'detached' });
  assert.equal(await treeitem(page, chain.a.code).getAttribute('aria-expanded'), 'false');
  await expectAccessible(page, 'genealogy tree');

  // Search: the hit is three levels down in a collapsed branch; the tree opens and lands on it.
  await page.getByRole('combobox', { name: 'Search the tree' }).fill(chain.c.name);
  const hit = page.getByRole('option', { name: new RegExp(chain.c.code) });
  await hit.waitFor();
  await expectAccessible(page, 'genealogy tree search results');
  await hit.click();
  await until(async () => (await focusedCode(page)) === chain.c.code, { message: 'landing' });
  assert.equal(await treeitem(page, chain.a.code).getAttribute('aria-expanded'), 'true');
  assert.equal(await treeitem(page, chain.b.code).getAttribute('aria-expanded'), 'true');
  assert.equal(await treeitem(page, chain.c.code).getAttribute('aria-selected'), 'true');
  const box = await treeitem(page, chain.c.code).boundingBox();
  const frame = await page.locator('.tree-scroll').boundingBox();
  assert.ok(box && frame && box.y >= frame.y && box.y + box.height <= frame.y + frame.height + 1);

  // Re-root at a visible node (the toolbar acts on the selected row), then back up.
  await treeitem(page, chain.b.code).click();
  await page
    .getByRole('toolbar', { name: 'Selected associate' })
    .getByRole('button', { name: 'Re-root here' })
    .click();
  await page.waitForURL(`**/team/${chain.b.code}/genealogy-tree`);
  await until(async () => (await treeitem(page, chain.b.code).getAttribute('aria-level')) === '1', {
    message: 're-rooted',
  });
  await treeitem(page, chain.c.code).waitFor();
  assert.equal(await tree.getAttribute('aria-label'), `Genealogy of ${chain.b.name}`);
  await page.getByRole('button', { name: 'Up one level' }).click();
  await page.waitForURL(`**/team/${chain.a.code}/genealogy-tree`);
  await treeitem(page, chain.b.code).waitFor();

  assert.deepEqual(page.problems, [], page.problems.join('\n'));
}

e2e('team: the RMD sees the senior views, associates, hierarchy and tree', async ({ browser }) => {
  const page = await newPage(browser);
  await teamJourney(page, RMD, { senior: true, code: 'RMD100' });
});

e2e('team: the agent sees Base Shop, associates, hierarchy and tree', async ({ browser }) => {
  const page = await newPage(browser);
  await teamJourney(page, AGENT, { senior: false, code: 'AGT100' });
  // A view of the other level is not offered.
  await page.goto('/team/RmdSuperBase');
  await page.getByText('This team view is not offered for your level.').waitFor();
  await expectAccessible(page, 'a team view not offered');
});
