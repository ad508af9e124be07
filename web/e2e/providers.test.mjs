// Product providers and the compensation schedule. Staff (providers.manage) reorder a
// provider's links with the keyboard and by dragging, and the order holds after a reload; a
// move the server refuses (a stubbed 500) puts the list back and toasts; an associate reads
// the same lists without a control to change them, and sees their level marked in the
// schedule (cards on a phone). Each screen passes the standing check (axe in light and dark, a
// title of its own).
import assert from 'node:assert/strict';
import { expectAccessible } from './axe.mjs';
import {
  AGENT,
  STAFF,
  VIEWPORTS,
  acknowledgeAll,
  api,
  expectNoSideways,
  e2e,
  login,
  newPage,
  until,
} from './support.mjs';

/** A provider with at least three links, from the API. */
async function providerWithLinks(page) {
  const { data } = await api(page, 'GET', '/providers?limit=100');
  const provider = data.find((p) => p.links >= 3);
  assert.ok(provider, 'the seed has a provider with three links or more');
  return provider;
}

/** The titles of a provider's links as the server has them, in order. */
async function serverTitles(page, id) {
  return (await api(page, 'GET', `/providers/${id}/links`)).data.map((l) => l.title);
}

/** The titles of the links as the page shows them, in order. */
function shownTitles(list) {
  return list
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.querySelector('a')?.textContent?.trim() ?? ''));
}

async function expectShown(list, titles, message) {
  let last = [];
  await until(
    async () => {
      last = await shownTitles(list);
      return JSON.stringify(last) === JSON.stringify(titles);
    },
    { message: `${message}: ${titles.join(' | ')} (shown: ${last.join(' | ')})` },
  );
}

/** The PATCH of a move to come, and its answer. */
function nextMove(page, id) {
  return page.waitForResponse(
    (r) =>
      r.request().method() === 'PATCH' &&
      new URL(r.url()).pathname.startsWith(`/api/providers/${id}/links/`),
  );
}

