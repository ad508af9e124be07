// Shared helpers of the end-to-end runs (node:test): a test with a browser of its own, the
// viewports, a memo stub, and waits. The browser, login, acknowledgement and API pieces live
// in browser.mjs (no node:test), re-exported here. Run with
// `npm run e2e` against a running portald (PORTAL_URL).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { api, launchBrowser } from './browser.mjs';

export * from './browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = join(here, 'screenshots');

/** The widths the runs and the screenshots use: the breakpoint (768 px: sm) and a phone. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  tablet: { width: 768, height: 1000 },
  phone: { width: 390, height: 844 },
};

function safeName(name) {
  return name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/**
 * A test with a browser of its own. On failure every open page is saved under
 * e2e/screenshots/ and the pages' console errors are printed. Six minutes each: the longest
 * takes three while the other shard (scripts/e2e.sh) shares the machine.
 */
export function e2e(name, body) {
  test(name, { timeout: 360_000 }, async (t) => {
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

/** Empties the signed-in associate's store cart (a run before this one on the same server may
 *  have left lines in it). */
export async function emptyCart(page) {
  const cart = await api(page, 'GET', '/store/cart');
  for (const line of cart.lines) {
    await api(page, 'DELETE', `/store/cart/items/${line.variant_id}`);
  }
}

const ACKNOWLEDGEMENTS = '**/api/dashboard/acknowledgements';

/**
 * Answers the list of what waits with one memo that needs a signature (memo 901), so that a
 * run can show the acknowledgement screen without signing anything. Returns the function that
 * removes the stub.
 */
export async function stubPendingMemo(page) {
  await page.route(ACKNOWLEDGEMENTS, (route) =>
    route.fulfill({
      json: {
        memos: [
          {
            id: 901,
            title: 'Compliance update: annuity suitability',
            body: 'Every annuity recommendation needs a signed suitability questionnaire.',
            requires_signature: true,
            published_at: '2026-01-02T10:00:00Z',
          },
        ],
        w9_documents: [],
      },
    }),
  );
  return () => page.unroute(ACKNOWLEDGEMENTS);
}

/** Waits until `locator` lies across the viewport's width (0 to `width`), e.g. a current tab. */
export async function expectInViewport(locator, width, message) {
  await until(
    async () => {
      const box = await locator.boundingBox();
      return Boolean(box && box.x >= 0 && box.x + box.width <= width);
    },
    { message },
  );
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

/**
 * Fails when the page itself scrolls sideways (a wide table scrolls inside its card). Right
 * after a resize the layout is still settling (the sidebar collapses on a media-query change
 * React renders a moment later), so a page gets a few seconds to fit before it fails, with the
 * elements that stick out named.
 */
export async function expectNoSideways(page, where, { timeout = 3_000 } = {}) {
  const end = Date.now() + timeout;
  let measured = await sideways(page);
  while (measured.overflow > 0 && Date.now() < end) {
    await page.waitForTimeout(100);
    measured = await sideways(page);
  }
  assert.ok(
    measured.overflow <= 0,
    `${where}: the page scrolls sideways by ${measured.overflow} px; past the edge: ${measured.culprits.join('; ')}`,
  );
}

/** How far the page scrolls sideways and the innermost unclipped elements past the right edge. */
function sideways(page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (el) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll('body *')].filter(
      (el) => el.getBoundingClientRect().right > width + 0.5 && !clipped(el),
    );
    const innermost = wide.filter(
      (el) => !wide.some((other) => other !== el && el.contains(other)),
    );
    return {
      overflow: document.documentElement.scrollWidth - width,
      culprits: innermost.slice(0, 5).map((el) => {
        const cls =
          typeof el.className === 'string' && el.className
            ? `.${el.className.trim().split(/\s+/).join('.')}`
            : '';
        const text = (el.textContent ?? '').trim().slice(0, 40);
        return `${el.tagName.toLowerCase()}${cls} (right ${Math.round(el.getBoundingClientRect().right)} px) "${text}"`;
      }),
    };
  });
}

/** The states where an associate holds a license in force and the providers that appointed
 *  it there (read by the associate itself: an upline's records are not the downline's). */
export async function writable(page, code) {
  const today = new Date().toISOString().slice(0, 10);
  const licenses = (await api(page, 'GET', `/associates/${code}/licenses`)).data;
  const appointments = (await api(page, 'GET', `/associates/${code}/provider-appointments`)).data;
  const states = new Set(
    licenses.filter((l) => !l.expired && l.issued_on <= today).map((l) => l.state),
  );
  const providers = new Map();
  for (const a of appointments) {
    if (a.status !== 'Appointed' || !states.has(a.state)) continue;
    providers.set(a.state, new Set([...(providers.get(a.state) ?? []), a.provider_name]));
  }
  return providers;
}

// Mail. portald without SMTP writes every message as an .eml file into its outbox (scripts/e2e.sh
// passes the directory as PORTAL_OUTBOX); mail leaves through a background job, so it is polled.

function outboxDir() {
  const dir = process.env.PORTAL_OUTBOX;
  if (!dir) {
    throw new Error("Set PORTAL_OUTBOX to portald's outbox directory (<data dir>/outbox)");
  }
  return dir;
}

/** A header block unfolded into a map of lower-case names to values (the first of each). */
function parseHeaders(block) {
  const headers = new Map();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

/** Splits a message or a MIME part at the first empty line. */
function splitPart(raw) {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: '' };
  return {
    headers: parseHeaders(raw.slice(0, match.index)),
    body: raw.slice(match.index + match[0].length),
  };
}

/** A parameter of a header value: boundary of 'multipart/alternative; boundary="x"'. */
function headerParam(value, name) {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value ?? '');
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeBytes(bytes, charset = 'utf-8') {
  try {
    return new TextDecoder(charset).decode(Uint8Array.from(bytes));
  } catch {
    return new TextDecoder('utf-8').decode(Uint8Array.from(bytes));
  }
}

/** Quoted-printable: soft line breaks (=CRLF) removed, =XX bytes decoded. */
function decodeQuotedPrintable(text, charset) {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...new TextEncoder().encode(joined[i]));
    }
  }
  return decodeBytes(bytes, charset);
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=); the space between two is
 *  dropped. */
