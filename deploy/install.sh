#!/bin/sh
# install.sh -- build wargamed and install it as a systemd service.
#
#   sudo sh deploy/install.sh
#
# From the source tree: installs missing build dependencies (scripts/deps.sh),
# builds with CMake, and installs with `cmake --install` (deploy/CMakeLists.txt):
#   /usr/local/bin/wargamed, /usr/local/bin/wargame   the daemon and the client
#   /usr/local/share/wargamed/data/              the scenarios of data/ (replaced)
#   /usr/local/share/doc/wargamed/               the documentation
#   /usr/local/share/man/man8/wargamed.8, man1/wargame.1   man pages made from --help
#   /etc/systemd/system/wargamed.service         the unit (replaced)
# and then
#   /etc/wargamed/wargamed.conf.example          the example configuration (replaced)
#   /etc/wargamed/wargamed.conf                  the same, only if it does not exist
# then reloads systemd. It starts nothing: see the last lines it prints. The installed
# daemon finds its scenarios next to itself (no data-dir needed).
#
# Environment:
#   BUILD_DIR   build directory (default: build-install in the source tree)
#   JOBS        parallel build jobs (default: nproc)
#   CMAKE_ARGS  extra CMake options
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
ETC=$DESTDIR/etc/wargamed
UNITDIR=$DESTDIR/etc/systemd/system

say "checking build dependencies (scripts/deps.sh)"
sh "$SRC/scripts/deps.sh"

say "configuring in $BUILD_DIR"
# shellcheck disable=SC2086
cmake -S "$SRC" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWG_TESTS=OFF \
	-DCMAKE_INSTALL_PREFIX=/usr/local -DWG_SYSTEMD_UNITDIR=/etc/systemd/system $CMAKE_ARGS >/dev/null
say "building (-j$JOBS)"
cmake --build "$BUILD_DIR" -j"$JOBS" >/dev/null
"$BUILD_DIR/server/wargamed" --version >/dev/null || die "the new binary does not run"

# The scenarios: replace the whole directory so removed files do not linger.
rm -rf "$DATA"
say "installing (cmake --install${DESTDIR:+, DESTDIR=$DESTDIR})"
DESTDIR="$DESTDIR" cmake --install "$BUILD_DIR" >/dev/null
say "installed $BIN/wargamed ($("$BIN/wargamed" --version)) and $BIN/wargame"
n=$(find "$DATA" -maxdepth 1 -name '*.json' | wc -l)
say "installed $n scenario files to $DATA"
if [ "$n" -gt 0 ] && ! "$BIN/wargamed" check-scenario "$DATA"/*.json >/dev/null; then
	say "WARNING: some scenarios do not validate: $BIN/wargamed check-scenario $DATA/*.json"
fi

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