e2e(
  'providers: staff reorder links by keyboard and drag; a refused move reverts',
  async ({ browser }) => {
    const page = await newPage(browser);
    await login(page, STAFF);

    // Business → Product Providers.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Business', exact: true })
      .click();
    await page
      .getByRole('navigation', { name: 'Business menu' })
      .getByRole('link', { name: 'Product Providers' })
      .click();
    await page.waitForURL((url) => url.pathname === '/business/product-providers');
    const providers = page.getByRole('table', { name: 'Product providers' });
    await providers.locator('tbody tr th a').first().waitFor();
    await expectAccessible(page, 'providers list');

    const provider = await providerWithLinks(page);
    const original = await serverTitles(page, provider.id);
    await providers.getByRole('link', { name: provider.name }).click();
    await page.getByRole('heading', { name: provider.name, level: 1 }).waitFor();
    await page.getByRole('table', { name: `Contacts at ${provider.name}` }).waitFor();
    await page.getByRole('button', { name: /Add contact/ }).waitFor();
    await expectAccessible(page, 'provider contacts (staff)');

    const tabs = page.getByRole('navigation', { name: provider.name });
    await tabs.getByRole('link', { name: /^Links/ }).click();
    await page.waitForURL(`**/business/product-providers/${provider.id}/links`);
    const list = page.getByRole('list', { name: `Links of ${provider.name}` });
    await list.getByRole('listitem').first().waitFor();
    await expectShown(list, original, 'the links in the server order');
    await expectAccessible(page, 'provider links (staff)');

    // The keyboard: the first link one place down, with Enter on its Move down button.
    const [first, second] = original;
    const down = page.getByRole('button', { name: `Move ${first} down` });
    await down.focus();
    const moved = nextMove(page, provider.id);
    await page.keyboard.press('Enter');
    const answer = await moved;
    assert.equal(answer.status(), 200);
    assert.deepEqual(answer.request().postDataJSON(), { position: 2 });
    const afterKeyboard = [second, first, ...original.slice(2)];
    await expectShown(list, afterKeyboard, 'the keyboard move');
    await page.getByText(`${first} moved to position 2 of ${original.length}.`).waitFor();
    assert.ok(
      await page
        .getByRole('button', { name: `Move ${first} down` })
        .evaluate((b) => b === document.activeElement),
      'the focus stays on the moved link',
    );

    // Alt+Arrow Up within the row moves it back up.
    const back = nextMove(page, provider.id);
    await page.keyboard.press('Alt+ArrowUp');
    assert.deepEqual((await back).request().postDataJSON(), { position: 1 });
    await expectShown(list, original, 'Alt+Arrow Up');

    // Drag: the last link onto the upper half of the first row.
    const last = original.at(-1);
    const rows = list.getByRole('listitem');
    const handle = rows.last().locator('.reorder-handle');
    const dragged = nextMove(page, provider.id);
    await handle.dragTo(rows.first(), { targetPosition: { x: 40, y: 6 } });
    const dragAnswer = await dragged;
    assert.equal(dragAnswer.status(), 200);
    assert.deepEqual(dragAnswer.request().postDataJSON(), { position: 1 });
    const afterDrag = [last, ...original.slice(0, -1)];
    await expectShown(list, afterDrag, 'the drag');

    // The order is the server's: it holds after a reload.
    assert.deepEqual(await serverTitles(page, provider.id), afterDrag);
    await page.reload();
    await list.getByRole('listitem').first().waitFor();
    await expectShown(list, afterDrag, 'the order after a reload');

    // A move the server refuses: the list goes back and an error toast says so.
    await page.route(`**/api/providers/${provider.id}/links/*`, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            json: { status: 500, message: 'The order could not be stored' },
          })
        : route.continue(),
    );
    const refused = nextMove(page, provider.id);
    await page.getByRole('button', { name: `Move ${afterDrag[0]} down` }).click();
    assert.equal((await refused).status(), 500);
    const toast = page.getByRole('status').filter({ hasText: 'The new order could not be saved' });
    await toast.first().waitFor();
    await page.getByText('The order could not be stored').first().waitFor();
    await expectShown(list, afterDrag, 'the list put back after the refusal');
    await page.getByText(`${afterDrag[0]} could not be moved; it is back at position 1`).waitFor();
    await page.unroute(`**/api/providers/${provider.id}/links/*`);
    assert.deepEqual(await serverTitles(page, provider.id), afterDrag);

    // Put the seed's order back for the other runs.
    const lastNow = (await api(page, 'GET', `/providers/${provider.id}/links`)).data[0];
    await api(page, 'PATCH', `/providers/${provider.id}/links/${lastNow.id}`, {
      position: original.length,
    });
    assert.deepEqual(await serverTitles(page, provider.id), original);

    // The dialog of a new link, and the other tabs, pass the check too.
    await page.reload();
    await page.getByRole('button', { name: /Add link/ }).click();
    await page.getByRole('dialog', { name: 'Add link' }).waitFor();
    await expectAccessible(page, 'add link dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    for (const tab of ['Videos', 'Attachments']) {
      await tabs.getByRole('link', { name: new RegExp(`^${tab}`) }).click();
      await page.waitForURL(`**/business/product-providers/${provider.id}/${tab.toLowerCase()}`);
      await page
        .getByRole('list', { name: `${tab} of ${provider.name}` })
        .or(page.getByText(`No ${tab.toLowerCase()} yet`))
        .first()
        .waitFor();
      await expectAccessible(page, `provider ${tab.toLowerCase()} (staff)`);
    }

    // The compensation schedule from the menu: staff have no level to mark.
    await page
      .getByRole('navigation', { name: 'Business menu' })
      .getByRole('link', { name: 'Compensation Schedule' })
      .click();
    const schedule = page.getByRole('table', { name: 'Compensation schedule' });
    await schedule.locator('tbody tr th').first().waitFor();
    assert.equal(await page.getByText(/Your level is/).count(), 0);
    await expectAccessible(page, 'compensation schedule (staff)');
  },
);

