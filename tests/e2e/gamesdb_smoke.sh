#!/usr/bin/env bash
# gamesdb_smoke.sh WG_GAMESDB WARGAMED DATA_DIR -- wg-gamesdb (bench/gamesdb.c) builds a small
# database of unfinished Scheldt games and `wg-gamesdb probe` starts the daemon on it: every game
# must load (on first use) without an error, i.e. the daemon replays what the tool wrote.
# No timing is checked (the figures are the benchmark's, bench/README.md).
set -euo pipefail
GAMESDB=$1 WARGAMED=$2 DATA=$3
TMP=$(mktemp -d /tmp/wg-gamesdb-smoke.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
"$GAMESDB" -n 6 --actions 60 --templates 3 --users 4 --data-dir "$DATA" "$TMP/g.db"
for _ in $(seq 1 20); do
	port=$((20000 + RANDOM % 20000))
	ss -Hltn "sport = :$port" 2>/dev/null | grep -q . || break
done
"$GAMESDB" probe -p "$port" -n 6 --samples 3 --all -- "$WARGAMED" --listen "127.0.0.1:$port" \
	--db "$TMP/g.db" --data-dir "$DATA" --log-level warn 2>"$TMP/log" | tee "$TMP/out"
grep -q "first-view 3 games: .*(0 err)" "$TMP/out"
grep -q "touch-all 6 games: .* 0 err)" "$TMP/out"
if grep -q "cannot\|error" "$TMP/log"; then
	cat "$TMP/log"
	exit 1
fi
echo "gamesdb_smoke: 6 games built and loaded"
