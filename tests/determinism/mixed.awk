# mixed.awk - N lines (-v N=...) of every family, sums of different games,
# rings, huge closed-form numbers, and bad, blank and comment lines, for
# tests/determinism.sh. Small values keep misere and --all searches short
# where SMALL=1 (-v SMALL=1).
function r(n) { return int(rand() * n) }
function big() { return sprintf("%d%09d", 1 + r(9999999), r(1000000000)) }
function heaps(k, m,   s, i) {
    s = r(m)
    for (i = 1; i < k; i++) s = s " " r(m)
    return s
}
BEGIN {
    srand(SEED + 0)
    for (i = 1; i <= N; i++) {
        k = r(24)
        m = SMALL ? 7 : 400
        if (k == 0) print "nim " (SMALL ? heaps(3, 8) : big() " " big() " " r(99))
        else if (k == 1) print "bounded:" (1 + r(9)) " " heaps(1 + r(3), m)
        else if (k == 2) print "sub:1,3,4 " heaps(1 + r(2), m)
        else if (k == 3) print "stripes:" (1 + r(3)) " " heaps(1 + r(2), m)
        else if (k == 4) print "octal:0.137 " heaps(1 + r(2), m)
        else if (k == 5) print "hex:0.8 " heaps(1, SMALL ? 7 : 40)
        else if (k == 6) print "kayles " heaps(1 + r(3), m)
        else if (k == 7) print "dawson " (SMALL ? "" : "@") r(m) " " r(m)
        else if (k == 8) print "lasker " (SMALL ? r(9) : big())
        else if (k == 9) print "grundy " heaps(1 + r(2), SMALL ? 9 : 300)
        else if (k == 10) print "fib " (SMALL ? r(20) + 1 : big())
        else if (k == 11) print "fib:3 " (r(30) + 2) "," (1 + r(5))
        else if (k == 12) print "wythoff " (SMALL ? r(6) "," r(6) : r(300) "," r(300))
        else if (k == 13) print "ferguson " (1 + r(9)) "," (1 + r(9))
        else if (k == 14) print "division " (2 + r(SMALL ? 30 : 100000))
        else if (k == 15) print "nim " r(9) " + bounded:3 " r(9) " + kayles " r(SMALL ? 6 : 50)
        else if (k == 16) print "kayles @" (1 + r(SMALL ? 6 : 60)) " " r(m)
        else if (k == 17) print "octal:0.6 " r(SMALL ? 7 : 3000)
        else if (k == 18) print "stripes:1..3 " r(m) " + sub:2,5 " r(m)
        else if (k == 19) print "wythoff " (SMALL ? r(5) "," r(5) " + fib " (1 + r(6)) : r(30) "," r(30) " + fib " (1 + r(30)))
        else if (k == 20) {
            j = r(8)
            if (j == 0) print "nim 3 x" i
            else if (j == 1) print "nosuch " i
            else if (j == 2) print "kayles -1"
            else if (j == 3) print "bounded:0 3"
            else if (j == 4) print "wythoff 3"
            else if (j == 5) print "nim 18446744073709551616"
            else if (j == 6) print "octal:0.9 3"
            else print "sub: 4"
        }
        else if (k == 21) print (r(2) ? "" : "# comment " i)
        else if (k == 22) print "nim " heaps(1 + r(4), 16) "  "
        else print "ferguson " (1 + r(SMALL ? 6 : 20)) "," (1 + r(SMALL ? 6 : 20)) " + division " (2 + r(SMALL ? 12 : 50))
    }
}
