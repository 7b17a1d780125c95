#!/bin/sh
# Installs the Debian packages named as arguments when any is missing.
# On systems without dpkg (macOS, Windows) it only checks for a C compiler,
# which cgo needs for Fyne and SQLite.
set -eu
if ! command -v dpkg-query >/dev/null 2>&1; then
	command -v gcc >/dev/null 2>&1 || command -v cc >/dev/null 2>&1 || command -v clang >/dev/null 2>&1 || {
		echo "Tablekeeper needs a C compiler for cgo: Xcode command line tools on macOS (xcode-select --install), MSYS2 MinGW-w64 gcc on Windows." >&2
		exit 1
	}
	exit 0
fi
missing=""
for p in "$@"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# .ci/run sets TK_APT_UPDATED when it has just run apt-get update itself.
[ -n "${TK_APT_UPDATED:-}" ] || $sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
