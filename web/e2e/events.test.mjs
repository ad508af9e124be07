// Events: the demo agent opens Events from the top navigation, filters the list, looks at the
// past events, opens "Regional Kickoff — Dallas" (which the seed leaves it unregistered for),
// registers, sees its ticket as a QR code and the event on the dashboard; then staff open the
// QR code's check-in link, check the ticket in, and a second check-in says it was checked in
// already. Every page on the way passes the standing check (axe in light and dark, a title of
// its own); the index fits a phone's width and the breakpoint's, and so do the event and the
// check-in page on a phone.
//
// Like help.test.mjs, the file runs after agent-journey.test.mjs (files run in name order), so
// the agent acknowledges what waits first.
import assert from 'node:assert/strict';
import { expectAccessible } from './axe.mjs';
import {
  AGENT,
  STAFF,
  VIEWPORTS,
  acknowledgeAll,
  api,
  e2e,
  expectNoSideways,
  login,
  newPage,
} from './support.mjs';

const SLUG = 'regional-kickoff-dallas';
const TITLE = 'Regional Kickoff — Dallas';

e2e('events: the agent registers, and staff check its ticket in once', async ({ browser }) => {
  const page = await newPage(browser);
  await login(page, AGENT);
  await acknowledgeAll(page);
  // A run against a server an earlier run used: give the seat back first.
  const before = await api(page, 'GET', `/events/${SLUG}`);
  assert.notEqual(
    before.my_registration?.status,
    'Checked In',
    'a fresh seed (the ticket is used)',
  );
  if (before.my_registration) await api(page, 'DELETE', `/events/${SLUG}/registration`);

  // Events is in the top navigation; the index shows the upcoming events as cards.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Events', exact: true })
    .click();
  await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
  const kickoff = page.getByRole('article', { name: TITLE });
  await kickoff.waitFor();
  await kickoff.getByText(/\d\d\/\d\d\/\d{4}, 09:00–17:00 C[SD]T/).waitFor();
  await kickoff.getByText('Omni Dallas Hotel, Dallas').waitFor();
  await page
    .getByRole('article', { name: 'New Associate Orientation — Toronto' })
    .getByText('Full', { exact: true })
    .waitFor();
  await expectAccessible(page, 'events');

  // At the breakpoint and on a phone: nothing wider than the screen.
  for (const [name, viewport] of [
    ['768 px', VIEWPORTS.tablet],
    ['390 px', VIEWPORTS.phone],
  ]) {
    await page.setViewportSize(viewport);
    await kickoff.waitFor();
    await expectNoSideways(page, `events at ${name}`);
    await expectAccessible(page, `events at ${name}`);
  }
  await page.setViewportSize(VIEWPORTS.desktop);

  // Online only: in the URL, and the in-person kickoff is gone.
  await page.getByRole('checkbox', { name: 'Online only' }).click();
  await page.waitForURL((url) => url.searchParams.get('filter[online][eq]') === 'true');
  await page.getByRole('article', { name: 'Monday Night Opportunity Call' }).waitFor();
  await kickoff.waitFor({ state: 'detached' });
  await page.getByRole('checkbox', { name: 'Online only' }).click();
  await page.waitForURL((url) => url.search === '');

  // The past events, the latest first, with the agent's attendance.
  await page.getByRole('link', { name: 'Past', exact: true }).click();
  await page.waitForURL('**/events/past');
  await page
    .getByRole('article', { name: 'Fall Kickoff — Atlanta' })
    .getByText('Checked in', { exact: true })
    .waitFor();
  await expectAccessible(page, 'past events');
  await page.getByRole('link', { name: 'Upcoming', exact: true }).click();

  // The event: its banner, when and where, Register.
  await kickoff.getByRole('link', { name: TITLE }).click();
  await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  assert.equal(new URL(page.url()).pathname, `/events/${SLUG}`);
  await page.getByText('555 S Lamar St, Dallas, TX 75202').waitFor();
  await page.getByRole('heading', { name: 'About this event', level: 2 }).waitFor();
  await expectAccessible(page, 'event');
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  // The ticket: a QR code of the check-in link, and its text.
  const qr = page.getByRole('img', { name: `QR code of your ticket for ${TITLE}` });
  await qr.waitFor();
  await page.getByText('You are registered.').waitFor();
  await page.getByRole('button', { name: 'Cancel registration' }).waitFor();
  const ticket = (await page.locator('.ticket-text').textContent())?.trim();
  assert.ok(ticket, 'the ticket is shown under its QR code');
  assert.ok((await qr.locator('path').getAttribute('d'))?.startsWith('M'), 'the code is drawn');
  await expectAccessible(page, 'event with a ticket');
  await page.setViewportSize(VIEWPORTS.phone);
  await qr.waitFor();
  await expectNoSideways(page, 'event with a ticket at 390 px');
  await page.setViewportSize(VIEWPORTS.desktop);

  // A full event offers nothing.
  await page.goto('/events/new-associate-orientation-toronto');
  await page.getByText('This event is full.').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Register', exact: true }).count(), 0);

  // The dashboard lists it under the agent's upcoming events.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard', exact: true })
    .click();
  const upcoming = page.getByRole('region', { name: 'Your upcoming events' });
  await upcoming.getByRole('link', { name: TITLE }).waitFor();
  await expectAccessible(page, 'dashboard with upcoming events');
  assert.deepEqual(page.problems, [], page.problems.join('\n'));

  // Staff scan the code: its link opens the check-in page with the ticket, which checks no one
  // in until they press Check in.
  const checkInUrl = `${new URL(page.url()).origin}/events/${SLUG}/check-in?ticket=${encodeURIComponent(ticket)}`;
  const staff = await newPage(browser);
  await login(staff, STAFF);
  await staff.goto(checkInUrl);
  await staff.getByRole('heading', { name: 'Check-in', level: 1 }).waitFor();
  const scanned = staff.getByRole('region', { name: 'Ticket from a QR code' });
  await scanned.getByText(ticket).waitFor();
  // The attendees, narrowed to the agent (its filters in the URL, the ticket kept).
  const filters = staff.getByRole('search', { name: 'Filter attendees' });
  await filters.getByRole('textbox', { name: 'Associate code' }).fill('agt100');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await staff.waitForURL(
    (url) =>
      url.searchParams.get('filter[associate_code][eq]') === 'AGT100' &&
      url.searchParams.get('ticket') === ticket,
  );
  const agentRow = staff.getByRole('row').filter({ hasText: 'AGT100' });
  await agentRow.getByText('Registered', { exact: true }).waitFor();
  assert.equal(await staff.locator('tbody tr').count(), 1);
  await expectAccessible(staff, 'check-in with a ticket');

  await scanned.getByRole('button', { name: 'Check in', exact: true }).click();
  await staff
    .getByRole('status')
    .getByText(/^Checked in:/)
    .waitFor();
  await staff.getByText(/\(AGT100\), at \d\d\/\d\d\/\d{4} \d\d:\d\d C[SD]T\./).waitFor();
  await agentRow.getByText('Checked in', { exact: true }).waitFor();
  await expectAccessible(staff, 'check-in done');

  // The same ticket again: who, and when.
  await scanned.getByRole('button', { name: 'Check in', exact: true }).click();
  const again = staff.getByRole('alert').filter({ hasText: 'Already checked in' });
  await again.getByText(/\(AGT100\) was checked in already, at \d\d\/\d\d\/\d{4}/).waitFor();
  await expectAccessible(staff, 'check-in, checked in already');
  await staff.setViewportSize(VIEWPORTS.phone);
  await expectNoSideways(staff, 'check-in at 390 px');
  await expectAccessible(staff, 'check-in at 390 px');
  // The 409 of the second check-in is the only console error expected.
  const problems = staff.problems.filter((p) => !/409/.test(p));
  assert.deepEqual(problems, [], problems.join('\n'));

  // The agent's page says so, and offers no cancellation any more.
  await page.goto(`/events/${SLUG}`);
  await page.getByText(/^You were checked in at /).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Cancel registration' }).count(), 0);
});
