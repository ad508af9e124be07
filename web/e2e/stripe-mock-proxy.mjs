// A pass-through in front of stripe-mock for the browser tests' portald with Stripe keys
// (scripts/e2e.sh starts it: `node e2e/stripe-mock-proxy.mjs <stripe-mock URL>`; it prints
// "listening <URL>" and serves until killed). Every request goes to stripe-mock as it is, and
// every answer comes back as it is, but for one thing Stripe does and stripe-mock does not: a
// PaymentIntent's client secret begins with the intent's id (pi_123_secret_abc). stripe-mock
// gives each new intent a fresh id but answers the client secret of its fixture, so the id a
// browser reads from the secret (as Stripe.js does) would name no order. Only loopback.
import { createServer } from 'node:http';

const target = (process.argv[2] ?? '').replace(/\/$/, '');
if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(target)) {
  console.error('usage: node stripe-mock-proxy.mjs http://127.0.0.1:<stripe-mock port>');
  process.exit(2);
}

/** A PaymentIntent (or anything else) as Stripe would answer it. */
function likeStripe(body) {
  if (body && body.object === 'payment_intent' && typeof body.client_secret === 'string') {
    const at = body.client_secret.indexOf('_secret_');
    if (at > 0 && body.client_secret.slice(0, at) !== body.id) {
      return { ...body, client_secret: `${body.id}${body.client_secret.slice(at)}` };
    }
  }
  return body;
}

const HOP_BY_HOP = [
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'proxy-connection',
  'accept-encoding',
];

const server = createServer(async (req, res) => {
  try {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = { ...req.headers };
    // What fetch sets itself, and the hop-by-hop headers it refuses.
    for (const name of HOP_BY_HOP) delete headers[name];
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    let body = Buffer.from(await answer.arrayBuffer());
    const type = answer.headers.get('content-type') ?? '';
    if (type.includes('json')) {
      const fixed = likeStripe(JSON.parse(body.toString('utf8')));
      body = Buffer.from(JSON.stringify(fixed));
    }
    const out = {};
    answer.headers.forEach((value, name) => {
      if (
        !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)
      ) {
        out[name] = value;
      }
    });
    res.writeHead(answer.status, { ...out, 'content-length': body.length });
    res.end(body);
  } catch (error) {
    console.error(`${req.method} ${req.url}:`, error, error?.cause);
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
  }
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  console.log(`listening http://127.0.0.1:${port}`);
});
