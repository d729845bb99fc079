/*
 * octal_big.c - heaps beyond 64 bits of take-and-break games (the
 * family_big operations): values and options of heaps of any size from a
 * certified period, in bignum arithmetic (the closed forms are written
 * once over nat.h: octal_closed_g, octal_closed_option); a heap whose
 * value fits goes the 64-bit way (octal_value, octal_options).
 */
#include "octal.h"
#include "bignum.h"
#include "intmath.h"

#include <stdlib.h>

/* Triples of a big heap are searched over pairs of representatives below
 * n0 + p: at most this many representatives. */
#define OCTAL_BIG_TRIPLE_SPAN 4096u

/* One big answer: the game, the component, the scratch numbers. */
typedef struct octal_big {
    grundy_game *game;
    const octal *o;
    const big_component *c;
    move_sink *sink;
    uint64_t p, n0;      /* the certified period (general codes) */
    bignum *t[4];
    int oom, stop;
} octal_big;

/* The words' start, as octal_take_words: "take stones i-j of row r (N",
 * "split row r (N", or heap words for Lasker's Nim and subtraction; k
 * (stones removed) of any size. */
static void
octal_big_take_words(strbuf *b, const octal_big *w, uint64_t first,
                     const bignum *k)
{
    if (w->o->lasker || w->o->sub) {
        util_sb_put(b, bignum_is_zero(k) ? "split heap " : "take ");
        if (!bignum_is_zero(k)) {
            util_sb_put_big(b, k);
            util_sb_put(b, " from heap ");
        }
    } else if (bignum_is_zero(k)) {
        util_sb_put(b, "split row ");
    } else if (bignum_cmp_u64(k, 1) == 0) {
        util_sb_put(b, "take stone ");
        util_sb_put_u64(b, first);
        util_sb_put(b, " of row ");
    } else {
        bignum *last = bignum_new();
        util_sb_put(b, "take stones ");
        util_sb_put_u64(b, first);
        util_sb_put(b, "-");
        if (last == NULL || bignum_add_u64(last, k, first - 1) != 0) {
            b->oom = 1;
        }
        util_sb_put_big(b, last);
        bignum_free(last);
        util_sb_put(b, " of row ");
    }
    util_sb_put_u64(b, w->c->index);
    util_sb_put(b, " (");
    util_sb_put_big(b, w->c->v[0]);
}

/* Emits the option leaving parts[0..nparts) (ascending) after removing
 * k (first: the first stone taken); nparts 0 leaves nothing. */
static void
octal_big_emit_k(octal_big *w, uint64_t first, const bignum *k,
                 bignum **parts, size_t nparts)
{
    static const size_t arity[3] = {1, 1, 1};
    strbuf b = {0};
    int r;
    if (nparts == 3) {
        util_sb_put(&b, bignum_is_zero(k) ? "split row " : "take ");
        if (!bignum_is_zero(k)) {
            util_sb_put_big(&b, k);
            util_sb_put(&b, " from row ");
        }
        util_sb_put_u64(&b, w->c->index);
        util_sb_put(&b, bignum_is_zero(k) ? " in three ("
                                          : " and split it in three (");
        util_sb_put_big(&b, w->c->v[0]);
    } else {
        octal_big_take_words(&b, w, first, k);
    }
    util_sb_put(&b, " -> ");
    for (size_t i = 0; i < nparts; i++) {
        util_sb_put(&b, i > 0 ? " + " : "");
        util_sb_put_big(&b, parts[i]);
    }
    util_sb_put(&b, nparts == 0 ? "0)" : ")");
    r = b.oom ? -1 : move_emit_big(w->sink, w->c, nparts, arity, parts, b.s);
    free(b.s);
    w->oom |= r < 0;
    w->stop |= r != 0;
}

/* The same for a small k. */
static void
octal_big_emit(octal_big *w, uint64_t first, uint64_t k, bignum **parts,
               size_t nparts)
{
    bignum *kb = bignum_new();
    if (kb == NULL || bignum_set_u64(kb, k) != 0) {
        w->oom = 1;
    } else {
        octal_big_emit_k(w, first, kb, parts, nparts);
    }
    bignum_free(kb);
}