e2e(
  'providers: an associate reads without controls; the schedule marks their level',
  async ({ browser }) => {
    const page = await newPage(browser);
    await login(page, AGENT);
    await acknowledgeAll(page);

    const provider = await providerWithLinks(page);
    await page.goto('/business/product-providers');
    await page
      .getByRole('table', { name: 'Product providers' })
      .locator('tbody tr th a')
      .first()
      .waitFor();
    await expectAccessible(page, 'providers list (associate)');

    await page.goto(`/business/product-providers/${provider.id}`);
    await page.getByRole('heading', { name: provider.name, level: 1 }).waitFor();
    await page
      .getByRole('table', { name: `Contacts at ${provider.name}` })
      .locator('tbody tr')
      .first()
      .waitFor();
    assert.equal(
      await page.getByRole('button', { name: /Add contact|^Edit |^Delete / }).count(),
      0,
    );
    await expectAccessible(page, 'provider contacts (associate)');

    await page
      .getByRole('navigation', { name: provider.name })
      .getByRole('link', { name: /^Links/ })
      .click();
    const list = page.getByRole('list', { name: `Links of ${provider.name}` });
    await list.getByRole('listitem').first().waitFor();
    await expectShown(list, await serverTitles(page, provider.id), 'the links in order');
    assert.equal(await page.getByRole('button', { name: /^Move / }).count(), 0, 'no move buttons');
    assert.equal(await list.locator('[draggable="true"]').count(), 0, 'no drag handles');
    assert.equal(await page.getByRole('button', { name: /Add link|^Edit |^Delete / }).count(), 0);
    await expectAccessible(page, 'provider links (associate)');

    // The schedule: the associate's level is marked, in the table and, on a phone, the cards.
    await page.goto('/business/compensation-schedule');
    const schedule = page.getByRole('table', { name: 'Compensation schedule' });
    await schedule.locator('tbody tr th').first().waitFor();
    await page.getByText(/Your level is/).waitFor();
    const mine = schedule.getByRole('columnheader', { name: /\(your level\)/ });
    assert.equal(await mine.count(), 1);
    await expectAccessible(page, 'compensation schedule (associate)');

    // At 768 px the table scrolls inside its card, the caller's column brought into view.
    await page.setViewportSize(VIEWPORTS.tablet);
    await page.reload();
    await schedule.locator('tbody tr th').first().waitFor();
    await expectNoSideways(page, 'compensation schedule at 768 px');
    const box = await mine.boundingBox();
    assert.ok(
      box && box.x >= 0 && box.x + box.width <= VIEWPORTS.tablet.width,
      'your column is in view',
    );
    await expectAccessible(page, 'compensation schedule at 768 px');

    // On a phone, a card per product.
    await page.setViewportSize(VIEWPORTS.phone);
    const cards = page.getByRole('list', { name: 'Compensation schedule' });
    await cards.getByRole('listitem').first().waitFor();
    assert.ok(
      (await cards.locator('.schedule-mine').count()) > 0,
      'the level is marked on the cards',
    );
    await expectNoSideways(page, 'compensation schedule at 390 px');
    await expectAccessible(page, 'compensation schedule at 390 px');

    // The provider's pages at 390 px: contacts as cards, the links as they are.
    await page.goto(`/business/product-providers/${provider.id}`);
    await page
      .getByRole('list', { name: `Contacts at ${provider.name}` })
      .getByRole('listitem')
      .first()
      .waitFor();
    await expectNoSideways(page, 'provider contacts at 390 px');
    await expectAccessible(page, 'provider contacts at 390 px');
    await page.goto(`/business/product-providers/${provider.id}/links`);
    await list.getByRole('listitem').first().waitFor();
    await expectNoSideways(page, 'provider links at 390 px');
  },
);
