#!/usr/bin/env bash
# Benchmarks at scale: seeds 1,000,000 clients and, separately, 1,000,000 associates once
# into .bench/ (kept between runs), then measures portald against hand-written baselines and
# recursive CTEs side by side and prints figures. Nothing is asserted. Results:
# .bench/results.md and .bench/team.md (copied by hand into docs/benchmarks.md).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
  else
    echo "bench: wrk is missing (Debian: sudo apt-get install wrk)" >&2; exit 1
  fi
fi
go build -trimpath -o bin/portald ./server/cmd/portald
go build -trimpath -o bin/bench ./bench
bin/bench run "$@"
bin/bench team