function decodeWords(value) {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset, encoding, text) => {
      if (encoding.toUpperCase() === 'B') {
        return decodeBytes(Buffer.from(text, 'base64'), charset);
      }
      return decodeQuotedPrintable(text.replace(/_/g, ' '), charset);
    });
}

/** The first text/plain part of a body (nested multiparts included), decoded; '' without one. */
function plainText(headers, body) {
  const type = headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = headerParam(type, 'boundary');
    if (!boundary) return '';
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitPart(chunk.replace(/^\r?\n/, ''));
      const text = plainText(part.headers, part.body.replace(/\r?\n$/, ''));
      if (text) return text;
    }
    return '';
  }
  if (!/^text\/plain/i.test(type)) return '';
  const charset = headerParam(type, 'charset') ?? 'utf-8';
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body, charset);
  if (encoding === 'base64') return decodeBytes(Buffer.from(body, 'base64'), charset);
  return body;
}

/** The http(s) URLs of a text, in order, once each, without a sentence's closing punctuation. */
function linksOf(text) {
  const links = (text.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((link) =>
    link.replace(/[.,;:!?)\]']+$/, ''),
  );
  return [...new Set(links)];
}

/** One .eml file: its recipients' addresses (lower case), subject, text part and links. */
export function parseMail(raw) {
  const { headers, body } = splitPart(raw);
  const to = decodeWords(headers.get('to') ?? '');
  const addresses = (to.match(/[^\s<>",;:]+@[^\s<>",;]+/g) ?? []).map((a) => a.toLowerCase());
  const text = plainText(headers, body);
  return {
    to: addresses,
    subject: decodeWords(headers.get('subject') ?? ''),
    text,
    links: linksOf(text),
  };
}

/**
 * Waits for the newest mail in portald's outbox to `to` whose subject contains `subject`, and
 * answers { subject, text, links } (text: the plain-text part, decoded; links: its http(s)
 * URLs). Fails after `timeout` ms naming what the outbox holds for the address.
 */
export async function waitForMail({ to, subject }, { timeout = 20_000 } = {}) {
  const dir = outboxDir();
  const address = to.toLowerCase();
  const end = Date.now() + timeout;
  for (;;) {
    const names = (await readdir(dir).catch(() => []))
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse();
    const seen = [];
    for (const name of names) {
      const mail = parseMail(await readFile(join(dir, name), 'utf8'));
      if (!mail.to.includes(address)) continue;
      seen.push(mail.subject);
      if (mail.subject.includes(subject)) {
        return { subject: mail.subject, text: mail.text, links: mail.links };
      }
    }
    if (Date.now() >= end) {
      throw new Error(
        `no mail to ${to} with "${subject}" in its subject in ${dir} within ${timeout} ms; ` +
          `mail to it: ${seen.length ? seen.map((s) => `"${s}"`).join(', ') : 'none'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
