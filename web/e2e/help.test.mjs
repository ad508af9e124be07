// The help centre and the public pages: the demo agent opens Help from the header, searches for
// "escrow", sees the word marked in a result, and reads "Advances and escrow"; staff who manage
// content see the articles associates do not (marked) and the form of a new article (nothing is
// saved, so that other runs find the seed as it is); a visitor follows the login page's Terms
// link to the terms without logging in. Every page on the way passes the standing check, and
// the help pages and the terms fit a phone's width.
//
// The file runs after agent-journey.test.mjs (files run in name order), which expects the demo
// agent's memos and W-9 documents still pending: the agent acknowledges them here first, as
// business.test.mjs does.
import assert from 'node:assert/strict';
import { expectAccessible } from './axe.mjs';
import {
  AGENT,
  STAFF,
  VIEWPORTS,
  acknowledgeAll,
  e2e,
  expectNoSideways,
  login,
  newPage,
} from './support.mjs';

e2e('help: search for escrow and read the article', async ({ browser }) => {
  const page = await newPage(browser);
  await login(page, AGENT);
  await acknowledgeAll(page);

  // Help is the question mark in the header; the index lists the topics with their articles.
  await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
  await page.getByRole('heading', { name: 'Help centre', level: 1 }).waitFor();
  await page
    .getByRole('region', { name: 'Payments and commissions' })
    .getByRole('link', { name: 'Advances and escrow' })
    .waitFor();
  await expectAccessible(page, 'help centre');

  // One topic's articles, all of them (a topic with more than the index shows links here).
  await page.goto('/help?topic=payments');
  const topic = page.getByRole('region', { name: 'Payments and commissions' });
  await topic.getByRole('link', { name: 'Advances and escrow' }).waitFor();
  await topic.getByRole('link', { name: 'All help topics' }).waitFor();
  assert.equal(await page.title(), 'Payments and commissions · Help centre · Associate Portal');
  await expectAccessible(page, 'help topic');
  await page.goto('/help');

  // The search: its words in the URL, the matched word marked in the result.
  await page.getByRole('searchbox', { name: 'Search help' }).fill('escrow');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('heading', { name: 'Results for “escrow”' }).waitFor();
  assert.equal(new URL(page.url()).search, '?q=escrow');
  const title = page.getByRole('link', { name: 'Advances and escrow', exact: true });
  const result = page.getByRole('listitem').filter({ has: title });
  await result.waitFor();
  const marked = await result.locator('mark').allTextContents();
  assert.ok(
    marked.some((word) => /^escrow$/i.test(word.trim())),
    `"escrow" marked in the result; marked: ${marked.join(', ')}`,
  );
  await expectAccessible(page, 'help search results');

  // The article: its title, category and text, no Edit for an associate.
  await title.click();
  await page.getByRole('heading', { name: 'Advances and escrow', level: 1 }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/help/advances-and-escrow');
  await page.getByText('Payments and commissions', { exact: true }).waitFor();
  await page
    .getByRole('article')
    .getByText(/is held in escrow/)
    .waitFor();
  assert.equal(await page.getByRole('link', { name: 'Edit' }).count(), 0);
  await expectAccessible(page, 'help article');

  // At the breakpoint and on a phone: nothing wider than the screen.
  for (const [name, viewport] of [
    ['768 px', VIEWPORTS.tablet],
    ['390 px', VIEWPORTS.phone],
  ]) {
    await page.setViewportSize(viewport);
    await expectNoSideways(page, `help article at ${name}`);
    await page.goto('/help?q=escrow');
    await result.waitFor();
    await expectNoSideways(page, `help search results at ${name}`);
    await page.goto('/help/advances-and-escrow');
    await page.getByRole('heading', { name: 'Advances and escrow', level: 1 }).waitFor();
  }
  await expectAccessible(page, 'help article at 390 px');
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
});

e2e(
  'help: staff who manage content see every state and the new-article form',
  async ({ browser }) => {
    const staff = await newPage(browser);
    await login(staff, STAFF);
    await staff.goto('/help');
    const licensing = staff.getByRole('region', { name: 'Licensing and appointments' });
    const draft = licensing
      .getByRole('listitem')
      .filter({ hasText: 'Continuing education reminders' });
    await draft.getByText('Draft', { exact: true }).waitFor();
    await expectAccessible(staff, 'help centre for staff');

    await staff.getByRole('link', { name: 'New article' }).click();
    await staff.getByRole('heading', { name: 'New article', level: 1 }).waitFor();
    await staff.getByRole('textbox', { name: /^Title/ }).fill('Reading your 1099');
    assert.equal(
      await staff.getByRole('textbox', { name: /^Slug/ }).inputValue(),
      'reading-your-1099',
    );
    await expectAccessible(staff, 'new help article form');

    // A published article: Edit, and no way back to Draft.
    await staff.goto('/help/advances-and-escrow');
    await staff.getByRole('link', { name: 'Edit' }).click();
    await staff.getByRole('heading', { name: 'Edit Advances and escrow', level: 1 }).waitFor();
    await staff.getByRole('combobox', { name: /^Status/ }).click();
    const options = await staff.getByRole('option').allTextContents();
    assert.deepEqual(options, ['Published', 'Unpublished']);
    await staff.keyboard.press('Escape');
    await expectAccessible(staff, 'help article form');
    assert.deepEqual(staff.problems, [], staff.problems.join('\n'));
  },
);

e2e("help: the login page's Terms link opens the terms without logging in", async ({ browser }) => {
  const visitor = await newPage(browser);
  await visitor.goto('/login');
  await visitor
    .getByRole('navigation', { name: 'About the portal' })
    .getByRole('link', { name: 'Terms' })
    .click();
  await visitor.getByRole('heading', { name: 'Terms of use', level: 1 }).waitFor();
  assert.equal(new URL(visitor.url()).pathname, '/pages/terms');
  await visitor.getByRole('heading', { name: 'Who may use the portal', level: 2 }).waitFor();
  await visitor.getByText(/^Last updated /).waitFor();
  assert.equal(await visitor.evaluate(() => localStorage.getItem('portal.token')), null);
  await expectAccessible(visitor, 'terms of use');

  // The other public pages are a link away; a missing one says so.
  await visitor.getByRole('link', { name: 'Privacy' }).click();
  await visitor.getByRole('heading', { name: 'Privacy notice', level: 1 }).waitFor();
  await visitor.goto('/pages/no-such-page');
  await visitor.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
  await expectAccessible(visitor, 'missing public page');

  await visitor.setViewportSize(VIEWPORTS.phone);
  await visitor.goto('/pages/opportunity');
  await visitor.getByRole('heading', { name: 'The opportunity', level: 1 }).waitFor();
  await expectNoSideways(visitor, 'the opportunity at 390 px');
  await expectAccessible(visitor, 'the opportunity at 390 px');
  // The 404 of the missing page is the only console error expected.
  const problems = visitor.problems.filter((p) => !/404/.test(p));
  assert.deepEqual(problems, [], problems.join('\n'));
});
