// The store's checkout through Stripe Elements, offline: a second portald has Stripe test keys
// and a stripe-mock for its Stripe API (scripts/e2e.sh starts both). Stripe.js cannot be
// loaded here, so the browser gets a stand-in for it (stripe-stand-in.js, see stripe.mjs) that
// draws a plain card form and, on Pay, has this test confirm the PaymentIntent at stripe-mock
// and deliver Stripe's signed payment_intent.succeeded webhook to that portald, as Stripe
// would. The demo agent buys the T-shirt there and sees the order Paid in its purchase history.
import assert from 'node:assert/strict';
import { expectAccessible } from './axe.mjs';
import { intentOf, serveStripe, stripeEnv } from './stripe.mjs';
import { AGENT, acknowledgeAllByApi, e2e, emptyCart, login, newPage } from './support.mjs';

const SHIRT = 'Logo T-Shirt — Blue';
const SHIRT_SLUG = 'logo-t-shirt-blue';

const env = stripeEnv();

e2e(
  'store: the agent pays by card through Stripe Elements (Stripe keys)',
  async ({ browser, t }) => {
    if (!env) {
      // In CI scripts/e2e.sh always starts it: missing there is a failure, not a skip.
      assert.ok(!process.env.CI, 'CI: the portald with Stripe keys was not started');
      t.skip(
        'PORTAL_STRIPE_URL, PORTAL_STRIPE_WEBHOOK_SECRET and PORTAL_STRIPE_MOCK_URL are not set (scripts/e2e.sh sets them)',
      );
      return;
    }
    // The stand-in stands where Stripe.js would and calls Stripe's API as it does, under
    // portald's own Content-Security-Policy: a policy refusing Stripe fails here.
    const page = await newPage(browser, { baseURL: env.url });
    const amounts = new Map();
    page.on('response', async (res) => {
      if (res.url().endsWith('/api/store/cart/checkout') && res.status() === 201) {
        const body = await res.json();
        amounts.set(intentOf(body.client_secret), body.order.total_cents);
      }
    });
    const deliveries = await serveStripe(page, env, (intent) => amounts.get(intent) ?? 0);

    await login(page, AGENT);
    await acknowledgeAllByApi(page);
    await emptyCart(page);

    await page.goto(`/store/products/${SHIRT_SLUG}`);
    await page.getByRole('heading', { name: SHIRT, level: 1 }).waitFor();
    await page.getByRole('radio', { name: /^L\b/ }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('status').getByText(`Added to your cart: ${SHIRT}, size L.`).waitFor();
    await page
      .getByRole('navigation', { name: 'Store' })
      .getByRole('link', { name: /^Cart\s*1\s*item$/ })
      .click();
    await page.getByRole('link', { name: 'Check out' }).click();
    await page.getByRole('button', { name: 'Place order' }).click();

    // The card form: Stripe.js (the stand-in) loaded for the checkout only, with the intent's
    // client secret and the server's publishable key.
    const card = page.getByRole('form', { name: 'Card payment' });
    await card.getByLabel('Card number').waitFor();
    assert.equal(
      await page.getByText('Demo payment mode — no card is charged.').count(),
      0,
      'no demo payment with Stripe keys',
    );
    const orderId = Number(new URL(page.url()).searchParams.get('order'));
    const title = `Order #${orderId}`;
    assert.equal(amounts.size, 1, 'the checkout answered a client secret');
    await expectAccessible(page, 'checkout, card form');

    // An incomplete card is refused by "Stripe" before anything is sent.
    await card.getByRole('button', { name: 'Pay $20.00' }).click();
    await card
      .getByRole('alert')
      .getByText('Not paid: Your card details are incomplete.')
      .waitFor();
    assert.deepEqual(deliveries, []);

    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiration date').fill('12 / 34');
    await card.getByLabel('Security code').fill('123');
    await card.getByRole('button', { name: 'Pay $20.00' }).click();
    await page
      .getByRole('heading', { name: `Thank you: ${title} is paid` })
      .waitFor({ timeout: 30_000 });
    assert.equal(deliveries.length, 1);
    assert.equal(deliveries[0].status, 200, JSON.stringify(deliveries));
    await expectAccessible(page, 'checkout by card, paid');

    await page.getByRole('link', { name: 'Your purchase history' }).click();
    const row = page
      .getByRole('table', { name: 'Purchase history' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: title }) });
    await row.getByText('Paid', { exact: true }).waitFor();
    await row.getByText('$20.00').waitFor();
    const order = await page.evaluate(async (id) => {
      const res = await window.fetch(`/api/store/orders/${id}`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('portal.token')}` },
      });
      return res.json();
    }, orderId);
    assert.equal(order.demo_payment, false, 'paid through Stripe, not the demo payment');
    assert.deepEqual(page.problems, [], page.problems.join('\n'));
  },
);