/* The option leaving parts[0..np) (ascending) after taking k (of any
 * size): words as the 64-bit path writes them, the stones of a split in
 * two counted from the left (the first part, of any size, then the k
 * taken). */
static void
octal_big_emit_parts(octal_big *w, const bignum *k, bignum **parts,
                     unsigned np)
{
    static const size_t arity[3] = {1, 1, 1};
    strbuf b = {0};
    bignum *at;
    int r;
    if (np != 2 || bignum_is_zero(k)) {
        octal_big_emit_k(w, 1, k, parts, np);
        return;
    }
    at = bignum_new();
    if (at == NULL || bignum_add_u64(at, parts[0], 1) != 0) {
        bignum_free(at);
        w->oom = 1;
        return;
    }
    util_sb_put(&b, bignum_cmp_u64(k, 1) == 0 ? "take stone "
                                              : "take stones ");
    util_sb_put_big(&b, at);
    if (bignum_cmp_u64(k, 1) > 0) {
        util_sb_put(&b, "-");
        if (bignum_add(at, parts[0], k) != 0) {
            b.oom = 1;
        }
        util_sb_put_big(&b, at);
    }
    util_sb_put(&b, " of row ");
    util_sb_put_u64(&b, w->c->index);
    util_sb_put(&b, " (");
    util_sb_put_big(&b, w->c->v[0]);
    util_sb_put(&b, " -> ");
    util_sb_put_big(&b, parts[0]);
    util_sb_put(&b, " + ");
    util_sb_put_big(&b, parts[1]);
    util_sb_put(&b, ")");
    r = b.oom ? -1 : move_emit_big(w->sink, w->c, 2, arity, parts, b.s);
    free(b.s);
    bignum_free(at);
    w->oom |= r < 0;
    w->stop |= r != 0;
}

/* G of a heap of any size: the certified period reduces a big one to
 * n0 + ((x - n0) mod p) (Guy-Smith: G(x + p) = G(x) for x >= n0). */
static uint64_t
octal_big_g(octal_big *w, const bignum *x)
{
    uint64_t v, xr, n0r;
    if (bignum_to_u64(x, &v)) {
        return octal_g(w->o, v);
    }
    if (bignum_divmod_u64(NULL, x, w->p, &xr) != 0) {
        w->oom = 1;
        return 0;
    }
    n0r = w->n0 % w->p;
    return octal_g(w->o, w->n0 + (xr + w->p - n0r) % w->p);
}

/* x = n - k - s for small k and s (n is big: no borrow past zero). */
static int
octal_big_rest(bignum *x, const bignum *n, uint64_t k, uint64_t s)
{
    bignum *t = bignum_new();
    int r = t == NULL || bignum_set_u64(t, k) != 0 ||
            bignum_add_u64(t, t, s) != 0 || bignum_sub(x, n, t) != 0;
    bignum_free(t);
    return r ? -1 : 0;
}

/* The options of a big heap n removing k (digit bits b) worth want: one
 * heap n - k, splits a + (n - k - a) and triples a + b + (n - k - a - b),
 * the small parts over representatives below n0 + p (any larger small
 * part has the value of one p below it, and so the same option values).
 * With --all a split of a big heap repeats for every period: refused. */
