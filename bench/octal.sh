#!/bin/sh
# octal.sh - benchmarks of the Grundy-sequence engine (src/sgseq*.c), each
# next to its baseline in the same run:
#   (a) engine vs the plain definition, 2^16 heaps of kayles and 0.16
#   (b) Officers (0.6) to 2^24 heaps, vs the published ~0.6 million
#       values/s per thread
#   (c) period certificates of every code 0.01..0.77 (search up to 2^14
#       values each), engine vs definition
#   (d) stripes:3 to 2^17 heaps, engine vs definition
#   (e) Officers (0.6) to 2^22 heaps through the grundy command on one and
#       two threads, beside bench/sparse_ref.c (a second, simple sparse
#       implementation written for this comparison) and the definition
#       (on 2^15 heaps: it is quadratic): values/s and peak memory, and
#       the values checked equal (checksum of G to 2^18, and G(2^22 - 1));
#       with OGSOLVE=/path/to/ogsolve also ogsolve's rc2 method (build it
#       as docs/benchmarks.md says)
# Usage: sh bench/octal.sh [a|b|c|d|e ...]   (default: all; b takes a minute)
# Builds its own driver with cc -O3 (as the CMake Release build), no CMake
# needed. The machine's load is printed first: figures from a shared
# machine are noisy, and (b) also prints the CPU time it used.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-cc} -std=c11 -O3 ${BENCH_CFLAGS:-} -I"$root/include" -I"$root/src" \
    "$root/bench/sgseq_bench.c" "$root"/src/sgseq*.c "$root/src/sgclass.c" \
    "$root/src/util.c" "$root/src/error.c" "$root/src/bignum.c" \
    "$root/src/bignum_dec.c" "$root/src/intmath.c" "$root/src/nat.c" -pthread \
    -o "$tmp/sgseq_bench"
# BENCH_BUILD_ONLY=1: compile and stop (ctest's bench_builds keeps the
# script building as the sources change).
[ "${BENCH_BUILD_ONLY:-0}" = 1 ] && exit 0
b="$tmp/sgseq_bench"
parts=${*:-a b c d}

echo "machine: $(nproc) cores, load average$(uptime | sed 's/.*load average//')"
rate() { sed -n 's/.*time=\([0-9.]*\)s.*/\1/p'; }

for part in $parts; do
    case $part in
    a)
        echo "== (a) engine vs definition, heaps 0..65535 (no period shortcut)"
        for game in 0.77 0.16; do
            e=$("$b" "$game" 65536 auto); echo "$e"
            p=$("$b" "$game" 65536 plain); echo "$p"
            echo "$e $p" | awk -v g="$game" '{
                for (i = 1; i <= NF; i++) {
                    if ($i ~ /^time=/) { t[++n] = substr($i, 6) + 0 }
                    if ($i ~ /^cpu=/) { c[++m] = substr($i, 5) + 0 }
                }
                printf "%s: engine %.4fs (cpu %.4fs), definition %.3fs "\
                       "(cpu %.3fs): %.0fx faster (%.0fx in cpu time)\n",
                       g, t[1], c[1], t[2], c[2],
                       t[2] / (t[1] > 0 ? t[1] : 1e-6),
                       c[2] / (c[1] > 0 ? c[1] : 1e-6) }'
        done
        ;;
    b)
        echo "== (b) Officers octal:0.6, heaps 0..2^24-1 (two threads)"
        e=$("$b" 0.6 16777216 auto); echo "$e"
        echo "$e" | awk '{
            for (i = 1; i <= NF; i++) {
                if ($i ~ /^time=/) { t = substr($i, 6) + 0 }
                if ($i ~ /^cpu=/) { c = substr($i, 5) + 0 }
            }
            printf "0.6: %.1fs wall (%.1fs cpu, two threads) = %.0f "\
                   "values/s; baseline (published, ~600000 values/s per "\
                   "thread): %.1fs on one thread\n",
                   t, c, 16777216 / t, 16777216 / 600000 }'
        ;;
    c)
        echo "== (c) certify every code 0.01..0.77 (search up to 16384 values)"
        "$b" periods 16384 auto
        "$b" periods 16384 plain | tail -n 1
        ;;
    e)
        echo "== (e) Officers octal:0.6 to 2^22 heaps: grundy, a simple sparse implementation, the definition"
        bb=$root/build-bench
        cmake -S "$root" -B "$bb/build" -DCMAKE_BUILD_TYPE=Release \
              -DGRUNDY_TESTS=OFF >/dev/null
        cmake --build "$bb/build" -j"$(sh "$root/scripts/jobs.sh")" \
              --target grundy-cli >/dev/null
        g="$bb/build/grundy"
        ${CC:-cc} -O2 -o "$tmp/sparse_ref" "$root/bench/sparse_ref.c"
        ${CC:-cc} -O2 -o "$tmp/peak_rss" "$root/bench/peak_rss.c"
        # The values agree: sum of n * G(n) below 2^18.
        ref=$("$tmp/sparse_ref" 0.6 262144 2>/dev/null | awk '{print $3}')
        got=$("$g" sg octal:0.6 0..262143 | awk '{s += $1 * $2} END {printf "%.0f", s}')
        [ "$ref" = "$got" ] && echo "values to 2^18 agree (checksum $got)" ||
            { echo "VALUES DIFFER: sparse_ref $ref, grundy $got"; exit 1; }
        n=4194304
        row() {   # LABEL HEAPS CMD...: time, values/s, peak RSS, output
            label=$1 heaps=$2
            shift 2
            out=$("$tmp/peak_rss" "$@" 2> "$tmp/rss" | tail -n 1)
            tail -n 1 "$tmp/rss" | awk -v l="$label" -v h="$heaps" -v o="$out" '{
                printf "%-26s %7.2f s %9.0f values/s %7.1f MB  G: %s\n",
                       l, $2, h / $2, $1 / 1048576, o }'
        }
        row "grundy --threads 1" $n "$g" --threads 1 sg octal:0.6 $((n - 1))
        row "grundy --threads 2" $n "$g" --threads 2 sg octal:0.6 $((n - 1))
        row "sparse_ref (simple)" $n "$tmp/sparse_ref" 0.6 $n
        # ogsolve (github.com/beling/impartial-games), when OGSOLVE names
        # its binary: its best method, rc2, on one thread.
        if [ -n "${OGSOLVE:-}" ]; then
            row "ogsolve -m rc2" $n "$OGSOLVE" 0.6 -m rc2 -n $((n - 1))
        fi
        row "definition (2^15 heaps)" 32768 "$b" 0.6 32768 plain
        ;;
    d)
        echo "== (d) stripes:3, heaps 0..2^17-1"
        "$b" stripes:3 131072 auto
        "$b" stripes:3 131072 plain
        ;;
    *)
        echo "unknown part $part (a, b, c or d)" >&2
        exit 2
        ;;
    esac
done
