#!/usr/bin/env bash
# bench/run.sh -- the figures of bench/README.md, measured in one run on this
# machine, side by side:
#
#   wg-bench idle   10,000 connections held open, server memory per connection
#                   (first, while the daemon's heap is fresh)
#   wg-bench ping   at 1,000 and 10,000 connections
#   wg-bench mix    at 1,000 and 10,000 connections (register + login first,
#                   reported apart; then the session commands)
#   redis-benchmark -t ping_inline at 1,000 and 10,000 connections against a
#                   private redis-server on a loopback port
#
# It builds wargamed, wargame and wg-bench (RelWithDebInfo, no tests) in its own
# build directory, starts wargamed on a free 127.0.0.1 port with a temporary
# database, and stops everything it started when it ends (also on errors and
# ^C).  All traffic stays on 127.0.0.1.  It prints the machine, every command
# it runs, and at the end a table of the results (also saved to $RESULTS).
#
# Knobs (environment; defaults in brackets):
#   BUILD_DIR     build directory [<repo>/build-bench]
#   CONNS         connection counts ["1000 10000"]
#   REQUESTS      requests per ping run and per redis run [500000]
#   MIX_SECONDS   length of each mix load phase, after set-up [20]
#   IDLE_CONNS    connections of the idle run [10000]
#   IDLE_SECONDS  how long the idle connections are held [10]
#   SCENARIO      scenario for the mix's new/join steps [none: skipped]
#   SKIP_REDIS=1  leave out the redis figures
#   RESULTS       where the result table goes [$BUILD_DIR/bench-results.md]
#
# Expect about 25 minutes: a fresh mix at 10,000 connections registers and
# logs in 10,000 users, i.e. 20,000 argon2id hashes (about 66 ms of one core
# and 64 MiB each at the INTERACTIVE limits; about 19 per second on 2 cores),
# before its load phase starts.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${BUILD_DIR:-$ROOT/build-bench}
CONNS=${CONNS:-"1000 10000"}
REQUESTS=${REQUESTS:-500000}
MIX_SECONDS=${MIX_SECONDS:-20}
IDLE_CONNS=${IDLE_CONNS:-10000}
IDLE_SECONDS=${IDLE_SECONDS:-10}
SCENARIO=${SCENARIO:-}
SKIP_REDIS=${SKIP_REDIS:-0}
RESULTS=${RESULTS:-$BUILD_DIR/bench-results.md}

TMP=$(mktemp -d /tmp/wg-bench.XXXXXX)
SERVER_PID=
REDIS_PID=

