#!/bin/sh
# package_deb.sh CPACK BUILD WORK - `cpack -G DEB` makes a .deb holding the
# whole install under /usr: the file list is checked path by path, the
# control fields (version of 'grundy --version', libc dependency, shlibs
# and ldconfig trigger for libgrundy), grundy.pc naming /usr, and the
# packaged grundy answers. Exit 77 (skipped) where dpkg-deb is missing.
cpack=$1 build=$2 work=$3
. "$(dirname "$0")/lib.sh"
command -v dpkg-deb >/dev/null 2>&1 || { echo "no dpkg-deb: skipped"; exit 77; }
rm -rf "$work"
mkdir -p "$work" || exit 2
(cd "$build" && "$cpack" -G DEB -B "$work") > "$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/grundy_*.deb 2>/dev/null)
[ -f "$deb" ] || { cat "$work/cpack.log"; bad "no .deb made"; exit 1; }

version=$("$build/grundy" --version | sed 's/^grundy //')
soname=$(readelf -d "$build/libgrundy.so" | sed -n 's/.*SONAME.*\[libgrundy\.so\.\(.*\)\]/\1/p')
# The per-configuration targets file is named after the build type.
dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { print $6 }' |
    sed 's/grundy-targets-[a-z]*\.cmake$/grundy-targets-CONFIG.cmake/' |
    sort > "$work/files"
sort > "$work/files.want" <<FILES
./usr/bin/grundy
./usr/include/grundy.h
./usr/lib/cmake/grundy/grundy-config-version.cmake
./usr/lib/cmake/grundy/grundy-config.cmake
./usr/lib/cmake/grundy/grundy-targets-CONFIG.cmake
./usr/lib/cmake/grundy/grundy-targets.cmake
./usr/lib/libgrundy.a
./usr/lib/libgrundy.so
./usr/lib/libgrundy.so.$soname
./usr/lib/libgrundy.so.$version
./usr/lib/pkgconfig/grundy.pc
./usr/share/bash-completion/completions/grundy
./usr/share/doc/grundy/LICENSE
./usr/share/doc/grundy/README.md
./usr/share/man/man1/grundy.1
./usr/share/zsh/vendor-completions/_grundy
$(cd "$(dirname "$0")/.." && find docs -type f | sed 's|^|./usr/share/doc/grundy/|')
FILES
diff "$work/files.want" "$work/files" > "$work/d" ||
    { bad "files of the .deb (< wanted, > got):"; cat "$work/d"; }

field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = grundy ] || bad "Package: $(field Package)"
[ "$(field Version)" = "$version" ] || bad "Version: $(field Version), not $version"
field Depends | grep -q 'libc6' || bad "Depends: $(field Depends)"
dpkg-deb -e "$deb" "$work/control"
grep -q "^libgrundy $soname grundy" "$work/control/shlibs" 2>/dev/null ||
    bad "no shlibs line for libgrundy $soname"
grep -q ldconfig "$work/control/triggers" "$work/control/postinst" 2>/dev/null ||
    bad "no ldconfig trigger"

dpkg-deb -x "$deb" "$work/root"
grep -qx 'prefix=/usr' "$work/root/usr/lib/pkgconfig/grundy.pc" ||
    bad "grundy.pc: $(grep prefix= "$work/root/usr/lib/pkgconfig/grundy.pc")"
out=$("$work/root/usr/bin/grundy" nim 3 4 5)
[ "$out" = "win sg=2: take 2 from heap 1 (3 -> 1) -> nim 1 4 5" ] ||
    bad "the packaged grundy answered '$out'"

finish "package: $(basename "$deb"), $(wc -l < "$work/files") files"
