#!/usr/bin/env bash
# Runs the browser end-to-end tests against a real portald (embedded web build, a fresh
# embedded database seeded with the demo organisation) in Debian's Chromium. The runs read the
# mail portald sends from its outbox (PORTAL_OUTBOX).
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/lib/portald.sh
start_portald ./bin/portald e2e
echo "e2e: portald at $url"
status=0
# No SMTP is configured: portald writes every mail into its outbox, where the runs read it.
(cd web && PORTAL_URL="$url" PORTAL_OUTBOX="$portald_data/outbox" npm run --silent e2e) || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: failed; portald log tail:" >&2
  tail -n 40 "$portald_log" >&2
fi
exit $status
