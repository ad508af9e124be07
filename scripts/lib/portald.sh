# start_portald BIN NAME: starts BIN serve on a free port with a fresh data directory (the
# embedded database seeded with the demo organisation), waits until it listens, and sets
# url, portald_pid and portald_log. stop_portald stops it and removes the data directory;
# it is installed as the EXIT trap. NAME prefixes the messages (e2e, bench).
start_portald() {
  local bin=$1 name=$2
  portald_data=$(mktemp -d "/tmp/portal-$name-XXXXXX")
  chmod 755 "$portald_data"
  portald_log="$portald_data/portald.log"
  "$bin" serve --data-dir "$portald_data" --addr 127.0.0.1:0 >"$portald_log" 2>&1 &
  portald_pid=$!
  trap stop_portald EXIT
  url=""
  for _ in $(seq 1 600); do
    url=$(sed -n 's/.*msg=listening url=\(http[^ ]*\).*/\1/p' "$portald_log" | head -n1)
    [ -n "$url" ] && return 0
    if ! kill -0 "$portald_pid" 2>/dev/null; then
      echo "$name: portald exited:" >&2; cat "$portald_log" >&2; exit 1
    fi
    sleep 0.1
  done
  echo "$name: portald did not start:" >&2; cat "$portald_log" >&2; exit 1
}

stop_portald() {
  [ -n "${portald_pid:-}" ] || return 0
  kill "$portald_pid" 2>/dev/null || true
  wait "$portald_pid" 2>/dev/null || true
  rm -rf "$portald_data"
  portald_pid=""
}
