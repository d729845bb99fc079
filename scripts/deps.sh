#!/bin/sh
# deps.sh PACKAGE... - installs the Debian packages that are missing, with
# apt-get (as root, or through sudo). Quiet when everything is there.
missing=
for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' ||
        missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0
echo "installing:$missing"
if [ "$(id -u)" = 0 ]; then sudo=; else sudo=sudo; fi
$sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null ||
    { echo "could not install:$missing" >&2; exit 1; }
