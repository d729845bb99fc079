/*
 * octal_options.c - options of a row (heap) of a take-and-break game,
 * worded as moves into a move_sink: direct scans of takes and splits,
 * the shortcuts of a certified period, the closed forms' winning move,
 * and the witnesses of an arithmetic period. Rings are octal_ring.c's;
 * the scan of removals and splits (octal_options_scan) serves heaps
 * beyond 64 bits too, whose words octal_big.c writes. No value is
 * computed here but through octal_value. One job past a thousand lines:
 * every path chooses among the same emitters and limits.
 */
#include "octal.h"
#include "intmath.h"

#include <assert.h>
#include <stdlib.h>

/* G(x) for a heap known to the table or the certified period. */
uint64_t
octal_g(const octal *o, uint64_t x)
{
    uint64_t v = 0;
    int known;
    if (o->lasker) {
        /* Callers ask below a heap whose value fits: so does this one. */
        return octal_lasker_g(x, &known);
    }
    if (o->identity) {
        return x;
    }
    if (o->thirds) {
        return octal_thirds_g(x);
    }
    known = sgseq_known(o->seq, x, &v);
    /* Callers ask only for x <= n once heap n's value is known: then the
     * table reaches n or a period is certified. */
    assert(known);
    (void)known;
    return v;
}

/* G(x) of a heap of any size (nat.h) known to the table, the certified
 * period (sgseq_known_nat: one reduction for 64-bit heaps and beyond) or
 * a closed form. 0, or -1 when out of memory. */
int
octal_g_nat(const octal *o, const nat *x, nat *sg)
{
    int known;
    if (o->lasker || o->identity || o->thirds) {
        return octal_closed_g(o, x, sg);
    }
    known = sgseq_known_nat(o->seq, x, sg);
    assert(known != 0);   /* as octal_g: callers ask only known heaps */
    return known < 0 ? -1 : 0;
}

int
octal_matches(const octal_walk *w, uint64_t v)
{
    return w->want == GRUNDY_ANY_VALUE || w->want == v;
}

/* Whether the option leaving heap a, or rows a and b (b = 0: one), has
 * the value wanted. Every option is wanted when any value is (misere
 * play): then no value is asked, so none need be known. */
int
octal_matches_parts(const octal_walk *w, uint64_t a, uint64_t b)
{
    return w->want == GRUNDY_ANY_VALUE ||
           w->want == (octal_g(w->o, a) ^ (b ? octal_g(w->o, b) : 0));
}

/* Records the sink's answer; returns 1 when the walk must end. */
int
octal_sent(octal_walk *w, int r)
{
    w->listed++;
    if (r < 0) {
        w->oom = 1;
    } else if (r > 0) {
        w->stop = 1;
    }
    return w->oom || w->stop;
}

/* "take stones i-j of row r (" or "take stone i of row r (", stripes
 * numbering: stones 1..n from the left. */
char *
octal_take_words(char *p, const octal_walk *w, uint64_t first, uint64_t k)
{
    if (w->o->lasker) {
        /* Lasker's Nim is played on heaps: no stones in a row. */
        if (k == 0) {
            p = put_str(p, "split heap ");
        } else {
            p = put_str(p, "take ");
            p = put_u64(p, k);
            p = put_str(p, " from heap ");
        }
        p = put_u64(p, w->c->index);
        p = put_str(p, " (");
        return put_u64(p, w->c->v[0]);
    }
    if (k == 0) {
        p = put_str(p, "split row ");
    } else if (k == 1) {
        p = put_str(p, "take stone ");
        p = put_u64(p, first);
        p = put_str(p, " of row ");
    } else {
        p = put_str(p, "take stones ");
        p = put_u64(p, first);
        p = put_str(p, "-");
        p = put_u64(p, first + k - 1);
        p = put_str(p, " of row ");
    }
    p = put_u64(p, w->c->index);
    p = put_str(p, " (");
    return put_u64(p, w->c->v[0]);
}

/* The move leaving one heap m (m = 0 for a subtraction game taking all),
 * or nothing at all (vanish) for a row. */
static int
octal_emit_one(octal_walk *w, uint64_t k, uint64_t m, int vanish)
{
    char buf[192], *p = buf;
    int r;

    if (!move_wanted(w->sink, vanish ? 0 : 1, &m)) {
        return octal_sent(w, 0);   /* not wanted: no words to write */
    }
    if (w->o->sub) {
        p = put_str(p, "take ");
        p = put_u64(p, k);
        p = put_str(p, " from heap ");
        p = put_u64(p, w->c->index);
        p = put_str(p, " (");
        p = put_u64(p, w->c->v[0]);
        p = put_str(p, " -> ");
        p = put_u64(p, m);
        p = put_str(p, ")");
        *p = '\0';
        r = move_emit1(w->sink, w->c, m, buf);
    } else {
        p = octal_take_words(p, w, 1, k);
        p = put_str(p, " -> ");
        p = put_u64(p, m);
        p = put_str(p, ")");
        *p = '\0';
        r = vanish ? move_emit(w->sink, w->c, 0, NULL, NULL, buf)
                   : move_emit1(w->sink, w->c, m, buf);
    }
    return octal_sent(w, r);
}

