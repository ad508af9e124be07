// The standing check of every page the end-to-end runs visit (`expectAccessible`): axe-core on
// the page as it is, in the light and the dark theme, failing on any serious or critical
// violation, and a page title of its own ('Clients · Associate Portal'). The theme changes
// colours only (a class on the root; the DOM, names, roles and focus order stay), so the light
// theme runs every rule and the dark one the rules that read colours (COLOUR_RULES): the same
// findings in less time. Axe runs in legacy mode: it gathers the results in the page itself
// instead of opening a blank page per run to merge them (0.7 s of each run's 1.4 s here); that
// mode leaves out only cross-origin frames, and the portal's pages have none of their own
// (Stripe's card frame is Stripe's; the browser runs draw a stand-in for it in the page).
import { AxeBuilder } from '@axe-core/playwright';

/** WCAG 2.0–2.2 A and AA rules, plus axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAILING = new Set(['serious', 'critical']);
/** The rules whose outcome depends on colours: text contrast, and links told from the text
 *  around them by colour alone. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

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

/** The serious and critical violations on the page as it is: every rule of TAGS, or only
 *  `rules` when given. */
export async function axeViolations(page, rules) {
  await settle(page);
  const builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true);
  const results = await (rules ? builder.withRules(rules) : builder).analyze();
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
  for (const [scheme, rules] of [
    ['light', undefined],
    ['dark', COLOUR_RULES],
  ]) {
    await setScheme(page, scheme);
    for (const v of await axeViolations(page, rules)) problems.push(`[${scheme}] ${describe(v)}`);
  }
  await setScheme(page, before);
  if (problems.length > 0) {
    throw new Error(`axe: ${where} (${page.url()}):\n${problems.join('\n')}`);
  }
}
