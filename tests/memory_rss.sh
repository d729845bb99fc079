#!/bin/sh
# memory_rss.sh GRUNDY [SANITIZED] - peak resident memory against --memory: one
# position holding several spellings of one game (they share one table),
# a stream of spellings, and one table game of each kind. Peak RSS is read
# from /proc/self/status (VmHWM) of the process, through /usr/bin/time -f
# %M; the binary itself, libc and the allocator's slack are allowed
# OVERHEAD (4 MiB: 'grundy nim 1' peaks at about 1.4 MiB).
grundy=$1
. "$(dirname "$0")/lib.sh"
tmpdir
overhead=4096 scale=1
# A sanitizer build's runtime adds about 8 MiB to every run and a redzone
# and header to every allocation (many small ones in a misere quotient):
# there a run may use twice --memory plus 24 MiB, which still catches a
# run that ignores the limit, while the release build's check is the
# tight one.
# Its quarantine (freed memory held back to catch use after free, 256 MiB)
# is turned off here: it would count freed tables as resident.
case ${2:-0} in
ON|on|1|TRUE|true)
    overhead=24576 scale=2
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0"
    export ASAN_OPTIONS ;;
esac
if [ ! -x /usr/bin/time ]; then
    echo "FAIL /usr/bin/time is not installed (scripts/test.sh installs it:"
    echo "apt-get install time)"
    exit 1
fi
# peak LIMIT_KB NAME ARGS...: runs grundy ARGS, fails when its peak
# resident memory passes scale x LIMIT_KB + overhead.
peak() {
    limit=$1 name=$2
    shift 2
    /usr/bin/time -o "$tmp/time" -f %M "$grundy" "$@" < "${input:-/dev/null}" \
        > /dev/null 2> "$tmp/err"
    kb=$(tail -n 1 "$tmp/time")
    if [ "$kb" -le $((scale * limit + overhead)) ]; then
        ok "$name: peak $kb KiB, --memory $limit KiB"
    else
        bad "$name: peak $kb KiB passes $scale x --memory $limit KiB + $overhead"
    fi
}
officers="octal:0.6 2000000 + octal:0.60 2000000 + octal:0.600 2000000"
officers="$officers + hex:0.6 2000000 + hex:0.60 2000000 + octal:0.6000 2000000"
peak 16384 "six spellings of Officers in one position" --memory 16M $officers
for s in octal:0.6 octal:0.60 octal:0.600 octal:0.6000 hex:0.6 hex:0.60 \
         hex:0.600 octal:0.60000 hex:0.6000 octal:0.600000; do
    echo "$s 2000000"
done > "$tmp/stream"
input=$tmp/stream peak 16384 "a stream of ten spellings" --memory 16M
peak 4096 "grundy's game" --memory 4M grundy 20000
peak 4096 "wythoff" --memory 4M wythoff 3000,5000
peak 4096 "fib" --memory 4M fib 100000
peak 4096 "sub" --memory 4M sub:1,3,4 1000000
peak 4096 "kayles and octal:0.77" --memory 4M kayles 1000000 + octal:0.77 999999
# Misere quotients: twelve wild or large octal games, one line each, with
# a heap beyond 64 bits, so that each quotient is built until a limit
# stops it. The quotient's tables, its verifier's state sets and the
# context's other tables count together (it peaked at 23.6 MB at 8M and
# 15.3 MB at 4M when each was checked alone).
for g in 0.07 0.137 0.16 0.26 0.33 0.35 0.37 0.51 0.53 0.55 0.71 0.75; do
    echo "octal:$g 1000000000000000000000000000000"
done > "$tmp/misere"
input=$tmp/misere peak 8192 "twelve misere quotients in a stream" \
    --misere --memory 8M
if grep -q 'passes the memory limit; raise it with --memory [0-9][0-9]*[KMGT]$' \
        "$tmp/err"; then
    ok "twelve misere quotients: the refusals name the value"
else
    bad "twelve misere quotients: no refusal naming a --memory value: $(cat "$tmp/err")"
fi
input=$tmp/misere peak 4096 "twelve misere quotients in a stream" \
    --misere --memory 4M
# Numbers beyond 64 bits: their scratch counts against --memory too. A
# fib pile of 10^5 digits needs about 10 GiB of losing sequence: the
# refusal comes within the limit (it peaked at 141 MB with --memory 100M)
# and names the value to raise it to.
digits() {
    awk -v n="$1" -v d="$2" 'BEGIN { while (n-- > 0) printf "%s", d; print "" }'
}
big=$(digits 100000 1)
peak 102400 "fib pile of 10^5 digits" --memory 100M fib "$big"
if grep -q 'raise it with --memory [0-9][0-9]*[KMGT]$' "$tmp/err"; then
    ok "fib pile of 10^5 digits: the refusal names the value"
else
    bad "fib pile of 10^5 digits: no value to raise --memory to: $(cat "$tmp/err")"
fi
# A fib pile of 2000 digits is answered within 8M (it needs about 6M).
peak 8192 "fib pile of 2000 digits" --memory 8M fib "$(digits 2000 1)"
# nim: 10^5-digit heaps with --all.
digits 100000 3 | sed 's/^/nim /; s/$/ 5 6/' > "$tmp/nim"
peak 4096 "nim heaps of 10^5 digits, --all" --memory 4M --all -f "$tmp/nim"
finish "memory_rss: every peak within $scale x --memory + $overhead KiB"