/* The split leaving rows a <= b after taking stones a+1..a+k. */
int
octal_emit_split(octal_walk *w, uint64_t k, uint64_t a, uint64_t b)
{
    static const size_t arity[2] = {1, 1};
    uint64_t vals[2] = {a, b};
    char buf[192], *p = buf;

    if (!move_wanted(w->sink, 2, vals)) {
        return octal_sent(w, 0);   /* not wanted: no words to write */
    }
    p = octal_take_words(p, w, a + 1, k);
    p = put_str(p, " -> ");
    p = put_u64(p, a);
    p = put_str(p, " + ");
    p = put_u64(p, b);
    p = put_str(p, ")");
    *p = '\0';
    return octal_sent(w, move_emit(w->sink, w->c, 2, arity, vals, buf));
}

/* Triples of a heap beyond 64 bits are searched over pairs of
 * representatives below n0 + p: at most this many representatives. */
#define OCTAL_FAR_TRIPLE_SPAN 4096u

static grundy_status
octal_too_many(const octal_walk *w, grundy_error *err)
{
    if (w->emit_big != NULL) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "heap %zu of %s: a split of a heap beyond 2^64 - 1 "
                       "stands for more winning moves than can be listed "
                       "(one can be shown)", w->c->index, w->spec);
    }
    return err_set(err, GRUNDY_ELIMIT, -1,
                   "%s %llu of %s has more than %llu winning moves, too "
                   "many to list (one can be shown)",
                   w->o->sub ? "heap" : "row",
                   (unsigned long long)w->c->v[0], w->spec,
                   (unsigned long long)OCTAL_MAX_LISTED);
}

/* Whether the walk may list one more option. A split of a heap beyond
 * 64 bits repeats for every period up to half the heap: listing every
 * one is refused at the first. */
static int
octal_list_full(const octal_walk *w)
{
    return w->listed >= OCTAL_MAX_LISTED ||
           (w->emit_big != NULL && move_sink_wants_all(w->sink));
}

/*
 * A 64-bit heap r with G(r - a) = G(m - a) for the rest m of any size
 * and every part a < 2(n0 + p): m itself when it fits in 64 bits;
 * beyond, r = 3(n0 + p) + ((m - 3(n0 + p)) mod p). The codes whose big
 * heaps are scanned have no saltus: G(x) = G(y) for x, y >= n0 with x = y
 * mod p (Guy-Smith), and r - a >= n0 + p. 0, or -1 when out of memory.
 */
static int
octal_stand_in(const octal *o, const nat *m, uint64_t *r)
{
    nat x = NAT_ZERO;
    uint64_t p, n0, base, rem = 0;
    int rc;
    if (nat_to_u64(m, r)) {
        return 0;
    }
    (void)sgseq_certified(o->seq, &p, &n0);
    base = 3 * (n0 + p);
    rc = nat_sub_u64(&x, m, base) != 0 || nat_divmod_u64(NULL, &x, p, &rem) != 0
             ? -1 : 0;
    if (rc == 0) {
        *r = base + rem;
    }
    nat_free(&x);
    return rc;
}

/* Emits the option of a heap beyond 64 bits (emit_big's words) leaving
 * parts a[0..np) and m - sum(a) last, m of any size; first: the first
 * stone taken. */
static int
octal_emit_rest(octal_walk *w, uint64_t first, uint64_t k,
                const uint64_t *a, size_t np, const nat *m)
{
    nat parts[3] = {NAT_ZERO, NAT_ZERO, NAT_ZERO};
    uint64_t sum = 0;
    int r;
    for (size_t i = 0; i < np; i++) {
        nat_set_u64(&parts[i], a[i]);
        sum += a[i];
    }
    r = nat_sub_u64(&parts[np], m, sum) != 0
            ? -1 : w->emit_big(w->big, first, k, parts, np + 1);
    nat_free(&parts[np]);
    return octal_sent(w, r);
}

/* Whether the split into rows a and b is an option asked for: of the
 * value wanted, or (any value: misere play) one the sink wants. */
static int
octal_split_hit(const octal_walk *w, uint64_t a, uint64_t b)
{
    uint64_t vals[2] = {a, b};
    return w->want == GRUNDY_ANY_VALUE ? move_wanted(w->sink, 2, vals)
                                       : octal_matches_parts(w, a, b);
}

/* Emits the split a + (m - a) after taking stones a+1..a+k. */
static int
octal_emit_split_rest(octal_walk *w, uint64_t k, uint64_t a, const nat *m)
{
    uint64_t m64 = 0;
    if (w->emit_big != NULL) {
        return octal_emit_rest(w, a + 1, k, &a, 1, m);
    }
    (void)nat_to_u64(m, &m64);   /* a 64-bit heap: so is m */
    return octal_emit_split(w, k, a, m64 - a);
}

/* The period by which split verdicts repeat: the certified period of the
 * values when a value is wanted; the sink's own (the misere quotient's)
 * when any value is. 1 when there is one. */
