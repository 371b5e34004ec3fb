#!/bin/sh
# crash-soak.sh -- the crash soak of issue 15: many games played at once by many clients,
# the daemon SIGKILLed at random moments KILLS times and restarted on the same database
# each time; every acknowledged action must be in the database afterwards and no game may
# diverge.  The checks are those of tests/e2e/test_e2e_crash_many.c (its header says what
# is proved); this script runs it long, with more of everything, and reports.
#
#   tests/soak/crash-soak.sh [KILLS [GAMES [USERS [CONNS [SPECTATORS]]]]]
#
# Defaults: 100 kills, 32 games at once, 16 users with 2 connections each, 4 guest
# spectators (36 connections).  CTest runs a short version (soak_crash_short: a few kills).
# Environment:
#   BUILD_DIR      the build with tests/test_e2e_crash_many (default: build-release,
#                  which ./scripts/test makes)
#   WG_CRASH_SEED  repeat a run's decisions (printed at the start of every run)
#   LOG            the full output (default: $BUILD_DIR/crash-soak.log)
# Exit status: that of the test (0: nothing lost, nothing diverged).
set -eu

cd "$(dirname "$0")/../.."
KILLS=${1:-100}
GAMES=${2:-32}
USERS=${3:-16}
CONNS=${4:-2}
SPECT=${5:-4}
BUILD_DIR=${BUILD_DIR:-build-release}
LOG=${LOG:-$BUILD_DIR/crash-soak.log}
BIN=$BUILD_DIR/tests/test_e2e_crash_many

if [ ! -x "$BIN" ]; then
	echo "crash-soak: $BIN is missing: cmake --build $BUILD_DIR --target test_e2e_crash_many" >&2
	exit 2
fi

{
	echo "crash-soak: $(date -u '+%Y-%m-%d %H:%M UTC'), tree $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
	echo "crash-soak: machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $(uname -sr), load $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "crash-soak: WG_CRASH_KILLS=$KILLS WG_CRASH_GAMES=$GAMES WG_CRASH_USERS=$USERS WG_CRASH_CONNS=$CONNS WG_CRASH_SPECTATORS=$SPECT $BIN"
} | tee "$LOG"

start=$(date +%s)
status=0
WG_CRASH_KILLS=$KILLS WG_CRASH_GAMES=$GAMES WG_CRASH_USERS=$USERS WG_CRASH_CONNS=$CONNS \
	WG_CRASH_SPECTATORS=$SPECT "$BIN" >>"$LOG" 2>&1 || status=$?
end=$(date +%s)

# the seed, the summary line (or the failure), and the time
grep -E '^crash-many: (WG_CRASH_SEED|[0-9]+ kills)' "$LOG" || true
if [ "$status" -ne 0 ]; then
	grep -E 'crash-many: .*(FAIL|lost|diverge|mismatch)|\[  ERROR|\[  FAILED' "$LOG" | head -20 || true
	echo "crash-soak: FAILED (status $status) after $((end - start)) s; the whole output: $LOG"
else
	echo "crash-soak: passed in $((end - start)) s; load now $(cut -d' ' -f1-3 /proc/loadavg); the whole output: $LOG"
fi
exit "$status"
