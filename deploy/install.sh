#!/bin/sh
# install.sh -- build wargamed and install it as a systemd service.
#
#   sudo sh deploy/install.sh
#
# From the source tree: installs missing build dependencies (scripts/deps.sh),
# builds the wargamed binary with CMake, and installs
#   /usr/local/bin/wargamed                      the daemon
#   /usr/local/share/wargamed/data/              the scenarios of data/ (replaced)
#   /usr/local/share/doc/wargamed/               protocol.md, operations.md, dice.md
#   /etc/wargamed/wargamed.conf.example          the example configuration (replaced)
#   /etc/wargamed/wargamed.conf                  the same, only if it does not exist
#   /etc/systemd/system/wargamed.service         the unit (replaced)
# then reloads systemd. It starts nothing: see the last lines it prints.
#
# Environment:
#   BUILD_DIR   build directory (default: build-install in the source tree)
#   JOBS        parallel build jobs (default: nproc)
#   CMAKE_ARGS  extra CMake options, e.g. "-DWG_WITH_FM=OFF"
#   DESTDIR     install under this staging directory instead of /, and leave
#               systemd alone (for packaging and for testing this script)
set -eu

say() { printf 'install: %s\n' "$*"; }
die() { printf 'install: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || die "must run as root (sudo sh deploy/install.sh)"

cd "$(dirname "$0")/.."
SRC=$(pwd)
if [ ! -f "$SRC/CMakeLists.txt" ] || [ ! -f "$SRC/deploy/wargamed.service" ]; then
	die "run me from a wargamed source tree ($SRC is not one)"
fi
BUILD_DIR=${BUILD_DIR:-$SRC/build-install}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
CMAKE_ARGS=${CMAKE_ARGS:-}
DESTDIR=${DESTDIR:-}

BIN=$DESTDIR/usr/local/bin
DATA=$DESTDIR/usr/local/share/wargamed/data
DOC=$DESTDIR/usr/local/share/doc/wargamed
ETC=$DESTDIR/etc/wargamed
UNITDIR=$DESTDIR/etc/systemd/system

say "checking build dependencies (scripts/deps.sh)"
sh "$SRC/scripts/deps.sh"

say "configuring in $BUILD_DIR"
# shellcheck disable=SC2086
cmake -S "$SRC" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWG_TESTS=OFF $CMAKE_ARGS >/dev/null
say "building wargamed (-j$JOBS)"
cmake --build "$BUILD_DIR" -j"$JOBS" --target wargamed >/dev/null
[ -x "$BUILD_DIR/server/wargamed" ] || die "the build produced no $BUILD_DIR/server/wargamed"
"$BUILD_DIR/server/wargamed" --version >/dev/null || die "the new binary does not run"

install -d -m 0755 "$BIN"
install -m 0755 "$BUILD_DIR/server/wargamed" "$BIN/wargamed"
say "installed $BIN/wargamed ($("$BIN/wargamed" --version))"

# The scenarios: replace the whole directory so removed files do not linger.
rm -rf "$DATA"
install -d -m 0755 "$DATA"
n=0
if [ -d "$SRC/data" ]; then
	cp -R "$SRC/data/." "$DATA/"
	chmod -R u=rwX,go=rX "$DATA"
	n=$(find "$DATA" -maxdepth 1 -name '*.json' | wc -l)
fi
say "installed $n scenario files to $DATA"
if [ "$n" -gt 0 ] && ! "$BIN/wargamed" check-scenario "$DATA"/*.json >/dev/null; then
	say "WARNING: some scenarios do not validate: $BIN/wargamed check-scenario $DATA/*.json"
fi

install -d -m 0755 "$DOC"
for f in protocol.md operations.md dice.md; do
	if [ -f "$SRC/docs/$f" ]; then
		install -m 0644 "$SRC/docs/$f" "$DOC/$f"
	fi
done
say "installed the documentation to $DOC"

install -d -m 0755 "$ETC"
install -m 0644 "$SRC/deploy/wargamed.conf.example" "$ETC/wargamed.conf.example"
say "installed $ETC/wargamed.conf.example"
if [ -e "$ETC/wargamed.conf" ]; then
	say "kept the existing $ETC/wargamed.conf (compare it with wargamed.conf.example)"
else
	install -m 0644 "$SRC/deploy/wargamed.conf.example" "$ETC/wargamed.conf"
	say "installed $ETC/wargamed.conf from the example"
fi
"$BIN/wargamed" --config "$ETC/wargamed.conf" --version >/dev/null ||
	say "WARNING: $ETC/wargamed.conf does not validate (see the message above)"

install -d -m 0755 "$UNITDIR"
install -m 0644 "$SRC/deploy/wargamed.service" "$UNITDIR/wargamed.service"
say "installed $UNITDIR/wargamed.service"

if [ -n "$DESTDIR" ]; then
	say "DESTDIR is set: systemd left alone"
elif [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; then
	systemctl daemon-reload
	say "reloaded systemd"
else
	say "systemd is not running here: the unit is installed but not loaded"
fi

say "done. Next:"
say "  edit $ETC/wargamed.conf (listen address, limits)"
say "  systemctl enable --now wargamed     (first installation)"
say "  systemctl restart wargamed          (upgrade: back up the database first, docs/operations.md)"
say "  journalctl -u wargamed -f"