static int
octal_split_period(const octal_walk *w, uint64_t *p, uint64_t *n0)
{
    if (w->want != GRUNDY_ANY_VALUE) {
        /* A saltus (codes that split in three) repeats no verdict. */
        return sgseq_certified(w->o->seq, p, n0) &&
               sgseq_saltus(w->o->seq) == 0;
    }
    if (!move_wanted_period(w->sink, p, n0)) {
        return 0;
    }
    *n0 += 1;   /* parts from *n0 on repeat */
    return 1;
}

/*
 * Splits of m = n - k (any size; r its 64-bit stand-in for values,
 * octal_stand_in) into a + b, a <= b. Beyond the certified preperiod
 * both parts repeat with the period p: for n0 <= a and n0 <= b = m - a,
 * G(a) ^ G(b) depends only on a mod p (G(x) = G(x - p) for x >= n0 + p,
 * Guy-Smith). So a huge heap is scanned directly for a < n0, then over
 * one period of a, each matching residue standing for a, a + p, a + 2p,
 * ... up to m / 2. A rest beyond 64 bits is past every representative
 * (its half taken as 2^64 - 1); listing its splits is refused. The same
 * holds in misere play for the sink's verdict when the misere quotient's
 * heap elements repeat (octal_split_period).
 */
static grundy_status
octal_splits(octal_walk *w, uint64_t k, const nat *m, uint64_t r,
             grundy_error *err)
{
    uint64_t m64 = 0, half, p, n0, direct;
    int periodic = octal_split_period(w, &p, &n0);

    half = nat_to_u64(m, &m64) ? m64 / 2 : UINT64_MAX;
    direct = half;
    if (periodic && half > OCTAL_DIRECT_SPLITS && half > n0 + p) {
        direct = n0 > 0 ? n0 - 1 : 0;
    } else {
        periodic = 0;
    }
    for (uint64_t a = 1; a <= direct; a++) {
        if (octal_split_hit(w, a, r - a)) {
            if (octal_list_full(w)) {
                return octal_too_many(w, err);
            }
            if (octal_emit_split_rest(w, k, a, m)) {
                return GRUNDY_OK;
            }
        }
    }
    if (!periodic) {
        return GRUNDY_OK;
    }
    {
        uint64_t start = n0 > 0 ? n0 : 1, total = 0, blocks;
        uint64_t *hit = malloc(p * sizeof *hit);
        size_t nhit = 0;
        if (hit == NULL) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        for (uint64_t a = start; a < start + p && a <= half; a++) {
            if (octal_split_hit(w, a, r - a)) {
                hit[nhit++] = a - start;
                total += (half - a) / p + 1;
            }
        }
        if (nhit > 0 && !move_sink_wants_all(w->sink)) {
            octal_emit_split_rest(w, k, start + hit[0], m);
            free(hit);
            return GRUNDY_OK;
        }
        if (total > OCTAL_MAX_LISTED - w->listed ||
            (nhit > 0 && octal_list_full(w))) {
            free(hit);
            return octal_too_many(w, err);
        }
        /* total is small, so are the blocks holding a hit (of a 64-bit
         * rest: a bigger one was refused above). */
        blocks = nhit > 0 ? (half - start) / p + 1 : 0;
        for (uint64_t j = 0; j < blocks; j++) {
            for (size_t i = 0; i < nhit; i++) {
                uint64_t a = start + j * p + hit[i];
                if (a <= half && octal_emit_split(w, k, a, m64 - a)) {
                    free(hit);
                    return GRUNDY_OK;
                }
            }
        }
        free(hit);
    }
    return GRUNDY_OK;
}

/* The split in three leaving a <= b <= c after taking k. */
static int
octal_emit_triple(octal_walk *w, uint64_t k, uint64_t a, uint64_t b,
                  uint64_t c)
{
    static const size_t arity[3] = {1, 1, 1};
    uint64_t vals[3] = {a, b, c};
    char buf[224], *p = buf;

    if (k == 0) {
        p = put_str(p, "split row ");
        p = put_u64(p, w->c->index);
    } else {
        p = put_str(p, "take ");
        p = put_u64(p, k);
        p = put_str(p, " from row ");
        p = put_u64(p, w->c->index);
        p = put_str(p, " and split it");
    }
    p = put_str(p, " in three (");
    p = put_u64(p, w->c->v[0]);
    p = put_str(p, " -> ");
    p = put_u64(p, a);
    p = put_str(p, " + ");
    p = put_u64(p, b);
    p = put_str(p, " + ");
    p = put_u64(p, c);
    p = put_str(p, ")");
    *p = '\0';
    return octal_sent(w, move_emit(w->sink, w->c, 3, arity, vals, buf));
}

/*
 * Splits in three of a rest m beyond the direct scans of a heap beyond
 * 64 bits: a + b + (m - a - b) over representatives a <= b below n0 + p
 * (any larger small part has the value of one p below it, Guy-Smith,
 * and so the same option values); the first of the value wanted.
 */
