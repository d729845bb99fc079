#!/bin/sh
# package_deb.sh CMAKE CPACK SRC WORK CC - scripts/deb.sh builds the three
# Debian packages as Debian would (dpkg-buildflags, prefix /usr) in
# WORK; each is checked: its files path by path (the library under
# /usr/lib/<triplet>), its control fields (version of 'grundy --version',
# libc dependency, shlibs, ldconfig trigger, Multi-Arch, the -dev package's
# dependency on the exact library package), stripped programs and
# libraries, the DEP-5 copyright and changelog.gz in every doc directory,
# the gzipped manual page, grundy.pc naming the multiarch directory, and
# that the packaged grundy answers. Then lintian, where it is installed,
# must print no error nor warning (packaging/lintian/ says why each
# overridden tag is there); where it is not, the test says so and the
# rest still counts. Exit 77 (skipped) where dpkg-deb or
# dpkg-buildflags is missing.
cmake=$1 cpack=$2 src=$3 work=$4 cc=$5
. "$(dirname "$0")/lib.sh"
for tool in dpkg-deb dpkg-buildflags dpkg-architecture; do
    command -v $tool >/dev/null 2>&1 ||
        { echo "no $tool (apt-get install dpkg-dev): skipped"; exit 77; }
done
rm -rf "$work"
mkdir -p "$work" || exit 2
DEBEMAIL=grundy-test@example.org DEBFULLNAME="grundy test" \
    CMAKE=$cmake CPACK=$cpack CC=$cc \
    sh "$src/scripts/deb.sh" "$work/build" "$work/out" > "$work/deb.log" 2>&1 ||
    { cat "$work/deb.log"; bad "scripts/deb.sh failed"; finish; }

build=$work/build
version=$("$build/grundy" --version | sed 's/^grundy //')
soname=$(readelf -d "$build/libgrundy.so" | sed -n 's/.*SONAME.*\[libgrundy\.so\.\(.*\)\]/\1/p')
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
triplet=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
lib=libgrundy$soname
for p in grundy $lib libgrundy-dev; do
    [ -f "$work/out/${p}_${version}_$arch.deb" ] || bad "no ${p}_${version}_$arch.deb"
done
[ "$(ls "$work/out"/*.deb | wc -l)" = 3 ] || bad "packages made: $(ls "$work/out"/*.deb)"
[ "$fail" = 0 ] || finish

# contents PACKAGE: its regular files and links, one per line.
contents() {
    dpkg-deb -c "$work/out/${1}_${version}_$arch.deb" |
        awk '$1 !~ /^d/ { print $6 }' |
        sed 's/grundy-targets-[a-z]*\.cmake$/grundy-targets-CONFIG.cmake/' | sort
}
# check PACKAGE: its files against the list on stdin.
check() {
    sort > "$work/$1.want"
    contents "$1" > "$work/$1.files"
    diff "$work/$1.want" "$work/$1.files" > "$work/$1.diff" ||
        { bad "files of $1 (< wanted, > got):"; cat "$work/$1.diff"; }
}
L=./usr/lib/$triplet
check grundy <<FILES
./usr/bin/grundy
./usr/share/bash-completion/completions/grundy
./usr/share/doc/grundy/README.md
./usr/share/doc/grundy/changelog.gz
./usr/share/doc/grundy/copyright
./usr/share/man/man1/grundy.1.gz
./usr/share/zsh/vendor-completions/_grundy
$(cd "$src" && find docs -type f | sed 's|^|./usr/share/doc/grundy/|')
FILES
check "$lib" <<FILES
$L/libgrundy.so.$soname
$L/libgrundy.so.$version
./usr/share/doc/$lib/changelog.gz
./usr/share/doc/$lib/copyright
./usr/share/lintian/overrides/$lib
FILES
check libgrundy-dev <<FILES
./usr/include/grundy.h
$L/cmake/grundy/grundy-config-version.cmake
$L/cmake/grundy/grundy-config.cmake
$L/cmake/grundy/grundy-targets-CONFIG.cmake
$L/cmake/grundy/grundy-targets.cmake
$L/libgrundy.a
$L/libgrundy.so
$L/pkgconfig/grundy.pc
./usr/share/doc/libgrundy-dev/changelog.gz
./usr/share/doc/libgrundy-dev/copyright
FILES