static grundy_status
octal_big_k(octal_big *w, uint64_t k, unsigned bits, uint64_t want,
            grundy_error *err)
{
    const bignum *n = w->c->v[0];
    bignum **t = w->t;
    uint64_t span = w->n0 + w->p;
    if ((bits & SGSEQ_ONE) && !w->stop) {
        if (octal_big_rest(t[0], n, k, 0) != 0) {
            w->oom = 1;
        } else if (octal_big_g(w, t[0]) == want) {
            octal_big_emit(w, 1, k, t, 1);
        }
    }
    if ((bits & SGSEQ_TWO) && !w->stop && !w->oom) {
        for (uint64_t a = 1; a < span && !w->stop && !w->oom; a++) {
            if (octal_big_rest(t[1], n, k, a) != 0 ||
                bignum_set_u64(t[0], a) != 0) {
                w->oom = 1;
            } else if ((octal_g(w->o, a) ^ octal_big_g(w, t[1])) == want) {
                if (move_sink_wants_all(w->sink)) {
                    goto too_many;
                }
                octal_big_emit(w, a + 1, k, t, 2);
            }
        }
    }
    if ((bits & SGSEQ_THREE) && !w->stop && !w->oom) {
        if (span > OCTAL_BIG_TRIPLE_SPAN) {
            return err_set(err, GRUNDY_ELIMIT, -1,
                           "%s: splits in three of heaps beyond 2^64 - 1 "
                           "are searched when the period and preperiod "
                           "sum to at most %u (here %llu)", w->game->label,
                           OCTAL_BIG_TRIPLE_SPAN, (unsigned long long)span);
        }
        for (uint64_t a = 1; a < span && !w->stop && !w->oom; a++) {
            for (uint64_t b = a; b < span && !w->stop && !w->oom; b++) {
                if (octal_big_rest(t[2], n, k, a + b) != 0 ||
                    bignum_set_u64(t[0], a) != 0 ||
                    bignum_set_u64(t[1], b) != 0) {
                    w->oom = 1;
                } else if ((octal_g(w->o, a) ^ octal_g(w->o, b) ^
                            octal_big_g(w, t[2])) == want) {
                    if (move_sink_wants_all(w->sink)) {
                        goto too_many;
                    }
                    octal_big_emit(w, 0, k, t, 3);
                }
            }
        }
    }
    return GRUNDY_OK;
too_many:
    return err_set(err, GRUNDY_ELIMIT, -1,
                   "heap %zu of %s: a split of a heap beyond 2^64 - 1 "
                   "stands for more winning moves than can be listed (one "
                   "can be shown)", w->c->index, w->game->label);
}

/* The certified period of a code (general codes), computed or refused:
 * a heap beyond 64 bits is answered only by reduction. */
static grundy_status
octal_big_period(octal_big *w, grundy_error *err)
{
    octal *o = w->game->state;
    sgseq_env env = octal_env(w->game);
    grundy_error why;
    grundy_status st = GRUNDY_OK;
    uint64_t g;
    /* Asking for heap 2^64 - 1 runs the period search as far as the
     * limits allow; its refusal speaks of that probe, not of the heap
     * the user gave, so only a limit that stopped the search is passed
     * on as it is (its advice says what to raise), and running out of
     * memory as itself. */
    if (!sgseq_certified(o->seq, &w->p, &w->n0)) {
        st = sgseq_value(o->seq, UINT64_MAX, &env, &g, &why);
    }
    if (st == GRUNDY_ENOMEM) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    if (st != GRUNDY_OK && why.limit != GRUNDY_LIMIT_NONE) {
        return err_set(err, GRUNDY_ELIMIT, -1, "heaps beyond 2^64 - 1 need "
                       "a certified period: %s", why.message);
    }
    if (!sgseq_certified(o->seq, &w->p, &w->n0)) {
        char num[48], reason[160];
        /* The number itself while short (a digit bound: exact or one
         * more); the message must stay within err->message. */
        if (bignum_dec_size(w->c->v[0]) <= 40 &&
            bignum_to_dec(w->c->v[0], num) == 0) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        sgseq_why_no_period(o->seq, &env, reason, sizeof reason);
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "heap %zu of %s (%s) is beyond 2^64 - 1, where only "
                       "a certified period gives values, and %s has no "
                       "certified period: %s", w->c->index, w->game->label,
                       bignum_dec_size(w->c->v[0]) <= 40
                           ? num : "a number of 40 digits or more",
                       w->game->label, reason);
    }
    return GRUNDY_OK;
}

/* G of a heap of any size of a code whose period has a saltus s:
 * G(n0 + i) + k s for n = n0 + i + k p (the certificate). -1 when out of
 * memory. */
static int
octal_big_gv(octal_big *w, const bignum *x, bignum *sg)
{
    uint64_t v, i, s = sgseq_saltus(w->o->seq);
    if (bignum_to_u64(x, &v) && v < w->n0 + w->p) {
        return bignum_set_u64(sg, octal_g(w->o, v));
    }
    if (bignum_set_u64(sg, w->n0) != 0 || bignum_sub(sg, x, sg) != 0 ||
        bignum_divmod_u64(sg, sg, w->p, &i) != 0 ||
        bignum_mul_u64(sg, sg, s) != 0) {
        return -1;
    }
    return bignum_add_u64(sg, sg, octal_g(w->o, w->n0 + i));
}