static grundy_status
octal_triples_far(octal_walk *w, uint64_t k, const nat *m, uint64_t r,
                  grundy_error *err)
{
    const octal *o = w->o;
    uint64_t p, n0, span;
    (void)sgseq_certified(o->seq, &p, &n0);
    span = n0 + p;
    if (span > OCTAL_FAR_TRIPLE_SPAN) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "%s: splits in three of heaps beyond 2^64 - 1 "
                       "are searched when the period and preperiod "
                       "sum to at most %u (here %llu)", w->spec,
                       OCTAL_FAR_TRIPLE_SPAN, (unsigned long long)span);
    }
    for (uint64_t a = 1; a < span && !w->stop && !w->oom; a++) {
        for (uint64_t b = a; b < span && !w->stop && !w->oom; b++) {
            uint64_t ab[2] = {a, b};
            if ((octal_g(o, a) ^ octal_g(o, b) ^ octal_g(o, r - a - b)) !=
                w->want) {
                continue;
            }
            if (octal_list_full(w)) {
                return octal_too_many(w, err);
            }
            octal_emit_rest(w, 0, k, ab, 2, m);
        }
    }
    return GRUNDY_OK;
}

/* Splits of m = n - k into a + b + c, a <= b <= c, each once: scanned
 * directly up to OCTAL_DIRECT_TRIPLES stones, by representatives for a
 * heap beyond 64 bits. */
static grundy_status
octal_triples(octal_walk *w, uint64_t k, const nat *m, uint64_t r,
              grundy_error *err)
{
    const octal *o = w->o;
    uint64_t m64 = 0;
    if (w->emit_big != NULL) {
        return octal_triples_far(w, k, m, r, err);
    }
    (void)nat_to_u64(m, &m64);   /* a 64-bit heap: so is m */
    if (m64 > OCTAL_DIRECT_TRIPLES) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "row %llu of %s: its splits in three after taking "
                       "%llu are too many to scan (more than %llu stones "
                       "left)", (unsigned long long)w->c->v[0], w->spec,
                       (unsigned long long)k,
                       (unsigned long long)OCTAL_DIRECT_TRIPLES);
    }
    int any = w->want == GRUNDY_ANY_VALUE;
    for (uint64_t a = 1; 3 * a <= m64; a++) {
        uint64_t ga = any ? 0 : octal_g(o, a);
        for (uint64_t b = a; a + 2 * b <= m64; b++) {
            uint64_t c = m64 - a - b;
            if (!any &&
                !octal_matches(w, ga ^ octal_g(o, b) ^ octal_g(o, c))) {
                continue;
            }
            if (w->listed >= OCTAL_MAX_LISTED) {
                return octal_too_many(w, err);
            }
            if (octal_emit_triple(w, k, a, b, c)) {
                return GRUNDY_OK;
            }
        }
    }
    return GRUNDY_OK;
}

/* Every option of heap n (any size) by removing k with digit bits: the
 * rest m = n - k left whole, split in two or in three. */
static grundy_status
octal_options_k(octal_walk *w, const nat *n, uint64_t k, unsigned b,
                 grundy_error *err)
{
    grundy_status st = GRUNDY_OK;
    nat m = NAT_ZERO;
    uint64_t r = 0;   /* m, or its stand-in past 64 bits */
    int rc = nat_sub_u64(&m, n, k);
    if (rc == 0 && octal_stand_in(w->o, &m, &r) != 0) {
        rc = -1;
    }
    if (rc != 0) {
        w->oom |= rc == -1;   /* -2: k > n, no option */
        nat_free(&m);
        return GRUNDY_OK;
    }
    if ((b & SGSEQ_NOTHING) && r == 0 && k > 0 && octal_matches(w, 0)) {
        octal_emit_one(w, k, 0, 1);   /* a 64-bit heap: n = k */
    }
    if ((b & SGSEQ_ONE) && r > 0 && k > 0 && !w->stop && !w->oom &&
        octal_matches_parts(w, r, 0)) {
        if (w->emit_big != NULL) {
            octal_emit_rest(w, 1, k, NULL, 0, &m);
        } else {
            octal_emit_one(w, k, r, 0);
        }
    }
    if ((b & SGSEQ_TWO) && r >= 2 && !w->stop && !w->oom) {
        st = octal_splits(w, k, &m, r, err);
    }
    if (st == GRUNDY_OK && (b & SGSEQ_THREE) && r >= 3 && !w->stop &&
        !w->oom) {
        st = octal_triples(w, k, &m, r, err);
    }
    nat_free(&m);
    return st;
}

/*
 * The one option of value want of heap n of a closed form, for heaps of
 * any size (octal_big.c asks too). Lasker's Nim and G(n) = n: G is a
 * bijection, so the take to heap m = G^-1(want) (m = want for the
 * identity) is it when m < n; else, in Lasker's Nim with n = 3 mod 4 and
 * want = n, the split 1 + (n - 1): G(1) ^ G(n - 1) = 1 ^ (n - 1) = n.
 * hex:0.8: as in the proof of octal_thirds_g, take 1 and leave a + b + b
 * with a = 3 want + 1, or + 2 when n - 1 - a would be odd, and b = (n - 1
 * - a) / 2; none when want >= G(n), since every option is worth less.
 * Returns the kind of move, with the parts it leaves ascending in part
 * (OCTAL_CLOSED_TAKE: part[0] = m and part[1] = n - m, the stones
 * taken), or -1 when out of memory.
 */
