#!/usr/bin/env bash
# bench/run.sh -- the figures of bench/README.md, measured in one run on this
# machine, side by side:
#
#   wg-bench idle   10,000 connections held open, server memory per connection
#                   (first, while the daemon's heap is fresh); then LOGIN_CONNS
#                   more that register and log in, counted after a warm-up of
#                   50 (the login threads' memory apart)
#   wg-bench ping   at 1,000 and 10,000 connections
#   wg-bench mix    at 1,000 and 10,000 connections (register + login first,
#                   reported apart; then the session commands)
#   wg-bench durable  Battle of the Scheldt games at 1, 50 and 1,000 clients
#                   (two connections each, client k from loopback address k;
#                   every action committed and synced before its ok), twice
#   versus          wg-bench ping against wargamed and against a private
#                   redis-server, the same generator, interleaved, each twice,
#                   at 50 connections pipelined 16 deep, 50 and 1,000 unpipelined,
#                   with each server's CPU per request
#   wg-bench flood  one client pings while 300 others send 6,000 help each and
#                   never read (issue 15): the honest client's latency
#   hostile         the hostile soak (issue 15), on a daemon of its own with the
#                   default limits: one logged-in client pings while thousands of
#                   hostile connections from HOSTILE_SOURCES loopback addresses
#                   (within --max-per-address) attack at once: help pipelines
#                   never read, connections that never log in or send anything,
#                   slowloris lines, and login brute force; its p99 is the figure
#   view            (issue 14) a text view through the server against a ping, in the
#                   same daemon: wg-bench -t ping and -t view at VIEW_CONNS
#                   clients (view: durable's clients, seated in a game, each
#                   sending `view game=<id>` over and over), interleaved, each
#                   twice; the server's CPU per view in pings
#   wg-engine       the rules engine on one core (issue 14), before any server
#                   starts: whole Scheldt games played from options, replayed as
#                   the server replays them on load (actions/s), reach, view
#                   (text) and a ping's reply path per call (median, p99)
#   recovery        (issue 14; not in the default list: 10 to 20 minutes) wg-gamesdb
#                   builds a database of RECOVERY_GAMES unfinished Battle of the
#                   Scheldt games of about RECOVERY_ACTIONS actions each, then
#                   `wg-gamesdb probe` starts a daemon on it: start to first reply,
#                   the first view of RECOVERY_SAMPLES random games (median, max),
#                   and the time to load every game (each touched once)
#   redis-benchmark -t ping_inline at 1,000 and 10,000 connections against a
#                   private redis-server on a loopback port
#   durable's comparison: wg-bench -t set --redis at 1, 50 and 1,000
#                   connections against a second private redis-server with
#                   appendfsync always (every write on disk before its reply),
#                   interleaved with durable, each twice; and the disk's fsync
#                   floor (wg-bench --fsync-floor)
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
#   TESTS         the parts to run, of: engine idle ping versus view flood hostile mix
#                 durable recovery ["engine idle ping versus view flood hostile mix durable"];
#                 ping brings its redis ping_inline rows, durable its redis set rows
#   VIEW_CONNS, VIEW_SECONDS  the view part's clients and the length of each run [50, 10]
#   DURABLE_CONNS clients of the durable runs, and redis SET connections ["1 50 1000"]
#   DURABLE_SECONDS  length of each durable load phase, after set-up [20]
#   LOGIN_CONNS   idle connections that log in, after the guests [1000; 0: none]
#   VERSUS        versus runs, as connections:pipeline ["50:16 50:1 1000:1"]
#   VERSUS_REQUESTS  requests per versus run [500000]
#   FLOOD_ATTACKERS, FLOOD_LINES, FLOOD_SECONDS  the flood [300, 6000, 20]
#   HOSTILE_UNREAD, HOSTILE_IDLE, HOSTILE_SLOW, HOSTILE_BRUTE  the hostile soak's
#                 connections of each kind [300, 1500, 1500, 200]
#   HOSTILE_SOURCES, HOSTILE_SECONDS  its addresses and length [200, 30]
#   ENGINE_GAMES, ENGINE_ROUNDS  wg-engine's games and replay rounds [5, 3]
#   RECOVERY_GAMES, RECOVERY_ACTIONS, RECOVERY_TEMPLATES, RECOVERY_SAMPLES  the recovery
#                 database (games, actions a game, games played: the others are
#                 copies, bench/gamesdb.c) and the games whose first view is timed
#                 [10000, 200, 100, 20]
#   SKIP_REDIS=1  leave out the redis figures
#   RESULTS       where the result table goes [$BUILD_DIR/bench-results.md]
#
# Expect about 40 minutes (TESTS=durable alone, each size twice: about 15): a fresh mix at 10,000 connections registers and
# logs in 10,000 users, i.e. 20,000 argon2id hashes (about 66 ms of one core
# and 64 MiB each at the INTERACTIVE limits; about 19 per second on 2 cores),
# before its load phase starts; durable at 1,000 clients registers and logs in
# 2,000 users (4,000 hashes; about 450 s on the 2-core AMD EPYC machine).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${BUILD_DIR:-$ROOT/build-bench}
CONNS=${CONNS:-"1000 10000"}
REQUESTS=${REQUESTS:-500000}
MIX_SECONDS=${MIX_SECONDS:-20}
IDLE_CONNS=${IDLE_CONNS:-10000}
IDLE_SECONDS=${IDLE_SECONDS:-10}
SCENARIO=${SCENARIO:-}
TESTS=${TESTS:-"engine idle ping versus view flood hostile mix durable"}
ENGINE_GAMES=${ENGINE_GAMES:-5}
ENGINE_ROUNDS=${ENGINE_ROUNDS:-3}
LOGIN_CONNS=${LOGIN_CONNS:-1000}
VERSUS=${VERSUS:-"50:16 50:1 1000:1"}
VERSUS_REQUESTS=${VERSUS_REQUESTS:-500000}
FLOOD_ATTACKERS=${FLOOD_ATTACKERS:-300}
FLOOD_LINES=${FLOOD_LINES:-6000}
FLOOD_SECONDS=${FLOOD_SECONDS:-20}
HOSTILE_UNREAD=${HOSTILE_UNREAD:-300}
HOSTILE_IDLE=${HOSTILE_IDLE:-1500}
HOSTILE_SLOW=${HOSTILE_SLOW:-1500}
HOSTILE_BRUTE=${HOSTILE_BRUTE:-200}
HOSTILE_SOURCES=${HOSTILE_SOURCES:-200}
HOSTILE_SECONDS=${HOSTILE_SECONDS:-30}
VIEW_CONNS=${VIEW_CONNS:-50}
VIEW_SECONDS=${VIEW_SECONDS:-10}
DURABLE_CONNS=${DURABLE_CONNS:-"1 50 1000"}
DURABLE_SECONDS=${DURABLE_SECONDS:-20}
RECOVERY_GAMES=${RECOVERY_GAMES:-10000}
RECOVERY_ACTIONS=${RECOVERY_ACTIONS:-200}
RECOVERY_TEMPLATES=${RECOVERY_TEMPLATES:-100}
RECOVERY_SAMPLES=${RECOVERY_SAMPLES:-20}
SKIP_REDIS=${SKIP_REDIS:-0}
RESULTS=${RESULTS:-$BUILD_DIR/bench-results.md}

