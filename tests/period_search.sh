#!/bin/sh
# period_search.sh GRUNDY - `grundy period` looks as far as --memory and
# --work allow (or N values) and certifies periods that start late:
# octal:0.376 (p=4 from n0=2268248: 4536507 values certify it) with the
# default limits, the same game refused a period at a bound below its
# certificate, and a search that the memory limit ends says so; a long
# period (octal:0.16, p=149459) found at exactly its certificate. The
# published figures: Flammenkamp's table of octal games.
grundy=$1
. "$(dirname "$0")/lib.sh"
tmpdir

# run NAME WANT-STATUS WANT-STDOUT ARGS...
run() {
    name=$1 want=$2 out=$3
    shift 3
    got=$("$grundy" "$@" 2> "$tmp/err")
    st=$?
    if [ "$st" = "$want" ] && [ "$got" = "$out" ] && [ ! -s "$tmp/err" ]; then
        ok "$name"
    else
        bad "$name: status $st (want $want), stdout '$got'"
        head -c 600 "$tmp/err"
    fi
}
run "octal:0.376 certified from n0 = 2268248 with the default limits" 0 \
    "octal:0.376: p=4 n0=2268248 (certified by the first 4536507 values)" \
    period octal:0.376
run "octal:0.376 within 4536507 values: certified" 0 \
    "octal:0.376: p=4 n0=2268248 (certified by the first 4536507 values)" \
    period octal:0.376 4536507
run "octal:0.376 within 4536506 values: one value short, not certified" 1 \
    "octal:0.376: no period found up to n=4536506" \
    period octal:0.376 4536506
run "octal:0.376 with --memory 4M: the memory limit ends the search" 1 \
    "octal:0.376: no period found up to n=3947580 (the memory limit ends the search there: raise --memory to look further)" \
    --memory 4M period octal:0.376
# A long period is found as soon as its certificate fits (the search
# used to need about 16 p values): octal:0.16, p=149459 from n0=105351,
# 2 n0 + 2 p + t = 509622 values.
run "octal:0.16 within 509622 values: certified" 0 \
    "octal:0.16: p=149459 n0=105351 (certified by the first 509622 values)" \
    period octal:0.16 509622
run "octal:0.16 within 509621 values: one value short, not certified" 1 \
    "octal:0.16: no period found up to n=509621" \
    period octal:0.16 509621
run "octal:0.16 with --memory 512K: 493447 values, short of the certificate" 1 \
    "octal:0.16: no period found up to n=493447 (the memory limit ends the search there: raise --memory to look further)" \
    --memory 512K period octal:0.16
run "octal:0.16 with --memory 600K: certified" 0 \
    "octal:0.16: p=149459 n0=105351 (certified by the first 509622 values)" \
    --memory 600K period octal:0.16
finish "period_search: all passed"
