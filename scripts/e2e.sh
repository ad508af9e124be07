#!/usr/bin/env bash
# Runs the browser end-to-end tests against real portald instances (embedded web build, fresh
# embedded databases seeded with the demo organisation) in Debian's Chromium. The runs read the
# mail portald sends from its outbox (PORTAL_OUTBOX).
#
# Two portald instances start side by side: the usual one, whose store pays in demo payment
# mode (no Stripe keys), and one with Stripe test keys whose Stripe API is a stripe-mock of its
# own (behind e2e/stripe-mock-proxy.mjs, which makes its client secrets carry their intent's
# id as Stripe's do), for the checkout through Stripe Elements (store-stripe.test.mjs: the
# browser gets a stand-in for Stripe.js, which cannot be loaded offline, and the test delivers
# Stripe's signed webhook). E2E_ONLY='store*' runs only the files matching e2e/<pattern>.test.mjs.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/lib/portald.sh
# The keys and webhook secret of the Stripe-keys instance: test values, known to the test.
stripe_secret_key=sk_test_e2e
stripe_publishable_key=pk_test_e2e
stripe_webhook_secret=whsec_e2e$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')

launch_portald e2e ./bin/portald
start_stripe_mock ./bin/stripe-mock e2e
start_stripe_proxy e2e
launch_portald e2e-stripe ./bin/portald \
  STRIPE_SECRET_KEY=$stripe_secret_key STRIPE_PUBLISHABLE_KEY=$stripe_publishable_key \
  STRIPE_WEBHOOK_SECRET="$stripe_webhook_secret" STRIPE_API_URL="$stripe_api_url"
wait_portald e2e
wait_portald e2e-stripe e2e
url=${portald_url[e2e]}
echo "e2e: portald at $url; with Stripe keys at ${portald_url[e2e-stripe]} (its Stripe API: stripe-mock at $stripe_mock_url, through $stripe_api_url)"

status=0
# No SMTP is configured: portald writes every mail into its outbox, where the runs read it.
(
  cd web
  export PORTAL_URL="$url" PORTAL_OUTBOX="${portald_data[e2e]}/outbox"
  export PORTAL_STRIPE_URL="${portald_url[e2e-stripe]}"
  export PORTAL_STRIPE_WEBHOOK_SECRET="$stripe_webhook_secret"
  export PORTAL_STRIPE_SECRET_KEY="$stripe_secret_key" PORTAL_STRIPE_MOCK_URL="$stripe_mock_url"
  if [ -n "${E2E_ONLY:-}" ]; then
    # The same runner as npm run e2e, over the files the pattern names.
    # shellcheck disable=SC2086 # the pattern is a glob on purpose
    node --test --test-concurrency=1 e2e/$E2E_ONLY.test.mjs
  else
    npm run --silent e2e
  fi
) || status=$?
if [ $status -ne 0 ]; then
  for key in e2e e2e-stripe; do
    echo "e2e: failed; portald ($key) log tail:" >&2
    tail -n 40 "${portald_log[$key]}" >&2
  done
fi
exit $status