int
octal_closed_option(const octal *o, const nat *n, const nat *want,
                    nat part[3])
{
    nat *a = &part[0], *b = &part[1], *c = &part[2];
    uint64_t r;
    if (o->thirds) {
        if (octal_closed_g(o, n, a) != 0) {
            return -1;
        }
        if (nat_cmp(want, a) >= 0) {
            return OCTAL_CLOSED_NONE;
        }
        if (nat_mul_u64(a, want, 3) != 0 || nat_add_u64(a, a, 1) != 0 ||
            nat_sub(b, n, a) != 0 || nat_divmod_u64(NULL, b, 2, &r) != 0 ||
            (r == 0 && nat_add_u64(a, a, 1) != 0) || nat_sub(b, n, a) != 0 ||
            nat_sub_u64(b, b, 1) != 0 || nat_divmod_u64(b, b, 2, &r) != 0 ||
            nat_copy(c, b) != 0) {
            return -1;
        }
        if (nat_cmp(a, b) > 0) {
            nat t = *a;   /* ascending: b, b, a (a swap moves the rooms) */
            *a = *b;
            *b = *c;
            *c = t;
        }
        return OCTAL_CLOSED_TRIPLE;
    }
    if ((o->identity ? nat_copy(a, want)
                     : octal_lasker_inverse_nat(a, want)) != 0) {
        return -1;
    }
    if (nat_cmp(a, n) < 0) {
        return nat_sub(b, n, a) != 0 ? -1 : OCTAL_CLOSED_TAKE;
    }
    if (o->lasker && nat_cmp(want, n) == 0 &&
        nat_divmod_u64(NULL, n, 4, &r) == 0 && r == 3) {
        nat_set_u64(a, 1);
        return nat_sub_u64(b, n, 1) != 0 ? -1 : OCTAL_CLOSED_SPLIT;
    }
    return OCTAL_CLOSED_NONE;
}

/*
 * The closed forms beyond OCTAL_LASKER_DIRECT: the one option of value
 * want (octal_closed_option, within 128 bits: no allocation). Lasker's
 * Nim finds one for every want below G(n); above, the limit is said.
 */
grundy_status
octal_closed_one(octal_walk *w, uint64_t n, grundy_error *err)
{
    nat x = NAT_ZERO, v = NAT_ZERO, part[3] = {NAT_ZERO, NAT_ZERO, NAT_ZERO};
    uint64_t p[3] = {0, 0, 0};
    int ok;
    nat_set_u64(&x, n);
    nat_set_u64(&v, w->want);
    switch (octal_closed_option(w->o, &x, &v, part)) {
    case OCTAL_CLOSED_TAKE:
        /* Parts below n fit in 64 bits. */
        (void)(nat_to_u64(&part[0], &p[0]) && nat_to_u64(&part[1], &p[1]));
        octal_emit_one(w, p[1], p[0], p[0] == 0);
        return GRUNDY_OK;
    case OCTAL_CLOSED_SPLIT:
        octal_emit_split(w, 0, 1, n - 1);
        return GRUNDY_OK;
    case OCTAL_CLOSED_TRIPLE:
        for (int i = 0; i < 3; i++) {
            (void)nat_to_u64(&part[i], &p[i]);
        }
        octal_emit_triple(w, 1, p[0], p[1], p[2]);
        return GRUNDY_OK;
    default:
        break;
    }
    if (!w->o->lasker) {
        return GRUNDY_OK;   /* no option of a value above its own */
    }
    if (w->want < octal_lasker_g(n, &ok)) {
        /* Unreachable by the theorem: a mex has every smaller value. */
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "lasker: no option of value %llu found for heap "
                       "%llu", (unsigned long long)w->want,
                       (unsigned long long)n);
    }
    return err_set(err, GRUNDY_ELIMIT, -1,
                   "heap %llu of %s: options of a value above its own are "
                   "listed up to heap %llu only",
                   (unsigned long long)n, w->spec,
                   (unsigned long long)OCTAL_LASKER_DIRECT);
}

/* ---- repeating codes with a certified period ---------------------------- */

/* Emits the cut of ring w->c (n stones) removing k: a row of n - k, or
 * nothing when k = n (a heap of 0 in a subtraction game). */
void
octal_ring_cut(octal_walk *w, uint64_t k, uint64_t n)
{
    char buf[160], *p = buf;
    uint64_t m = n - k;
    p = put_str(p, "take ");
    p = put_u64(p, k);
    p = put_str(p, w->o->sub ? " from ring "
                   : k == 1  ? " stone from ring "
                             : " adjacent stones from ring ");
    p = put_u64(p, w->c->index);
    p = put_str(p, " (@");
    p = put_u64(p, n);
    p = put_str(p, " -> ");
    p = put_u64(p, m);
    p = put_str(p, ")");
    *p = '\0';
    octal_sent(w, m == 0 && !w->o->sub
                      ? move_emit(w->sink, w->c, 0, NULL, NULL, buf)
                      : move_emit1(w->sink, w->c, m, buf));
}

