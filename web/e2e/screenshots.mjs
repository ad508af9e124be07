// Screenshots of the main pages for a person to look at: login, acknowledgement, dashboard,
// clients list, client form and client detail, and the Team area (dashboard, a team list with
// its filters, an associate's tabs, the genealogy tree expanded, the hierarchy, the account) —
// the help centre (topics, a search, an article, and for staff the marked states and the article
// form) and a public page — the events (the index, the past events, an event, a ticket, the
// dashboard's upcoming events, and for staff the states and the check-in page) — and the honest
// states (a list that failed, a missing client, a typed signature, a missing page, staff on the
// account and client-create routes) — the store (the front, the products, a product with a
// sold-out size, the cart, its problems and empty, checkout with the demo payment and with the
// card form, the confirmation, the purchase history and an order, and for staff the orders
// and an order's fulfilment) — at 1280, 768 and 390 px wide, light and dark.
// Usage: PORTAL_URL=http://127.0.0.1:8080 npm run screenshots  (saves to e2e/screenshots/pages/);
// SCREENSHOTS_ONLY=events or SCREENSHOTS_ONLY=store for one area alone. The store's pages place
// and pay an order of the demo agent (demo payment mode).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serveStripe } from './stripe.mjs';
import {
  AGENT,
  RMD,
  SCREENSHOT_DIR,
  api,
  STAFF,
  VIEWPORTS,
  acknowledgeAll,
  drawSignature,
  emptyCart,
  launchBrowser,
  login,
  newPage,
  stubPendingMemo,
} from './support.mjs';

const out = join(SCREENSHOT_DIR, 'pages');
mkdirSync(out, { recursive: true });

const { desktop, tablet, phone } = VIEWPORTS;
const variants = [
  { name: 'light', ...desktop, colorScheme: 'light' },
  { name: 'dark', ...desktop, colorScheme: 'dark' },
  { name: '768', ...tablet, colorScheme: 'light' },
  { name: '768-dark', ...tablet, colorScheme: 'dark' },
  { name: '390', ...phone, colorScheme: 'light' },
  { name: '390-dark', ...phone, colorScheme: 'dark' },
];

