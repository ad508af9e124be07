// Stripe in the browser tests, offline: js.stripe.com is answered with stripe-stand-in.js (the
// part of Stripe.js the checkout uses), and the stand-in's confirmation is played here in Node
// as Stripe would play it: the PaymentIntent is confirmed against stripe-mock with a test card,
// then Stripe's signed payment_intent.succeeded event is delivered to portald's webhook.
import { createHmac, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Where Stripe.js would load from (any release: /v3, /endive/stripe.js, …). */
export const STRIPE_JS = 'https://js.stripe.com/**';
/** Where the stand-in sends its confirmations: Stripe's API, as Stripe.js does. */
export const STAND_IN_CONFIRM = 'https://api.stripe.com/v1/payment_intents/*/confirm';

/** The settings of the portald with Stripe keys (scripts/e2e.sh starts it). */
export function stripeEnv() {
  const url = process.env.PORTAL_STRIPE_URL;
  const webhookSecret = process.env.PORTAL_STRIPE_WEBHOOK_SECRET;
  const mockUrl = process.env.PORTAL_STRIPE_MOCK_URL;
  if (!url || !webhookSecret || !mockUrl) return undefined;
  return {
    url: url.replace(/\/$/, ''),
    webhookSecret,
    mockUrl: mockUrl.replace(/\/$/, ''),
    secretKey: process.env.PORTAL_STRIPE_SECRET_KEY ?? 'sk_test_e2e',
  };
}

/** Stripe's signature header of a payload: t=<unix>,v1=<HMAC-SHA256 of "t.payload">. */
export function stripeSignature(payload, secret, at = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex');
  return `t=${at},v1=${v1}`;
}

/** A payment_intent.* event as Stripe sends it (the shape of server/cardpay's Sign). */
export function intentEvent(type, intentId, amount) {
  return JSON.stringify({
    id: `evt_e2e_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    data: { object: { id: intentId, object: 'payment_intent', amount, currency: 'usd' } },
  });
}

/** The PaymentIntent's id: the part of its client secret before '_secret_'. */
export const intentOf = (clientSecret) => clientSecret.split('_secret_')[0];

/**
 * Serves the stand-in for Stripe.js to `page`, and answers its confirmations: the intent is
 * confirmed at stripe-mock with pm_card_visa, and a signed payment_intent.succeeded for
 * `amountOf(intentId)` cents is posted to portald's webhook. Returns the deliveries made
 * ({ intent, status }), for the test to check.
 */
export async function serveStripe(page, env, amountOf) {
  const script = await readFile(join(here, 'stripe-stand-in.js'), 'utf8');
  const deliveries = [];
  await page.route(STRIPE_JS, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: script }),
  );
  await page.route(STAND_IN_CONFIRM, async (route) => {
    const cors = { 'Access-Control-Allow-Origin': '*' };
    try {
      const { client_secret: secret } = JSON.parse(route.request().postData() ?? '{}');
      const intent = intentOf(secret);
      const confirmed = await fetch(`${env.mockUrl}/v1/payment_intents/${intent}/confirm`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${env.secretKey}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'payment_method=pm_card_visa',
      });
      if (!confirmed.ok)
        throw new Error(`stripe-mock: ${confirmed.status} ${await confirmed.text()}`);
      const payload = intentEvent('payment_intent.succeeded', intent, await amountOf(intent));
      const delivered = await fetch(`${env.url}/api/store/stripe-webhook`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': stripeSignature(payload, env.webhookSecret),
        },
        body: payload,
      });
      deliveries.push({ intent, status: delivered.status });
      if (!delivered.ok) throw new Error(`webhook: ${delivered.status} ${await delivered.text()}`);
      await route.fulfill({
        status: 200,
        headers: cors,
        json: { payment_intent: { id: intent, object: 'payment_intent', status: 'succeeded' } },
      });
    } catch (error) {
      deliveries.push({ error: String(error) });
      await route.fulfill({
        status: 402,
        headers: cors,
        json: { error: { type: 'api_error', message: String(error.message ?? error) } },
      });
    }
  });
  return deliveries;
}
