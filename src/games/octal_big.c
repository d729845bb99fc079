/*
 * octal_big.c - heaps beyond 64 bits of take-and-break games (the
 * family_big operations): the moves of a big heap worded in bignums.
 * The mathematics is written once over nat.h for heaps of every size:
 * values from a certified period or a closed form (octal_g_nat), the
 * targets of a repeating code's certificate (octal_cert_targets), the
 * closed forms' option (octal_closed_option), the scan of removals and
 * splits of a code with an ordinary period (octal_options_scan); a heap
 * whose value fits goes the 64-bit way (octal_value, octal_options).
 */
#include "octal.h"
#include "bignum.h"

#include <stdlib.h>

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

/* octal_options_scan's words for a big heap (octal_emit_big_fn): the
 * parts, of any size, into bignums for the sink. */
static int
octal_big_emit_nat(void *big, uint64_t first, uint64_t k, const nat *parts,
                   size_t np)
{
    octal_big *w = big;
    for (size_t i = 0; i < np; i++) {
        if (nat_to_big(w->t[i], &parts[i]) != 0) {
            return -1;
        }
    }
    octal_big_emit(w, first, k, w->t, np);
    return w->oom ? -1 : w->stop;
}

/*
 * The options of value want of a big heap of a code whose period has no
 * saltus and no repeating group: the scan of the 64-bit path
 * (octal_options_scan, its splits by representatives), worded here. Its
 * values are below 2^16: a bigger want has no option.
 */
static grundy_status
octal_big_scan(octal_big *w, const bignum *want, grundy_error *err)
{
    component at = {.index = w->c->index};   /* for messages */
    octal_walk walk = {.o = w->o, .spec = w->game->label, .c = &at,
                       .sink = w->sink, .emit_big = octal_big_emit_nat,
                       .big = w};
    nat n = NAT_ZERO;
    grundy_status st = GRUNDY_OK;
    if (!bignum_to_u64(want, &walk.want) || walk.want == GRUNDY_ANY_VALUE) {
        return GRUNDY_OK;
    }
    if (nat_set_big(&n, w->c->v[0]) != 0) {
        w->oom = 1;
    } else {
        st = octal_options_scan(&walk, &n, err);
        w->oom |= walk.oom;
    }
    nat_free(&n);
    return st;
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

/* octal_cert_targets' visit for a big heap: the move to heap m (nothing
 * when m = 0) when n reaches it. */
static int
octal_big_visit(void *ctx, const nat *m, uint64_t step, int kind)
{
    octal_big *w = ctx;
    nat n = NAT_ZERO, k = NAT_ZERO;
    int r;
    (void)step;
    (void)kind;   /* n - m is past every digit run: one answer for all */
    if (nat_set_big(&n, w->c->v[0]) != 0 ||
        (r = octal_reaches_nat(w->o, &n, m)) < 0 || nat_sub(&k, &n, m) != 0 ||
        nat_to_big(w->t[0], m) != 0 || nat_to_big(w->t[3], &k) != 0) {
        w->oom = 1;
    } else if (r) {
        octal_big_emit_k(w, 1, w->t[3], w->t, nat_is_zero(m) ? 0 : 1);
    }
    nat_free(&n);
    nat_free(&k);
    return w->stop || w->oom;
}

/*
 * The option of value want of a heap beyond 64 bits of a code whose
 * period has a saltus, or of a repeating code. Codes that split heaps:
 * the certificate's witness (sgseq_arith3_option_big). Repeating codes
 * whose moves leave one heap: the targets of the certificate, as for
 * 64-bit heaps (octal_cert_targets). Listing every option is refused.
 */
static grundy_status
octal_big_saltus_far(octal_big *w, const bignum *want, grundy_error *err)
{
    const octal *o = w->o;
    bignum **t = w->t;
    nat n = NAT_ZERO, v = NAT_ZERO;
    unsigned np;
    if (move_sink_wants_all(w->sink)) {
        return octal_all_refused(err, "heap", w->c->index, w->game->label,
                                 OCTAL_DIRECT_TRIPLES);
    }
    if (sgseq_split_certified(o->seq)) {
        bignum *parts[3] = {t[0], t[1], t[2]};
        int r = sgseq_arith3_option_big(o->seq, w->c->v[0], want, t[3], parts,
                                        &np);
        if (r < 0) {
            w->oom = 1;
        } else if (r > 0) {
            octal_big_emit_parts(w, t[3], parts, np);
        }
        return GRUNDY_OK;
    }
    if (nat_set_big(&n, w->c->v[0]) != 0 || nat_set_big(&v, want) != 0 ||
        octal_cert_targets(o, &n, &v, octal_big_visit, w) != 0) {
        w->oom = 1;
    }
    nat_free(&n);
    nat_free(&v);
    return GRUNDY_OK;
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
    grundy_status st = GRUNDY_OK;
    nat x = NAT_ZERO, g = NAT_ZERO;
    uint64_t n64, g64;
    if (octal_big_small(game, c, &n64)) {
        if ((st = octal_value(game, &n64, 1, &g64, err)) != GRUNDY_OK) {
            return st;
        }
        return bignum_set_u64(sg, g64) != 0
                   ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                   : GRUNDY_OK;
    }
    /* A closed form, or the certified period (octal_g_nat either way:
     * the reduction 64-bit heaps take). */
    if (!(o->lasker || o->identity || o->thirds) &&
        (st = octal_big_period(&w, err)) != GRUNDY_OK) {
        return st;
    }
    if (nat_set_big(&x, c->v[0]) != 0 || octal_g_nat(o, &x, &g) != 0 ||
        nat_to_big(sg, &g) != 0) {
        st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    nat_free(&x);
    nat_free(&g);
    return st;
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
    } else if (!w.oom && st == GRUNDY_OK) {
        st = octal_big_scan(&w, want, err);
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