TMP=$(mktemp -d /tmp/wg-bench.XXXXXX)
SERVER_PID=
LOGIN_PID=
REDIS_PID=
REDIS_AOF_PID=
HOSTILE_PID=

for t in $TESTS; do
	case $t in
	engine | idle | ping | versus | view | flood | hostile | mix | durable | recovery) ;;
	*)
		echo "run.sh: unknown part '$t' in TESTS (engine idle ping versus view flood hostile mix durable recovery)" >&2
		exit 1
		;;
	esac
done
# 1 if part $1 is in TESTS.
want() { case " $TESTS " in *" $1 "*) return 0 ;; esac; return 1; }

cleanup() {
	local pid
	for pid in $SERVER_PID $LOGIN_PID $REDIS_PID $REDIS_AOF_PID $HOSTILE_PID; do
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
run cmake --build "$BUILD_DIR" -j2 --target wargamed wargame wg-bench wg-gamesdb
want engine && run cmake --build "$BUILD_DIR" -j2 --target wg-engine
WARGAMED=$BUILD_DIR/server/wargamed
GAMESDB=$BUILD_DIR/bench/wg-gamesdb
WARGAME=$BUILD_DIR/client/wargame
BENCH=$BUILD_DIR/bench/wg-bench

say "limits"
# the most connections open at once on each side (durable: two per client)
MAXC=0
SIZES=
want idle && SIZES="$SIZES $IDLE_CONNS $((LOGIN_CONNS + 50))"
want flood && SIZES="$SIZES $((FLOOD_ATTACKERS + 1))"
want view && SIZES="$SIZES $((2 * VIEW_CONNS))"
want hostile && SIZES="$SIZES $((HOSTILE_UNREAD + HOSTILE_IDLE + HOSTILE_SLOW + HOSTILE_BRUTE + 1))"
if want versus; then
	for v in $VERSUS; do SIZES="$SIZES ${v%%:*}"; done
fi
{ want ping || want mix; } && SIZES="$SIZES $CONNS"
if want durable; then
	for c in $DURABLE_CONNS; do SIZES="$SIZES $((2 * c))"; done
fi
for c in $SIZES; do [ "$c" -gt "$MAXC" ] && MAXC=$c; done
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

# Starts a wargamed on a free 127.0.0.1 port with database $1 (log $2) and waits until it
# answers ping: its port in STARTED_PORT, its pid in STARTED_PID; exits if it does not.
start_wargamed() {
	local db=$1 log=$2 ok=0
	STARTED_PORT=$(free_port)
	# every client comes from 127.0.0.1: the per-address limits are lifted (docs/operations.md
	# "Limits and abuse")
	local cmd=("$WARGAMED" --listen "127.0.0.1:$STARTED_PORT" --db "$db" --max-clients $((MAXC + 100))
		--max-per-address $((MAXC + 100)) --max-hashes 100000 --max-hashes-per-address 100000
		--register-burst 1000000 --log-level warn)
	printf '+ %s\n' "${cmd[*]}"
	"${cmd[@]}" 2>"$log" &
	STARTED_PID=$! # the daemon itself (not a subshell): its VmRSS is what idle reports
	for _ in $(seq 1 50); do
		if printf 'ping\n' | timeout 3 "$WARGAME" --wait 2 "127.0.0.1:$STARTED_PORT" 2>/dev/null | grep -q '^ok'; then
			ok=1
			break
		fi
		kill -0 "$STARTED_PID" 2>/dev/null || break
		sleep 0.2
	done
	if [ "$ok" != 1 ]; then
		echo "run.sh: wargamed did not answer ping on 127.0.0.1:$STARTED_PORT; its log:" >&2
		cat "$log" >&2
		exit 1
	fi
	echo "wargamed pid $STARTED_PID on 127.0.0.1:$STARTED_PORT answers ping"
}

ENGINE_OUT=$TMP/engine
: >"$ENGINE_OUT"
if want engine; then
	say "wg-engine (the rules engine on one core, before any server starts)"
	run "$BUILD_DIR/bench/wg-engine" -n "$ENGINE_GAMES" --rounds "$ENGINE_ROUNDS" \
		--commit "$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')" | tee "$ENGINE_OUT"
fi

say "wargamed"
start_wargamed "$TMP/bench.db" "$TMP/wargamed.log"
PORT=$STARTED_PORT SERVER_PID=$STARTED_PID

# Starts redis-server on 127.0.0.1 port $1, logging to $2, with the further
# arguments, in the background (its pid in STARTED_PID, for cleanup) and waits
# until it answers; status 1 if it does not.
start_redis() {
	local port=$1 log=$2
	shift 2
	local cmd=(redis-server --port "$port" "$@" --logfile "$log")
	printf '+'
	printf ' %q' "${cmd[@]}" # shows --save '' as such
	echo
	"${cmd[@]}" &
	STARTED_PID=$!
	for _ in $(seq 1 100); do
		if redis-cli -p "$port" ping 2>/dev/null | grep -q PONG; then
			return 0
		fi
		sleep 0.1
	done
	echo "run.sh: redis-server did not answer on 127.0.0.1:$port; its log:" >&2
	tail -20 "$log" >&2 || true
	return 1
}

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
	# the 1-minute load average at the end of the run goes with its figures
	grep '^SUMMARY' "$TMP/bench.out" | sed "s/\$/ load1=$(cut -d' ' -f1 /proc/loadavg)/" \
		>>"$SUMMARIES" || true
}

