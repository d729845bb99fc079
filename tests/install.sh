#!/bin/sh
# install.sh CMAKE BUILD SRC WORK CC [FLAGS] - installs the build into
# prefixes under WORK and checks what lands where, then builds the example
# program examples/solve.c against the installed library only (its header,
# grundy.pc, the CMake package), never the source tree:
#   DESTDIR=WORK/destdir, prefix /usr/local: the install tree, file by file;
#     grundy.pc names /usr/local, not the staging directory;
#   prefix WORK/prefix: cc $(pkg-config --cflags --libs grundy) links
#     libgrundy.so (NEEDED names the SONAME); find_package(grundy) builds
#     it against grundy::grundy (shared) and grundy::grundy_static;
#   each program prints what the example built in the tree prints.
# FLAGS (the build's sanitizer or coverage flags) are passed to cc.
cmake=$1 build=$2 src=$3 work=$4 cc=$5 flags=$6
. "$(dirname "$0")/lib.sh"
rm -rf "$work"
mkdir -p "$work" || exit 2

# The install tree under DESTDIR.
DESTDIR=$work/destdir "$cmake" --install "$build" --prefix /usr/local \
    > "$work/destdir.log" 2>&1 || { cat "$work/destdir.log"; exit 1; }
(cd "$work/destdir" && find . -type f -o -type l | sort) > "$work/tree"
cat > "$work/tree.want" <<'TREE'
./usr/local/bin/grundy
./usr/local/include/grundy.h
./usr/local/lib/cmake/grundy/grundy-config-version.cmake
./usr/local/lib/cmake/grundy/grundy-config.cmake
./usr/local/lib/cmake/grundy/grundy-targets-@CONFIG@.cmake
./usr/local/lib/cmake/grundy/grundy-targets.cmake
./usr/local/lib/libgrundy.a
./usr/local/lib/libgrundy.so
./usr/local/lib/libgrundy.so.@SOVERSION@
./usr/local/lib/libgrundy.so.@VERSION@
./usr/local/lib/pkgconfig/grundy.pc
./usr/local/share/bash-completion/completions/grundy
./usr/local/share/doc/grundy/LICENSE
./usr/local/share/doc/grundy/README.md
./usr/local/share/man/man1/grundy.1
./usr/local/share/zsh/site-functions/_grundy
TREE
version=$("$build/grundy" --version | sed 's/^grundy //')
soname=$(readelf -d "$build/libgrundy.so" | sed -n 's/.*SONAME.*\[libgrundy\.so\.\(.*\)\]/\1/p')
config=$(cd "$work/destdir/usr/local/lib/cmake/grundy" &&
         ls grundy-targets-*.cmake | sed 's/grundy-targets-\(.*\)\.cmake/\1/')
# docs/ is installed whole under share/doc/grundy/docs.
(cd "$src" && find docs -type f) |
    sed 's|^|./usr/local/share/doc/grundy/|' >> "$work/tree.want"
sed -e "s/@VERSION@/$version/" -e "s/@SOVERSION@/$soname/" \
    -e "s/@CONFIG@/$config/" "$work/tree.want" | sort > "$work/tree.want2"
diff "$work/tree.want2" "$work/tree" > "$work/tree.diff" ||
    { bad "install tree (- wanted, + got):"; cat "$work/tree.diff"; }
# Every document that a message (src/), README or the man page cites is
# installed: the messages and pages name them by their path under
# share/doc/grundy (docs/theory.md).
cited=$(cd "$src" && grep -rhoE '(docs/[A-Za-z0-9_]+\.md|README\.md|\(README\))' \
        src README.md man | sed 's/[()]//g; s/^README$/README.md/' | sort -u)
[ -n "$cited" ] || bad "no cited document found (the pattern is wrong)"
for d in $cited; do
    [ -f "$work/destdir/usr/local/share/doc/grundy/$d" ] ||
        bad "$d is cited but not installed under share/doc/grundy"
done
case $version in
    "$soname".*) ;;
    *) bad "SONAME libgrundy.so.$soname does not match version $version" ;;
esac
pc=$work/destdir/usr/local/lib/pkgconfig/grundy.pc
grep -qx 'prefix=/usr/local' "$pc" || bad "grundy.pc: $(grep prefix= "$pc")"
grep -qx "Version: $version" "$pc" || bad "grundy.pc: $(grep Version: "$pc")"

# The example against an installed prefix.
prefix=$work/prefix
"$cmake" --install "$build" --prefix "$prefix" > "$work/install.log" 2>&1 ||
    { cat "$work/install.log"; exit 1; }
want=$("$build/grundy_example") || bad "the example in the build tree failed"
[ -n "$want" ] || bad "the example in the build tree printed nothing"

PKG_CONFIG_PATH=$prefix/lib/pkgconfig
export PKG_CONFIG_PATH
pcflags=$(pkg-config --cflags --libs grundy) || bad "pkg-config grundy failed"
# shellcheck disable=SC2086
"$cc" $flags -o "$work/solve_pc" "$src/examples/solve.c" $pcflags ||
    bad "cc examples/solve.c \$(pkg-config --cflags --libs grundy) failed"
readelf -d "$work/solve_pc" | grep -q "NEEDED.*\[libgrundy\.so\.$soname\]" ||
    bad "solve_pc is not linked to libgrundy.so.$soname"
got=$(LD_LIBRARY_PATH=$prefix/lib "$work/solve_pc")
[ "$got" = "$want" ] || bad "pkg-config build printed '$got', expected '$want'"

"$cmake" -S "$src/tests/consumer" -B "$work/consumer" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" \
    -DCMAKE_C_FLAGS="$flags" -DGRUNDY_EXAMPLE="$src/examples/solve.c" \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    > "$work/consumer.log" 2>&1 &&
    "$cmake" --build "$work/consumer" >> "$work/consumer.log" 2>&1 ||
    { cat "$work/consumer.log"; bad "find_package(grundy) build failed"; }
readelf -d "$work/consumer/solve_shared" 2>/dev/null |
    grep -q "NEEDED.*\[libgrundy\.so\.$soname\]" ||
    bad "solve_shared (grundy::grundy) is not linked to libgrundy.so.$soname"
readelf -d "$work/consumer/solve_static" 2>/dev/null | grep -q 'NEEDED.*libgrundy' &&
    bad "solve_static (grundy::grundy_static) needs libgrundy.so"
for p in solve_shared solve_static; do
    got=$("$work/consumer/$p")
    [ "$got" = "$want" ] || bad "find_package $p printed '$got', expected '$want'"
done
commands=$work/consumer/compile_commands.json
grep -q "$prefix/include" "$commands" ||
    bad "the find_package build did not use $prefix/include"
grep -q "$src/include" "$commands" &&
    bad "the find_package build saw the source tree's include/"

finish "install: tree ok; example built through pkg-config and find_package"
