#!/usr/bin/env bash
# Installs what `make run` and `make test` need and is missing. Go modules and npm
# packages always; PostgreSQL server binaries (and with --browser, Chromium) through apt
# when running as root on Debian, otherwise a message saying what to install.
set -euo pipefail
cd "$(dirname "$0")/.."

browser=false
for a in "$@"; do
  case "$a" in
    --browser) browser=true ;;
    *) echo "ensure-deps: unknown option $a" >&2; exit 2 ;;
  esac
done

have_pg() {
  [ -n "${PG_BINDIR:-}" ] && [ -x "$PG_BINDIR/initdb" ] && return 0
  command -v initdb >/dev/null 2>&1 && return 0
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1
}

# The time-zone database portald, PostgreSQL and Chromium agree on: event times are shown in
# each event's zone, and a stale one puts them an hour off (2026f: British Columbia keeps
# UTC-7 all year from November 2026). Debian only; elsewhere keep the system's current.
TZDATA_MIN=2026f
stale_tzdata() {
  command -v dpkg-query >/dev/null 2>&1 || return 1
  local v
  v=$(dpkg-query -W -f='${Version}' tzdata 2>/dev/null) || return 0
  dpkg --compare-versions "$v" lt "$TZDATA_MIN"
}

missing=()
have_pg || missing+=(postgresql)
if stale_tzdata; then
  if [ "$(id -u)" = 0 ]; then
    missing+=(tzdata)
  else
    echo "ensure-deps: the time-zone database is older than $TZDATA_MIN (sudo apt-get install tzdata)" >&2
  fi
fi
if $browser; then
  [ -x /usr/bin/chromium ] || missing+=(chromium)
fi

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-deps: installing ${missing[*]} with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "ensure-deps: missing ${missing[*]}." >&2
    echo "  Install them (Debian/Ubuntu: sudo apt-get install ${missing[*]}), or for the database set DATABASE_URL." >&2
    exit 1
  fi
fi

go mod download

# npm ci only when the lockfile changed since the last install.
if [ -f web/package-lock.json ]; then
  stamp=web/node_modules/.portal-lock-sha
  sum=$(sha256sum web/package-lock.json | cut -d' ' -f1)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$sum" ]; then
    (cd web && npm ci --no-audit --no-fund --loglevel=error)
    echo "$sum" > "$stamp"
  fi
fi
