// The team menu depends on the level: an RMD (senior) sees RMD Super Base and RMD Super Team
// and no Base Shop; a non-senior agent sees Base Shop and neither RMD view.
import assert from 'node:assert/strict';
import { AGENT, RMD, acknowledgeAll, e2e, login, newPage } from './support.mjs';

async function teamMenu(page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Team', exact: true })
    .click();
  await page.waitForURL('**/team/Personal');
  await page.getByText('The team views are not available yet.').waitFor();
  const menu = page.getByRole('navigation', { name: 'Team menu' });
  await menu.waitFor();
  return (await menu.getByRole('link').allTextContents()).map((t) => t.trim());
}

e2e('team menu: RMD and agent differ', async ({ browser }) => {
  const rmd = await newPage(browser);
  await login(rmd, RMD);
  await acknowledgeAll(rmd);
  const rmdMenu = await teamMenu(rmd);
  assert.ok(rmdMenu.includes('RMD Super Base'), rmdMenu.join(', '));
  assert.ok(rmdMenu.includes('RMD Super Team'), rmdMenu.join(', '));
  assert.ok(!rmdMenu.includes('Base Shop'), rmdMenu.join(', '));

  const agent = await newPage(browser);
  await login(agent, AGENT);
  await acknowledgeAll(agent);
  const agentMenu = await teamMenu(agent);
  assert.ok(agentMenu.includes('Base Shop'), agentMenu.join(', '));
  assert.ok(!agentMenu.includes('RMD Super Base'), agentMenu.join(', '));
  assert.ok(!agentMenu.includes('RMD Super Team'), agentMenu.join(', '));
  for (const common of ['Personal', 'Infinity', 'Hierarchy']) {
    assert.ok(rmdMenu.includes(common) && agentMenu.includes(common), common);
  }
  assert.notDeepEqual(rmdMenu, agentMenu);

  // A view of the other level is not offered.
  await agent.goto('/team/RmdSuperBase');
  await agent.getByText('This team view is not offered for your level.').waitFor();
});
