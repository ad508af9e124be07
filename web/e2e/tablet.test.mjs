// The portal at the breakpoint itself (768 px wide is sm, spec §4): the menu button instead of
// the top navigation and the sidebar, no page wider than the screen, and each main page passes
// the standing check (axe in light and dark, a title of its own).
import assert from 'node:assert/strict';
import { expectAccessible } from './axe.mjs';
import {
  RMD,
  VIEWPORTS,
  acknowledgeAll,
  api,
  e2e,
  expectNoSideways,
  login,
  newPage,
  until,
} from './support.mjs';

const TABLET = VIEWPORTS.tablet;

/** Opens `path`, waits for `ready`, and checks the page at 768 px. */
async function visit(page, path, ready, where) {
  await page.goto(path);
  await ready(page).waitFor();
  // sm: the menu button; neither the top navigation nor a sidebar.
  await page.getByRole('button', { name: 'Open menu' }).waitFor();
  assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0, where);
  assert.equal(await page.locator('.app-sidebar').count(), 0, where);
  await expectNoSideways(page, where);
  await expectAccessible(page, `${where}, 768 px`);
}

e2e('tablet: the main pages at the 768 px breakpoint', async ({ browser }) => {
  const page = await newPage(browser, TABLET);
  await login(page, RMD);
  await acknowledgeAll(page);

  await visit(
    page,
    '/',
    (p) => p.getByRole('heading', { name: 'Needs your attention' }),
    'dashboard',
  );
  await visit(
    page,
    '/business/clients?limit=25',
    (p) => p.getByRole('table', { name: 'Clients' }).locator('tbody tr th a').first(),
    'clients list',
  );
  await page.getByRole('button', { name: /Filters/ }).click();
  await page.getByLabel('Last name contains').waitFor();
  await expectAccessible(page, 'clients list with the filters open, 768 px');

  const { data } = await api(page, 'GET', '/clients?limit=1');
  await visit(
    page,
    `/business/clients/${data[0].id}`,
    (p) => p.getByRole('heading', { name: 'Person and contact' }),
    'client detail',
  );
  await visit(
    page,
    '/business/clients/create',
    (p) => p.getByRole('button', { name: 'Create client' }),
    'client form',
  );
  await visit(
    page,
    '/business/create/client',
    (p) => p.getByRole('button', { name: 'Create client and continue' }),
    'new client for a policy',
  );
  await visit(
    page,
    '/team',
    (p) => p.getByRole('img', { name: /^Team by level\./ }),
    'team dashboard',
  );
  await visit(
    page,
    '/team/Infinity?limit=25',
    (p) =>
      p
        .getByRole('table', { name: /^Infinity members/ })
        .locator('tbody tr th a')
        .first(),
    'team list',
  );
  await page.getByRole('button', { name: /Filters/ }).click();
  await page.getByLabel('Code starts with').waitFor();
  await expectAccessible(page, 'team list with the filters open, 768 px');
  await visit(
    page,
    '/team/RMD100/genealogy-tree',
    (p) => p.locator('[role="treeitem"][data-code]').nth(2),
    'genealogy tree',
  );
  await visit(
    page,
    '/payments',
    (p) => p.getByRole('heading', { name: 'Balances' }),
    'payments dashboard',
  );
  await visit(
    page,
    '/payments/cashflow?limit=25',
    (p) =>
      p
        .getByRole('table', { name: 'Cashflow entries' })
        .locator('tbody tr')
        .filter({ hasNotText: 'Loading' })
        .first(),
    'cashflow list',
  );
  await page.getByRole('button', { name: /Filters/ }).click();
  await page.getByLabel('Period from (month)').waitFor();
  await expectNoSideways(page, 'cashflow list with the filters open');
  await expectAccessible(page, 'cashflow list with the filters open, 768 px');
  await visit(
    page,
    '/payments/chargebacks?limit=25',
    (p) =>
      p
        .getByRole('table', { name: 'Chargebacks' })
        .locator('tbody tr')
        .filter({ hasNotText: 'Loading' })
        .first(),
    'chargebacks',
  );
  // One of the RMD's entries (the engine writes them as it takes the seeded approvals up).
  let entry;
  await until(
    async () => {
      [entry] = (await api(page, 'GET', '/payments/cashflow?limit=1')).data;
      return entry !== undefined;
    },
    { timeout: 30_000, message: 'a cashflow entry of the RMD' },
  );
  await visit(
    page,
    `/payments/cashflow/${entry.id}`,
    // Its title names its kind and bonus type ('Advance · Writing'); an error page's does not.
    (p) => p.getByRole('heading', { level: 1, name: / · / }),
    'cashflow entry',
  );
  await visit(page, '/account', (p) => p.getByRole('heading', { name: 'Profile' }), 'account');
  await visit(
    page,
    '/no/such/page',
    (p) => p.getByRole('heading', { name: 'Page not found' }),
    'not found',
  );

  // The menu lists the areas and marks where the page is.
  await page.goto('/team/Infinity');
  await page.getByRole('heading', { name: 'Infinity', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Open menu' }).click();
  assert.equal(
    await page.getByRole('menuitem', { name: 'Infinity' }).getAttribute('aria-current'),
    'page',
  );
  await expectAccessible(page, 'menu open, 768 px');
  await page.keyboard.press('Escape');

  assert.deepEqual(page.problems, [], page.problems.join('\n'));
});