MIXARGS=()
[ -n "$SCENARIO" ] && MIXARGS=(--scenario "$SCENARIO")

# idle first, on the fresh daemon: memory freed by earlier runs would stay in
# its heap (RSS does not shrink) and hide the cost of new connections.
if want idle; then
	say "idle, $IDLE_CONNS connections"
	bench -c "$IDLE_CONNS" --idle --duration "$IDLE_SECONDS" --server-pid "$SERVER_PID"
	if [ "$LOGIN_CONNS" -gt 0 ]; then
		# on a second, fresh daemon: the first one's heap has the guests' memory free
		say "idle, $LOGIN_CONNS connections logged in (after 50 more as a warm-up), on a fresh daemon"
		start_wargamed "$TMP/login.db" "$TMP/wargamed-login.log"
		LOGIN_PID=$STARTED_PID PORT_SAVE=$PORT PORT=$STARTED_PORT
		bench -c $((LOGIN_CONNS + 50)) --warmup 50 --idle --login --duration "$IDLE_SECONDS" \
			--server-pid "$LOGIN_PID" --user-prefix idle_ --timeout $((LOGIN_CONNS + 300))
		PORT=$PORT_SAVE
		kill -TERM "$LOGIN_PID" 2>/dev/null || true
		wait "$LOGIN_PID" 2>/dev/null || true
	fi
