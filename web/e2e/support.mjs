// Shared helpers of the end-to-end runs: playwright-core driving Debian's Chromium against a
// running portald (PORTAL_URL). Run with `npm run e2e`.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const PASSWORD = 'portal-demo-pass';
export const AGENT = 'agent@example.com';
export const RMD = 'rmd@example.com';

const here = dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = join(here, 'screenshots');

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
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(browser, { width = 1280, height = 900, colorScheme = 'light' } = {}) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height },
    colorScheme,
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

function safeName(name) {
  return name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/**
 * A test with a browser of its own. On failure every open page is saved under
 * e2e/screenshots/ and the pages' console errors are printed.
 */
export function e2e(name, body) {
  test(name, { timeout: 180_000 }, async (t) => {
    const browser = await launchBrowser();
    try {
      await body({ browser, t });
    } catch (error) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      let index = 0;
      for (const context of browser.contexts()) {
        for (const page of context.pages()) {
          const file = join(SCREENSHOT_DIR, `${safeName(name)}-${index++}.png`);
          await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
          console.error(`screenshot: ${file} (${page.url()})`);
          if (page.problems?.length) console.error(page.problems.join('\n'));
        }
      }
      throw error;
    } finally {
      await browser.close();
    }
  });
}

export async function login(page, who, { path = '/login' } = {}) {
  await page.goto(path);
  await page.getByLabel('Email or associate code').fill(who);
  await page.getByLabel('Password').fill(PASSWORD);
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
 * Acknowledges whatever waits (memos first, then W-9 documents) by signing where needed, and
 * continues to the dashboard. Returns the kinds seen, in order.
 */
export async function acknowledgeAll(page) {
  const seen = [];
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  for (let round = 0; round < 20; round++) {
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

/** Texts of one column of the clients table (0-based, counting the row header), read in one
 * pass in the page so that a table re-rendering between reads cannot leave a stale row count. */
export async function columnTexts(page, index) {
  return page
    .getByRole('table', { name: 'Clients' })
    .locator('tbody tr')
    .evaluateAll(
      (rows, i) => rows.map((row) => (row.querySelectorAll('th, td')[i]?.textContent ?? '').trim()),
      index,
    );
}

export function uniqueSuffix() {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** Waits until the texts of a column satisfy `check` (the table refreshes after the URL). */
export async function waitForColumn(page, index, check, { timeout = 15_000 } = {}) {
  const until = Date.now() + timeout;
  let texts = [];
  while (Date.now() < until) {
    if ((await page.locator('[aria-busy="true"]').count()) === 0) {
      texts = await columnTexts(page, index);
      if (check(texts)) return texts;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`column ${index} never matched: ${texts.join(' | ')}`);
}

/** Polls `check` until it returns true. */
export async function until(check, { timeout = 15_000, message = 'condition' } = {}) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${message}`);
}
