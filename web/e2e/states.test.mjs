// Honest states, as a new user meets them: a list that fails says so with Retry (and no empty
// state), missing and refused pages offer a way back, detail pages have breadcrumbs and titles,
// invalid fields have a red border, the client lookup shows nothing before typing and tells
// two clients of the same name apart, an unknown route is the 404 page, and staff read plain
// words and counts they can open (and are told up front what is for associates only).
// Each screen passes the standing check (axe in light and dark, a title of its own).
import assert from 'node:assert/strict';
import { expectAccessible } from './axe.mjs';
import {
  AGENT,
  RMD,
  STAFF,
  acknowledgeAll,
  acknowledgeAllByApi,
  api,
  e2e,
  login,
  newPage,
  uniqueSuffix,
  until,
} from './support.mjs';

/** The colour of a box's border (the inset box-shadow Radix draws) as [r, g, b]. */
function borderRgb(locator) {
  return locator.evaluate((el) => {
    const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(getComputedStyle(el).boxShadow);
    return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
  });
}

e2e(
  'states: failures, missing pages, titles, breadcrumbs, invalid fields, lookup',
  async ({ browser }) => {
    const page = await newPage(browser);
    await login(page, AGENT);
    await acknowledgeAll(page);

    // A list that fails: the failure and Retry, and no "add your first client" under it.
    let failing = true;
    const clientList = (url) => url.pathname === '/api/clients';
    await page.route(clientList, (route) =>
      failing
        ? route.fulfill({
            status: 503,
            headers: { 'Retry-After': '0' },
            json: { status: 503, message: 'The service is unavailable' },
          })
        : route.continue(),
    );
    await page.goto('/business/clients');
    const table = page.getByRole('table', { name: 'Clients' });
    const failure = table.getByRole('alert');
    await failure.getByText('The clients could not be loaded').waitFor();
    await failure.getByText('The service is unavailable').waitFor();
    assert.equal(await page.getByText('No clients found').count(), 0);
    assert.equal(await page.getByText(/Add your first client/).count(), 0);
    assert.equal(await page.title(), 'Clients · Associate Portal');
    await expectAccessible(page, 'clients list that failed');
    failing = false;
    await failure.getByRole('button', { name: 'Retry' }).click();
    await table.locator('tbody tr th a').first().waitFor();
    assert.equal(await table.getByRole('alert').count(), 0);
    await page.unroute(clientList);

    // A missing client: 404 with the way back to the list, not "Try again".
    await page.goto('/business/clients/999999999');
    await page.getByRole('heading', { name: /not found/ }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Try again' }).count(), 0);
    assert.match(await page.title(), /^404 .* · Associate Portal$/);
    await expectAccessible(page, 'missing client');
    await page.getByRole('link', { name: 'Back to clients' }).click();
    await page.waitForURL((url) => url.pathname === '/business/clients');

    // A detail page: breadcrumbs back to the list, and the client's name in the title.
    const link = table.locator('tbody tr th a').first();
    const name = (await link.textContent()).trim(); // "Last, First"
    await link.click();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: 'Clients' }).waitFor();
    const [last, first] = name.split(',').map((s) => s.trim());
    await until(
      async () => (await page.title()) === `${first} ${last} · Clients · Associate Portal`,
      {
        message: 'the client title',
      },
    );
    await crumbs.getByRole('link', { name: 'Clients' }).click();
    await page.waitForURL((url) => url.pathname === '/business/clients');

    // Invalid fields: a red border as well as the red message.
    await page.goto('/business/clients/create');
    await page.getByRole('button', { name: 'Create client' }).click();
    await page.getByText('First name is required').waitFor();
    const firstName = page.getByLabel('First name');
    assert.equal(await firstName.getAttribute('aria-invalid'), 'true');
    const invalid = await borderRgb(page.locator('.rt-TextFieldRoot').filter({ has: firstName }));
    const valid = await borderRgb(
      page.locator('.rt-TextFieldRoot').filter({ has: page.getByLabel('City') }),
    );
    assert.ok(
      invalid && invalid[0] > 180 && invalid[0] - invalid[1] > 100,
      `a red border: ${invalid}`,
    );
    assert.notDeepEqual(invalid, valid, 'a valid field keeps its gray border');
    await crumbs.getByRole('link', { name: 'Clients' }).waitFor();

    // The lookup: nothing before typing; two clients of the same name told apart by email.
    const twin = `Twin${uniqueSuffix()}`;
    const made = [];
    for (const email of [
      `a.${twin.toLowerCase()}@example.org`,
      `b.${twin.toLowerCase()}@example.org`,
    ]) {
      made.push(
        await api(page, 'POST', '/clients', {
          first_name: 'Robin',
          last_name: twin,
          email,
          country: 'USA',
        }),
      );
    }
    await page.goto('/business/clients');
    const lookup = page.getByRole('combobox', { name: 'Find a client' });
    await lookup.click();
    await page.waitForTimeout(500);
    assert.equal(await lookup.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.getByRole('listbox').count(), 0, 'no list before typing');
    await lookup.fill(twin);
    const options = page.getByRole('listbox', { name: 'Find a client' }).getByRole('option');
    await until(
      async () =>
        (await options.count()) === 2 &&
        (await options.allTextContents()).every((t) => t.includes('@')),
      {
        message: 'two options with their emails',
      },
    );
    const texts = await options.allTextContents();
    assert.ok(
      texts[0].includes('a.') !== texts[1].includes('a.'),
      `told apart: ${texts.join(' | ')}`,
    );
    await expectAccessible(page, 'client lookup open');
    for (const client of made) await api(page, 'DELETE', `/clients/${client.id}`);

    assert.deepEqual(
      page.problems.filter((p) => !p.includes('Failed to load resource')),
      [],
    );
  },
);

