// The payments journey: staff approve a policy the agent wrote; the agent's lines and its
// RMD's appear in their cashflow as the engine takes the approval up; the agent opens a line
// and reads why it is what it is; staff record the lapse and the chargebacks appear. Every page
// on the way passes the standing check, on a desktop and a phone. Then the states: staff
// choosing whose dashboard to see, and an entry that does not exist.
import assert from 'node:assert/strict';
import { expectAccessible } from './axe.mjs';
import {
  AGENT,
  RMD,
  STAFF,
  VIEWPORTS,
  acknowledgeAll,
  api,
  e2e,
  expectNoSideways,
  login,
  newPage,
  uniqueSuffix,
  until,
  writable,
} from './support.mjs';

/** Waits until the cashflow table of a page, reloaded, holds a row with the text. */
async function waitForRow(page, path, caption, text) {
  await until(
    async () => {
      await page.goto(path);
      const table = page.getByRole('table', { name: caption });
      await table.waitFor();
      await page
        .getByText(/Loading/)
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      return (await table.locator('tbody tr', { hasText: text }).count()) > 0;
    },
    { timeout: 30_000, message: `a "${text}" row at ${path}` },
  );
}

e2e(
  'payments: approve, see the lines, read why, lapse, see the chargebacks',
  async ({ browser }) => {
    const agent = await newPage(browser);
    await login(agent, AGENT);
    await acknowledgeAll(agent);
    const rmd = await newPage(browser);
    await login(rmd, RMD);
    await acknowledgeAll(rmd);

    // The agent's policy (written through the API: the business journey drives the form).
    const can = await writable(agent, 'AGT100');
    const clients = (
      await api(agent, 'GET', '/clients?filter[associate_code][eq]=AGT100&limit=1000')
    ).data;
    const products = (await api(agent, 'GET', '/products?filter[active][eq]=true&limit=1000')).data;
    let choice;
    for (const client of clients) {
      const product = products.find(
        (p) => can.get(client.state)?.has(p.provider_name) && p.countries.includes(client.country),
      );
      if (product) {
        choice = { client, product };
        break;
      }
    }
    assert.ok(choice, 'the demo agent has a client and a product it may write');
    const number = `PAY${uniqueSuffix()}`.slice(0, 20).toUpperCase();
    const today = new Date().toISOString().slice(0, 10);
    const policy = await api(agent, 'POST', '/policies', {
      policy_number: number,
      client_id: choice.client.id,
      product_id: choice.product.id,
      face_amount_cents: 25_000_000,
      target_premium_cents: 120_000,
      submitted_on: today,
    });
    assert.ok(policy.id, `created: ${JSON.stringify(policy)}`);

    // Staff move it on and approve it from the policy page.
    const staff = await newPage(browser);
    await login(staff, STAFF);
    await staff.goto(`/business/${number}?id=${policy.id}`);
    await staff.getByRole('heading', { name: `Policy ${number}`, level: 1 }).waitFor();
    await staff.getByRole('button', { name: 'Move to Ready To Pay' }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Move' }).click();
    await staff.getByRole('button', { name: 'Approve' }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    await staff.getByText(`Policy ${number} is Approved`, { exact: true }).waitFor();

    // The agent's advance and escrow appear in its cashflow; the RMD's override in its own.
    const byPolicy = `/payments/cashflow?filter[policy_number][eq]=${number}`;
    await waitForRow(agent, byPolicy, 'Cashflow entries', 'Advance');
    const rows = agent.getByRole('table', { name: 'Cashflow entries' }).locator('tbody tr');
    assert.equal((await rows.filter({ hasText: 'Escrow' }).count()) > 0, true, 'an escrow row');
    await expectAccessible(agent, 'cashflow of the policy');
    await waitForRow(rmd, byPolicy, 'Cashflow entries', 'Advance');
    const rmdText = await rmd.getByRole('table', { name: 'Cashflow entries' }).textContent();
    assert.match(rmdText, /Override|Generation/, 'the RMD earns on its downline policy');
    assert.doesNotMatch(rmdText, /Writing/, 'the RMD sees its own lines, not the writer’s');

    // The agent opens its advance: why it is what it is, in words, and the line's entries.
    await agent.goto(byPolicy);
    await rows
      .filter({ hasText: 'Advance' })
      .first()
      .getByRole('link', { name: 'Advance' })
      .click();
    await agent.getByRole('heading', { name: 'Why this amount' }).waitFor();
    const why = await agent.locator('.entry-explanation').textContent();
    assert.match(why, /wrote the policy/);
    assert.match(why, new RegExp(number));
    assert.match(why, /Advance: 75 %/);
    await expectAccessible(agent, 'cashflow entry');
    await agent.setViewportSize(VIEWPORTS.phone);
    await expectNoSideways(agent, 'cashflow entry at 390 px');
    await expectAccessible(agent, 'cashflow entry at 390 px');
    await agent.setViewportSize(VIEWPORTS.desktop);

    // Staff record the lapse; the chargebacks appear for the agent.
    await staff.goto(`/business/${number}?id=${policy.id}`);
    await staff.getByRole('button', { name: 'Record lapse' }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Record lapse' }).click();
    await staff.getByText(`Policy ${number} lapsed`, { exact: true }).waitFor();
    const chargebacks = `/payments/chargebacks?filter[policy_number][eq]=${number}`;
    await waitForRow(agent, chargebacks, 'Chargebacks', 'Chargeback');
    await expectAccessible(agent, 'chargebacks');

    // The dashboard shows the balances and the period; at 390 px it fits.
    await agent.goto('/payments');
    await agent.getByRole('heading', { name: 'Payments dashboard', level: 1 }).waitFor();
    await agent.getByRole('heading', { name: 'Balances' }).waitFor();
    await expectAccessible(agent, 'payments dashboard');
    await agent.setViewportSize(VIEWPORTS.phone);
    await expectNoSideways(agent, 'payments dashboard at 390 px');
    await expectAccessible(agent, 'payments dashboard at 390 px');
    await agent.goto(byPolicy);
    await agent.getByRole('table', { name: 'Cashflow entries' }).waitFor();
    await expectNoSideways(agent, 'cashflow at 390 px');
    await expectAccessible(agent, 'cashflow at 390 px');
    // The chargebacks of the lapse, each one stacked cell at 390 px.
    await agent.goto(chargebacks);
    await agent
      .getByRole('table', { name: 'Chargebacks' })
      .locator('tbody tr', { hasText: 'Chargeback' })
      .first()
      .waitFor();
    await expectNoSideways(agent, 'chargebacks at 390 px');
    await expectAccessible(agent, 'chargebacks at 390 px');
  },
);

e2e(
  'payments: staff choose whose dashboard to see; an entry that does not exist',
  async ({ browser }) => {
    // The demo staff user holds payments.read: the dashboard asks whose payments to show.
    const staff = await newPage(browser);
    await login(staff, STAFF);
    await staff.goto('/payments');
    await staff.getByText('Choose an associate to see their payments.').waitFor();
    assert.equal(await staff.getByRole('heading', { name: 'Balances' }).count(), 0);
    await expectAccessible(staff, 'payments dashboard, choosing an associate');
    await staff.getByRole('combobox', { name: 'Associate' }).fill('AGT100');
    await staff.getByRole('option', { name: /\(AGT100\)$/ }).click();
    await staff.getByRole('heading', { name: 'Balances' }).waitFor();
    assert.match(new URL(staff.url()).search, /associate_code=AGT100/);

    // An entry that does not exist: the 404 page, with the way back to the list.
    await staff.goto('/payments/cashflow/999999999');
    await staff
      .getByRole('heading', { name: 'Cashflow entry 999999999 not found', level: 1 })
      .waitFor();
    const alert = staff.getByRole('alert');
    assert.match(await alert.textContent(), /^404/);
    assert.equal(await alert.getByRole('button', { name: 'Try again' }).count(), 0);
    await expectAccessible(staff, 'cashflow entry not found');
    await alert.getByRole('link', { name: /Back to cashflow/ }).click();
    await staff.getByRole('table', { name: 'Cashflow entries' }).waitFor();
    // The 404 answer is the browser's one console line.
    assert.deepEqual(
      staff.problems.filter((p) => !p.includes('Failed to load resource')),
      [],
      staff.problems.join('\n'),
    );
  },
);