/* d(k) for a removal of any size (a repeating group reads k mod r). */
static unsigned
octal_big_digit(const octal *o, const bignum *k, int *oom)
{
    uint64_t v, r;
    if (bignum_to_u64(k, &v)) {
        return v == 0 ? 0 : octal_digit(o, v);
    }
    if (o->nrep == 0) {
        return 0;
    }
    /* k > 2^64 - 1 > rep_from: (k - rep_from) mod r. */
    if (bignum_divmod_u64(NULL, k, o->nrep, &r) != 0) {
        *oom = 1;
        return 0;
    }
    return o->rep[(r + o->nrep - o->rep_from % o->nrep) % o->nrep];
}

/*
 * The option of value want of a heap beyond 64 bits of a code whose
 * period has a saltus, or of a repeating code. Codes that split heaps:
 * the certificate's witness (sgseq_arith3_option_big). Repeating codes
 * whose moves leave one heap: as octal_cert_options, the heap m worth
 * want is n0 + i + j P (P = lcm(p, r); at most one j per i with a
 * saltus, any j without) or below n0, and n reaches it when d(n - m)
 * allows. Listing every option is refused.
 */
static grundy_status
octal_big_saltus_far(octal_big *w, const bignum *want, grundy_error *err)
{
    const octal *o = w->o;
    const bignum *n = w->c->v[0];
    bignum **t = w->t;
    uint64_t want64, step, ds;
    unsigned np;
    if (move_sink_wants_all(w->sink)) {
        return octal_all_refused(err, "heap", w->c->index, w->game->label,
                                 OCTAL_DIRECT_TRIPLES);
    }
    if (sgseq_split_certified(o->seq)) {
        bignum *parts[3] = {t[0], t[1], t[2]};
        int r = sgseq_arith3_option_big(o->seq, n, want, t[3], parts, &np);
        if (r < 0) {
            w->oom = 1;
        } else if (r > 0) {
            octal_big_emit_parts(w, t[3], parts, np);
        }
        return GRUNDY_OK;
    }
    step = w->p / im_gcd(w->p, o->nrep) * o->nrep;
    ds = step / w->p * sgseq_saltus(o->seq);
    for (uint64_t m = 0; m < w->n0 && bignum_to_u64(want, &want64) &&
                         !w->oom && !w->stop; m++) {
        if (octal_g(o, m) == want64 && bignum_set_u64(t[0], m) == 0 &&
            bignum_sub(t[3], n, t[0]) == 0 &&
            (octal_big_digit(o, t[3], &w->oom) &
             (m == 0 ? SGSEQ_NOTHING : SGSEQ_ONE))) {
            octal_big_emit_k(w, 1, t[3], t, m == 0 ? 0 : 1);
        }
    }
    for (uint64_t i = 0; i < step && !w->oom && !w->stop; i++) {
        uint64_t base = w->n0 + i, g0 = octal_g(o, base), rem;
        if (ds == 0) {
            /* An ordinary period: every base + j step is worth g0, and
             * n reaches all of them or none (n - m mod r is fixed): the
             * first. */
            if (bignum_cmp_u64(want, g0) != 0) {
                continue;
            }
            w->oom |= bignum_set_u64(t[0], 0) != 0;
            rem = 0;
        } else if (bignum_cmp_u64(want, g0) < 0 ||
                   bignum_set_u64(t[0], g0) != 0 ||
                   bignum_sub(t[0], want, t[0]) != 0 ||
                   bignum_divmod_u64(t[0], t[0], ds, &rem) != 0) {
            w->oom |= bignum_cmp_u64(want, g0) >= 0;
            continue;
        }
        /* m = base + j step, j = (want - g0) / ds; n - m removed. */
        if (rem != 0 || bignum_mul_u64(t[0], t[0], step) != 0 ||
            bignum_add_u64(t[0], t[0], base) != 0 ||
            bignum_cmp(t[0], n) >= 0 || bignum_sub(t[3], n, t[0]) != 0) {
            continue;
        }
        if (octal_big_digit(o, t[3], &w->oom) &
            (bignum_is_zero(t[0]) ? SGSEQ_NOTHING : SGSEQ_ONE)) {
            octal_big_emit_k(w, 1, t[3], t, bignum_is_zero(t[0]) ? 0 : 1);
        }
    }
    return GRUNDY_OK;
}