/* d(k) of the code, k >= 1. */
unsigned
octal_digit(const octal *o, uint64_t k)
{
    return sgseq_digit(o->run, o->nrun, o->rep, o->nrep, o->rep_from, k);
}

/* Whether heap (or ring) n can move to heap m < n, both of any size:
 * taking all (bit 1 of d(n)) for m = 0, taking k = n - m and leaving one
 * heap (bit 2) for m >= 1. A k past 2^64 - 1 lies in the repeating group
 * (if any: else no digit allows it), where d(k) reads (k - rep_from) mod
 * r. -1 when out of memory. */
int
octal_reaches_nat(const octal *o, const nat *n, const nat *m)
{
    nat k = NAT_ZERO;
    uint64_t v, r;
    unsigned d = 0, bit = nat_is_zero(m) ? SGSEQ_NOTHING : SGSEQ_ONE;
    if (nat_sub(&k, n, m) != 0) {
        nat_free(&k);
        return -1;
    }
    if (nat_to_u64(&k, &v)) {
        d = v == 0 ? 0 : octal_digit(o, v);
    } else if (o->nrep > 0) {
        if (nat_divmod_u64(NULL, &k, o->nrep, &r) != 0) {
            nat_free(&k);
            return -1;
        }
        d = o->rep[(r + o->nrep - o->rep_from % o->nrep) % o->nrep];
    }
    nat_free(&k);
    return (d & bit) != 0;
}

/* The 64-bit form (within 128 bits: no allocation, no failure). */
int
octal_reaches(const octal *o, uint64_t n, uint64_t m)
{
    nat x = NAT_ZERO, y = NAT_ZERO;
    nat_set_u64(&x, n);
    nat_set_u64(&y, m);
    return octal_reaches_nat(o, &x, &y) == 1;
}

/*
 * Whether heap n of a code with a repeating group is answered through its
 * certificate rather than by a scan of every k <= n: n is large and a
 * period is certified, which for a repeating group means the
 * arithmetic-periodicity test (docs/theory.md 3b), whose rules leave at
 * most one heap. A ring then has the moves of the heap: a cut leaves a
 * row of n - k, or nothing.
 */
int
octal_by_certificate(const octal *o, uint64_t n)
{
    uint64_t p, n0;
    return o->nrep > 0 && n > OCTAL_LASKER_DIRECT &&
           sgseq_certified(o->seq, &p, &n0);
}

/* Emits the move from heap or ring n to heap m (nothing when m = 0). */
static void
octal_emit_to(octal_walk *w, uint64_t n, uint64_t m)
{
    if (w->c->ring) {
        octal_ring_cut(w, n - m, n);
    } else {
        octal_emit_one(w, n - m, m, m == 0);
    }
}

/* The heaps base + j step (0 <= j <= jmax) that n reaches, all of value
 * want: every one when the sink wants all (at most OCTAL_MAX_LISTED in
 * all), else the first. With k = n - m >= rep_from, whether n reaches m
 * depends on k mod nrep only, and step is a multiple of nrep: all of
 * j <= jfar share one answer, the few above are asked one by one. */
static grundy_status
octal_cert_run(octal_walk *w, uint64_t n, uint64_t base, uint64_t step,
               uint64_t jmax, grundy_error *err)
{
    const octal *o = w->o;
    uint64_t rest = n - base, jfar, far;
    /* Any value wanted (misere play): the sink judges each option, so the
     * first is not enough; they are listed up to the limit. */
    int all = move_sink_wants_all(w->sink) || w->want == GRUNDY_ANY_VALUE;

    far = rest >= o->rep_from ? (rest - o->rep_from) / step + 1 : 0;
    jfar = far < jmax + 1 ? far : jmax + 1;  /* j < jfar: k >= rep_from */
    if (jfar > 0 && octal_reaches(o, n, base)) {
        if (all && jfar > OCTAL_MAX_LISTED - w->listed) {
            return octal_too_many(w, err);
        }
        for (uint64_t j = 0; j < (all ? jfar : 1) && !w->stop && !w->oom;
             j++) {
            octal_emit_to(w, n, base + j * step);
        }
        if (!all) {
            return GRUNDY_OK;
        }
    }
    for (uint64_t j = jfar; j <= jmax && !w->stop && !w->oom; j++) {
        if (octal_reaches(o, n, base + j * step)) {
            if (w->listed >= OCTAL_MAX_LISTED) {
                return octal_too_many(w, err);
            }
            octal_emit_to(w, n, base + j * step);
            if (!all) {
                break;
            }
        }
    }
    return GRUNDY_OK;
}

/* The refusal to list every option of a large heap or ring (numbered by
 * its size, or by its place when its size passes 64 bits): one winning
 * move is shown instead. */
