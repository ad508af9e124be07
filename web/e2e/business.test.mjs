// The business journey: the agent writes a policy split with its RMD and watches the commission
// preview follow the form; staff review it and approve it in admin mode; the agent sees it
// approved; the RMD sees the production in its team view. Every page on the way passes the
// standing check.
import assert from 'node:assert/strict';
import { expectAccessible } from './axe.mjs';
import {
  AGENT,
  RMD,
  STAFF,
  VIEWPORTS,
  acknowledgeAllByApi,
  api,
  e2e,
  expectNoSideways,
  login,
  newPage,
  uniqueSuffix,
  until,
  writable,
} from './support.mjs';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (cents) => usd.format(cents / 100);

/** A dollar amount as the portal shows it: $1,234.56 (whole dollars, cents). */
const DOLLARS = /^\$([\d,]+)\.(\d\d)$/;

/** The production cell of a member in a team list row, in cents. */
async function productionOf(page, view, code) {
  await page.goto(`/team/${view}?filter[code][startswith]=${code}`);
  const row = page.getByRole('table').locator('tbody tr', { hasText: code }).first();
  await row.waitFor();
  const cells = await row.locator('td, th').allTextContents();
  const match = cells.map((t) => DOLLARS.exec(t.trim())).find(Boolean);
  assert.ok(match, `a production cell in ${cells.join(' | ')}`);
  // Integer cents from the digits, never through a float.
  return Number(match[1].replace(/,/g, '')) * 100 + Number(match[2]);
}

