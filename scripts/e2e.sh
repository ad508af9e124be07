#!/usr/bin/env bash
# Runs the browser end-to-end tests against real portald instances (embedded web build, fresh
# embedded databases seeded with the demo organisation) in Debian's Chromium. The runs read the
# mail portald sends from its outbox (PORTAL_OUTBOX).
#
# Three portald instances start side by side: one for each shard below, whose store pays in
# demo payment mode (no Stripe keys), and one with Stripe test keys whose Stripe API is a
# stripe-mock of its own (behind e2e/stripe-mock-proxy.mjs, which makes its client secrets
# carry their intent's id as Stripe's do), for the checkout through Stripe Elements
# (store-stripe.test.mjs: the browser gets a stand-in for Stripe.js, which cannot be loaded
# offline, and the test delivers Stripe's signed webhook). E2E_ONLY='store*' runs only the
# files matching e2e/<pattern>.test.mjs.
#
# The files run in two shards side by side, each against a portald of its own (its own
# database and outbox), one file after another in name order within a shard: the runs change
# the demo data (acknowledgements, carts, policies), and a file may count on one before it in
# its shard (agent-journey.test.mjs expects the demo agent's acknowledgements still pending;
# business.test.mjs acknowledges the agent's and the RMD's for the files after it). Every file
# is in exactly one shard (checked); the two take about as long as each other.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/lib/portald.sh
# The keys and webhook secret of the Stripe-keys instance: test values, known to the test.
stripe_secret_key=sk_test_e2e
stripe_publishable_key=pk_test_e2e
stripe_webhook_secret=whsec_e2e$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')

shards=(
  "agent-journey help my-account session states store store-stripe"
  "business events mobile payments providers tablet team"
)
# Every file in exactly one shard, so that a new one is never left out.
for file in web/e2e/*.test.mjs; do
  name=$(basename "$file" .test.mjs)
  count=$(printf ' %s ' "${shards[@]}" | grep -o " $name " | wc -l)
  if [ "$count" -ne 1 ]; then
    echo "e2e: $file is in $count shards of scripts/e2e.sh (it must be in one)" >&2
    exit 1
  fi
done

launch_portald e2e-1 ./bin/portald
launch_portald e2e-2 ./bin/portald
start_stripe_mock ./bin/stripe-mock e2e
start_stripe_proxy e2e
launch_portald e2e-stripe ./bin/portald \
  STRIPE_SECRET_KEY=$stripe_secret_key STRIPE_PUBLISHABLE_KEY=$stripe_publishable_key \
  STRIPE_WEBHOOK_SECRET="$stripe_webhook_secret" STRIPE_API_URL="$stripe_api_url"
wait_portald e2e-1 e2e
wait_portald e2e-2 e2e
wait_portald e2e-stripe e2e
echo "e2e: portald at ${portald_url[e2e-1]} and ${portald_url[e2e-2]}; with Stripe keys at ${portald_url[e2e-stripe]} (its Stripe API: stripe-mock at $stripe_mock_url, through $stripe_api_url)"

logs=$(mktemp -d /tmp/portal-e2e-logs-XXXXXX)
portald_extra_dirs+=("$logs")
pids=()
for i in "${!shards[@]}"; do
  key=e2e-$((i + 1))
  files=()
  for name in ${shards[$i]}; do
    # shellcheck disable=SC2053 # E2E_ONLY is a glob on purpose
    if [[ -z ${E2E_ONLY:-} || $name == $E2E_ONLY ]]; then files+=("e2e/$name.test.mjs"); fi
  done
  if [ ${#files[@]} -eq 0 ]; then
    pids+=("")
    continue
  fi
  # No SMTP is configured: portald writes every mail into its outbox, where the runs read it.
  (
    cd web
    export PORTAL_URL="${portald_url[$key]}" PORTAL_OUTBOX="${portald_data[$key]}/outbox"
    export PORTAL_STRIPE_URL="${portald_url[e2e-stripe]}"
    export PORTAL_STRIPE_WEBHOOK_SECRET="$stripe_webhook_secret"
    export PORTAL_STRIPE_SECRET_KEY="$stripe_secret_key" PORTAL_STRIPE_MOCK_URL="$stripe_mock_url"
    exec node --test --test-concurrency=1 "${files[@]}"
  ) >"$logs/$key.log" 2>&1 &
  pids+=("$!")
done

status=0
for i in "${!shards[@]}"; do
  key=e2e-$((i + 1))
  [ -n "${pids[$i]}" ] || continue
  shard_status=0
  wait "${pids[$i]}" || shard_status=$?
  echo "e2e: shard $((i + 1)) (${shards[$i]}):"
  cat "$logs/$key.log"
  if [ $shard_status -ne 0 ]; then
    status=$shard_status
    for k in "$key" e2e-stripe; do
      echo "e2e: shard $((i + 1)) failed; portald ($k) log tail:" >&2
      tail -n 40 "${portald_log[$k]}" >&2
    done
  fi
done
exit $status
