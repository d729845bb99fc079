#!/bin/sh
# build_modes.sh CMAKE SRC WORK CC - the build needs no cmocka. With cmocka
# hidden from the search (pkg-config and find_path look elsewhere):
#   the default (GRUNDY_TESTS=AUTO) configures and builds grundy, and says
#   in exactly one line that the tests are skipped;
#   GRUNDY_TESTS=ON (scripts/test.sh, CI) stops with an error that says how
#   to install cmocka, so a suite is never skipped silently.
cmake=$1 src=$2 work=$3 cc=$4
. "$(dirname "$0")/lib.sh"
rm -rf "$work"
mkdir -p "$work" || exit 2
hide="-DCMAKE_FIND_ROOT_PATH=$work/nowhere -DCMAKE_FIND_ROOT_PATH_MODE_INCLUDE=ONLY -DCMAKE_FIND_ROOT_PATH_MODE_LIBRARY=ONLY"
export PKG_CONFIG_LIBDIR="$work/nowhere"
unset PKG_CONFIG_PATH

check() { # what, command status, expected status
    [ "$2" = "$3" ] || bad "$1: exit $2, expected $3"
}

# shellcheck disable=SC2086
CC=$cc "$cmake" -S "$src" -B "$work/auto" $hide > "$work/auto.out" 2>&1
check "configure without cmocka (AUTO)" $? 0
n=$(grep -c 'tests skipped: cmocka not found' "$work/auto.out")
[ "$n" = 1 ] || bad "AUTO: 'tests skipped' said $n times"
grep -q 'add_test\|test_nim' "$work/auto/CTestTestfile.cmake" 2>/dev/null &&
    bad "AUTO without cmocka registered tests"
"$cmake" --build "$work/auto" --target grundy-cli > "$work/build.out" 2>&1
check "build without cmocka" $? 0
out=$("$work/auto/grundy" nim 3 4 5)
[ "$out" = "win sg=2: take 2 from heap 1 (3 -> 1) -> nim 1 4 5" ] ||
    bad "grundy built without cmocka answered '$out'"

# shellcheck disable=SC2086
CC=$cc "$cmake" -S "$src" -B "$work/on" -DGRUNDY_TESTS=ON $hide \
    > "$work/on.out" 2>&1
check "configure without cmocka (ON)" $? 1
# CMake wraps the message: compare it with the lines joined.
said=$(tr -s ' \n' '  ' < "$work/on.out")
case $said in
    *'GRUNDY_TESTS=ON but cmocka was not found'*'apt-get install libcmocka-dev'*) ;;
    *) false ;;
esac ||
    { bad "ON without cmocka: no clear error:"; cat "$work/on.out"; }

finish "build modes: ok"