e2e('states: a refused page offers the way back', async ({ browser }) => {
  const page = await newPage(browser);
  await login(page, RMD);
  await acknowledgeAllByApi(page);
  // A client of the downline: readable, not editable.
  const { data } = await api(page, 'GET', '/clients?limit=200');
  const other = data.find((c) => !c.can_edit);
  assert.ok(other, 'the RMD sees a client of the downline');
  await page.goto(`/business/clients/${other.id}/edit`);
  await page.getByRole('heading', { name: 'You can only edit your own clients' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Try again' }).count(), 0);
  assert.equal(await page.title(), '403 You can only edit your own clients · Associate Portal');
  await expectAccessible(page, 'refused edit');
  await page.getByRole('link', { name: 'Back to the client' }).click();
  await page.waitForURL((url) => url.pathname === `/business/clients/${other.id}`);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).waitFor();
  await expectAccessible(page, 'downline client');
});

e2e('states: staff read plain words and counts they can open', async ({ browser }) => {
  const page = await newPage(browser);
  await login(page, STAFF);
  await page.getByRole('heading', { name: /^Good (morning|afternoon|evening), Sam$/ }).waitFor();
  await page.getByText('Your staff account can read every client.').waitFor();
  assert.equal(await page.getByText('Your clients').count(), 0);
  assert.equal(await page.getByText('Associates in your downline').count(), 0);
  await expectAccessible(page, 'staff dashboard');

  // The clients they can open; no New client (only associates own clients).
  await page.getByRole('link', { name: /View clients/ }).click();
  await page.waitForURL((url) => url.pathname === '/business/clients');
  await page.getByRole('table', { name: 'Clients' }).locator('tbody tr th a').first().waitFor();
  assert.equal(await page.getByRole('link', { name: /New client/ }).count(), 0);

  // The team is for associates: plain words, no header names; a way back, not "Try again".
  await page.goto('/team');
  await page.getByRole('heading', { name: /for associates/ }).waitFor();
  const text = await page.locator('main').textContent();
  assert.doesNotMatch(text, /access-token|header|--as/);
  assert.equal(await page.getByRole('button', { name: 'Try again' }).count(), 0);
  await expectAccessible(page, 'team refused to staff');

  // The client form: refused up front in plain words, with the way back to the list.
  await page.goto('/business/clients/create');
  await page.getByText(/Only associates add clients/).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Create client' }).count(), 0);
  assert.equal(await page.getByLabel('First name').count(), 0);
  assert.doesNotMatch(await page.locator('main').textContent(), /access-token|header|--as/);
  await expectAccessible(page, 'client form refused to staff');
  await page.getByRole('link', { name: /Back to clients/ }).click();
  await page.waitForURL((url) => url.pathname === '/business/clients');

  // My account: staff have none, and are told so.
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
  assert.equal(await page.getByRole('menuitem', { name: 'My account' }).count(), 0);
  await page.keyboard.press('Escape');
  await page.goto('/account');
  await page.getByText('Staff users have no associate account.').waitFor();
  assert.equal(await page.title(), 'My account · Associate Portal');
  await expectAccessible(page, 'staff account');
});

e2e('states: an unknown route is the 404 page, with the dashboard', async ({ browser }) => {
  const page = await newPage(browser);
  await login(page, AGENT);
  await acknowledgeAll(page);
  await page.goto('/no/such/page');
  await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
  assert.equal(await page.title(), '404 Page not found · Associate Portal');
  assert.equal(await page.getByRole('button', { name: 'Try again' }).count(), 0);
  await page.getByRole('link', { name: 'Go to dashboard' }).waitFor();
  await expectAccessible(page, 'not found');
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await page.getByRole('heading', { name: 'Needs your attention' }).waitFor();
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
});