grundy_status
octal_all_refused(grundy_error *err, const char *kind, uint64_t n,
                  const char *spec, uint64_t limit)
{
    return err_set(err, GRUNDY_ELIMIT, -1,
                   "%s %llu of %s: every option is listed up to %s %llu "
                   "only (one winning move can be shown)", kind,
                   (unsigned long long)n, spec, kind,
                   (unsigned long long)limit);
}

/*
 * The heaps worth want that heap n (both of any size: nat.h) may move to
 * through the certificate G(m + p) = G(m) + s for m >= n0, for 64-bit
 * heaps and beyond alike. Taken with the step P = lcm(p, nrep): the
 * heaps m < n0 are tried one by one (OCTAL_CERT_ONE); above, heap n0 + i
 * + jP is worth G(n0 + i) + j (P / p) s, so for s > 0 at most one j per
 * i has the value wanted (OCTAL_CERT_FIRST), and for s = 0 every j or
 * none does (OCTAL_CERT_ALL: m + jP below n too). visit(ctx, m, P, kind)
 * judges whether n reaches m and emits; it returns nonzero to stop.
 * 0, or -1 when out of memory.
 */
int
octal_cert_targets(const octal *o, const nat *n, const nat *want,
                   octal_cert_visit visit, void *ctx)
{
    uint64_t p, n0, s = sgseq_saltus(o->seq), step, ds, r;
    nat m = NAT_ZERO, g = NAT_ZERO;
    int rc = 0, stop = 0;
    (void)sgseq_certified(o->seq, &p, &n0);
    step = p / im_gcd(p, o->nrep) * o->nrep;
    ds = step / p * s;
    for (uint64_t i = 0; i < n0 && !stop; i++) {
        nat_set_u64(&m, i);
        nat_set_u64(&g, octal_g(o, i));
        if (nat_cmp(&m, n) >= 0) {
            break;
        }
        if (nat_cmp(&g, want) == 0) {
            stop = visit(ctx, &m, step, OCTAL_CERT_ONE);
        }
    }
    for (uint64_t i = 0; i < step && !stop && rc == 0; i++) {
        nat_set_u64(&m, n0 + i);
        nat_set_u64(&g, octal_g(o, n0 + i));
        if (nat_cmp(&m, n) >= 0) {
            break;
        }
        if (nat_cmp(want, &g) < 0 || (ds == 0 && nat_cmp(want, &g) != 0)) {
            continue;
        }
        if (ds != 0) {
            /* m = n0 + i + j P with j = (want - G(n0 + i)) / ds. */
            if (nat_sub(&g, want, &g) != 0 ||
                nat_divmod_u64(&g, &g, ds, &r) != 0 ||
                nat_mul_u64(&g, &g, step) != 0 || nat_add(&m, &m, &g) != 0) {
                rc = -1;
                break;
            }
            if (r != 0 || nat_cmp(&m, n) >= 0) {
                continue;
            }
        }
        stop = visit(ctx, &m, step, ds == 0 ? OCTAL_CERT_ALL
                                            : OCTAL_CERT_FIRST);
    }
    nat_free(&m);
    nat_free(&g);
    return stop < 0 ? -1 : rc;
}

/* octal_cert_targets' visit for a 64-bit heap or ring. */
typedef struct octal_cert64 {
    octal_walk *w;
    uint64_t n;
    grundy_status st;
    grundy_error *err;
} octal_cert64;

static int
octal_cert_visit64(void *ctx, const nat *m, uint64_t step, int kind)
{
    octal_cert64 *c = ctx;
    octal_walk *w = c->w;
    uint64_t m64 = 0;
    (void)nat_to_u64(m, &m64);   /* below n */
    if (kind != OCTAL_CERT_ONE) {
        c->st = octal_cert_run(w, c->n, m64, step,
                               kind == OCTAL_CERT_ALL ? (c->n - 1 - m64) / step
                                                      : 0,
                               c->err);
    } else if (octal_reaches(w->o, c->n, m64)) {
        if (w->listed >= OCTAL_MAX_LISTED) {
            c->st = octal_too_many(w, c->err);
        } else {
            octal_emit_to(w, c->n, m64);
        }
    }
    return c->st != GRUNDY_OK || w->stop || w->oom;
}

/*
 * The options of value w->want of heap or ring n through the certificate
 * (octal_by_certificate; octal_cert_targets finds them). Every option is
 * listed up to heap OCTAL_LASKER_DIRECT only.
 */