cleanup() {
	local pid
	for pid in $SERVER_PID $REDIS_PID; do
		if kill -0 "$pid" 2>/dev/null; then
			kill -TERM "$pid" 2>/dev/null || true
			for _ in $(seq 1 50); do
				kill -0 "$pid" 2>/dev/null || break
				sleep 0.1
			done
			kill -KILL "$pid" 2>/dev/null || true
			wait "$pid" 2>/dev/null || true
		fi
	done
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say() { printf '\n### %s\n' "$*"; }
# Prints a command, then runs it.
run() {
	printf '+ %s\n' "$*"
	"$@"
}

# A free TCP port on 127.0.0.1 (bounded number of tries).
free_port() {
	local p
	for _ in $(seq 1 100); do
		p=$((20000 + RANDOM % 20000))
		if ! ss -Hltn "sport = :$p" 2>/dev/null | grep -q .; then
			echo "$p"
			return 0
		fi
	done
	echo "run.sh: no free port found" >&2
	return 1
}

as_root() {
	if [ "$(id -u)" = 0 ]; then
		"$@"
	elif command -v sudo >/dev/null; then
		sudo "$@"
	else
		return 1
	fi
}

say "machine"
run uname -srm
run nproc
lscpu | grep -E '^(Model name|Architecture|CPU\(s\)|Thread\(s\) per core|Core\(s\) per socket|Socket\(s\)|CPU max MHz|L3 cache):' || true
free -m | head -2
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$ROOT" diff --quiet 2>/dev/null || echo ' (with local changes)')"

say "tools"
if [ "$SKIP_REDIS" != 1 ] && ! { command -v redis-server && command -v redis-benchmark; } >/dev/null; then
	echo "redis-server/redis-benchmark missing: installing redis-server and redis-tools"
	if ! { as_root apt-get update -q && as_root env DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -q redis-server redis-tools; }; then
		echo "run.sh: could not install redis; the redis figures are skipped" >&2
		SKIP_REDIS=1
	fi
fi
[ "$SKIP_REDIS" = 1 ] || redis-server --version

say "build"
# The project's default build type (RelWithDebInfo: -O2 -g), as shipped and tested.
run cmake -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWG_TESTS=OFF >/dev/null
run cmake --build "$BUILD_DIR" -j2 --target wargamed wargame wg-bench
WARGAMED=$BUILD_DIR/server/wargamed
WARGAME=$BUILD_DIR/client/wargame
BENCH=$BUILD_DIR/bench/wg-bench

say "limits"
MAXC=0
for c in $CONNS $IDLE_CONNS; do [ "$c" -gt "$MAXC" ] && MAXC=$c; done
NEED=$((MAXC + 1024))
if [ "$(ulimit -Hn)" != unlimited ] && [ "$(ulimit -Hn)" -lt "$NEED" ]; then
	ulimit -Hn "$NEED" 2>/dev/null || echo "run.sh: cannot raise the hard open-files limit to $NEED (not root?)" >&2
fi
ulimit -n "$NEED" 2>/dev/null || ulimit -n "$(ulimit -Hn)"
echo "open files: $(ulimit -n) (need $NEED for $MAXC connections on each side)"
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt "$NEED" ]; then
	echo "run.sh: the open-files limit is too low; raise it (ulimit -Hn $NEED as root) and retry" >&2
	exit 1
fi
echo "somaxconn: $(cat /proc/sys/net/core/somaxconn), local ports: $(tr '\t' '-' </proc/sys/net/ipv4/ip_local_port_range)"

say "wargamed"
PORT=$(free_port)
SERVER_CMD=("$WARGAMED" --listen "127.0.0.1:$PORT" --db "$TMP/bench.db" --max-clients $((MAXC + 100))
	--log-level warn)
printf '+ %s\n' "${SERVER_CMD[*]}"
"${SERVER_CMD[@]}" 2>"$TMP/wargamed.log" &
SERVER_PID=$! # the daemon itself (not a subshell): its VmRSS is what idle reports
ok=0
for _ in $(seq 1 50); do
	if printf 'ping\n' | timeout 3 "$WARGAME" --wait 2 "127.0.0.1:$PORT" 2>/dev/null | grep -q '^ok'; then
		ok=1
		break
	fi
	kill -0 "$SERVER_PID" 2>/dev/null || break
	sleep 0.2
done
if [ "$ok" != 1 ]; then
	echo "run.sh: wargamed did not answer ping on 127.0.0.1:$PORT; its log:" >&2
	cat "$TMP/wargamed.log" >&2
	exit 1
fi
echo "wargamed pid $SERVER_PID on 127.0.0.1:$PORT answers ping"

SUMMARIES=$TMP/summaries
: >"$SUMMARIES"
# Runs wg-bench with the given arguments; keeps its SUMMARY lines.
bench() {
	local rc
	set +e
	run "$BENCH" -p "$PORT" "$@" | tee "$TMP/bench.out"
	rc=${PIPESTATUS[0]}
	set -e
	[ "$rc" = 0 ] || echo "(wg-bench exited with status $rc)"
	grep '^SUMMARY' "$TMP/bench.out" >>"$SUMMARIES" || true
}

MIXARGS=()
[ -n "$SCENARIO" ] && MIXARGS=(--scenario "$SCENARIO")

# idle first, on the fresh daemon: memory freed by earlier runs would stay in
# its heap (RSS does not shrink) and hide the cost of new connections.
say "idle, $IDLE_CONNS connections"
bench -c "$IDLE_CONNS" --idle --duration "$IDLE_SECONDS" --server-pid "$SERVER_PID"
for c in $CONNS; do
	say "ping, $c connections"
	bench -c "$c" -n "$REQUESTS" -t ping
