// The agent's journey: log in → acknowledge memos (signing on the canvas) → W-9 documents →
// dashboard → clients: filter, sort, next page, download, create, edit, delete with confirm.
// Every page on the way passes the standing check (axe in light and dark, a title of its own).
import assert from 'node:assert/strict';
import { expectAccessible } from './axe.mjs';
import {
  AGENT,
  acknowledgeAll,
  columnTexts,
  e2e,
  login,
  newPage,
  uniqueSuffix,
  until,
  waitForColumn,
} from './support.mjs';

const reused = process.env.E2E_ALLOW_REUSED === '1';

e2e('agent: acknowledgements, dashboard and clients', async ({ browser }) => {
  const page = await newPage(browser);

  // A protected page before logging in: the login page says a login is required, and the login
  // returns there.
  await login(page, AGENT);

  // Memos first, then W-9 documents; every other route waits until all are acknowledged.
  await page.goto('/business/clients');
  const acks = await page.evaluate(async () => {
    const res = await window.fetch('/api/dashboard/acknowledgements', {
      headers: { Authorization: `Bearer ${localStorage.getItem('portal.token')}` },
    });
    return res.json();
  });
  const pending = acks.memos.length + acks.w9_documents.length;
  if (pending > 0) {
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Acknowledgements' }).waitFor();
    await expectAccessible(page, 'acknowledgements');
  }
  const seen = await acknowledgeAll(page);
  if (!reused) {
    assert.ok(seen.includes('Memo'), `a fresh seed has memos to sign (saw ${seen.join(', ')})`);
    assert.ok(
      seen.includes('W-9 document'),
      `a fresh seed has W-9 documents (saw ${seen.join(', ')})`,
    );
  }
  const firstW9 = seen.indexOf('W-9 document');
  if (firstW9 >= 0)
    assert.ok(!seen.slice(firstW9).includes('Memo'), `memos come first: ${seen.join(', ')}`);

  // The dashboard: greeting, level and code, attention, counts.
  await page.getByRole('heading', { name: 'Needs your attention' }).waitFor();
  await page.getByText('Code AGT100').waitFor();
  await page.getByText(/all caught up/).waitFor();
  await page.getByText('Your clients', { exact: true }).waitFor();
  await expectAccessible(page, 'dashboard');

  // Top navigation: Dashboard, Business, Team, Payments, Events; no empty areas.
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Dashboard', 'Business', 'Team', 'Payments', 'Events']) {
    await nav.getByRole('link', { name: label, exact: true }).waitFor();
  }
  for (const hidden of ['Associates', 'Reports']) {
    assert.equal(
      await nav.getByRole('link', { name: hidden, exact: true }).count(),
      0,
      `${hidden} is hidden`,
    );
  }

  // Clients list via the menu.
  // Business leads to its dashboard; the sidebar holds the rest of the area.
  await nav.getByRole('link', { name: 'Business', exact: true }).click();
  await page.waitForURL('**/business/dashboard');
  await page
    .getByRole('navigation', { name: 'Business menu' })
    .getByRole('link', { name: 'Clients' })
    .click();
  await page.waitForURL('**/business/clients');
  const table = page.getByRole('table', { name: 'Clients' });
  await table.locator('tbody tr').first().waitFor();
  await expectAccessible(page, 'clients list');

  // Paging: limit in the URL, Next only when the extra row came back.
  await page.goto('/business/clients?limit=5');
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 5);
  const firstPage = await columnTexts(page, 0);
  const previous = page.getByRole('button', { name: 'Previous' });
  const next = page.getByRole('button', { name: 'Next' });
  assert.equal(await previous.isDisabled(), true);
  await next.click();
  await page.waitForURL(
    (url) => url.searchParams.get('page') === '2' && url.searchParams.get('limit') === '5',
  );
  const secondPage = await waitForColumn(page, 0, (t) => t.length === 5 && t[0] !== firstPage[0]);
  assert.equal(secondPage.length, 5);
  assert.notDeepEqual(secondPage, firstPage);
  await page.getByText('Page 2 · rows 6–10').waitFor();
  assert.equal(await previous.isDisabled(), false);

  // Sorting by name: ascending, then descending; the order goes into the URL.
  const lastNames = (texts) => texts.map((n) => n.split(',')[0].trim());
  const sorted = (names, direction) =>
    names.every((name, i) => {
      if (i === 0) return true;
      const cmp = names[i - 1].localeCompare(name, 'en', { sensitivity: 'base' });
      return direction === 'ASC' ? cmp <= 0 : cmp >= 0;
    });
  await page.goto('/business/clients?limit=10');
  await table.locator('tbody tr').first().waitFor();
  const nameHeader = page.getByRole('columnheader', { name: /Name/ });
  await nameHeader.getByRole('button').click();
  await page.waitForURL((url) => url.search.includes('order[last_name]=ASC'));
  await until(async () => (await nameHeader.getAttribute('aria-sort')) === 'ascending', {
    message: 'ascending sort',
  });
  const ascending = lastNames(await waitForColumn(page, 0, (t) => sorted(lastNames(t), 'ASC')));
  await nameHeader.getByRole('button').click();
  await page.waitForURL((url) => url.search.includes('order[last_name]=DESC'));
  await until(async () => (await nameHeader.getAttribute('aria-sort')) === 'descending', {
    message: 'descending sort',
  });
  const descending = lastNames(
    await waitForColumn(
      page,
      0,
      (t) => lastNames(t)[0] !== ascending[0] && sorted(lastNames(t), 'DESC'),
    ),
  );

  // Filtering: last name contains (trimmed), and a state (the `in` operator); both in the URL.
  const fragment = descending[0].slice(0, Math.min(4, descending[0].length));
  await page.getByRole('button', { name: /Filters/ }).click();
  await page.getByLabel('Last name contains').waitFor();
  await expectAccessible(page, 'clients list with filters');
  await page.getByLabel('Last name contains').fill(`  ${fragment}  `);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL((url) =>
    url.search.includes(`filter[last_name][contains]=${encodeURIComponent(fragment)}`),
  );
  const filtered = lastNames(
    await waitForColumn(
      page,
      0,
      (t) =>
        t.length > 0 && lastNames(t).every((n) => n.toLowerCase().includes(fragment.toLowerCase())),
    ),
  );
  assert.ok(filtered.length > 0, 'the filter keeps the client it was taken from');
  const state = (await columnTexts(page, 3)).find((s) => s !== '—');
  if (state) {
    await page.getByRole('button', { name: /^State \/ province:/ }).click();
    await page.getByRole('checkbox', { name: new RegExp(`\\(${state}\\)$`) }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.search.includes(`filter[state][in][]=${state}`));
    await waitForColumn(page, 3, (t) => t.length > 0 && t.every((s) => s === state));
  }
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.waitForURL((url) => !url.search.includes('filter'));

  // Download: GET /api/clients/download answers a URL that opens in a new tab.
  const [tab, answer] = await Promise.all([
    page.context().waitForEvent('page'),
    page.waitForResponse((r) => r.url().includes('/api/clients/download')),
    (async () => {
      await page.getByRole('button', { name: 'Download' }).click();
      await page.getByRole('menuitem', { name: 'CSV' }).click();
    })(),
  ]);
  assert.equal(answer.status(), 200);
  const { url: fileUrl } = await answer.json();
  const file = await page.request.get(fileUrl);
  assert.equal(file.status(), 200, `the export is served: ${fileUrl}`);
  assert.match(await file.text(), /,/);
  await tab.close().catch(() => undefined);

  // Create: the form's messages first, then a client.
  const last = `E2e${uniqueSuffix()}`;
  await page.getByRole('link', { name: 'New client' }).click();
  await page.waitForURL('**/business/clients/create');
  await page.getByRole('button', { name: 'Create client' }).click();
  await page.getByText('First name is required').waitFor();
  await page.getByText('Last name is required').waitFor();
  // The form then moves the focus to its first invalid field; typing before it has would
  // land there (a run under load filled '-5' into First name).
  await page.waitForFunction(
    (el) => el === document.activeElement,
    await page.getByLabel('First name').elementHandle(),
  );
  await page.getByLabel('Annual income').fill('-5');
  await page.getByLabel('Annual income').blur();
  await page.getByText('Annual income must be greater than or equal to 0').waitFor();
  await expectAccessible(page, 'client form with errors');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Email').fill(`robin.${last.toLowerCase()}@example.com`);
  await page.getByLabel('Phone').fill('5551234567');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State / province').click();
  await page.getByRole('option', { name: 'Texas (TX)' }).click();
  await page.getByLabel('Annual income').fill('85000');
  await page.getByRole('button', { name: 'Create client' }).click();
  await page.getByText('Client created successfully').waitFor();
  await page.waitForURL((url) => url.pathname === '/business/clients');

  // The new client is first (newest first) and its page shows formatted fields.
  await page.getByRole('link', { name: `${last}, Robin` }).click();
  await page.getByRole('heading', { name: `Robin ${last}` }).waitFor();
  await page.getByText('(555) 123-4567').waitFor();
  await page.getByText('$85,000.00').waitFor();
  await expectAccessible(page, 'client detail');

  // Edit.
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.waitForURL('**/edit');
  await page.getByLabel('City').waitFor();
  await expectAccessible(page, 'client edit form');
  await page.getByLabel('City').fill('Dallas');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Client updated successfully').waitFor();
  await page.waitForURL((url) => /^\/business\/clients\/\d+$/.test(url.pathname));
  await page
    .getByText(/Dallas/)
    .first()
    .waitFor();

  // Delete: "Keep it" keeps it; Delete removes it.
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText('Are you sure you want to delete this client?').waitFor();
  await expectAccessible(page, 'delete confirmation');
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: `Robin ${last}` }).waitFor();
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL((url) => url.pathname === '/business/clients');
  await page.getByText('Client deleted successfully', { exact: true }).waitFor();
  await page.goto(`/business/clients?filter[last_name][contains]=${last}`);
  await page.getByText('No clients found').waitFor();

  assert.deepEqual(
    page.problems.filter((p) => !p.includes('Failed to load resource')),
    [],
  );
});
