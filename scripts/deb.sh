#!/bin/sh
# deb.sh [BUILD [OUT]] - builds the Debian packages grundy,
# libgrundy<SOVERSION> and libgrundy-dev as Debian's tools would: compiler
# and linker flags from dpkg-buildflags (hardening, -g, stripped when
# packed), the prefix /usr (so the library goes to /usr/lib/<triplet>),
# then cpack -G DEB (packaging/deb.cmake). BUILD defaults to build-deb,
# OUT (where the .deb files go) to BUILD/packages. DEBEMAIL (required)
# and DEBFULLNAME make the Maintainer field, as for dch; SOURCE_DATE_EPOCH
# defaults to the last commit's time, so two runs make the same files.
# CMAKE and CPACK name the tools (default: cmake, cpack from PATH).
set -e
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$src/build-deb}
out=${2:-$build/packages}
cmake=${CMAKE:-cmake}
cpack=${CPACK:-cpack}
command -v dpkg-buildflags >/dev/null 2>&1 ||
    { echo "deb.sh: needs dpkg-buildflags: apt-get install dpkg-dev" >&2; exit 2; }
# All of Debian's hardening (bindnow too) unless the caller chose. The
# flags are given to CMake explicitly, so that a BUILD configured before
# takes them too; CPPFLAGS (-D_FORTIFY_SOURCE=2) joins CFLAGS, as in
# debhelper's cmake step.
DEB_BUILD_MAINT_OPTIONS=${DEB_BUILD_MAINT_OPTIONS:-hardening=+all}
export DEB_BUILD_MAINT_OPTIONS
cflags="$(dpkg-buildflags --get CPPFLAGS) $(dpkg-buildflags --get CFLAGS)"
ldflags=$(dpkg-buildflags --get LDFLAGS)
if [ -z "${SOURCE_DATE_EPOCH:-}" ] && git -C "$src" rev-parse >/dev/null 2>&1; then
    SOURCE_DATE_EPOCH=$(git -C "$src" log -1 --format=%ct)
    export SOURCE_DATE_EPOCH
fi
[ -n "${DEBEMAIL:-}" ] || {
    echo "deb.sh: set DEBEMAIL (and DEBFULLNAME) to whoever maintains" \
         "the packages: their Maintainer field and changelog name them" >&2
    exit 2
}
contact="${DEBFULLNAME:-The grundy authors} <$DEBEMAIL>"
"$cmake" -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_FLAGS="$cflags" -DCMAKE_EXE_LINKER_FLAGS="$ldflags" \
    -DCMAKE_SHARED_LINKER_FLAGS="$ldflags" -DCMAKE_INSTALL_PREFIX=/usr \
    -DGRUNDY_TESTS=OFF -DGRUNDY_PACKAGE_CONTACT="$contact" >/dev/null
"$cmake" --build "$build" -j"$(sh "$src/scripts/jobs.sh")"
mkdir -p "$out"
rm -f "$out"/*.deb
(cd "$build" && "$cpack" -G DEB -B "$out" >/dev/null)
# Multi-Arch: same for the library and -dev packages (those of several
# architectures install side by side, each under its /usr/lib/<triplet>):
# CPack before 3.27 cannot write the field, so it is added here.
for deb in "$out"/lib*.deb; do
    tree=$out/multiarch-tree
    rm -rf "$tree"
    dpkg-deb -R "$deb" "$tree"
    # The control file may end with an empty line, which would start a
    # second paragraph.
    sed -i '/^$/d; /^Multi-Arch:/d' "$tree/DEBIAN/control"
    echo 'Multi-Arch: same' >> "$tree/DEBIAN/control"
    dpkg-deb --root-owner-group -b "$tree" "$deb" >/dev/null
    rm -rf "$tree"
done
ls "$out"/*.deb
