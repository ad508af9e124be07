// The way in and the account: registering under an upline (its agreement read, the welcome mail
// giving the code to log in with), a phone change seen in the change log; forgetting the
// password and setting a new one through the mailed link (once); every account tab and edit
// form and the public pages passing the standing check, some at 768 and 390 px in the dark
// theme too; and signing out every other session. The users whose passwords or sessions change
// are registered by the run itself, so that the demo users stay as other runs expect them.
//
// The file is named to run after agent-journey.test.mjs (files run in name order): that run
// expects the demo agent's memos and W-9 documents still pending, and the standing check here
// acknowledges them (as business.test.mjs does, after it too).
import assert from 'node:assert/strict';
import { expectAccessible, setScheme } from './axe.mjs';
import {
  AGENT,
  PASSWORD,
  STAFF,
  VIEWPORTS,
  acknowledgeAll,
  acknowledgeAllByApi,
  api,
  drawSignature,
  baseUrl,
  e2e,
  expectNoSideways,
  login,
  newPage,
  uniqueSuffix,
  until,
  waitForMail,
} from './support.mjs';

const UPLINE = { code: 'AGT100', name: 'Alex Carter' };

/** A mailed link, which must lead to the portal under test (portald's public URL: the
 *  address it listens on), as the path and query to open there. */
function pathOf(link) {
  const url = new URL(link);
  assert.equal(
    url.origin,
    new URL(baseUrl()).origin,
    `the link ${link} leads to the portal under test`,
  );
  return `${url.pathname}${url.search}`;
}

/** An address no run has used. */
function uniqueEmail(first, last) {
  return `${first}.${last}.${uniqueSuffix()}@example.com`.toLowerCase();
}

/**
 * Registers a Builder associate under AGT100 through the API (the agreement in force accepted),
 * with the demo password, and waits for its welcome mail. Answers its email.
 */