fi
if want ping; then
	for c in $CONNS; do
		say "ping, $c connections"
		bench -c "$c" -n "$REQUESTS" -t ping
	done
fi
# versus: the same generator against both servers, interleaved (redis started for it)
if want versus && [ "$SKIP_REDIS" != 1 ]; then
	say "redis for versus"
	VPORT=$(free_port)
	if start_redis "$VPORT" "$TMP/redis-versus.log" --bind 127.0.0.1 --save '' --appendonly no \
		--maxclients $((MAXC + 100)) --daemonize no; then
		REDIS_PID=$STARTED_PID
		for v in $VERSUS; do
			c=${v%%:*} P=${v##*:}
			for rep in 1 2; do
				say "versus, $c connections, pipeline $P, wargamed ($rep)"
				bench -c "$c" -P "$P" -n "$VERSUS_REQUESTS" -t ping --server-pid "$SERVER_PID"
				say "versus, $c connections, pipeline $P, redis ($rep)"
				PORT_SAVE=$PORT PORT=$VPORT
				bench -c "$c" -P "$P" -n "$VERSUS_REQUESTS" -t ping --server-pid "$REDIS_PID" --redis
				PORT=$PORT_SAVE
			done
		done
		kill -TERM "$REDIS_PID" 2>/dev/null || true
		wait "$REDIS_PID" 2>/dev/null || true
	else
		REDIS_PID=$STARTED_PID
		echo "run.sh: the versus figures are skipped" >&2
	fi
fi
# view: what a text view costs the server against a ping, in the same daemon (their own
# summaries: these pings are not the versus rows)
VIEW_OUT=$TMP/view.summaries
: >"$VIEW_OUT"
if want view; then
	for rep in 1 2; do
		for t in ping view; do
			say "view part: $t, $VIEW_CONNS clients ($rep); load $(cut -d' ' -f1-3 /proc/loadavg)"
			set +e
			run "$BENCH" -p "$PORT" -c "$VIEW_CONNS" -t "$t" --scenario scheldt \
				--duration "$VIEW_SECONDS" --sources "$VIEW_CONNS" --server-pid "$SERVER_PID" |
				tee "$TMP/bench.out"
			set -e
			grep '^SUMMARY' "$TMP/bench.out" | sed "s/\$/ load1=$(cut -d' ' -f1 /proc/loadavg)/" \
				>>"$VIEW_OUT" || true
		done
	done
fi
if want flood; then
	say "flood: 1 client pings while $FLOOD_ATTACKERS send $FLOOD_LINES help each and never read"
	bench -c 1 -t flood --attackers "$FLOOD_ATTACKERS" --attack-lines "$FLOOD_LINES" \
		--duration "$FLOOD_SECONDS" --server-pid "$SERVER_PID"
fi
# hostile: a daemon of its own with the default limits (only --max-clients raised above
# the connections), the hostile connections spread over HOSTILE_SOURCES addresses so that
# each address stays within --max-per-address (32)
if want hostile; then
	per=$(((HOSTILE_UNREAD + HOSTILE_IDLE + HOSTILE_SLOW + HOSTILE_BRUTE + HOSTILE_SOURCES - 1) / HOSTILE_SOURCES))
	say "hostile: 1 logged-in client pings while $HOSTILE_UNREAD pipeline help unread, $HOSTILE_IDLE never send, $HOSTILE_SLOW slowloris, $HOSTILE_BRUTE brute force ($HOSTILE_SOURCES addresses, about $per connections each), default limits"
	HPORT=$(free_port)
	hcmd=("$WARGAMED" --listen "127.0.0.1:$HPORT" --db "$TMP/hostile.db" --max-clients $((MAXC + 100)) --log-level warn)
	printf '+ %s\n' "${hcmd[*]}"
	"${hcmd[@]}" 2>"$TMP/wargamed-hostile.log" &
	HOSTILE_PID=$!
	for _ in $(seq 1 50); do
		printf 'ping\n' | timeout 3 "$WARGAME" --wait 2 "127.0.0.1:$HPORT" 2>/dev/null | grep -q '^ok' && break
		sleep 0.2
	done
	PORT_SAVE=$PORT PORT=$HPORT
	bench -c 1 --login -t flood --attackers "$HOSTILE_UNREAD" --idlers "$HOSTILE_IDLE" \
		--slowloris "$HOSTILE_SLOW" --bruteforce "$HOSTILE_BRUTE" --sources "$HOSTILE_SOURCES" \
		--duration "$HOSTILE_SECONDS" --server-pid "$HOSTILE_PID" --user-prefix hostile_
	PORT=$PORT_SAVE
	kill -TERM "$HOSTILE_PID" 2>/dev/null || true
	wait "$HOSTILE_PID" 2>/dev/null || true
fi
if want mix; then
	for c in $CONNS; do
		say "mix, $c connections"
		bench -c "$c" -t mix --duration "$MIX_SECONDS" "${MIXARGS[@]}"
	done
fi
# durable: whole games, each action committed and on the disk before its ok, beside SET on
# a private redis-server that fsyncs its append-only file before every reply (appendfsync
# always): the same generator (wg-bench -t set --redis, one request in flight per
# connection, as one per durable client), interleaved, each twice; first the disk's floor
if want durable; then
	say "durable: the disk's fsync floor (the database's directory)"
	run "$BENCH" --fsync-floor "$TMP" -n 1000 | tee "$TMP/bench.out"
	grep '^SUMMARY' "$TMP/bench.out" >>"$SUMMARIES" || true
	APORT=
	if [ "$SKIP_REDIS" != 1 ]; then
		say "redis, appendfsync always"
		mkdir -p "$TMP/redis-aof"
		APORT=$(free_port)
		if start_redis "$APORT" "$TMP/redis-aof.log" --bind 127.0.0.1 --dir "$TMP/redis-aof" \
			--appendonly yes --appendfsync always --save '' --maxclients $((MAXC + 100)) \
			--daemonize no; then
			echo "appendfsync: $(redis-cli -p "$APORT" config get appendfsync | tail -1)"
		else
			APORT=
			echo "run.sh: the redis appendfsync always figures are skipped" >&2
		fi
		REDIS_AOF_PID=$STARTED_PID
	fi
	for c in $DURABLE_CONNS; do
		src=$((c < 60000 ? c : 60000)) # one loopback address per client: no login brake
		for rep in 1 2; do
			say "durable, $c clients ($((2 * c)) connections), wargamed ($rep); load $(cut -d' ' -f1-3 /proc/loadavg)"
			bench -c "$c" -t durable --scenario scheldt --duration "$DURABLE_SECONDS" \
				--sources "$src" --server-pid "$SERVER_PID"
			if [ -n "$APORT" ]; then
				say "set, $c connections, redis appendfsync always ($rep); load $(cut -d' ' -f1-3 /proc/loadavg)"
				PORT_SAVE=$PORT PORT=$APORT
				bench -c "$c" -t set --redis --duration "$DURABLE_SECONDS" --server-pid "$REDIS_AOF_PID"
				PORT=$PORT_SAVE
			fi
		done
	done
	[ -n "$APORT" ] && echo "AOF: $(du -sh "$TMP/redis-aof" | cut -f1) in $TMP/redis-aof"
fi

# recovery: a daemon of its own, started by wg-gamesdb probe on the database it built
RECOVERY_OUT=$TMP/recovery.out
: >"$RECOVERY_OUT"
if want recovery; then
	say "recovery: $RECOVERY_GAMES unfinished games of about $RECOVERY_ACTIONS actions"
	start=$(date +%s)
	run "$GAMESDB" -n "$RECOVERY_GAMES" --actions "$RECOVERY_ACTIONS" \
		--templates "$RECOVERY_TEMPLATES" "$TMP/recovery.db" | tee -a "$RECOVERY_OUT"
	echo "RECOVERY build $(($(date +%s) - start)) s, $(du -sh "$TMP/recovery.db" | cut -f1) on disk" |
		tee -a "$RECOVERY_OUT"
	echo "load before the start: $(uptime)" | tee -a "$RECOVERY_OUT"
	RPORT2=$(free_port)
	set +e
	run "$GAMESDB" probe -p "$RPORT2" -n "$RECOVERY_GAMES" --samples "$RECOVERY_SAMPLES" --all \
		-- "$WARGAMED" --listen "127.0.0.1:$RPORT2" --db "$TMP/recovery.db" --log-level warn \
		2>"$TMP/wargamed-recovery.log" | tee -a "$RECOVERY_OUT"
	[ "${PIPESTATUS[0]}" = 0 ] || { echo "(wg-gamesdb probe failed; the daemon's log:)"; tail -20 "$TMP/wargamed-recovery.log"; }
	set -e
	echo "load after: $(uptime)" | tee -a "$RECOVERY_OUT"
fi

if ! kill -0 "$SERVER_PID" 2>/dev/null; then
	echo "run.sh: wargamed died during the runs; its log:" >&2
	tail -50 "$TMP/wargamed.log" >&2
	exit 1
fi

# One table row from redis-benchmark --csv output ($1, test $2) for $3 connections
# and $4 requests, named $5.
redis_row() {
	# "test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"
	tr -d '"' <"$1" | awk -F, -v t="$2" -v c="$3" -v n="$4" -v name="$5" '$1 == t {
		printf "| %s | %d | %d | | %.0f | %.0f | p95 %.0f | %.0f | %.0f | | |\n",
			name, c, n, $2, $5 * 1000, $6 * 1000, $7 * 1000, $8 * 1000 }'
}

