// Driving the portal in Debian's Chromium with playwright-core, without node:test: the demo
// users, the browser's flags, logging in, signing and acknowledging, API calls with a page's
// session. The end-to-end runs (support.mjs), the screenshot script and the first-load bench
// (bench/web/first-load.mjs) share it. Bare imports resolve from web/node_modules.
import { chromium } from 'playwright-core';

export const PASSWORD = 'portal-demo-pass';
export const AGENT = 'agent@example.com';
export const RMD = 'rmd@example.com';
/** A staff user of the demo seed: no associate code, the clients.read permission. */
export const STAFF = 'staff@example.com';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, quiet (no background traffic to Google), the sandbox off for containers. */
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function baseUrl() {
  const url = process.env.PORTAL_URL;
  if (!url)
    throw new Error(
      'Set PORTAL_URL to the base URL of a running portald, e.g. http://127.0.0.1:8080',
    );
  return url.replace(/\/$/, '');
}

/** Debian's Chromium, headless, with a fresh profile (Playwright makes a temporary one). */
export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

/** A page in a context of its own; its console errors and page errors collect in `problems`.
 *  `baseURL` is PORTAL_URL's unless given (another portald); `bypassCSP` lets a test put a
 *  stand-in for an outside script (Stripe.js) where the page's policy would refuse it. */
export async function newPage(
  browser,
  {
    width = 1280,
    height = 900,
    colorScheme = 'light',
    baseURL = baseUrl(),
    bypassCSP = false,
  } = {},
) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height },
    colorScheme,
    bypassCSP,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.problems = problems;
  return page;
}

/** Logs in on the login page (relative to the context's baseURL) and waits for the portal. The
 *  password is the demo users' unless given. */
export async function login(page, who, { path = '/login', password = PASSWORD } = {}) {
  await page.goto(path);
  await page.getByLabel('Email or associate code').fill(who);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: /^Account:/ }).waitFor();
}

/** Draws a signature on the pad with the mouse. */
export async function drawSignature(page) {
  const canvas = page.getByRole('img', { name: /Signature pad/ });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature pad is not visible');
  const y = box.y + box.height * 0.55;
  await page.mouse.move(box.x + 40, y);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    await page.mouse.move(box.x + 40 + i * 12, y + Math.sin(i / 2) * 28, { steps: 2 });
  }
  await page.mouse.up();
  await page.mouse.move(box.x + 90, y - 30);
  await page.mouse.down();
  await page.mouse.move(box.x + 140, y + 25, { steps: 6 });
  await page.mouse.up();
}

/**
 * Acknowledges whatever waits (memos first, then W-9 documents) on the screens, signing where
 * needed, and continues to the dashboard. Returns the kinds seen, in order. Where the gate
 * only stands in the way of what a run tests, acknowledgeAllByApi does the same faster.
 */
export async function acknowledgeAll(page) {
  const seen = [];
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  for (let round = 0; round < 30; round++) {
    const title = (await heading.textContent())?.trim();
    if (title === 'All acknowledged') {
      await page.getByRole('link', { name: 'Continue to the dashboard' }).click();
      await page.getByRole('heading', { name: 'Needs your attention' }).waitFor();
      return seen;
    }
    if (title !== 'Acknowledgements') return seen; // nothing pending: the dashboard shows
    const card = page
      .locator('.rt-Card')
      .filter({ has: page.getByRole('button', { name: /acknowledge/i }) });
    const badge = (await card.locator('.rt-Badge').first().textContent())?.trim();
    seen.push(badge);
    const sign = page.getByRole('button', { name: 'Sign and acknowledge' });
    if (await sign.isVisible()) {
      await drawSignature(page);
      await sign.click();
    } else {
      await page.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    }
    const success = page.getByText(/acknowledged successfully/);
    await success.waitFor();
    // The item leaves after 2000 ms.
    await success.waitFor({ state: 'detached', timeout: 10_000 });
  }
  throw new Error('acknowledgements did not finish');
}

/** Calls the API with the page's session (to set up and find test data, never to drive the UI). */
export function api(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await window.fetch(`/api${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('portal.token')}`,
          'Content-Type': 'application/json',
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    },
    { method, path, body },
  );
}

/** A small signature, as the pad draws one: two strokes. */
const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 120" width="400" height="120">' +
  '<path d="M40 66 L52 80 L64 60 L76 90 L88 58" fill="none" stroke="#000" stroke-width="2"/>' +
  '<path d="M90 36 L140 91" fill="none" stroke="#000" stroke-width="2"/></svg>';

/**
 * Acknowledges whatever waits through the API, as the screens would (memos first, then W-9
 * documents, a signature uploaded through its signed URL where one is needed), and opens the
 * dashboard: for runs where the gate stands in the way rather than being what they test. The
 * screens take 2 s an item by design (the item shows as done before it leaves) and draw each
 * signature; agent-journey.test.mjs and my-account.test.mjs go through them (acknowledgeAll).
 */
export async function acknowledgeAllByApi(page) {
  const pending = await api(page, 'GET', '/dashboard/acknowledgements');
  for (const kind of ['memos', 'w9_documents']) {
    for (const item of pending[kind]) {
      const body = {};
      if (item.requires_signature) {
        const target = await api(page, 'GET', `/dashboard/acknowledgements/${kind}/signed-url`);
        await page.evaluate(
          async ({ url, svg }) => {
            const res = await window.fetch(url, {
              method: 'PUT',
              headers: { 'Content-Type': 'image/svg+xml' },
              body: svg,
            });
            if (!res.ok) throw new Error(`signature upload: ${res.status} ${await res.text()}`);
          },
          { url: target.url, svg: SIGNATURE_SVG },
        );
        body.signature = target.id;
      }
      await api(page, 'PUT', `/dashboard/acknowledgements/${kind}/${item.id}`, body);
    }
  }
  await page.goto('/');
  await page.getByRole('heading', { name: 'Needs your attention' }).waitFor();
}