# Control fields.
field() { dpkg-deb -f "$work/out/${1}_${version}_$arch.deb" "$2"; }
for p in grundy $lib libgrundy-dev; do
    [ "$(field $p Package)" = "$p" ] || bad "$p: Package: $(field $p Package)"
    [ "$(field $p Version)" = "$version" ] || bad "$p: Version: $(field $p Version)"
    field $p Maintainer | grep -qx 'grundy test <grundy-test@example.org>' ||
        bad "$p: Maintainer: $(field $p Maintainer)"
done
for p in grundy $lib; do
    field $p Depends | grep -q 'libc6' || bad "$p: Depends: $(field $p Depends)"
done
[ "$(field libgrundy-dev Depends)" = "$lib (= $version)" ] ||
    bad "libgrundy-dev: Depends: $(field libgrundy-dev Depends)"
for p in $lib libgrundy-dev; do
    [ "$(field $p Multi-Arch)" = same ] || bad "$p: Multi-Arch: $(field $p Multi-Arch)"
done
[ "$(field grundy Section)/$(field $lib Section)/$(field libgrundy-dev Section)" = \
  math/libs/libdevel ] || bad "sections: $(field grundy Section)/$(field $lib Section)"
dpkg-deb -e "$work/out/${lib}_${version}_$arch.deb" "$work/control"
grep -qx "libgrundy $soname $lib (>= $version)" "$work/control/shlibs" 2>/dev/null ||
    bad "no shlibs line for libgrundy $soname"
grep -qx 'activate-noawait ldconfig' "$work/control/triggers" 2>/dev/null ||
    bad "no ldconfig trigger"

for p in grundy $lib libgrundy-dev; do
    dpkg-deb -x "$work/out/${p}_${version}_$arch.deb" "$work/root" ||
        bad "dpkg-deb -x $p"
done
root=$work/root

# Stripped as dh_strip strips: no symbol table in the program and the
# shared library, no debugging information in the static library, no
# .comment anywhere.
for f in "$root/usr/bin/grundy" "$root/usr/lib/$triplet/libgrundy.so.$version"; do
    sections=$(readelf -SW "$f")
    case $sections in
        *" .symtab "*|*" .debug_"*|*" .comment "*)
            bad "$f is not stripped: $(echo "$sections" | grep -o ' \.\(symtab\|debug_[a-z]*\|comment\) ' | tr -d '\n')" ;;
    esac
done
readelf -SW "$root/usr/lib/$triplet/libgrundy.a" | grep -q ' \.debug_\| \.comment ' &&
    bad "libgrundy.a holds debugging information or .comment"
nm "$root/usr/lib/$triplet/libgrundy.a" | grep -q ' T grundy_new$\| T grundy_' ||
    bad "libgrundy.a lost its grundy_* symbols"

# The documents of each package: DEP-5 copyright, a changelog entry for
# this version.
for p in grundy $lib libgrundy-dev; do
    doc=$root/usr/share/doc/$p
    cmp -s "$doc/copyright" "$src/packaging/copyright" ||
        bad "$p: copyright differs from packaging/copyright"
    head -1 "$doc/copyright" | grep -qx \
        'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' ||
        bad "$p: copyright is not in the machine-readable format"
    gzip -dc "$doc/changelog.gz" 2>/dev/null | head -1 |
        grep -q "^$p ($version) " || bad "$p: changelog.gz has no entry for $version"
done
gzip -dc "$root/usr/share/man/man1/grundy.1.gz" | cmp -s - "$build/man/grundy.1" ||
    bad "grundy.1.gz is not the manual page gzipped"

pc=$root/usr/lib/$triplet/pkgconfig/grundy.pc
grep -qx 'prefix=/usr' "$pc" || bad "grundy.pc: $(grep prefix= "$pc")"
grep -qx "libdir=/usr/lib/$triplet\|libdir=\${prefix}/lib/$triplet" "$pc" ||
    bad "grundy.pc: $(grep libdir= "$pc")"
out=$("$root/usr/bin/grundy" nim 3 4 5)
[ "$out" = "win sg=2: take 2 from heap 1 (3 -> 1) -> nim 1 4 5" ] ||
    bad "the packaged grundy answered '$out'"

# lintian: no error, no warning (overrides in the package say why).
if command -v lintian >/dev/null 2>&1; then
    lintian "$work"/out/*.deb > "$work/lintian" 2>&1
    if grep -q '^[EW]: ' "$work/lintian"; then
        bad "lintian:"; cat "$work/lintian"
    else
        echo "lintian: no error, no warning"
    fi
else
    echo "lintian: not installed, not run (apt-get install lintian to run it)"
fi

finish "packages: $(cd "$work/out" && ls *.deb | tr '\n' ' ')"
