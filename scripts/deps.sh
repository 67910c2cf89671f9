#!/bin/sh
# Make sure the Debian packages that building and testing libsgf need are
# installed. As root (or with sudo) it installs what is missing; otherwise
# it prints the exact apt-get line and exits 2. Used by `make run`,
# `make check` and .ci/run, so the README and CI install the same things.
set -u
PKGS="build-essential pkg-config libxml2-dev libxml2-utils libcmocka-dev
      libjansson-dev libarchive-dev mandoc valgrind time
      zip unzip bzip2 xz-utils zstd p7zip-full parallel tidy chromium
      fonts-dejavu-core gnugo abigail-tools"
missing=""
for p in $PKGS; do
    st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)
    case "$st" in
        *"ok installed"*) ;;
        *) missing="$missing $p" ;;
    esac
done
[ -z "$missing" ] && exit 0
if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "deps: not a Debian system; install:$missing" >&2
    exit 2
fi
if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "deps: missing packages:$missing" >&2
    echo "deps: run as root: apt-get update && apt-get install -y$missing" >&2
    exit 2
fi
echo "deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q >/dev/null &&
$SUDO apt-get install -y -q --no-install-recommends $missing >/dev/null || {
    echo "deps: apt-get install failed; run: apt-get install -y$missing" >&2
    exit 2
}
