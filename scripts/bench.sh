#!/usr/bin/env bash
# Benchmarks at scale: seeds 1,000,000 clients and, separately, 1,000,000 associates with
# 3,000,000 policies once into .bench/ (kept between runs), then measures portald against
# hand-written baselines, plain sums and recursive CTEs side by side and prints figures.
# Nothing is asserted. Results: .bench/results.md, .bench/team.md, .bench/business.md, .bench/payments.md,
# .bench/photo.md, .bench/content.md and .bench/web.md (copied by hand into docs/benchmarks.md).
#
# --only LETTERS picks the parts: a, b, c, d (clients, `bench run`; the team figures run with
# them), e (200 logins at once: answers and peak RSS, `bench run`, bench/login.go), p (the
# business area: policy list, team production, list by production, commission preview;
# `bench business`, bench/business.go, its own parts with `bin/bench business --only abcd`),
# m (payments: the commission run through River, the cashflow list, the payments dashboard,
# the cashflow download; `bench payments`, bench/payments.go; its first run drains the seeded
# outbox into the ledger, once), f (the account photo: a 12-megapixel JPEG to its WebP
# sizes, timings and peak RSS, in a fresh `bench photo` process, bench/photo.go; no database),
# h (events, store and help: help search over 100,000 articles, 500 associates racing for 100
# seats, the store's product list against a hand-written handler; `bench content`,
# bench/content.go, on a small organisation of its own in the same cluster) and w (the web app's first load: transfer sizes and Lighthouse, bench/web). Without --only
# everything runs. Other flags go to `bench run`.
# PORTALD=path measures that binary instead of building bin/portald from the working tree
# (part w measures the web app embedded in it: build it with `make build`).
set -euo pipefail
cd "$(dirname "$0")/.."

only=abcdepmfhw
run_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only=${2:?--only needs letters}; shift 2 ;;
    --only=*) only=${1#--only=}; shift ;;
    *) run_args+=("$1"); shift ;;
  esac
done
run_parts=$(tr -cd abcde <<<"$only")
web=false
[[ $only == *w* ]] && web=true
business=false
[[ $only == *p* ]] && business=true
money=false
[[ $only == *m* ]] && money=true
photo=false
[[ $only == *f* ]] && photo=true
content=false
[[ $only == *h* ]] && content=true

if { [ -n "$run_parts" ] || $business || $money; } && ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
  else
    echo "bench: wrk is missing (Debian: sudo apt-get install wrk)" >&2; exit 1
  fi
fi
if $web; then
  [ -x /usr/bin/chromium ] || [ -n "${CHROMIUM_PATH:-}" ] || scripts/ensure-deps.sh --browser
  # The tools of part w live in their own package (bench/web): npm ci when its lockfile changed.
  stamp=bench/web/node_modules/.portal-lock-sha
  sum=$(sha256sum bench/web/package-lock.json | cut -d' ' -f1)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$sum" ]; then
    (cd bench/web && npm ci --no-audit --no-fund --loglevel=error)
    echo "$sum" >"$stamp"
  fi
  if [ -z "${PORTALD:-}" ] && [ ! -f web/dist/index.html ]; then
    echo "bench: web/dist is not built; building the web app (make web)"
    make --no-print-directory web
  fi
fi

portald=${PORTALD:-bin/portald}
if [ -z "${PORTALD:-}" ]; then
  go build -tags nodynamic -trimpath -o bin/portald ./server/cmd/portald
fi
if [ -n "$run_parts" ] || $business || $money || $photo || $content; then
  go build -tags nodynamic -trimpath -o bin/bench ./bench
fi
if [ -n "$run_parts" ]; then
  bin/bench run --portald "$portald" --only "$run_parts" ${run_args[@]+"${run_args[@]}"}
  if [[ $run_parts == *[abcd]* ]]; then bin/bench team; fi
fi
if $business; then
  bin/bench business --portald "$portald"
fi
if $money; then
  bin/bench payments --portald "$portald"
fi
if $photo; then
  bin/bench photo
fi
if $content; then
  bin/bench content --portald "$portald"
fi

# Part w: a portald of its own (fresh data dir, demo seed), the first loads measured in
# Chromium, then stopped.
if $web; then
  . scripts/lib/portald.sh
  start_portald "$portald" bench
  echo
  PORTAL_URL="$url" node bench/web/first-load.mjs
  stop_portald
fi
