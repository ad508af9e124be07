// The portal on a phone (390 px): the genealogy tree keeps each name whole with the counts and
// actions on a second line, a typed signature stays inside its card, the current tab scrolls
// into view, and the menu marks the current page. Each screen passes the standing check.
import assert from 'node:assert/strict';
import { expectAccessible } from './axe.mjs';
import {
  RMD,
  VIEWPORTS,
  acknowledgeAll,
  e2e,
  expectInViewport,
  login,
  newPage,
  stubPendingMemo,
  until,
} from './support.mjs';

const PHONE = VIEWPORTS.phone;

/** Boxes of a few parts of every tree row in view, measured in the page. */
function treeRows(page) {
  return page.locator('[role="treeitem"][data-code]').evaluateAll((rows) => {
    const box = (el) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width };
    };
    const frame = document.querySelector('.tree-scroll').getBoundingClientRect();
    return rows
      .filter((row) => {
        const r = row.getBoundingClientRect();
        return r.top >= frame.top && r.bottom <= frame.bottom;
      })
      .map((row) => {
        const name = row.querySelector('.tree-name');
        const code = row.querySelector('.tree-code');
        return {
          code: row.dataset.code,
          focused: row.hasAttribute('data-focused'),
          name: box(name),
          nameClipped: name.scrollWidth > name.clientWidth + 1,
          nameText: name.textContent,
          codeClipped: code.scrollWidth > code.clientWidth + 1,
          codeBox: box(code),
          counts: box(row.querySelector('.tree-counts')),
          actions: box(row.querySelector('.tree-actions')),
          actionsShown: getComputedStyle(row.querySelector('.tree-actions')).display !== 'none',
          row: box(row),
        };
      });
  });
}

e2e('phone: tree rows, typed signature, tabs and menu at 390 px', async ({ browser }) => {
  const page = await newPage(browser, PHONE);
  await login(page, RMD);

  // A memo that needs a signature, typed: the preview stays inside its card (the list of what
  // waits is answered here, so the run signs nothing).
  const unstub = await stubPendingMemo(page);
  await page.goto('/');
  await page.getByRole('heading', { name: 'Acknowledgements' }).waitFor();
  await page.getByRole('radio', { name: 'Type' }).click();
  await page.getByLabel('Type your full name').fill('Alexandria Montgomery-Worthington');
  const preview = page.locator('.signature-preview');
  await preview.waitFor();
  const card = page.locator('.rt-Card').filter({ has: preview });
  const [p, c] = [await preview.boundingBox(), await card.boundingBox()];
  assert.ok(p && c, 'the preview and its card are drawn');
  assert.ok(
    p.x >= c.x && p.x + p.width <= c.x + c.width + 0.5,
    `preview ${JSON.stringify(p)} in card ${JSON.stringify(c)}`,
  );
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(overflow <= PHONE.width, `the page does not scroll sideways (${overflow} px)`);
  await expectAccessible(page, 'acknowledgement with a typed signature, 390 px');
  await unstub();

  await acknowledgeAll(page);

  // The tree: the name whole (or nearly), the code unclipped, the counts under the name; the
  // selected row shows its actions on a line of their own.
  await page.goto('/team/RMD100/genealogy-tree');
  await page.locator('[role="treeitem"][data-code]').nth(4).waitFor();
  await page.locator('[role="treeitem"][data-code]').nth(2).click();
  await until(async () => (await treeRows(page)).some((r) => r.focused && r.actionsShown), {
    message: 'the selected row shows its actions',
  });
  const rows = await treeRows(page);
  assert.ok(rows.length >= 4, `rows in view: ${rows.length}`);
  for (const r of rows) {
    const where = `${r.code} ${JSON.stringify(r)}`;
    assert.ok(!r.codeClipped, `code not clipped: ${where}`);
    assert.ok(!r.nameClipped || r.name.width >= 150, `the name keeps its room: ${where}`);
    assert.ok(r.counts.top >= r.name.bottom - 1, `counts under the name: ${where}`);
    assert.ok(r.counts.right <= r.row.right + 0.5, `counts inside the row: ${where}`);
    if (r.focused) {
      assert.ok(r.actions.top >= r.counts.bottom - 1, `actions under the counts: ${where}`);
      assert.ok(r.actions.right <= r.row.right + 0.5, `actions inside the row: ${where}`);
    } else {
      assert.ok(!r.actionsShown, `only the selected row shows actions: ${where}`);
    }
  }
  await expectAccessible(page, 'genealogy tree, 390 px');

  // The current tab (Genealogy tree, far along the tabs; then Hierarchy, the last) is scrolled
  // into view.
  const currentTab = page
    .getByRole('navigation', { name: 'Renee Mitchell' })
    .locator('a[aria-current="page"]');
  assert.match(await currentTab.textContent(), /Genealogy tree/);
  await expectInViewport(currentTab, PHONE.width, 'the current tab in view');
  await page.goto('/team/RMD100/hierarchy');
  await page.getByRole('list', { name: /^Hierarchy of/ }).waitFor();
  assert.match(await currentTab.textContent(), /Hierarchy/);
  await expectInViewport(currentTab, PHONE.width, 'the last tab in view');

  // The menu marks the current page (aria-current and a visible mark) and its area.
  await page.goto('/team/Infinity');
  await page.getByRole('heading', { name: 'Infinity', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const current = page.getByRole('menuitem', { name: 'Infinity' });
  assert.equal(await current.getAttribute('aria-current'), 'page');
  assert.equal(
    await page.getByRole('menuitem', { name: 'Team', exact: true }).getAttribute('aria-current'),
    'true',
  );
  assert.equal(
    await page.getByRole('menuitem', { name: 'Personal' }).getAttribute('aria-current'),
    null,
  );
  assert.ok(await current.locator('.mobile-menu-mark svg').isVisible(), 'a check marks it');
  const [mine, other] = await Promise.all(
    [current, page.getByRole('menuitem', { name: 'Personal' })].map((item) =>
      item.evaluate((el) => getComputedStyle(el).fontWeight),
    ),
  );
  assert.ok(Number(mine) > Number(other), `the current item is bold (${mine} vs ${other})`);
  await expectAccessible(page, 'menu open, 390 px');
  await page.keyboard.press('Escape');

  assert.deepEqual(page.problems, [], page.problems.join('\n'));
});