async function registerThroughApi(first, last) {
  const base = baseUrl();
  const agreement = await fetch(`${base}/api/agreements/USA/Builder`);
  assert.equal(agreement.status, 200, 'the USA Builder agreement');
  const { version } = await agreement.json();
  const email = uniqueEmail(first, last);
  const res = await fetch(`${base}/api/registrations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      upline_code: UPLINE.code,
      kind: 'Builder',
      first_name: first,
      last_name: last,
      email,
      phone: '5550142233',
      country: 'USA',
      state: 'TX',
      password: PASSWORD,
      agreement_version: version,
    }),
  });
  assert.ok(res.ok, `registration: ${res.status} ${await res.text()}`);
  await waitForMail({ to: email, subject: 'Welcome' });
  return email;
}

/** The rows of a list table that hold data (a row header), not its loading or empty row. */
const dataRows = (table) => table.locator('tbody tr').filter({ has: table.page().locator('th') });

/** Waits until a list table has loaded (not busy, no loading row). */
async function loaded(table) {
  await table.waitFor();
  await until(
    async () =>
      (await table.getAttribute('aria-busy')) !== 'true' &&
      (await table.getByText(/^Loading/).count()) === 0,
    { message: 'the list to load' },
  );
}

e2e(
  'account: register under an upline, log in with the mailed code, change the phone',
  async ({ browser }) => {
    const page = await newPage(browser);

    // The registration link names the upline.
    await page.goto(`/register/${UPLINE.code}`);
    await page.getByRole('heading', { name: 'Register as an associate', level: 1 }).waitFor();
    await page.getByText(`Join the Builder plan under ${UPLINE.name}.`).waitFor();
    await page.getByText(UPLINE.name, { exact: true }).waitFor();
    await page.getByText(`Code ${UPLINE.code}`, { exact: false }).first().waitFor();
    await expectAccessible(page, 'registration form');

    // The agreement, through its link (a new tab, so that the form keeps what was typed), leads
    // back to the registration under the same upline.
    const [agreement] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: 'Read the agreement' }).click(),
    ]);
    await agreement
      .getByRole('heading', { name: 'Associate Membership Agreement (USA, Builder plan)' })
      .waitFor();
    const opened = new URL(agreement.url());
    assert.equal(`${opened.pathname}${opened.search}`, `/ama/USA/Builder?upline=${UPLINE.code}`);
    await agreement
      .getByRole('article')
      .getByText(/^1\. Membership\./)
      .waitFor();
    assert.equal(
      await agreement.getByRole('link', { name: 'Register' }).getAttribute('href'),
      `/register/${UPLINE.code}`,
    );
    await expectAccessible(agreement, 'membership agreement from the registration form');
    await agreement.close();

    // The form, filled and accepted.
    const email = uniqueEmail('Jordan', 'Ellis');
    const password = `e2e-${uniqueSuffix()}-pass`;
    await page.getByLabel('First name').fill('Jordan');
    await page.getByLabel('Last name').fill('Ellis');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('(555) 201-3344');
    await page.getByRole('combobox', { name: 'State / province' }).click();
    await page.getByRole('option', { name: 'Texas (TX)' }).click();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('checkbox', { name: /I have read and accept/ }).click();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Check your mail', level: 1 }).waitFor();
    await page.getByText('We have sent a message to your email').waitFor();
    await expectAccessible(page, 'registration notice');

    // The welcome mail gives the associate code; it logs in.
    const welcome = await waitForMail({ to: email, subject: 'Welcome' });
    const code = /associate code is ([A-Z0-9]+)\./.exec(welcome.text)?.[1];
    assert.ok(code, `an associate code in the welcome mail:\n${welcome.text}`);
    assert.ok(
      welcome.links.some((link) => pathOf(link) === '/login'),
      `a link to the login page: ${welcome.links.join(' ')}`,
    );
    await login(page, code, { password });
    const seen = await acknowledgeAll(page);
    assert.ok(seen.length > 0, 'a new associate has memos to acknowledge');

    // The phone given at registration, changed.
    await page.goto('/account/phone');
    await page.getByRole('heading', { name: 'Edit phone', level: 1 }).waitFor();
    const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
    assert.equal(await phone.inputValue(), '(555) 201-3344');
    await phone.fill('(555) 777-8899');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Phone updated successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByRole('heading', { name: 'Profile' }).waitFor();

    // The change log shows it, old → new.
    await page.goto('/account/change-logs');
    const changes = page.getByRole('table', { name: 'Changes to your account' });
    await loaded(changes);
    const row = dataRows(changes).filter({
      has: page.getByRole('rowheader', { name: 'Account · Phone', exact: true }),
    });
    assert.equal(await row.count(), 1, 'one phone change');
    const change = (await row.locator('td').nth(1).textContent()).replace(/\s+/g, ' ').trim();
    assert.match(
      change,
      /^(5552013344|\(555\) 201-3344) → changed to (5557778899|\(555\) 777-8899)$/,
    );
    await expectAccessible(page, 'change log with a change');
    await page.setViewportSize(VIEWPORTS.phone);
    await expectNoSideways(page, 'change log with a change at 390 px');
    await page.setViewportSize(VIEWPORTS.desktop);

    // A registration link whose upline does not exist says so plainly, without a form.
    await page.goto('/register/ZZZ999');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal((await alert.textContent()).trim(), 'No active associate has the code ZZZ999.');
    assert.equal(await page.getByRole('form', { name: 'Registration' }).count(), 0);
    await expectAccessible(page, 'registration under an unknown upline');
  },
);

e2e('account: forgot the password, reset it through the mailed link, once', async ({ browser }) => {
  const email = await registerThroughApi('Morgan', 'Reyes');
  const page = await newPage(browser);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL((url) => url.pathname === '/forgot-password');
  await page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('heading', { name: 'Check your mail', level: 1 }).waitFor();
  await page.getByText(/^If an account uses that email, we have sent it a link/).waitFor();

  const mail = await waitForMail({ to: email, subject: 'Reset your' });
  const link = mail.links.find((l) => new URL(l).pathname.startsWith('/reset-password/'));
  assert.ok(link, `a reset link in the mail: ${mail.links.join(' ')}`);

  const fresh = `e2e-${uniqueSuffix()}-new`;
  await page.goto(pathOf(link));
  await page.getByRole('heading', { name: 'Set a new password', level: 1 }).waitFor();
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Confirm new password').fill(fresh);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByText('Your password has been changed. Log in with the new one.').waitFor();

  // The old password no longer works, the new one does.
  await page.getByLabel('Email or associate code').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('The login or password is not correct').waitFor();
  await login(page, email, { password: fresh });

  // The link works once.
  const again = await newPage(browser);
  await again.goto(pathOf(link));
  await again.getByRole('heading', { name: 'Set a new password', level: 1 }).waitFor();
  await again.getByLabel('New password', { exact: true }).fill(`${fresh}-2`);
  await again.getByLabel('Confirm new password').fill(`${fresh}-2`);
  await again.getByRole('button', { name: 'Set password' }).click();
  await again.getByRole('alert').getByText('This link is no longer valid').waitFor();
  await again.getByRole('link', { name: 'Ask for a new link' }).waitFor();
  assert.equal(await again.getByRole('button', { name: 'Set password' }).count(), 0);
  assert.equal(new URL(again.url()).pathname, new URL(link).pathname);
});

e2e(
  'account: add a payout account with its void cheque; staff approve it in admin mode',
  async ({ browser }) => {
    const email = await registerThroughApi('Riley', 'Payne');
    const page = await newPage(browser);
    await login(page, email);
    await acknowledgeAllByApi(page);
    const code = (await api(page, 'GET', '/access')).user.code;

    // From the payout-informations tab, the form: checked before anything is uploaded.
    await page.goto('/account/payout-informations');
    await page.getByRole('link', { name: 'Add payout account' }).click();
    await page.getByRole('heading', { name: 'Add payout account', level: 1 }).waitFor();
    await page.getByLabel('Bank name').fill('Lone Star Bank');
    await page.getByLabel('Routing number').fill('021000022');
    await page.getByLabel(/^Account number/).fill('4455667788');
    await page.getByLabel('Confirm account number').fill('4455667788');
    await page.getByLabel('Supporting document (void cheque)').setInputFiles({
      name: 'void-cheque.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% a void cheque\n%%EOF\n'),
    });
    await page.getByRole('button', { name: 'Add account' }).click();
    await page.getByText('Routing number must be a valid 9-digit ABA routing number').waitFor();
    await expectAccessible(page, 'add payout account with an error');
    await page.getByLabel('Routing number').fill('021000021');
    await page.getByRole('button', { name: 'Add account' }).click();
    await page.getByText('Payout account added: the payments team checks it next').waitFor();
    await page.waitForURL((url) => url.pathname === '/account/payout-informations');
    const accounts = page.getByRole('table', { name: 'Payout accounts' });
    await loaded(accounts);
    const row = dataRows(accounts).filter({ hasText: 'Lone Star Bank' });
    await row.getByText('Pending For Admin').waitFor();
    assert.match(await row.textContent(), /Checking ••••7788/);
    await waitForMail({ to: email, subject: 'ending 7788: Pending For Admin' });

    // Staff in admin mode, acting for the associate (the Admin app sends the code as the
    // access-token header; this build is the Associate app, so the browser sends it), open the
    // account, check the cheque and approve: they did not enter it.
    const admin = await newPage(browser);
    await admin.context().setExtraHTTPHeaders({ 'access-token': code });
    await login(admin, STAFF);
    await admin.goto('/account/payout-informations');
    await admin.getByRole('link', { name: 'Lone Star Bank' }).click();
    await admin.getByRole('heading', { name: 'Lone Star Bank ••••7788' }).waitFor();
    const review = admin.getByRole('region', { name: 'Review' });
    await review.getByText(`Riley Payne (${code})`).waitFor();
    const cheque = await review
      .getByRole('link', { name: 'Check the void cheque' })
      .getAttribute('href');
    const file = await admin.request.get(cheque);
    assert.equal(file.status(), 200, 'the void cheque opens for staff');
    assert.match(await file.text(), /^%PDF-1\.4/);
    await expectAccessible(admin, 'payout account review in admin mode');
    await review.getByRole('button', { name: 'Approve' }).click();
    const dialog = admin.getByRole('alertdialog');
    await dialog.getByText(/Commissions are then paid into Lone Star Bank ••••7788/).waitFor();
    await expectAccessible(admin, 'approve payout account dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await review.getByText('Nothing waits for staff: the account is Approved.').waitFor();

    // The associate is told, and the account is the one in use.
    await waitForMail({ to: email, subject: 'ending 7788: Approved' });
    await page.reload();
    await loaded(accounts);
    await row.getByText('In use').waitFor();
    await row.getByText('Approved').waitFor();
    await row.getByRole('link', { name: 'Lone Star Bank' }).click();
    await page.getByText(/An approved account cannot be changed/).waitFor();
    assert.equal(
      await page.getByRole('region', { name: 'Review' }).count(),
      0,
      'no review for the associate',
    );
    await expectAccessible(page, 'approved payout account');
    await page.setViewportSize(VIEWPORTS.phone);
    await setScheme(page, 'dark');
    await expectNoSideways(page, 'payout account at 390 px');
    await expectAccessible(page, 'payout account at 390 px, dark');
  },
);

e2e(
  'account: sign an agreement and download its copy; a photo; an appointment abroad decided by staff',
  async ({ browser }) => {
    // The demo agent's agreement, read and signed with a drawn signature; its PDF copy.
    const page = await newPage(browser);
    await login(page, AGENT);
    await acknowledgeAll(page);
    await page.goto('/account/legal-documents');
    await loaded(page.getByRole('table', { name: 'Legal documents' }));
    await page
      .getByRole('button', { name: 'Read and sign Independent Associate Agreement' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/^1\. Appointment\./).waitFor();
    await drawSignature(page);
    await expectAccessible(page, 'agreement to sign');
    await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
    await page.getByText('Independent Associate Agreement signed', { exact: true }).waitFor();
    const [copy] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Download PDF of Independent Associate Agreement' }).click(),
    ]);
    await copy.waitForURL((url) => url.pathname.startsWith('/api/files/'));
    const pdf = await page.request.get(copy.url());
    assert.equal(pdf.status(), 200, 'the signed copy');
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    assert.match((await pdf.body()).subarray(0, 5).toString(), /^%PDF-/);
    await copy.close();

    // A new associate's photo: uploaded, shown in the header from the small rendition.
    const email = await registerThroughApi('Avery', 'Quinn');
    const mine = await newPage(browser);
    await login(mine, email);
    await acknowledgeAllByApi(mine);
    await mine.goto('/account/photo');
    await mine.getByRole('heading', { name: 'Change photo', level: 1 }).waitFor();
    await mine.getByLabel('New photo').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAGyklEQVR4nBXVEdvGIBiG4ReH4XAYDofhMAyH4XB44TAMw2EYhuEwDIfD8Nu3H9DZ8XQ/936/H8MP8WP8Mf2QP+Yfyw/1Y/2hf5gf2w/7Y/9x/ODH+cP98D/Cj+tH/JF+5B/lx/2j/mg/nh/vj/7j9xsYBsTAODANyIF5YBlQA+uAHjAD24Ad2AeOAQbOATfgB8LANRAH0kAeKAP3QB1oA8/AO9CHDxAMAiEYBZNACmbBIlCCVaAFRrAJrGAXHAIEp8AJvCAILkEUJEEWFMEtqIImeASvoIsPGBlGxMg4Mo3IkXlkGVEj64geMSPbiB3ZR44RRs4RN+JHwsg1EkfSSB4pI/dIHWkjz8g70scPmBgmxMQ4MU3IiXlimVAT64SeMBPbhJ3YJ44JJs4JN+EnwsQ1ESfSRJ4oE/dEnWgTz8Q70acPkAwSIRklk0RKZskiUZJVoiVGskmsZJccEiSnxEm8JEguSZQkSZYUyS2pkiZ5JK+kyw+YGWbEzDgzzciZeWaZUTPrjJ4xM9uMndlnjhlmzhk342fCzDUTZ9JMnikz90ydaTPPzDvT5w9YGBbEwrgwLciFeWFZUAvrgl4wC9uCXdgXjgUWzgW34BfCwrUQF9JCXigL90JdaAvPwrvQlw9QDAqhGBWTQipmxaJQilWhFUaxKaxiVxwKFKfCKbwiKC5FVCRFVhTFraiKpngUr6KrD1gZVsTKuDKtyJV5ZVlRK+uKXjEr24pd2VeOFVbOFbfiV8LKtRJX0kpeKSv3Sl1pK8/Ku9LXD9AMGqEZNZNGambNolGaVaM1RrNprGbXHBo0p8ZpvCZoLk3UJE3WFM2tqZqmeTSvpusPMAwGYRgNk0EaZsNiUIbVoA3GsBmsYTccBgynwRm8IRguQzQkQzYUw22ohmZ4DK+hmw/YGDbExrgxbciNeWPZUBvrht4wG9uG3dg3jg02zg234TfCxrURN9JG3igb90bdaBvPxrvRtw+wDBZhGS2TRVpmy2JRltWiLcayWaxltxwWLKfFWbwlWC5LtCRLthTLbamWZnksr6XbD9gZdsTOuDPtyJ15Z9lRO+uO3jE7247d2XeOHXbOHbfjd8LOtRN30k7eKTv3Tt1pO8/Ou9P3DzgYDsTBeDAdyIP5YDlQB+uBPjAH24E92A+OAw7OA3fgD8LBdRAP0kE+KAf3QT1oB8/Be9CPD/gv4K8ivxL7auYrgm9Vv2X64v4F8ovM96jf2L/BfFf/Dv//TnDgIcAFERJkKHBDhQYPvNC/38fvZDgRJ+PJdCJP5pPlRJ2sJ/rEnGwn9mQ/Oc7/488Td+JPwsl1Ek/SST4pJ/dJPWknz8l70s8PcAwO4Rgdk0M6ZsfiUI7VoR3GsTmsY3cc7v/yp8M5vCM4Lkd0JEd2FMftqI7meByvo7sP8Awe4Rk9k0d6Zs/iUZ7Voz3Gs3msZ/cc/n80p8d5vCd4Lk/0JE/2FM/tqZ7meTyvp/sPCAwBERgDU0AG5sASUIE1oAMmsAVsYA8c4X/wZ8AFfCAErkAMpEAOlMAdqIEWeAJvoIcPuBguxMV4MV3Ii/liuVAX64W+MBfbhb3YL47r/1nPC3fhL8LFdREv0kW+KBf3Rb1oF8/Fe9GvD4gMEREZI1NERubIElGRNaIjJrJFbGSPHPE/NGfERXwkRK5IjKRIjpTIHamRFnkib6THD0gMCZEYE1NCJubEklCJNaETJrElbGJPHOk/kmfCJXwiJK5ETKRETpTEnaiJlngSb6KnD8gMGZEZM1NGZubMklGZNaMzJrNlbGbPHPk/8GfGZXwmZK5MzKRMzpTMnamZlnkyb6bnDygMBVEYC1NBFubCUlCFtaALprAVbGEvHOV/nc6CK/hCKFyFWEiFXCiFu1ALrfAU3kIvH3Az3Iib8Wa6kTfzzXKjbtYbfWNutht7s98c9/+ynjfuxt+Em+sm3qSbfFNu7pt6026em/em3x9QGSqiMlamiqzMlaWiKmtFV0xlq9jKXjnqfxWcFVfxlVC5KrGSKrlSKnelVlrlqbyVXj+gMTREY2xMDdmYG0tDNdaGbpjG1rCNvXG0/6I5G67hG6FxNWIjNXKjNO5GbbTG03gbvX3Aw/AgHsaH6UE+zA/Lg3pYH/SDedge7MP+cDz/NXY+uAf/EB6uh/iQHvJDebgf6kN7eB7eh/58wMvwIl7Gl+lFvswvy4t6WV/0i3nZXuzL/nK8/yV5vrgX/xJerpf4kl7yS3m5X+pLe3le3pf+fkBn6IjO2Jk6sjN3lo7qrB3dMZ2tYzt75+j/FXx2XMd3QufqxE7q5E7p3J3aaZ2n83Z65w80CuBMCsMSSwAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await mine.getByRole('button', { name: 'Save photo' }).click();
    await mine.getByText(/Photo updated successfully/).waitFor();
    await mine.waitForURL((url) => url.pathname === '/account');
    const avatar = mine.locator('header img').first();
    await avatar.waitFor();
    assert.match(await avatar.getAttribute('src'), /-48\.webp\?/);

    // It asks to be appointed in Canada; staff acting for it approve.
    await mine.goto('/account/international-appointment');
    await mine.getByRole('heading', { name: 'International appointment', level: 1 }).waitFor();
    await mine.getByRole('button', { name: /^Provinces and territories:/ }).click();
    await mine.getByRole('checkbox', { name: 'Ontario (ON)' }).click();
    await mine.keyboard.press('Escape');
    await mine.getByRole('button', { name: 'Send the request' }).click();
    await mine.getByText('Appointment request created successfully').waitFor();
    const code = (await api(mine, 'GET', '/access')).user.code;
    const admin = await newPage(browser);
    await admin.context().setExtraHTTPHeaders({ 'access-token': code });
    await login(admin, STAFF);
    await admin.goto('/account/international-appointment');
    await admin.getByRole('button', { name: 'Approve' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('Request approved', { exact: true }).waitFor();
    await mine.goto('/account/international-appointment');
    await mine.getByText(/by Sam Staffer/).waitFor();
    await expectAccessible(mine, 'international appointment decided');
  },
);

/** The account's tabs and edit forms, each with what shows once it has loaded. */
const ACCOUNT_PAGES = [
  {
    path: '/account/login-sessions',
    ready: async (p) => {
      const table = p.getByRole('table', { name: 'Login sessions' });
      await loaded(table);
      await dataRows(table).first().waitFor();
    },
  },
  {
    path: '/account/password',
    ready: (p) => p.getByRole('heading', { name: 'Change password', level: 2 }).waitFor(),
  },
  {
    path: '/account/change-logs',
    ready: (p) => loaded(p.getByRole('table', { name: 'Changes to your account' })),
  },
  {
    path: '/account/legal-documents',
    ready: (p) => loaded(p.getByRole('table', { name: 'Legal documents' })),
  },
  {
    path: '/account/photo',
    ready: async (p) => {
      await p.getByRole('heading', { name: 'Change photo', level: 1 }).waitFor();
      await p.getByRole('button', { name: 'Save photo' }).waitFor();
    },
  },
  {
    path: '/account/international-appointment',
    ready: (p) => p.getByRole('heading', { name: 'International appointment', level: 1 }).waitFor(),
  },
  {
    // The demo agent's orders of the seed (the store's journey is store.test.mjs).
    path: '/account/purchase-history',
    ready: async (p) => {
      const table = p.getByRole('table', { name: 'Purchase history' });
      await loaded(table);
      await dataRows(table).first().waitFor();
    },
  },
  {
    path: '/account/payout-informations',
    ready: (p) => p.getByText('No payout accounts yet').waitFor(),
  },
  ...[
    ['basic-information', 'Edit basic information'],
    ['address', 'Edit address'],
    ['phone', 'Edit phone'],
    ['alt-phone', 'Edit alternative phone'],
    ['email', 'Change email', 'Send confirmation link'],
    ['spouse', 'Edit spouse'],
    ['payout-informations/create', 'Add payout account', 'Add account'],
  ].map(([form, title, submit = 'Save changes']) => ({
    path: `/account/${form}`,
    ready: async (p) => {
      await p.getByRole('heading', { name: title, level: 1 }).waitFor();
      await p.getByRole('button', { name: submit }).waitFor();
    },
  })),
];

/** The pages checked again at 768 and 390 px in the dark theme. */
const NARROW = [
  '/account/login-sessions',
  '/account/password',
  '/account/change-logs',
  '/account/address',
];

async function registerReady(page) {
  await page.getByRole('heading', { name: 'Register as an associate', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Register' }).waitFor();
}

e2e(
  'account: the tabs, edit forms and public pages pass the standing check',
  async ({ browser }) => {
    const page = await newPage(browser);
    await login(page, AGENT);
    await acknowledgeAll(page);
    for (const { path, ready } of ACCOUNT_PAGES) {
      await page.goto(path);
      await ready(page);
      await expectAccessible(page, path);
    }

    // The public pages, signed out.
    const visitor = await newPage(browser);
    await visitor.goto('/forgot-password');
    await visitor.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
    await expectAccessible(visitor, 'forgot password');
    for (const [country, plan] of [
      ['USA', 'Builder'],
      ['Canada', 'Direct'],
    ]) {
      await visitor.goto(`/ama/${country}/${plan}`);
      await visitor
        .getByRole('heading', {
          name: `Associate Membership Agreement (${country}, ${plan} plan)`,
          level: 1,
        })
        .waitFor();
      // Without an upline it leads to the login page, not to a registration.
      await visitor
        .getByText('To register, open the registration link your upline sent you.')
        .waitFor();
      await expectAccessible(visitor, `membership agreement ${country} ${plan}`);
    }
    await visitor.goto('/reset-password/not-a-token');
    await visitor.getByLabel('New password', { exact: true }).fill('e2e-not-a-token-pass');
    await visitor.getByLabel('Confirm new password').fill('e2e-not-a-token-pass');
    await visitor.getByRole('button', { name: 'Set password' }).click();
    await visitor.getByRole('alert').getByText('This link is no longer valid').waitFor();
    await expectAccessible(visitor, 'reset password with a link that is not valid');
    await visitor.close();
    await page.context().close();

    // At the breakpoint and on a phone, in the dark theme: nothing wider than the screen.
    for (const [name, viewport] of [
      ['768 px', VIEWPORTS.tablet],
      ['390 px', VIEWPORTS.phone],
    ]) {
      const narrow = await newPage(browser, { ...viewport, colorScheme: 'dark' });
      await login(narrow, AGENT);
      await setScheme(narrow, 'dark');
      for (const { path, ready } of ACCOUNT_PAGES.filter((p) => NARROW.includes(p.path))) {
        await narrow.goto(path);
        await ready(narrow);
        await expectNoSideways(narrow, `${path}, ${name}, dark`);
        await expectAccessible(narrow, `${path}, ${name}, dark`);
      }
      await narrow.goto(`/register/${UPLINE.code}`);
      await registerReady(narrow);
      await expectNoSideways(narrow, `registration form, ${name}, dark`);
      await expectAccessible(narrow, `registration form, ${name}, dark`);
      assert.deepEqual(narrow.problems, [], narrow.problems.join('\n'));
      await narrow.context().close();
    }
  },
);

e2e('account: sign out every other session', async ({ browser }) => {
  const email = await registerThroughApi('Casey', 'Nguyen');
  const a = await newPage(browser);
  await login(a, email);
  await acknowledgeAllByApi(a);
  const b = await newPage(browser);
  await login(b, email);
  await b.getByRole('heading', { name: 'Needs your attention' }).waitFor();

  await a.goto('/account/login-sessions');
  const table = a.getByRole('table', { name: 'Login sessions' });
  await loaded(table);
  assert.equal(await dataRows(table).count(), 2, 'a session for each context');
  assert.equal(await dataRows(table).filter({ hasText: 'This device' }).count(), 1);

  await a.getByRole('button', { name: 'Sign out all other sessions' }).click();
  const dialog = a.getByRole('alertdialog', { name: 'Sign out all other sessions' });
  await dialog.getByRole('button', { name: 'Sign out others' }).click();
  await a.getByText('1 other session ended', { exact: true }).waitFor();
  await until(async () => (await dataRows(table).count()) === 1, {
    message: 'only this session left',
  });
  assert.equal(await dataRows(table).filter({ hasText: 'This device' }).count(), 1);
  assert.ok(await a.getByRole('button', { name: 'Sign out all other sessions' }).isDisabled());

  // The other context is signed out: its next navigation lands on the login page.
  await b.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Business' }).click();
  await b.waitForURL((url) => url.pathname === '/login');
  await b.getByText('Your session has expired. Please log in again.').waitFor();

  // This one still works.
  await a.reload();
  await loaded(table);
  assert.equal(await dataRows(table).count(), 1);
});
