#!/usr/bin/env bash
# Runs the browser end-to-end tests against a real portald (embedded web build, a fresh
# embedded database seeded with the demo organisation) in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

data=$(mktemp -d /tmp/portal-e2e-XXXXXX)
chmod 755 "$data"
log="$data/portald.log"
./bin/portald serve --data-dir "$data" --addr 127.0.0.1:0 >"$log" 2>&1 &
pid=$!
cleanup() {
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT

url=""
for _ in $(seq 1 600); do
  url=$(sed -n 's/.*msg=listening url=\(http[^ ]*\).*/\1/p' "$log" | head -n1)
  [ -n "$url" ] && break
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "e2e: portald exited:" >&2; cat "$log" >&2; exit 1
  fi
  sleep 0.1
done
if [ -z "$url" ]; then echo "e2e: portald did not start:" >&2; cat "$log" >&2; exit 1; fi
echo "e2e: portald at $url"
status=0
(cd web && PORTAL_URL="$url" npm run --silent e2e) || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: failed; portald log tail:" >&2
  tail -n 40 "$log" >&2
fi
exit $status
