// The standing check of every page the end-to-end runs visit (`expectAccessible`): axe-core on
// the page as it is, in the light and the dark theme, failing on any serious or critical
// violation, and a page title of its own ('Clients · Associate Portal').
import { AxeBuilder } from '@axe-core/playwright';

/** WCAG 2.0–2.2 A and AA rules, plus axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAILING = new Set(['serious', 'critical']);

/** Switches the emulated system scheme (the theme is Auto by default) and waits for the theme. */
export async function setScheme(page, scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (s) => document.querySelector('[data-is-root-theme="true"]')?.classList.contains(s) ?? false,
    scheme,
  );
}

function describe(violation) {
  const nodes = violation.nodes
    .slice(0, 5)
    .map(
      (n) =>
        `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
    )
    .join('\n');
  return `${violation.impact} ${violation.id} (${violation.nodes.length}): ${violation.help}\n${nodes}`;
}

/** Waits for running finite animations (a dialog fading in) to end: colours measured half-way
 *  through are not the page's colours. Endless ones (spinners) are left alone. */
async function settle(page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
}

/** The serious and critical violations on the page in one scheme. */
export async function axeViolations(page) {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.filter((v) => FAILING.has(v.impact ?? ''));
}

/** The title every route sets: its own words, then the portal's name. */
export const TITLE = /^\S.* · \w+ Portal$/;

/**
 * Checks the page as it is now: its title is its own (TITLE), and axe finds no serious or
 * critical violation in the light nor the dark theme (throws, naming `where`). Leaves the page
 * in the scheme it found.
 */
export async function expectAccessible(page, where) {
  const title = await page.title();
  if (!TITLE.test(title)) {
    throw new Error(`title: ${where} (${page.url()}) has the title "${title}"`);
  }
  const before = await page.evaluate(() =>
    window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
  );
  const problems = [];
  for (const scheme of ['light', 'dark']) {
    await setScheme(page, scheme);
    for (const v of await axeViolations(page)) problems.push(`[${scheme}] ${describe(v)}`);
  }
  await setScheme(page, before);
  if (problems.length > 0) {
    throw new Error(`axe: ${where} (${page.url()}):\n${problems.join('\n')}`);
  }
}
