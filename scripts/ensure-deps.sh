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

missing=()
have_pg || missing+=(postgresql)
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