done
for c in $CONNS; do
	say "mix, $c connections"
	bench -c "$c" -t mix --duration "$MIX_SECONDS" "${MIXARGS[@]}"
done

if ! kill -0 "$SERVER_PID" 2>/dev/null; then
	echo "run.sh: wargamed died during the runs; its log:" >&2
	tail -50 "$TMP/wargamed.log" >&2
	exit 1
fi

REDIS_ROWS=$TMP/redis
: >"$REDIS_ROWS"
if [ "$SKIP_REDIS" != 1 ]; then
	say "redis"
	RPORT=$(free_port)
	REDIS_CMD=(redis-server --port "$RPORT" --bind 127.0.0.1 --save '' --appendonly no
		--maxclients $((MAXC + 100)) --daemonize no --logfile "$TMP/redis.log")
	printf '+ %s\n' "${REDIS_CMD[*]}"
	"${REDIS_CMD[@]}" &
	REDIS_PID=$!
	ok=0
	for _ in $(seq 1 100); do
		if redis-cli -p "$RPORT" ping 2>/dev/null | grep -q PONG; then
			ok=1
			break
		fi
		sleep 0.1
	done
	if [ "$ok" != 1 ]; then
		echo "run.sh: redis-server did not answer on 127.0.0.1:$RPORT; the redis figures are skipped; its log:" >&2
		tail -20 "$TMP/redis.log" >&2 || true
		CONNS_REDIS=
	else
		CONNS_REDIS=$CONNS
	fi
	for c in $CONNS_REDIS; do
		say "redis-benchmark ping_inline, $c connections"
		run timeout 300 redis-benchmark -h 127.0.0.1 -p "$RPORT" -t ping_inline \
			-n "$REQUESTS" -c "$c" --csv | tee "$TMP/redis.csv"
		# "test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"
		tr -d '"' <"$TMP/redis.csv" | awk -F, -v c="$c" '$1 == "PING_INLINE" {
			printf "| redis-benchmark ping_inline | %d | %d | | %.0f | %.0f | p95 %.0f | %.0f | %.0f | | |\n",
				c, '"$REQUESTS"', $2, $5 * 1000, $6 * 1000, $7 * 1000, $8 * 1000 }' >>"$REDIS_ROWS"
	done
fi

say "results"
mkdir -p "$(dirname "$RESULTS")"
{
	echo "Machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) CPUs, $(uname -sr); $(date -u '+%Y-%m-%d')."
	echo "wargamed and the clients share the machine (loopback); wargamed --log-level warn, fresh SQLite database."
	echo
	echo "| run | connections | requests | seconds | commands/s | p50 us | p90 us | p99 us | max us | errors | failed / lost |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	awk '
	{
		delete kv
		for (i = 2; i <= NF; i++) { split($i, a, "="); kv[a[1]] = a[2] }
		if (kv["test"] == "idle") next
		name = "wg-bench " kv["test"]
		if (kv["test"] == "mix") name = sprintf("%s (set-up %.0f s, login p50 %.1f s)", name, kv["ready_secs"], kv["login_p50_us"] / 1e6)
		printf "| %s | %s | %s | %s | %.0f | %s | %s | %s | %s | %s | %s / %s |\n",
			name, kv["conns"], kv["requests"], kv["seconds"], kv["rps"], kv["p50_us"],
			kv["p90_us"], kv["p99_us"], kv["max_us"], kv["errors"], kv["failed"], kv["lost"]
	}' "$SUMMARIES"
	cat "$REDIS_ROWS"
	echo
	awk '
	{
		delete kv
		for (i = 2; i <= NF; i++) { split($i, a, "="); kv[a[1]] = a[2] }
		if (kv["test"] != "idle") next
		printf "Idle: %s connections open (%s failed, %s dropped) for %s s; wargamed VmRSS %s kB before, %s kB after: %.0f bytes (%.1f KiB) per connection.\n",
			kv["open"], kv["failed"], kv["dropped"], kv["seconds"], kv["rss_before_kb"],
			kv["rss_after_kb"], kv["bytes_per_conn"], kv["bytes_per_conn"] / 1024
	}' "$SUMMARIES"
} | tee "$RESULTS"
echo
echo "(saved to $RESULTS)"
