#!/bin/sh
# deps.sh [--optional] PACKAGE... - installs the Debian packages that are
# missing, with apt-get, when run as root; quiet when everything is there.
# Not as root it installs nothing: it prints the exact apt-get line to run
# and exits 1, or 0 with --optional (packages whose tests say they are
# skipped without them, such as lintian).
optional=0
if [ "${1:-}" = --optional ]; then
    optional=1
    shift
fi
missing=
for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' ||
        missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
    if [ "$optional" = 1 ]; then
        echo "optional, not installed:$missing (the tests that use them are skipped); to install them run:" >&2
    else
        echo "missing:$missing; not root, so nothing was installed; run:" >&2
    fi
    echo "    sudo apt-get install -y$missing" >&2
    exit $((1 - optional))
fi
echo "installing:$missing"
apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null ||
    { echo "could not install:$missing" >&2; exit 1; }