/** The theme is Auto by default, so the emulated system scheme switches light and dark. */
async function shoot(page, name) {
  for (const v of variants) {
    await page.setViewportSize({ width: v.width, height: v.height });
    await page.emulateMedia({ colorScheme: v.colorScheme });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(250);
    const file = join(out, `${name}-${v.name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  // Back to the desktop for the next steps.
  await page.setViewportSize({ width: variants[0].width, height: variants[0].height });
  await page.emulateMedia({ colorScheme: variants[0].colorScheme });
}

/** The pages of the areas before events, in the order a person meets them. */
async function mainPages(page) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await shoot(page, 'login');
  // A public page, signed out (linked from the login page).
  await page.goto('/pages/terms');
  await page.getByRole('heading', { name: 'Terms of use', level: 1 }).waitFor();
  await shoot(page, 'public-page');

  // Whoever still has something to acknowledge shows the acknowledgement screen.
  let who = null;
  for (const candidate of [RMD, AGENT]) {
    await login(page, candidate);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    if ((await heading.textContent()) === 'Acknowledgements') {
      who = candidate;
      break;
    }
    await page.evaluate(() => localStorage.clear());
  }
  if (who) {
    await shoot(page, 'acknowledgement');
    if (await page.getByRole('img', { name: /Signature pad/ }).isVisible()) {
      await drawSignature(page);
      await shoot(page, 'acknowledgement-signed');
    }
    // Finish them so that the rest of the portal opens.
    for (let i = 0; i < 20; i++) {
      const title = await page.getByRole('heading', { level: 1 }).textContent();
      if (title !== 'Acknowledgements') break;
      const sign = page.getByRole('button', { name: 'Sign and acknowledge' });
      if (await sign.isVisible()) {
        if (await sign.isDisabled()) await drawSignature(page);
        await sign.click();
      } else {
        await page.getByRole('button', { name: 'Acknowledge', exact: true }).click();
      }
      await page.getByText(/acknowledged successfully/).waitFor();
      await page.getByText(/acknowledged successfully/).waitFor({ state: 'detached' });
    }
    await shoot(page, 'acknowledgement-done');
    await page.getByRole('link', { name: 'Continue to the dashboard' }).click();
  } else {
    await login(page, AGENT);
  }

  await page.getByRole('heading', { name: 'Needs your attention' }).waitFor();
  await shoot(page, 'dashboard');

  // A memo waiting for a typed signature (answered here: nothing is signed).
  const unstub = await stubPendingMemo(page);
  await page.goto('/');
  await page.getByRole('radio', { name: 'Type' }).click();
  await page.getByLabel('Type your full name').fill('Alexandria Montgomery-Worthington');
  await shoot(page, 'acknowledgement-typed');
  await unstub();

  // A list that failed, and a client that does not exist.
  const clientList = (url) => url.pathname === '/api/clients';
  await page.route(clientList, (route) =>
    route.fulfill({
      status: 503,
      headers: { 'Retry-After': '0' },
      json: { status: 503, message: 'The service is unavailable' },
    }),
  );
  await page.goto('/business/clients');
  await page.getByRole('button', { name: 'Retry' }).waitFor();
  await shoot(page, 'clients-list-failed');
  await page.unroute(clientList);
  await page.goto('/business/clients/999999999');
  await page.getByRole('heading', { name: /not found/ }).waitFor();
  await shoot(page, 'client-not-found');

  await page.goto('/business/clients?limit=25');
  await page.locator('tbody tr').nth(5).waitFor();
  await shoot(page, 'clients-list');
  await page.getByRole('button', { name: /Filters/ }).click();
  await shoot(page, 'clients-list-filters');

  const first = page.locator('tbody tr th a').first();
  const href = await first.getAttribute('href');
  await page.goto(href);
  await page.getByRole('heading', { name: 'Person and contact' }).waitFor();
  await shoot(page, 'client-detail');

  await page.goto('/business/clients/create');
  await page.getByRole('button', { name: 'Create client' }).click();
  await page.getByText('First name is required').waitFor();
  await shoot(page, 'client-form');

  // The Team area, as the RMD (the larger organisation).
  await page.evaluate(() => localStorage.clear());
  await login(page, RMD);
  await acknowledgeAll(page);
  await page.goto('/team');
  await page.getByRole('img', { name: /^Team by level\./ }).waitFor();
  await shoot(page, 'team-dashboard');

  await page.goto('/team/Infinity?limit=25');
  await page.locator('tbody tr').nth(5).waitFor();
  await shoot(page, 'team-list');
  await page.getByRole('button', { name: /Filters/ }).click();
  await page.getByLabel('Code starts with').waitFor();
  await shoot(page, 'team-list-filters');

  // An associate of the downline with the most recruits, and its tabs.
  const member = await page.evaluate(async () => {
    const res = await window.fetch('/api/associates/RMD100/genealogy/children?limit=200', {
      headers: { Authorization: `Bearer ${localStorage.getItem('portal.token')}` },
    });
    const { data } = await res.json();
    return data.reduce((a, b) => (b.downline_size > a.downline_size ? b : a)).code;
  });
  await page.goto(`/team/${member}`);
  await page.getByRole('heading', { name: 'Profile' }).waitFor();
  await shoot(page, 'associate-overview');
  await page.goto(`/team/${member}/licenses`);
  await page.getByRole('table', { name: 'Licenses' }).locator('tbody tr').first().waitFor();
  await shoot(page, 'associate-licenses');
  await page.goto(`/team/${member}/provider-appointments`);
  await page
    .getByRole('table', { name: 'Provider appointments' })
    .locator('tbody tr')
    .first()
    .waitFor();
  await shoot(page, 'associate-appointments');
  await page.goto(`/team/${member}/level-qualification-history`);
  await page
    .getByRole('table', { name: 'Level qualification history' })
    .locator('tbody tr')
    .first()
    .waitFor();
  await shoot(page, 'associate-level-history');
  await page.goto(`/team/${member}/hierarchy`);
  await page.getByRole('list', { name: /^Hierarchy of/ }).waitFor();
  await page
    .getByText(/@example/)
    .first()
    .waitFor();
  await shoot(page, 'hierarchy');

  // The tree with a few branches open, the focus on one of them.
  await page.goto('/team/RMD100/genealogy-tree');
  const closed = page.locator('[role="treeitem"][aria-expanded="false"]');
  await closed.first().waitFor();
  for (let i = 0; i < 3 && (await closed.count()) > 0; i++) {
    const before = await page.getByRole('treeitem').count();
    await closed.first().locator('.tree-toggle-button').click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[role="treeitem"]').length > n,
      before,
    );
  }
  await page.locator('[role="treeitem"][aria-level="3"]').first().click();
  await shoot(page, 'genealogy-tree');

  // Payments, as the RMD: the dashboard, the cashflow, an override line and the chargebacks.
  await page.goto('/payments');
  await page.getByRole('heading', { name: 'Balances' }).waitFor();
  await page.getByRole('img', { name: /12 months/ }).waitFor();
  await shoot(page, 'payments-dashboard');
  await page.goto('/payments/cashflow?limit=25');
  await page.getByRole('table', { name: 'Cashflow entries' }).locator('tbody tr').nth(5).waitFor();
  await shoot(page, 'payments-cashflow');
  await page.goto('/payments/cashflow?filter[bonus_type][eq]=Override Bonus&limit=1');
  const line = page.getByRole('table', { name: 'Cashflow entries' }).locator('tbody tr a').first();
  await line.waitFor();
  await page.goto(await line.getAttribute('href'));
  await page.getByRole('heading', { name: 'Why this amount' }).waitFor();
  await shoot(page, 'payments-entry');
  await page.goto('/payments/chargebacks');
  await page.getByRole('table', { name: 'Chargebacks' }).waitFor();
  await page
    .getByText(/Loading/)
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await shoot(page, 'payments-chargebacks');

  await page.goto('/account');
  await page.getByRole('heading', { name: 'Profile' }).waitFor();
  await shoot(page, 'account');

  await page.goto('/no/such/page');
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await shoot(page, 'not-found');

  // The help centre: the topics, a search with its marked words, an article.
  await page.goto('/help');
  await page.getByRole('link', { name: 'Advances and escrow' }).waitFor();
  await shoot(page, 'help');
  await page.goto('/help?q=escrow');
  await page.locator('mark').first().waitFor();
  await shoot(page, 'help-search');
  await page.goto('/help/policy-statuses-explained');
  await page.getByRole('heading', { name: 'Policy statuses explained', level: 1 }).waitFor();
  await shoot(page, 'help-article');

  // Staff: no associate account, and no client form (only associates add clients).
  await page.evaluate(() => localStorage.clear());
  await login(page, STAFF);
  await page.goto('/account');
  await page.getByText('Staff users have no associate account.').waitFor();
  await shoot(page, 'account-staff');
  await page.goto('/business/clients/create');
  await page.getByText(/Only associates add clients/).waitFor();
  await shoot(page, 'client-create-staff');
  // Staff who manage content: every state on the help index, and the article form.
  await page.goto('/help');
  await page.getByText('Draft', { exact: true }).first().waitFor();
  await shoot(page, 'help-staff');
  await page.goto('/help/advances-and-escrow/edit');
  await page.getByRole('heading', { name: 'Edit Advances and escrow', level: 1 }).waitFor();
  await shoot(page, 'help-editor');
}

/**
 * Events: the index (an associate's, staff's with the states), the past events, an event to
 * register for, an event with the agent's ticket, the dashboard's upcoming events, and for staff
 * the check-in page of a scanned ticket before and after Check in (answered here: no one is
 * checked in).
 */
async function eventsPages(page) {
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await login(page, AGENT);
  await acknowledgeAll(page);
  await shoot(page, 'events-dashboard');
  await page.goto('/events');
  await page.getByRole('article', { name: 'Regional Kickoff — Dallas' }).waitFor();
  await waitForImages(page);
  await shoot(page, 'events');
  await page.goto('/events/past');
  await page.getByRole('article', { name: 'Fall Kickoff — Atlanta' }).waitFor();
  await waitForImages(page);
  await shoot(page, 'events-past');
  await page.goto('/events/regional-kickoff-dallas');
  await page.getByRole('heading', { name: 'About this event' }).waitFor();
  await waitForImages(page);
  await shoot(page, 'event');
  const bootcamp = '/events/licensing-exam-prep-bootcamp';
  await page.goto(bootcamp);
  await page.getByRole('img', { name: /^QR code of your ticket/ }).waitFor();
  await waitForImages(page);
  await shoot(page, 'event-ticket');
  const { my_registration: registration } = await page.evaluate(async (path) => {
    const res = await window.fetch(`/api${path}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('portal.token')}` },
    });
    return res.json();
  }, bootcamp);

  await page.evaluate(() => localStorage.clear());
  await login(page, STAFF);
  await page.goto('/events');
  await page.getByText('Draft', { exact: true }).first().waitFor();
  await waitForImages(page);
  await shoot(page, 'events-staff');
  await page.goto(`${bootcamp}/check-in?ticket=${encodeURIComponent(registration.ticket)}`);
  const scanned = page.getByRole('region', { name: 'Ticket from a QR code' });
  await scanned.waitFor();
  await page.locator('tbody tr').nth(5).waitFor();
  await shoot(page, 'event-check-in');
  const checkIns = '**/api/events/*/check-ins';
  await page.route(checkIns, (route) =>
    route.fulfill({
      json: {
        id: 1,
        associate_code: 'AGT100',
        name: 'Alex Carter',
        status: 'Checked In',
        registered_at: registration.registered_at,
        checked_in_at: new Date().toISOString(),
        checked_in_by: 'Sam Staffer',
      },
    }),
  );
  await scanned.getByRole('button', { name: 'Check in', exact: true }).click();
  await page
    .getByRole('status')
    .getByText(/^Checked in:/)
    .waitFor();
  await shoot(page, 'event-check-in-done');
  await page.unroute(checkIns);
}

/** A cart whose lines cannot all be bought: one off sale, one short of stock. */
function cartWithProblems(cart) {
  const [first, ...rest] = cart.lines;
  return {
    ...cart,
    ready: false,
    lines: [
      { ...first, problem: 'short', available: 1 },
      ...rest,
      {
        variant_id: 999001,
        product_slug: 'retired-logo-cap',
        product_name: 'Retired Logo Cap',
        sku: 'RETIREDLOGOC-031',
        quantity: 1,
        unit_price_cents: 2000,
        line_total_cents: 2000,
        available: 12,
        problem: 'gone',
      },
    ],
  };
}

/**
 * The store: the front, the products, a product with a size chosen (the blue T-shirt) and one
 * with a size sold out, the cart (and with problems, and empty: answered here), checkout, the
 * demo payment and its confirmation, the card form (Stripe Elements, with the stand-in for
 * Stripe.js, over an order answered here), the purchase history and the order, and for staff
 * the orders and the order's fulfilment.
 */
async function storePages(page) {
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await login(page, AGENT);
  await acknowledgeAll(page);
  await emptyCart(page);

  await page.goto('/store');
  await page.getByRole('heading', { name: 'Apparel', level: 2 }).waitFor();
  await waitForImages(page);
  await shoot(page, 'store');
  await page.goto('/store/products');
  await page.getByRole('article', { name: 'Logo T-Shirt — Blue' }).waitFor();
  await waitForImages(page);
  await shoot(page, 'store-products');

  // A sized product with a size sold out (the seed sells some out at random).
  const { data: apparel } = await api(
    page,
    'GET',
    '/store/products?filter[category][eq]=Apparel&filter[in_stock][eq]=true&limit=100',
  );
  let soldOutSize;
  for (const p of apparel) {
    const product = await api(page, 'GET', `/store/products/${p.slug}`);
    if (product.variants.some((v) => v.stock === 0)) {
      soldOutSize = product.slug;
      break;
    }
  }
  if (soldOutSize) {
    await page.goto(`/store/products/${soldOutSize}`);
    await page.getByText(/^Sold out in /).waitFor();
    await waitForImages(page);
    await shoot(page, 'store-product-sold-out-size');
  }

  await page.goto('/store/products/logo-t-shirt-blue');
  await page.getByRole('heading', { name: 'Logo T-Shirt — Blue', level: 1 }).waitFor();
  await page.getByRole('radio', { name: /^M\b/ }).check();
  await page.getByRole('button', { name: 'One more' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByText(/^Added to your cart/).waitFor();
  await waitForImages(page);
  await shoot(page, 'store-product');
  await page.goto('/store/products/travel-mug');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByText(/^Added to your cart/).waitFor();

  await page.goto('/store/cart');
  await page.getByRole('list', { name: 'Items in your cart' }).waitFor();
  await waitForImages(page);
  await shoot(page, 'store-cart');
  const cart = await api(page, 'GET', '/store/cart');
  const cartApi = (url) => url.pathname === '/api/store/cart';
  await page.route(cartApi, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: cartWithProblems(cart) })
      : route.continue(),
  );
  await page.reload();
  await page.getByText('No longer on sale: remove it to check out.').waitFor();
  await shoot(page, 'store-cart-problems');
  await page.unroute(cartApi);
  await page.route(cartApi, (route) =>
    route.fulfill({
      json: { lines: [], item_count: 0, total_cents: 0, currency: 'USD', ready: false },
    }),
  );
  await page.reload();
  await page.getByText('Your cart is empty').waitFor();
  await shoot(page, 'store-cart-empty');
  await page.unroute(cartApi);

  await page.goto('/store/cart/checkout');
  await page.getByRole('button', { name: 'Place order' }).waitFor();
  await shoot(page, 'store-checkout');
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.getByText('Demo payment mode — no card is charged.').waitFor();
  await shoot(page, 'store-checkout-demo');
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await page.getByRole('button', { name: 'Pay (demo)' }).click();
  await page.getByRole('heading', { name: /is paid$/ }).waitFor();
  await shoot(page, 'store-checkout-paid');

  // The card form, over an order answered here (this portald is in demo payment mode).
  const order = await api(page, 'GET', `/store/orders/${orderId}`);
  const fake = { ...order, id: 999002, payment_status: 'Pending', demo_payment: false };
  await page.route('**/api/store/orders/999002', (route) => route.fulfill({ json: fake }));
  await serveStripe(page, {}, () => 0);
  await page.evaluate(() =>
    sessionStorage.setItem(
      'portal.checkout.999002',
      JSON.stringify({ client_secret: 'pi_shot_secret_x', publishable_key: 'pk_test_shot' }),
    ),
  );
  await page.goto('/store/cart/checkout?order=999002');
  await page.getByLabel('Card number').waitFor();
  await shoot(page, 'store-checkout-card');
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await page.goto('/account/purchase-history');
  await page.getByRole('table', { name: 'Purchase history' }).locator('tbody tr').nth(3).waitFor();
  await shoot(page, 'purchase-history');
  await page.goto(`/account/purchase-history/${orderId}`);
  await page.getByRole('heading', { name: 'History' }).waitFor();
  await shoot(page, 'purchase');

  await page.evaluate(() => localStorage.clear());
  await login(page, STAFF);
  await page.goto('/store/orders');
  await page.getByRole('table', { name: 'Orders' }).locator('tbody tr').nth(3).waitFor();
  await shoot(page, 'store-orders');
  await page.goto(`/store/orders/${orderId}`);
  await page.getByRole('heading', { name: 'Fulfilment' }).waitFor();
  await shoot(page, 'store-order');
}

/** Waits until the page's images have loaded (the events' banners). */
async function waitForImages(page) {
  await page.waitForFunction(() =>
    [...document.images].every((img) => img.complete || img.loading === 'lazy'),
  );
}

// SCREENSHOTS_ONLY=events or store: that area's pages alone (a quicker look at one area).
const browser = await launchBrowser();
try {
  const page = await newPage(browser);
  const only = process.env.SCREENSHOTS_ONLY;
  if (!only) await mainPages(page);
  if (!only || only === 'events') await eventsPages(page);
  if (!only || only === 'store') await storePages(page);
} finally {
  await browser.close();
}