grundy_status
octal_cert_options(octal_walk *w, uint64_t n, grundy_error *err)
{
    octal_cert64 c = {w, n, GRUNDY_OK, err};
    nat x = NAT_ZERO, v = NAT_ZERO;
    if (w->want == GRUNDY_ANY_VALUE) {
        return octal_all_refused(err, w->c->ring ? "ring" : "heap", n,
                                 w->spec, OCTAL_LASKER_DIRECT);
    }
    nat_set_u64(&x, n);
    nat_set_u64(&v, w->want);
    (void)octal_cert_targets(w->o, &x, &v, octal_cert_visit64, &c);
    if (c.st == GRUNDY_OK && w->oom) {
        c.st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return c.st;
}

/*
 * A heap beyond the direct scans of a code whose certified period has a
 * saltus by the arithmetic-periodicity test for codes that split heaps
 * (docs/theory.md 3b): the option of value want comes from the
 * witness forms of the certificate (sgseq_arith3_option), which hold one
 * for every want below G(n) once n is past the certificate. No option is
 * worth G(n); options worth more are never asked for (a winning move
 * lowers the value), and listing them all is refused.
 */
static grundy_status
octal_arith3_options(octal_walk *w, uint64_t n, grundy_error *err)
{
    uint64_t k, parts[3], g = octal_g(w->o, n);
    unsigned np;
    int found;
    if (w->want == GRUNDY_ANY_VALUE || move_sink_wants_all(w->sink) ||
        w->want > g) {
        return octal_all_refused(err, "heap", n, w->spec,
                                 OCTAL_DIRECT_TRIPLES);
    }
    if (w->want == g) {
        return GRUNDY_OK;
    }
    found = sgseq_arith3_option(w->o->seq, n, w->want, &k, parts, &np);
    if (found < 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    if (found == 0) {
        /* Only below the certificate's length, where direct scans stop
         * first: not expected, but said rather than guessed. */
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "heap %llu of %s: its options are scanned up to heap "
                       "%llu, and the period's witnesses hold from heap "
                       "%llu on", (unsigned long long)n, w->spec,
                       (unsigned long long)OCTAL_DIRECT_TRIPLES,
                       (unsigned long long)sgseq_length(w->o->seq));
    }
    if (np == 0) {
        octal_emit_one(w, k, 0, 1);
    } else if (np == 1) {
        octal_emit_one(w, k, parts[0], 0);
    } else if (np == 2) {
        octal_emit_split(w, k, parts[0], parts[1]);
    } else {
        octal_emit_triple(w, k, parts[0], parts[1], parts[2]);
    }
    return w->oom ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                  : GRUNDY_OK;
}

/*
 * Every option of heap n (any size) of value w->want by a scan of the
 * removals k of the digit runs, then of the repeating group, k <= n: of
 * a 64-bit heap, or of a heap beyond 64 bits of a code without repeating
 * group (octal_big.c; its splits by representatives). Stops at the first
 * error, or when the sink wants no more.
 */
grundy_status
octal_options_scan(octal_walk *w, const nat *n, grundy_error *err)
{
    const octal *o = w->o;
    uint64_t top = UINT64_MAX;   /* n, or past every 64-bit k */
    grundy_status st;
    (void)nat_to_u64(n, &top);
    for (size_t i = 0; i < o->nrun && !w->stop && !w->oom; i++) {
        for (uint64_t k = o->run[i].lo; k <= o->run[i].hi && k <= top;
             k++) {
            st = octal_options_k(w, n, k, o->run[i].bits, err);
            if (st != GRUNDY_OK) {
                return st;
            }
            if (w->stop || w->oom || k == UINT64_MAX) {
                break;
            }
        }
    }
    for (uint64_t k = o->rep_from; o->nrep > 0 && k <= top && !w->stop &&
                                   !w->oom; k++) {
        st = octal_options_k(w, n, k, o->rep[(k - o->rep_from) % o->nrep],
                             err);
        if (st != GRUNDY_OK) {
            return st;
        }
    }
    return GRUNDY_OK;
}

grundy_status
octal_options(grundy_game *game, const component *c, uint64_t want,
              move_sink *sink, grundy_error *err)
{
    octal *o = game->state;
    octal_walk w = {.o = o, .spec = game->label, .c = c, .sink = sink,
                    .want = want};
    uint64_t n = c->v[0], g;
    nat x = NAT_ZERO;
    grundy_status st;

    /* Rings are octal_ring.c's (octal_component_options). */
    /* Makes every heap <= n known (table or period). Listing every
     * option (misere play) asks no value: none need be known. */
    st = want == GRUNDY_ANY_VALUE ? GRUNDY_OK
                                  : octal_value(game, c->v, c->n, &g, err);
    if (st != GRUNDY_OK) {
        return st;
    }
    if (sgseq_split_certified(o->seq) && n > OCTAL_DIRECT_TRIPLES) {
        return octal_arith3_options(&w, n, err);
    }
    if (octal_by_certificate(o, n)) {
        return octal_cert_options(&w, n, err);
    }
    if ((o->lasker || o->identity || o->thirds) &&
        n > OCTAL_LASKER_DIRECT) {
        if (want == GRUNDY_ANY_VALUE || move_sink_wants_all(sink)) {
            return octal_all_refused(err, "heap", n, game->label,
                                     OCTAL_LASKER_DIRECT);
        }
        st = octal_closed_one(&w, n, err);
        return st != GRUNDY_OK ? st : w.oom ? GRUNDY_ENOMEM : GRUNDY_OK;
    }
    nat_set_u64(&x, n);
    st = octal_options_scan(&w, &x, err);
    return st != GRUNDY_OK ? st : w.oom ? GRUNDY_ENOMEM : GRUNDY_OK;
}
