# Running portald (and stripe-mock) for the browser tests and the bench, as many instances as
# a run needs: each on a free loopback port with a data directory of its own (the embedded
# database, seeded with the demo organisation; its log and outbox inside). stop_portald, the
# EXIT trap once one is started, stops every instance and removes their directories.
#
#   launch_portald KEY BIN [NAME=VALUE…]  starts BIN serve in the background with those extra
#                                         environment variables; returns at once
#   wait_portald KEY [NAME]               waits until it listens; sets portald_url[KEY]
#   start_portald BIN NAME                one instance, both steps (KEY = NAME); also sets url
#   start_stripe_mock BIN NAME            stripe-mock on two free loopback ports; sets
#                                         stripe_mock_url (stopped with the rest)
#   start_stripe_proxy NAME               web/e2e/stripe-mock-proxy.mjs in front of it (client
#                                         secrets that carry their intent's id, as Stripe's
#                                         do); sets stripe_api_url
#   stop_portald                          stops them all
#
# portald_data[KEY], portald_log[KEY] and portald_pid[KEY] name each instance's directory, log
# and process. NAME prefixes the messages (e2e, bench). Launch several, then wait for each:
# they start (initdb, migrations, the seed) side by side.
declare -gA portald_pid=() portald_data=() portald_log=() portald_url=()
declare -ga portald_extra_pids=()
declare -ga portald_extra_dirs=()

launch_portald() {
  local key=$1 bin=$2
  shift 2
  local dir
  dir=$(mktemp -d "/tmp/portal-$key-XXXXXX")
  chmod 755 "$dir"
  portald_data[$key]=$dir
  portald_log[$key]=$dir/portald.log
  env "$@" "$bin" serve --data-dir "$dir" --addr 127.0.0.1:0 >"${portald_log[$key]}" 2>&1 &
  portald_pid[$key]=$!
  trap stop_portald EXIT
}

wait_portald() {
  local key=$1 name=${2:-$1} found=""
  for _ in $(seq 1 600); do
    found=$(sed -n 's/.*msg=listening url=\(http[^ ]*\).*/\1/p' "${portald_log[$key]}" | head -n1)
    if [ -n "$found" ]; then
      portald_url[$key]=$found
      return 0
    fi
    if ! kill -0 "${portald_pid[$key]}" 2>/dev/null; then
      echo "$name: portald ($key) exited:" >&2; cat "${portald_log[$key]}" >&2; exit 1
    fi
    sleep 0.1
  done
  echo "$name: portald ($key) did not start:" >&2; cat "${portald_log[$key]}" >&2; exit 1
}

start_portald() {
  local bin=$1 name=$2
  launch_portald "$name" "$bin"
  wait_portald "$name" "$name"
  url=${portald_url[$name]}
}

start_stripe_mock() {
  local bin=$1 name=$2 dir
  dir=$(mktemp -d "/tmp/portal-stripe-mock-XXXXXX")
  portald_extra_dirs+=("$dir")
  # Both listeners on loopback (an empty -https-addr would listen on every interface), on
  # ports the system chooses; the log says which.
  run_helper "$name" "$dir/stripe-mock.log" \
    's/^Listening for HTTP at address: \(127\.0\.0\.1:[0-9]*\)$/http:\/\/\1/p' \
    "$bin" -http-addr 127.0.0.1: -https-addr 127.0.0.1:
  stripe_mock_url=$helper_found
}

# run_helper NAME LOG PATTERN CMD…: CMD in the background, its output in LOG, until a line of
# LOG matches the sed PATTERN (which prints what it captures); sets helper_found to that.
run_helper() {
  local name=$1 log=$2 pattern=$3 pid
  shift 3
  "$@" >"$log" 2>&1 &
  pid=$!
  portald_extra_pids+=("$pid")
  trap stop_portald EXIT
  helper_found=""
  for _ in $(seq 1 300); do
    helper_found=$(sed -n "$pattern" "$log" | head -n1)
    [ -n "$helper_found" ] && return 0
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "$name: $1 exited:" >&2; cat "$log" >&2; exit 1
    fi
    sleep 0.1
  done
  echo "$name: $1 did not start:" >&2; cat "$log" >&2; exit 1
}

start_stripe_proxy() {
  local name=$1 dir
  dir=$(mktemp -d "/tmp/portal-stripe-proxy-XXXXXX")
  portald_extra_dirs+=("$dir")
  run_helper "$name" "$dir/proxy.log" 's/^listening \(http:[^ ]*\)$/\1/p' \
    node web/e2e/stripe-mock-proxy.mjs "$stripe_mock_url"
  stripe_api_url=$helper_found
}

stop_portald() {
  local key pid
  for key in "${!portald_pid[@]}"; do
    kill "${portald_pid[$key]}" 2>/dev/null || true
  done
  for pid in "${portald_extra_pids[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for key in "${!portald_pid[@]}"; do
    wait "${portald_pid[$key]}" 2>/dev/null || true
    rm -rf "${portald_data[$key]}"
  done
  for pid in "${portald_extra_pids[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  for key in "${portald_extra_dirs[@]}"; do
    rm -rf "$key"
  done
  portald_pid=()
  portald_data=()
  portald_log=()
  portald_url=()
  portald_extra_pids=()
  portald_extra_dirs=()
}
