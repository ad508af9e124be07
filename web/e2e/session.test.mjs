// Session handling: an expired session lands on the login page with the session-expired notice;
// a protected URL without a token lands there with the login-required notice, and logging in
// returns to it.
import assert from 'node:assert/strict';
import { expectAccessible } from './axe.mjs';
import { AGENT, PASSWORD, acknowledgeAll, e2e, login, newPage } from './support.mjs';

e2e('session: expired and login-required notices', async ({ browser }) => {
  // No token at all: login required, then back to where the user wanted to go.
  const visitor = await newPage(browser);
  await visitor.goto('/business/clients?limit=5');
  await visitor.waitForURL('**/login');
  await visitor.getByText('Please log in to continue.').waitFor();
  await expectAccessible(visitor, 'login with the login-required notice');
  await visitor.getByLabel('Email or associate code').fill(AGENT);
  await visitor.getByLabel('Password').fill('not-the-password');
  await visitor.getByRole('button', { name: 'Log in' }).click();
  await visitor.getByText('The login or password is not correct').waitFor();
  await expectAccessible(visitor, 'login with an error');
  await visitor.getByLabel('Password').fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Log in' }).click();
  await visitor.getByRole('button', { name: /^Account:/ }).waitFor();
  await acknowledgeAll(visitor);
  await visitor.goto('/business/clients?limit=5');
  await visitor.getByRole('table', { name: 'Clients' }).locator('tbody tr').first().waitFor();

  // The session ends on the server (logout from another context): the next call answers 401.
  const other = await newPage(browser);
  await login(other, AGENT);
  const token = await other.evaluate(() => localStorage.getItem('portal.token'));
  assert.ok(token);
  await other.getByRole('button', { name: /^Account:/ }).click();
  await other.getByRole('menuitem', { name: 'Log out' }).click();
  await other.waitForURL('**/login');
  assert.equal(
    await other.getByText('Please log in to continue.').count(),
    0,
    'no notice after a logout',
  );
  assert.equal(await other.evaluate(() => localStorage.getItem('portal.token')), null);

  // Reuse the revoked token in the first context: navigate → 401 → login with the notice.
  await visitor.evaluate((revoked) => localStorage.setItem('portal.token', revoked), token);
  await visitor.goto('/business/clients');
  await visitor.waitForURL('**/login');
  await visitor.getByText('Your session has expired. Please log in again.').waitFor();
  await expectAccessible(visitor, 'login with the session-expired notice');
  assert.equal(await visitor.evaluate(() => localStorage.getItem('portal.token')), null);

  // A corrupted token does the same, on a navigation inside the app (the login returned to the
  // clients list; the dashboard is not loaded yet, so going there calls the API).
  await login(visitor, AGENT);
  await visitor.evaluate(() => localStorage.setItem('portal.token', 'corrupted-token'));
  await visitor
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await visitor.waitForURL('**/login');
  await visitor.getByText('Your session has expired. Please log in again.').waitFor();
});