/* sg = G(n) of a closed form (octal_closed_g) on exact numbers. */
static int
octal_big_closed(const octal *o, const bignum *n, bignum *sg)
{
    nat x = NAT_ZERO, g = NAT_ZERO;
    int r = nat_set_big(&x, n) != 0 || octal_closed_g(o, &x, &g) != 0 ||
                    nat_to_big(sg, &g) != 0
                ? -1
                : 0;
    nat_free(&x);
    nat_free(&g);
    return r;
}

static int octal_big_fits(grundy_game *game, const uint64_t *v, size_t n);

/* 1 when component c of a position answered in exact arithmetic (a
 * bigger number, or a value past 2^64 - 1, elsewhere in it) is a 64-bit
 * heap whose own value fits (octal_big_fits): the 64-bit path answers it,
 * value and options, certified period or not; its number in *n. */
static int
octal_big_small(grundy_game *game, const big_component *c, uint64_t *n)
{
    return bignum_to_u64(c->v[0], n) && octal_big_fits(game, n, 1);
}

static grundy_status
octal_big_value(grundy_game *game, const big_component *c, bignum *sg,
                grundy_error *err)
{
    octal *o = game->state;
    octal_big w = {game, o, c, NULL, 0, 0, {NULL}, 0, 0};
    grundy_status st;
    uint64_t n64, g;
    if (octal_big_small(game, c, &n64)) {
        if ((st = octal_value(game, &n64, 1, &g, err)) != GRUNDY_OK) {
            return st;
        }
        return bignum_set_u64(sg, g) != 0
                   ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                   : GRUNDY_OK;
    }
    if (o->lasker || o->identity || o->thirds) {
        return octal_big_closed(o, c->v[0], sg) != 0
                   ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                   : GRUNDY_OK;
    }
    if ((st = octal_big_period(&w, err)) != GRUNDY_OK) {
        return st;
    }
    if (sgseq_saltus(o->seq) != 0) {
        return octal_big_gv(&w, c->v[0], sg) != 0
                   ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                   : GRUNDY_OK;
    }
    if (bignum_set_u64(sg, octal_big_g(&w, c->v[0])) != 0 || w.oom) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

/* The closed forms' option of value want (octal_closed_option, written
 * once for heaps of any size). */
static void
octal_big_closed_option(octal_big *w, const bignum *want)
{
    nat n = NAT_ZERO, v = NAT_ZERO, part[3] = {NAT_ZERO, NAT_ZERO, NAT_ZERO};
    bignum **t = w->t;
    int kind = -1;
    if (nat_set_big(&n, w->c->v[0]) == 0 && nat_set_big(&v, want) == 0) {
        kind = octal_closed_option(w->o, &n, &v, part);
    }
    for (int i = 0; i < 3 && kind > 0; i++) {
        kind = nat_to_big(t[i], &part[i]) != 0 ? -1 : kind;
    }
    if (kind == OCTAL_CLOSED_TAKE) {
        /* Take n - m (t[1]), leaving heap m (nothing when m = 0). */
        octal_big_emit_k(w, 1, t[1], t, nat_is_zero(&part[0]) ? 0 : 1);
    } else if (kind == OCTAL_CLOSED_SPLIT) {
        octal_big_emit(w, 0, 0, t, 2);
    } else if (kind == OCTAL_CLOSED_TRIPLE) {
        octal_big_emit(w, 0, 1, t, 3);
    }
    w->oom |= kind < 0;
    nat_free(&n);
    nat_free(&v);
    for (int i = 0; i < 3; i++) {
        nat_free(&part[i]);
    }
}

/*
 * The options of a heap octal_big_small lets the 64-bit path answer:
 * octal_options with the same sink (a move renders alike whatever the
 * size of the other components). 1 when it applied (*st says how it
 * ended); 0 for the exact operations.
 */
static int
octal_big_small_heap(grundy_game *game, const big_component *c,
                     const bignum *want, move_sink *sink, grundy_status *st,
                     grundy_error *err)
{
    uint64_t n, w;
    component c64;
    if (!octal_big_small(game, c, &n)) {
        return 0;
    }
    if (!bignum_to_u64(want, &w) || w == GRUNDY_ANY_VALUE) {
        *st = GRUNDY_OK;   /* no option of a 64-bit value is worth more */
        return 1;
    }
    c64 = (component){.v = &n, .n = 1, .index = c->index};
    *st = octal_options(game, &c64, w, sink, err);
    return 1;
}

static grundy_status
octal_big_options(grundy_game *game, const big_component *c,
                  const bignum *want, move_sink *sink, grundy_error *err)
{
    octal *o = game->state;
    octal_big w = {game, o, c, sink, 0, 0, {NULL}, 0, 0};
    grundy_status st = GRUNDY_OK;
    uint64_t want64;
    for (int i = 0; i < 4; i++) {
        w.oom |= (w.t[i] = bignum_new()) == NULL;
    }
    if (!w.oom && octal_big_small_heap(game, c, want, sink, &st, err)) {
        /* answered by the 64-bit path */
    } else if (!w.oom && (o->lasker || o->identity || o->thirds)) {
        if (move_sink_wants_all(sink)) {
            st = octal_all_refused(err, "heap", c->index, game->label,
                                   OCTAL_LASKER_DIRECT);
        } else {
            octal_big_closed_option(&w, want);
        }
    } else if (!w.oom && (st = octal_big_period(&w, err)) == GRUNDY_OK &&
               (sgseq_saltus(o->seq) != 0 || o->nrep > 0)) {
        /* A repeating group: its removals are not in o->run, so the
         * general loop below would miss them. */
        st = octal_big_saltus_far(&w, want, err);
    } else if (!w.oom && st == GRUNDY_OK && bignum_to_u64(want, &want64)) {
        /* A general code's values are below 2^16: a bigger want has no
         * option. */
        for (size_t i = 0; i < o->nrun && st == GRUNDY_OK && !w.stop &&
                           !w.oom; i++) {
            for (uint64_t k = o->run[i].lo; k <= o->run[i].hi &&
                                            st == GRUNDY_OK && !w.stop &&
                                            !w.oom; k++) {
                st = octal_big_k(&w, k, o->run[i].bits, want64, err);
                if (k == UINT64_MAX) {
                    break;
                }
            }
        }
    }
    for (int i = 0; i < 4; i++) {
        bignum_free(w.t[i]);
    }
    if (st == GRUNDY_OK && w.oom) {
        st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return st;
}

/* Lasker's Nim at 2^64 - 1 is worth 2^64 (octal_lasker_g). A code
 * whose splits let values outgrow heaps (G(n + p) = G(n) + s, s > p:
 * octal:4.(7) has G(n) = 2n - 2) passes 2^64 - 1 near the top: its
 * period, certified here if need be (the probe's failure is left to the
 * 64-bit path, which meets it again and says so), decides. */
static int
octal_big_fits(grundy_game *game, const uint64_t *v, size_t n)
{
    octal *o = game->state;
    sgseq_env env;
    uint64_t g;
    grundy_error why;
    (void)n;
    if (o->lasker) {
        return v[0] != UINT64_MAX;
    }
    if (o->identity || o->thirds || !sgseq_may_outgrow(o->seq)) {
        return 1;
    }
    if (!sgseq_fits(o->seq, v[0])) {
        return 0;
    }
    if (v[0] < sgseq_length(o->seq) || sgseq_saltus(o->seq) != 0) {
        return 1;
    }
    env = octal_env(game);
    (void)sgseq_value(o->seq, v[0], &env, &g, &why);
    return sgseq_fits(o->seq, v[0]);
}

const family_big octal_big_ops = {
    .value = octal_big_value,
    .options = octal_big_options,
    .fits = octal_big_fits,
};