REDIS_ROWS=$TMP/redis
: >"$REDIS_ROWS"
if [ "$SKIP_REDIS" != 1 ] && want ping; then
	say "redis"
	RPORT=$(free_port)
	CONNS_REDIS=
	if start_redis "$RPORT" "$TMP/redis.log" --bind 127.0.0.1 --save '' --appendonly no \
		--maxclients $((MAXC + 100)) --daemonize no; then
		CONNS_REDIS=$CONNS
	else
		echo "run.sh: the redis ping_inline figures are skipped" >&2
	fi
	REDIS_PID=$STARTED_PID
	for c in $CONNS_REDIS; do
		say "redis-benchmark ping_inline, $c connections"
		run timeout 300 redis-benchmark -h 127.0.0.1 -p "$RPORT" -t ping_inline \
			-n "$REQUESTS" -c "$c" --csv | tee "$TMP/redis.csv"
		redis_row "$TMP/redis.csv" PING_INLINE "$c" "$REQUESTS" "redis-benchmark ping_inline" >>"$REDIS_ROWS"
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
		if (kv["test"] == "idle" || kv["test"] == "flood" || kv["test"] == "fsync" || kv["pipeline"] > 1 || kv["server"] == "redis" || kv["server_cpu_s"] >= 0) next
		name = "wg-bench " kv["test"]
		if (kv["test"] == "mix") name = sprintf("%s (set-up %.0f s, login p50 %.1f s)", name, kv["ready_secs"], kv["login_p50_us"] / 1e6)
		if (kv["test"] == "durable") name = sprintf("wg-bench durable, scheldt (%s clients on %s connections, set-up %.0f s)", kv["conns"], kv["connections"], kv["ready_secs"])
		printf "| %s | %s | %s | %s | %.0f | %s | %s | %s | %s | %s | %s / %s |\n",
			name, kv["conns"], kv["requests"], kv["seconds"], kv["rps"], kv["p50_us"],
			kv["p90_us"], kv["p99_us"], kv["max_us"], kv["errors"], kv["failed"], kv["lost"]
	}' "$SUMMARIES"
	cat "$REDIS_ROWS"
	echo
	echo
	echo "Versus (wg-bench ping against each server, interleaved; CPU = the server's user + system time over the load):"
	echo
	echo "| server | connections | pipeline | requests | commands/s | p50 us | p99 us | server CPU us per request |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|"
	awk '
	{
		delete kv
		for (i = 2; i <= NF; i++) { split($i, a, "="); kv[a[1]] = a[2] }
		if (kv["test"] != "ping" || kv["server_cpu_s"] < 0) next
		printf "| %s | %s | %s | %s | %.0f | %s | %s | %.2f |\n", kv["server"], kv["conns"],
			kv["pipeline"], kv["requests"], kv["rps"], kv["p50_us"], kv["p99_us"],
			kv["server_us_per_req"]
	}' "$SUMMARIES"
	echo
	if want durable; then
		echo "Durable (wg-bench against each server, interleaved, each twice; wargamed: Scheldt actions, each committed and synced to the disk before its ok, one in flight per client of two connections; redis: SET with appendfsync always, one in flight per connection; CPU = the server's user + system time over the load):"
		echo
		echo "| server | test | clients | requests | per second | p50 us | p90 us | p99 us | max us | server CPU us per request | errors | load |"
		echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
		awk '
		{
			delete kv
			for (i = 2; i <= NF; i++) { split($i, a, "="); kv[a[1]] = a[2] }
			if (kv["test"] == "fsync")
				floor = sprintf("Disk: %s appends of 200 bytes, each followed by fdatasync: p50 %s us, p90 %s us, p99 %s us, max %s us.", kv["n"], kv["p50_us"], kv["p90_us"], kv["p99_us"], kv["max_us"])
			if (kv["test"] != "durable" && kv["test"] != "set") next
			printf "| %s | %s | %s | %s | %.0f | %s | %s | %s | %s | %.1f | %s | %s |\n", kv["server"],
				kv["test"], kv["conns"], kv["requests"], kv["rps"], kv["p50_us"], kv["p90_us"],
				kv["p99_us"], kv["max_us"], kv["server_us_per_req"], kv["errors"], kv["load1"]
		}
		END { if (floor != "") printf "\n%s\n", floor }' "$SUMMARIES"
		echo
	fi
	awk '
	{
		delete kv
		for (i = 2; i <= NF; i++) { split($i, a, "="); kv[a[1]] = a[2] }
		if (kv["test"] != "flood") next
		if (kv["idlers"] + kv["slowloris"] + kv["bruteforce"] == 0)
			printf "Flood: %s attackers sent %s help lines and read nothing (%s closed by the server); the honest client: %s requests in %s s, p50 %s us, p99 %s us, max %s us.\n",
				kv["attackers"], kv["attack_requests"], kv["attackers_lost"], kv["requests"],
				kv["seconds"], kv["p50_us"], kv["p99_us"], kv["max_us"]
		else
			printf "Hostile: %s connections from %s addresses -- %s sent %s help lines unread (%s closed by the server), %s never sent a byte (%s closed), %s slowloris sent %s bytes of lines never ended (%s closed), %s brute forcers tried %s wrong passwords (%s refused as rate-limited; %s closed); the honest client (logged in): %s requests in %s s, p50 %s us, p99 %s us, max %s us.\n",
				kv["attackers"] + kv["idlers"] + kv["slowloris"] + kv["bruteforce"], kv["sources"],
				kv["attackers"], kv["attack_requests"], kv["attackers_lost"], kv["idlers"], kv["idlers_lost"],
				kv["slowloris"], kv["slow_bytes"], kv["slowloris_lost"], kv["bruteforce"], kv["brute_tries"],
				kv["brute_refused"], kv["bruteforce_lost"], kv["requests"], kv["seconds"], kv["p50_us"],
				kv["p99_us"], kv["max_us"]
	}' "$SUMMARIES"
	awk '
	{
		delete kv
		for (i = 2; i <= NF; i++) { split($i, a, "="); kv[a[1]] = a[2] }
		if (kv["test"] != "idle") next
		printf "Idle%s: %s connections open (%s failed, %s dropped) for %s s; wargamed VmRSS %s kB before, %s kB after: %.0f bytes (%.1f KiB) per connection",
			kv["login"] == 1 ? ", logged in" : "", kv["open"] - kv["warmup"], kv["failed"], kv["dropped"], kv["seconds"], kv["rss_before_kb"],
			kv["rss_after_kb"], kv["bytes_per_conn"], kv["bytes_per_conn"] / 1024
		if (kv["warmup"] > 0)
			printf " (after %s warm-up connections: VmRSS %s kB -> %s kB)", kv["warmup"], kv["rss_start_kb"], kv["rss_before_kb"]
		printf "; peak VmRSS %s kB.\n", kv["rss_peak_kb"]
	}' "$SUMMARIES"
	if [ -s "$VIEW_OUT" ]; then
		echo
		echo "View through the server (wg-bench -t ping, then -t view: text, of the client's running Battle of the Scheldt game; the same daemon, interleaved, each twice; CPU = the server's user + system time over the load):"
		echo
		echo "| test | clients | requests | per second | p50 us | p99 us | server CPU us per request | load |"
		echo "|---|---:|---:|---:|---:|---:|---:|---:|"
		awk '
		{
			delete kv
			for (i = 2; i <= NF; i++) { split($i, a, "="); kv[a[1]] = a[2] }
			printf "| %s | %s | %s | %.0f | %s | %s | %.2f | %s |\n", kv["test"], kv["conns"],
				kv["requests"], kv["rps"], kv["p50_us"], kv["p99_us"], kv["server_us_per_req"],
				kv["load1"]
			sum[kv["test"]] += kv["server_us_per_req"]; n[kv["test"]]++
		}
		END {
			if (n["ping"] > 0 && n["view"] > 0 && sum["ping"] > 0)
				printf "\nA text view costs the server %.1f pings (mean CPU per view over mean CPU per ping).\n",
					(sum["view"] / n["view"]) / (sum["ping"] / n["ping"])
		}' "$VIEW_OUT"
	fi
	if [ -s "$ENGINE_OUT" ]; then
		echo
		echo "Engine (wg-engine, one core, CPU time; $(sed -n 's/^machine: //p' "$ENGINE_OUT"); goals of issue 14 beside):"
		echo
		echo "| figure | value | goal |"
		echo "|---|---:|---|"
		awk '
		$1 == "SUMMARY" { for (i = 2; i <= NF; i++) { split($i, a, "="); kv[a[1]] = a[2] } }
		END {
			printf "| replay as on load, actions/s (median of rounds; best %s; %s actions) | %s | at least 100,000 |\n", kv["replay_best_actions_per_sec"], kv["replay_actions"], kv["replay_actions_per_sec"]
			printf "| reach, the search, us per call (median / p99) | %s / %s | under 20 |\n", kv["reach_search_p50_us"], kv["reach_search_p99_us"]
			printf "| reach, query and its reply, us per call (median / p99) | %s / %s | |\n", kv["reach_query_p50_us"], kv["reach_query_p99_us"]
			printf "| view, text mode, us per call (median / p99) | %s / %s | a few pings |\n", kv["view_text_p50_us"], kv["view_text_p99_us"]
			printf "| view, text through the whole state (the path before view_lines) | %s / %s | |\n", kv["view_text_full_p50_us"], kv["view_text_full_p99_us"]
			printf "| view, JSON mode (the whole state) | %s / %s | |\n", kv["view_json_p50_us"], kv["view_json_p99_us"]
			printf "| ping, request parsed and reply written (no system calls), us | %s / %s | |\n", kv["ping_p50_us"], kv["ping_p99_us"]
			printf "| play from options (list, pick, apply), actions/s | %s | |\n", kv["play_actions_per_sec"]
		}' "$ENGINE_OUT"
		echo
	fi
	awk '
	{
		delete kv
		for (i = 2; i <= NF; i++) { split($i, a, "="); kv[a[1]] = a[2] }
		if (kv["test"] != "durable") next
		printf "Durable, %s clients: %s games played to the end of the script, %s given up after an err, %s clients stopped; new p50 %.1f ms, join p50 %.1f ms (apart from the actions); %s set-up errors.\n",
			kv["conns"], kv["games"], kv["games_dropped"], kv["clients_done"],
			kv["new_p50_us"] / 1000, kv["join_p50_us"] / 1000, kv["login_errors"]
	}' "$SUMMARIES"
	if [ -s "$RECOVERY_OUT" ]; then
		echo
		echo "Recovery (wg-gamesdb, then wg-gamesdb probe on a daemon of its own):"
		echo
		sed -n 's/^wg-gamesdb: /- built: /p; s/^RECOVERY /- /p; s/^load /- load /p' "$RECOVERY_OUT"
	fi
} | tee "$RESULTS"
echo
echo "(saved to $RESULTS)"