e2e(
  'business: write a split policy with its preview, approve it, see it counted',
  async ({ browser }) => {
    // The RMD: where it may write, and the agent's production in its Infinity view before.
    const rmd = await newPage(browser);
    await login(rmd, RMD);
    await acknowledgeAllByApi(rmd);
    const rmdCan = await writable(rmd, 'RMD100');
    const before = await productionOf(rmd, 'Infinity', 'AGT100');

    // The agent: a client of its own in a state where both may write, and a product of a
    // provider that appointed both there.
    const agent = await newPage(browser);
    await login(agent, AGENT);
    await acknowledgeAllByApi(agent);
    const agentCan = await writable(agent, 'AGT100');
    const clients = (
      await api(agent, 'GET', '/clients?filter[associate_code][eq]=AGT100&limit=1000')
    ).data;
    const products = (await api(agent, 'GET', '/products?filter[active][eq]=true&limit=1000')).data;
    let choice;
    for (const client of clients) {
      const both = [...(agentCan.get(client.state) ?? [])].filter((p) =>
        rmdCan.get(client.state)?.has(p),
      );
      const product = products.find(
        (p) => both.includes(p.provider_name) && p.countries.includes(client.country),
      );
      if (product) {
        choice = { client, product };
        break;
      }
    }
    assert.ok(choice, 'the demo agent has a client and a product it can split with its RMD');
    const { client, product } = choice;
    const number = `E2E${uniqueSuffix()}`.slice(0, 20).toUpperCase();

    // The form, reached from the business list; its preview waits for a product and a premium.
    await agent.goto('/business');
    await agent.getByRole('heading', { name: 'Business', level: 1 }).waitFor();
    await agent.getByRole('table', { name: 'Policies' }).locator('tbody tr').first().waitFor();
    await expectAccessible(agent, 'business list');
    await agent.getByRole('link', { name: 'New policy' }).click();
    await agent.getByRole('heading', { name: 'New policy', level: 1 }).waitFor();
    await agent.getByText('Choose a product and enter the target premium').waitFor();

    const clientBox = agent.getByRole('combobox', { name: 'Client' });
    await clientBox.fill(client.last_name);
    await agent
      .getByRole('option', { name: new RegExp(`${client.first_name} ${client.last_name}`) })
      .first()
      .click();
    await agent.getByRole('combobox', { name: 'Product' }).click();
    await agent.getByRole('option', { name: new RegExp(`— ${product.name} \\(`) }).click();
    await agent.getByLabel('Policy number').fill(number);
    await agent.getByLabel('Face amount').fill('250,000');
    await agent.getByLabel('Annual target premium').fill('1200');

    // The preview: the agent writes it alone for now.
    const preview = agent.getByRole('region', { name: 'Commission preview' });
    await preview.getByRole('list', { name: 'Commission preview' }).waitFor();
    await until(async () => (await preview.textContent()).includes('Writing'), {
      message: 'a Writing line for the agent',
    });
    const totalOf = async () =>
      (await preview.locator('.commission-total').textContent()).replace('Total', '').trim();
    const alone = await totalOf();

    // Split 50/50 with the RMD: the preview now shows both writers' Split lines.
    const split = agent.getByRole('combobox', { name: 'Split with' });
    await split.fill('RMD100');
    await agent.getByRole('option', { name: /RMD100/ }).click();
    await agent.getByLabel('Their share').waitFor();
    await until(
      async () => {
        const text = await preview.textContent();
        return text.includes('AGT100') && text.includes('RMD100') && text.includes('Split');
      },
      { message: 'split lines for both writers' },
    );
    // A higher premium raises what the chain earns.
    await agent.getByLabel('Annual target premium').fill('2400');
    await until(async () => (await totalOf()) !== alone && (await totalOf()) !== '', {
      message: 'the total follows the premium',
    });
    await expectAccessible(agent, 'policy form with preview');

    await agent.getByRole('button', { name: 'Submit policy' }).click();
    await agent.getByText('Policy created successfully').waitFor();
    await agent.waitForURL((url) => url.pathname === '/business');

    // The agent's new policy: Pending, split, with its writers' shares.
    await agent.goto(`/business/${number}`);
    await agent.getByRole('heading', { name: `Policy ${number}`, level: 1 }).waitFor();
    await agent.getByText('Pending', { exact: true }).first().waitFor();
    await agent
      .getByRole('table', { name: 'Writing associates and their shares' })
      .getByText('50%')
      .first()
      .waitFor();
    await agent.getByRole('table', { name: 'Commission of the policy' }).waitFor();
    assert.equal(
      await agent.getByRole('button', { name: 'Approve' }).count(),
      0,
      'no staff controls',
    );
    await expectAccessible(agent, 'policy detail');

    // While Pending its writer edits it: the form comes back filled, split included; a note
    // saved shows on the policy.
    await agent.getByRole('link', { name: 'Edit' }).click();
    await agent.getByRole('heading', { name: `Edit policy ${number}`, level: 1 }).waitFor();
    assert.equal(await agent.getByLabel('Their share').inputValue(), '50');
    assert.equal(await agent.getByLabel('Annual target premium').inputValue(), '2400.00');
    await expectAccessible(agent, 'policy edit form');
    await agent.getByLabel('Notes').fill('Signed at the kitchen table.');
    await agent.getByRole('button', { name: 'Save policy' }).click();
    await agent.getByText('Policy updated successfully').waitFor();
    await agent.getByRole('heading', { name: `Policy ${number}`, level: 1 }).waitFor();
    await agent.getByText('Signed at the kitchen table.', { exact: true }).waitFor();

    // On a phone: the policy (commission lines as a list), the form and the list fit the width.
    await agent.setViewportSize(VIEWPORTS.phone);
    await agent.getByRole('list', { name: 'Commission of the policy' }).waitFor();
    await expectNoSideways(agent, 'policy detail at 390 px');
    await expectAccessible(agent, 'policy detail at 390 px');
    await agent.goto('/business/create');
    await agent.getByRole('heading', { name: 'New policy', level: 1 }).waitFor();
    await expectNoSideways(agent, 'policy form at 390 px');
    await expectAccessible(agent, 'policy form at 390 px');
    // A policy for a new client starts with the client form (business/create/client).
    await agent.getByRole('link', { name: 'New client' }).click();
    await agent.getByRole('heading', { name: 'New client', level: 1 }).waitFor();
    await agent.getByText(/^Step 1 of 2 of a new policy/).waitFor();
    await agent.getByRole('button', { name: 'Create client and continue' }).waitFor();
    assert.equal(new URL(agent.url()).pathname, '/business/create/client');
    await expectNoSideways(agent, 'new client for a policy at 390 px');
    await expectAccessible(agent, 'new client for a policy at 390 px');
    await agent.goto('/business');
    await agent.getByRole('table', { name: 'Policies' }).locator('tbody tr').first().waitFor();
    await expectNoSideways(agent, 'business list at 390 px');
    await agent.setViewportSize(VIEWPORTS.desktop);
    await agent.goto('/business/create/client');
    await agent.getByRole('button', { name: 'Create client and continue' }).waitFor();
    await expectAccessible(agent, 'new client for a policy');
    await agent.getByRole('link', { name: 'Cancel' }).click();
    await agent.getByRole('heading', { name: 'New policy', level: 1 }).waitFor();

    const policy = (await api(agent, 'GET', `/policies?filter[policy_number][eq]=${number}`))
      .data[0];
    const saved = await api(agent, 'GET', `/policies/${policy.id}`);
    const share = saved.writers.find((w) => w.code === 'AGT100').bv_cents;

    // Staff review it from their own session: Ready To Pay, confirmed.
    const staff = await newPage(browser);
    await login(staff, STAFF);
    await staff.goto(`/business?filter[policy_number][startswith]=${number}`);
    await staff.getByRole('link', { name: number }).click();
    await staff.getByRole('heading', { name: `Policy ${number}`, level: 1 }).waitFor();
    await expectAccessible(staff, 'policy detail for staff');
    await staff.getByRole('button', { name: 'Move to Ready To Pay' }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Move' }).click();
    await staff.getByRole('button', { name: 'Approve' }).waitFor();

    // Then in admin mode, acting for the agent: the Admin app sends the associate acted for as
    // the access-token header on every call (spec §1). This build is the Associate app, so the
    // browser sends the header itself. The staff member sees the agent's business and approves.
    const admin = await newPage(browser);
    await admin.context().setExtraHTTPHeaders({ 'access-token': 'AGT100' });
    await login(admin, STAFF);
    await admin.goto(`/business?filter[policy_number][startswith]=${number}`);
    await admin.getByRole('link', { name: number }).click();
    await admin.getByRole('heading', { name: `Policy ${number}`, level: 1 }).waitFor();
    await admin.getByRole('button', { name: 'Approve' }).click();
    const dialog = admin.getByRole('alertdialog');
    await dialog.getByText(/Its commission is then paid/).waitFor();
    await expectAccessible(admin, 'approve dialog in admin mode');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText(`Policy ${number} is Approved`, { exact: true }).waitFor();
    // The change log names the agent acted for and the staff member who acted.
    const history = admin.getByRole('table', { name: 'Changes to the policy' });
    await until(
      async () => {
        const text = await history.textContent();
        return /Approved/.test(text) && /staff: /.test(text);
      },
      { message: 'the approval in the history, naming the staff member' },
    );

    // The agent sees it approved.
    await agent.goto(`/business/${number}`);
    await agent.getByRole('heading', { name: `Policy ${number}`, level: 1 }).waitFor();
    await agent.locator('main').getByText('Approved', { exact: true }).first().waitFor();
    assert.equal(await agent.getByRole('link', { name: 'Edit' }).count(), 0, 'approved: no edit');

    // The RMD sees the agent's share of the BV in its Infinity view.
    const after = await productionOf(rmd, 'Infinity', 'AGT100');
    assert.equal(after - before, share, `production ${money(before)} → ${money(after)}`);
    await expectAccessible(rmd, 'team view with production');

    // The RMD's business dashboard: the Infinity view's figures, charts, requirements and
    // scholarships, on a desktop and on a phone.
    await rmd.goto('/business/dashboard?view=Infinity');
    await rmd.getByRole('heading', { name: 'Business dashboard', level: 1 }).waitFor();
    await rmd.getByRole('img', { name: /^BV over 12 months\./ }).waitFor();
    await rmd.getByRole('heading', { name: 'Scholarship programs' }).waitFor();
    await expectAccessible(rmd, 'business dashboard');
    await rmd.setViewportSize(VIEWPORTS.phone);
    await expectNoSideways(rmd, 'business dashboard at 390 px');
    await expectAccessible(rmd, 'business dashboard at 390 px');
  },
);
