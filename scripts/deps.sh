#!/bin/sh
# deps.sh -- installs the Debian packages wargamed needs, if any is missing.
# Used by scripts/run and scripts/test; safe to run again (does nothing when
# everything is there).  Needs root or sudo only when something is missing.
set -eu
PACKAGES="build-essential cmake pkg-config libuv1-dev libsqlite3-dev sqlite3 libcjson-dev \
libcmocka-dev libsodium-dev libssl-dev openssl libcurl4-openssl-dev python3 clang-format clang libclang-rt-14-dev"
missing=""
for p in $PACKAGES; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "deps: installing$missing" >&2
if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
