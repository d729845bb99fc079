/*
 * moore.c - Moore's Nim_K: one component holds every heap of one game; a
 * move takes any positive amounts from 1 to K heaps at once. Outcome and
 * a winning move by Moore's theorem (normal play) and the misere rule
 * proved below; values only for K = 1 (Nim) and for small positions by
 * search. It never guesses a value: otherwise it says it is unknown.
 */
#include "family.h"
#include "intmath.h"
#include "bignum.h"

#include <stdlib.h>
#include <string.h>

/* Most options listed one by one (--all, the misere search of sums). */
#define MO_LIST_MAX ((uint64_t)1 << 20)
/* Values for K >= 2 by search: positions below the component, the
 * product of (h_i + 1), at most this many (the search visits each once
 * and each of its options). */
#define MO_SEARCH_MAX 4096u
#define MO_SEARCH_HEAPS 12u

typedef struct mo_state {
    uint64_t k;
} mo_state;

static uint64_t
mo_k(const grundy_game *game)
{
    return ((const mo_state *)game->state)->k;
}

/*
 * Moore's theorem (E. H. Moore, "A generalization of the game called
 * Nim", Annals of Math. 11 (1910); Ferguson, Game Theory, Part I, 2.5):
 * the mover loses iff for every bit position the number of heaps with
 * that bit set is divisible by K + 1.
 */
static int
mo_normal_lose(const uint64_t *h, size_t n, uint64_t k)
{
    for (unsigned bit = 0; bit < 64; bit++) {
        uint64_t c = 0;
        for (size_t i = 0; i < n; i++) {
            c += (h[i] >> bit) & 1;
        }
        if (c % (k + 1) != 0) {
            return 0;
        }
    }
    return 1;
}

/*
 * Misere play (proved here, in the way of Bouton's misere Nim):
 *   all heaps <= 1: the mover loses iff the number of 1s is 1 mod (K+1)
 *     (a subtraction game taking 1..K; no move: the mover wins);
 *   some heap >= 2: the mover loses iff the normal-play rule says so.
 * A normal-play loss with a heap >= 2 has some bit >= 1 set in at least
 * K + 1 heaps, so every move leaves a heap >= 2 and a normal-play win.
 * A normal-play win with s heaps >= 2: when s <= K one move makes them
 * all 0 or 1 and removes up to K - s ones, which reaches every count of
 * ones from o - min(o, K - s) to o + s, and so one that is 1 mod (K+1)
 * (K + 1 consecutive counts, or 0..o+s with o + s >= 1); when s > K the
 * normal-play winning move leaves a heap >= 2 and a normal-play loss.
 */
static int
mo_misere_lose(const uint64_t *h, size_t n, uint64_t k)
{
    uint64_t ones = 0;
    for (size_t i = 0; i < n; i++) {
        if (h[i] >= 2) {
            return mo_normal_lose(h, n, k);
        }
        ones += h[i];
    }
    return ones % (k + 1) == 1;
}

static int
mo_lose(const uint64_t *h, size_t n, uint64_t k, int misere)
{
    return misere ? mo_misere_lose(h, n, k) : mo_normal_lose(h, n, k);
}

/* Emits c -> to (some heaps lowered). */
static int
mo_emit(move_sink *sink, const component *c, const uint64_t *to)
{
    strbuf e = {0};
    size_t arity = c->n, changed = 0;
    int r = -1;
    for (size_t i = 0; i < c->n; i++) {
        if (to[i] == c->v[i]) {
            continue;
        }
        util_sb_put(&e, changed++ == 0 ? "take " : ", ");
        util_sb_put_u64(&e, c->v[i] - to[i]);
        util_sb_put(&e, " from heap ");
        util_sb_put_u64(&e, i + 1);
    }
    util_sb_put(&e, " of game ");
    util_sb_put_u64(&e, c->index);
    util_sb_put_change(&e, c->v, to, c->n);
    if (!e.oom) {
        r = move_emit(sink, c, 1, &arity, to, e.s);
    }
    free(e.s);
    return r;
}

/*
 * The constructive proof of Moore's theorem, a normal-play winning move
 * into to[] (h is a normal-play win): bits from the top; S is the set of
 * heaps already lowered (at a higher bit), whose lower bits are free. At
 * bit j, with m = (heaps outside S with bit j set) mod (K+1) != 0: when
 * |S| + m <= K, clear bit j in m more such heaps (they join S, lowered);
 * else |S| >= K + 1 - m, and K + 1 - m heaps of S get bit j set. Free
 * bits of S are cleared otherwise. At the top such bit S is empty, so at
 * least one heap is lowered, and |S| never passes K.
 */
static void
mo_normal_move(const uint64_t *h, size_t n, uint64_t k, uint64_t *to,
               unsigned char *in_s)
{
    uint64_t s = 0;
    memcpy(to, h, n * sizeof *to);
    memset(in_s, 0, n);
    for (unsigned bit = 64; bit-- > 0;) {
        uint64_t b = (uint64_t)1 << bit, c = 0, m;
        for (size_t i = 0; i < n; i++) {
            if (in_s[i]) {
                to[i] &= ~b; /* free: cleared unless set below */
            } else {
                c += (h[i] & b) != 0;
            }
        }
        m = c % (k + 1);
        if (m == 0) {
            continue;
        }
        if (s + m <= k) {
            for (size_t i = 0; i < n && m > 0; i++) {
                if (!in_s[i] && (h[i] & b)) {
                    in_s[i] = 1;
                    to[i] = (h[i] & ~(b | (b - 1))); /* lower bits free */
                    s++;
                    m--;
                }
            }
        } else {
            uint64_t set = k + 1 - m;
            for (size_t i = 0; i < n && set > 0; i++) {
                if (in_s[i]) {
                    to[i] |= b;
                    set--;
                }
            }
        }
    }
}

/* A misere winning move into to[] (h is a misere win with a move). */
static void
mo_misere_move(const uint64_t *h, size_t n, uint64_t k, uint64_t *to,
               unsigned char *in_s)
{
    uint64_t ones = 0, big = 0;
    for (size_t i = 0; i < n; i++) {
        big += h[i] >= 2;
        ones += h[i] == 1;
    }
    if (big > k) {
        mo_normal_move(h, n, k, to, in_s);
        return;
    }
    memcpy(to, h, n * sizeof *to);
    /* t of the big heaps become 1 (the rest 0), r ones are removed:
     * ones - r + t = 1 mod (K+1), r <= min(ones, K - big) (see
     * mo_misere_lose: some t in 0..big works). */
    for (uint64_t t = 0; t <= big; t++) {
        uint64_t need = (ones + t + k) % (k + 1); /* r = ones + t - 1 */
        uint64_t room = k - big < ones ? k - big : ones;
        if (need <= room && (big > 0 || need > 0)) {
            uint64_t set = t, drop = need;
            for (size_t i = 0; i < n; i++) {
                if (h[i] >= 2) {
                    to[i] = set > 0 ? 1 : 0;
                    set -= set > 0;
                } else if (h[i] == 1 && drop > 0) {
                    to[i] = 0;
                    drop--;
                }
            }
            return;
        }
    }
}

/* Walks every option of c (up to K heaps lowered, each to every smaller
 * size), calling back with each; stops when it returns non-zero. */
typedef int (*mo_visit)(void *user, const uint64_t *to);

static int
mo_walk(const component *c, uint64_t k, uint64_t *to, size_t from,
        uint64_t used, mo_visit fn, void *user)
{
    for (size_t i = from; i < c->n; i++) {
        for (uint64_t t = c->v[i]; t-- > 0;) {
            int r;
            to[i] = t;
            r = fn(user, to);
            if (r == 0 && used + 1 < k) {
                r = mo_walk(c, k, to, i + 1, used + 1, fn, user);
            }
            to[i] = c->v[i];
            if (r != 0) {
                return r;
            }
        }
    }
    return 0;
}

/* The number of options of c, saturating above cap. */
static uint64_t
mo_count(const uint64_t *h, size_t n, uint64_t k, uint64_t cap)
{
    /* e[j]: ways to lower exactly j of the heaps seen so far. */
    uint64_t e[64] = {1}, total = 0;
    uint64_t kk = k < 63 ? k : 63;
    for (size_t i = 0; i < n; i++) {
        for (uint64_t j = kk; j >= 1; j--) {
            im_u128 add = (im_u128)e[j - 1] * h[i];
            add += e[j];
            e[j] = add > cap ? cap + 1 : (uint64_t)add;
        }
    }
    for (uint64_t j = 1; j <= kk; j++) {
        total += e[j];
        if (total > cap) {
            return cap + 1;
        }
    }
    /* Beyond 63 heaps lowered at once the count is large anyway. */
    return k > 63 && n > 63 ? cap + 1 : total;
}

/* ---- values ------------------------------------------------------------ */

/* Grundy values of every position below h (each heap at most h_i), in a
 * mixed-radix table: lowering heaps lowers the index, so one pass in
 * index order sees every option first. */
typedef struct mo_table {
    size_t n;          /* heaps */
    uint64_t radix[MO_SEARCH_HEAPS];
    size_t size;
    uint16_t *g;
} mo_table;

/* Marks in seen[] the values of the options of position x (digits d):
 * up to k of the heaps from `from` on lowered. */
static void
mo_mark(const mo_table *t, const uint64_t *d, size_t x, size_t from,
        uint64_t left, size_t *stride, unsigned char *seen)
{
    for (size_t i = from; i < t->n; i++) {
        for (uint64_t v = 1; v <= d[i]; v++) {
            size_t y = x - (size_t)v * stride[i];
            seen[t->g[y]] = 1;
            if (left > 1) {
                uint64_t dd[MO_SEARCH_HEAPS];
                memcpy(dd, d, t->n * sizeof *dd);
                dd[i] -= v;
                mo_mark(t, dd, y, i + 1, left - 1, stride, seen);
            }
        }
    }
}

static grundy_status
mo_search(const uint64_t *h, size_t n, uint64_t k, mo_table *t,
          grundy_error *err)
{
    size_t stride[MO_SEARCH_HEAPS], size = 1;
    unsigned char *seen;
    t->n = 0;
    t->g = NULL;
    for (size_t i = 0; i < n; i++) {
        if (h[i] == 0) {
            continue; /* an empty heap takes no part */
        }
        if (t->n == MO_SEARCH_HEAPS || h[i] >= MO_SEARCH_MAX ||
            size * (h[i] + 1) > MO_SEARCH_MAX) {
            return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                           "moore:%llu: Grundy values of Moore's Nim with "
                           "K >= 2 have no known closed form; grundy "
                           "computes them by search for games of at most "
                           "%u positions (the product of heap + 1), and "
                           "this one has more; a game standing alone gets "
                           "its exact outcome and move",
                           (unsigned long long)k, MO_SEARCH_MAX);
        }
        stride[t->n] = size;
        t->radix[t->n++] = h[i] + 1;
        size *= (size_t)h[i] + 1;
    }
    t->size = size;
    t->g = malloc(size * sizeof *t->g);
    seen = malloc(size + 1);
    if (t->g == NULL || seen == NULL) {
        free(t->g);
        free(seen);
        t->g = NULL;
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (size_t x = 0; x < size; x++) {
        uint64_t d[MO_SEARCH_HEAPS];
        size_t r = x, m = 0;
        for (size_t i = 0; i < t->n; i++) {
            d[i] = r % t->radix[i];
            r /= t->radix[i];
        }
        memset(seen, 0, size + 1);
        mo_mark(t, d, x, 0, k, stride, seen);
        while (seen[m]) {
            m++;
        }
        t->g[x] = (uint16_t)m;
    }
    free(seen);
    return GRUNDY_OK;
}

/* The table index of heaps v (the non-empty heaps of the searched h). */
static size_t
mo_index(const mo_table *t, const uint64_t *h, const uint64_t *v, size_t n)
{
    size_t x = 0, stride = 1, j = 0;
    for (size_t i = 0; i < n; i++) {
        if (h[i] == 0) {
            continue;
        }
        x += (size_t)v[i] * stride;
        stride *= (size_t)t->radix[j++];
    }
    return x;
}

/* K = 1 is Nim on the component's heaps: G is their XOR (Bouton). A
 * value, or an option's value (g ^ h_i ^ t, t < h_i), of 2^64 - 1 is
 * the solver's "any value" (solve.c options_of): refused. */
static grundy_status
mo_nim_value(const uint64_t *h, size_t n, uint64_t *sg, grundy_error *err)
{
    uint64_t g = 0;
    for (size_t i = 0; i < n; i++) {
        g ^= h[i];
    }
    for (size_t i = 0; i < n; i++) {
        if (g == UINT64_MAX || ~(g ^ h[i]) < h[i]) {
            return err_set(err, GRUNDY_ELIMIT, -1,
                           "moore:1: this game or one of its options is "
                           "worth 2^64 - 1; values up to 2^64 - 2 are "
                           "answered");
        }
    }
    *sg = g;
    return GRUNDY_OK;
}

static grundy_status
mo_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
         grundy_error *err)
{
    uint64_t k = mo_k(game);
    mo_table t;
    grundy_status st;
    if (k == 1) {
        return mo_nim_value(v, n, sg, err);
    }
    if ((st = mo_search(v, n, k, &t, err)) != GRUNDY_OK) {
        return st;
    }
    *sg = t.g[t.size - 1];
    free(t.g);
    return GRUNDY_OK;
}

/* ---- options and moves ------------------------------------------------- */

typedef struct mo_walker {
    move_sink *sink;
    const component *c;
    uint64_t k;
    int mode;            /* 0 every option, 1 losing ones (Moore), 2
                          * those of value want (table) */
    int misere;
    const mo_table *t;
    uint64_t want;
    int oom;
} mo_walker;

static int
mo_visit_one(void *user, const uint64_t *to)
{
    mo_walker *w = user;
    int r;
    if (w->mode == 1 && !mo_lose(to, w->c->n, w->k, w->misere)) {
        return 0;
    }
    if (w->mode == 2 &&
        w->t->g[mo_index(w->t, w->c->v, to, w->c->n)] != w->want) {
        return 0;
    }
    r = mo_emit(w->sink, w->c, to);
    w->oom |= r < 0;
    return r;
}

/* Walks every option of c through mo_visit_one in the given mode;
 * refused beyond MO_LIST_MAX options. */
static grundy_status
mo_walk_all(mo_walker *w, grundy_error *err)
{
    const component *c = w->c;
    uint64_t *to;
    if (mo_count(c->v, c->n, w->k, MO_LIST_MAX) > MO_LIST_MAX) {
        return err_set(err, GRUNDY_ELIMIT, -1,
                       "moore: game %zu has too many options to list them "
                       "all (more than %llu)", c->index,
                       (unsigned long long)MO_LIST_MAX);
    }
    to = malloc(c->n * sizeof *to);
    if (to == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    memcpy(to, c->v, c->n * sizeof *to);
    (void)mo_walk(c, w->k, to, 0, 0, mo_visit_one, w);
    free(to);
    return w->oom ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                  : GRUNDY_OK;
}

static grundy_status
mo_options(grundy_game *game, const component *c, uint64_t want,
           move_sink *sink, grundy_error *err)
{
    uint64_t k = mo_k(game);
    mo_walker w = {sink, c, k, 0, 0, NULL, want, 0};
    mo_table t;
    grundy_status st;
    if (want == GRUNDY_ANY_VALUE) {
        return mo_walk_all(&w, err);
    }
    if (k == 1) {
        /* Nim: heap i to t = h_i ^ g ^ want when that is lower; each
         * such option changes a different heap. */
        uint64_t g = 0, *to = malloc(c->n * sizeof *to);
        int r = 0;
        if (to == NULL) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        memcpy(to, c->v, c->n * sizeof *to);
        for (size_t i = 0; i < c->n; i++) {
            g ^= c->v[i];
        }
        for (size_t i = 0; i < c->n && r == 0; i++) {
            uint64_t x = c->v[i] ^ g ^ want;
            if (x < c->v[i]) {
                to[i] = x;
                r = mo_emit(sink, c, to);
                to[i] = c->v[i];
            }
        }
        free(to);
        return r < 0 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                     : GRUNDY_OK;
    }
    if ((st = mo_search(c->v, c->n, k, &t, err)) != GRUNDY_OK) {
        return st;
    }
    w.mode = 2;
    w.t = &t;
    st = mo_walk_all(&w, err);
    free(t.g);
    return st;
}

/* A game standing alone: Moore's theorem (or the misere rule) for the
 * outcome; the constructive move, or with --all every option that the
 * rule says loses. */
static grundy_status
mo_solve_alone(grundy_game *game, const component *c, int misere,
               move_sink *sink, int *win, grundy_error *err)
{
    uint64_t k = mo_k(game), *to;
    unsigned char *in_s;
    int any = 0, r;
    for (size_t i = 0; i < c->n; i++) {
        any |= c->v[i] != 0;
    }
    *win = !mo_lose(c->v, c->n, k, misere);
    if (!*win || !any) {
        return GRUNDY_OK; /* a loss, or (misere) no move: nothing to do */
    }
    if (move_sink_wants_all(sink)) {
        mo_walker w = {sink, c, k, 1, misere, NULL, 0, 0};
        return mo_walk_all(&w, err);
    }
    to = malloc(c->n * sizeof *to);
    in_s = malloc(c->n);
    if (to == NULL || in_s == NULL) {
        free(to);
        free(in_s);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    if (misere) {
        mo_misere_move(c->v, c->n, k, to, in_s);
    } else {
        mo_normal_move(c->v, c->n, k, to, in_s);
    }
    r = mo_emit(sink, c, to);
    free(to);
    free(in_s);
    return r < 0 ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
                 : GRUNDY_OK;
}

static grundy_status
mo_create(grundy_game *game, const char *param, size_t len,
          grundy_error *err)
{
    char q[96];
    uint64_t k;
    int r = util_parse_u64(param, len, &k);
    mo_state *st;
    util_quote_token(q, sizeof q, param, len);
    if (r == -1) {
        return err_set(err, GRUNDY_ESPEC, 0,
                       "K = %s is not a decimal number; write e.g. moore:2",
                       q);
    }
    /* K < 2^63 keeps K + 1 and the sums of the misere rule in range. */
    if (r == -2 || k == 0 || k >= (uint64_t)1 << 63) {
        return err_set(err, GRUNDY_ESPEC, 0,
                       "K = %s is out of range: moore:K takes from 1 to K "
                       "heaps, K from 1 to 9223372036854775807", q);
    }
    st = malloc(sizeof *st);
    if (st == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    st->k = k;
    game->state = st;
    return GRUNDY_OK;
}

static void
mo_destroy(grundy_game *game)
{
    free(game->state);
    game->state = NULL;
}

/* ---- heaps beyond 64 bits ---------------------------------------------- */

/* Most decimal digits of a heap answered: the move is built on 64-bit
 * words and read back into a number word by word (quadratic in the
 * length: about a second at this size). */
#define MO_BIG_DIGITS 100000u

/* The heaps of a big game as little-endian words, w words each. */
typedef struct mo_words {
    size_t n, w;
    uint64_t *h;      /* h[i * w + j] */
    uint64_t *to;     /* the move's heaps, same layout */
    unsigned char *in_s;
} mo_words;

static int
mo_wbit(const uint64_t *x, size_t bit)
{
    return (int)((x[bit / 64] >> (bit % 64)) & 1);
}

/* Moore's test on words (mo_normal_lose). */
static int
mo_words_lose(const mo_words *mw, const uint64_t *x, uint64_t k)
{
    for (size_t bit = 0; bit < mw->w * 64; bit++) {
        uint64_t c = 0;
        for (size_t i = 0; i < mw->n; i++) {
            c += (uint64_t)mo_wbit(x + i * mw->w, bit);
        }
        if (c % (k + 1) != 0) {
            return 0;
        }
    }
    return 1;
}

/* mo_normal_move on words. */
static void
mo_words_move(mo_words *mw, uint64_t k)
{
    size_t w = mw->w;
    uint64_t s = 0;
    memcpy(mw->to, mw->h, mw->n * w * sizeof *mw->to);
    memset(mw->in_s, 0, mw->n);
    for (size_t bit = w * 64; bit-- > 0;) {
        uint64_t b = (uint64_t)1 << (bit % 64), c = 0, m;
        size_t at = bit / 64;
        for (size_t i = 0; i < mw->n; i++) {
            if (mw->in_s[i]) {
                mw->to[i * w + at] &= ~b;
            } else {
                c += (uint64_t)mo_wbit(mw->h + i * w, bit);
            }
        }
        m = c % (k + 1);
        if (m == 0) {
            continue;
        }
        if (s + m <= k) {
            for (size_t i = 0; i < mw->n && m > 0; i++) {
                if (!mw->in_s[i] && mo_wbit(mw->h + i * w, bit)) {
                    mw->in_s[i] = 1;
                    /* bit and all below cleared: free from here down */
                    mw->to[i * w + at] &= ~(b | (b - 1));
                    memset(mw->to + i * w, 0, at * sizeof *mw->to);
                    s++;
                    m--;
                }
            }
        } else {
            uint64_t set = k + 1 - m;
            for (size_t i = 0; i < mw->n && set > 0; i++) {
                if (mw->in_s[i]) {
                    mw->to[i * w + at] |= b;
                    set--;
                }
            }
        }
    }
}

/* x = the number of words v[0..w). */
static int
mo_from_words(bignum *x, const uint64_t *v, size_t w)
{
    if (bignum_set_u64(x, 0) != 0) {
        return -1;
    }
    for (size_t j = w; j-- > 0;) {
        if (bignum_shl(x, x, 64) != 0 || bignum_add_u64(x, x, v[j]) != 0) {
            return -1;
        }
    }
    return 0;
}

/* Emits the big game c -> to (bignums), in mo_emit's words. */
static int
mo_big_emit(move_sink *sink, const big_component *c, bignum *const *to)
{
    strbuf e = {0};
    size_t arity = c->n, changed = 0;
    bignum *d = bignum_new();
    int r = -1;
    for (size_t i = 0; d != NULL && i < c->n; i++) {
        if (bignum_cmp(to[i], c->v[i]) == 0) {
            continue;
        }
        if (bignum_sub(d, c->v[i], to[i]) != 0) {
            goto out;
        }
        util_sb_put(&e, changed++ == 0 ? "take " : ", ");
        util_sb_put_big(&e, d);
        util_sb_put(&e, " from heap ");
        util_sb_put_u64(&e, i + 1);
    }
    util_sb_put(&e, " of game ");
    util_sb_put_u64(&e, c->index);
    util_sb_put(&e, " (");
    for (size_t i = 0; i < c->n; i++) {
        util_sb_put(&e, i > 0 ? "," : "");
        util_sb_put_big(&e, c->v[i]);
    }
    util_sb_put(&e, " -> ");
    for (size_t i = 0; i < c->n; i++) {
        util_sb_put(&e, i > 0 ? "," : "");
        util_sb_put_big(&e, to[i]);
    }
    util_sb_put(&e, ")");
    if (d != NULL && !e.oom) {
        r = move_emit_big(sink, c, 1, &arity, to, e.s);
    }
out:
    bignum_free(d);
    free(e.s);
    return r;
}

/*
 * A lone game with a heap beyond 64 bits: Moore's theorem and its
 * constructive move on 64-bit words. Such a heap is >= 2, so misere play
 * follows the normal-play verdict (mo_misere_lose); its move makes the
 * heaps >= 2 all 0 or 1 when at most K of them are (mo_misere_move),
 * else it is the normal-play move.
 */
static grundy_status
mo_big_solve_alone(grundy_game *game, const big_component *c, int misere,
                   move_sink *sink, int *win, grundy_error *err)
{
    uint64_t k = mo_k(game), bigs = 0;
    size_t bits = 0;
    mo_words mw = {c->n, 0, NULL, NULL, NULL};
    bignum **to = NULL;
    grundy_status st = GRUNDY_OK;
    for (size_t i = 0; i < c->n; i++) {
        size_t b = bignum_bits(c->v[i]);
        if (bignum_dec_size(c->v[i]) > MO_BIG_DIGITS) {
            return err_set(err, GRUNDY_ELIMIT, -1,
                           "moore: heaps of more than %u digits are not "
                           "answered (the move is built word by word, in "
                           "time that grows with the square of the "
                           "length): a fixed bound no setting raises",
                           MO_BIG_DIGITS);
        }
        bits = b > bits ? b : bits;
        bigs += bignum_cmp_u64(c->v[i], 2) >= 0;
    }
    mw.w = (bits + 63) / 64;
    mw.h = calloc(c->n * mw.w, sizeof *mw.h);
    mw.to = calloc(c->n * mw.w, sizeof *mw.to);
    mw.in_s = malloc(c->n);
    to = calloc(c->n, sizeof *to);
    if (mw.h == NULL || mw.to == NULL || mw.in_s == NULL || to == NULL) {
        st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < c->n; i++) {
        for (size_t bit = bignum_bits(c->v[i]); bit-- > 0;) {
            if (bignum_bit(c->v[i], bit)) {
                mw.h[i * mw.w + bit / 64] |= (uint64_t)1 << (bit % 64);
            }
        }
    }
    (void)misere; /* a heap >= 2 is there: the normal-play verdict */
    *win = !mo_words_lose(&mw, mw.h, k);
    if (!*win) {
        goto out;
    }
    if (move_sink_wants_all(sink)) {
        st = err_set(err, GRUNDY_ELIMIT, -1,
                     "moore: game %zu has too many options to list them "
                     "all (more than %llu)", c->index,
                     (unsigned long long)MO_LIST_MAX);
        goto out;
    }
    if (misere && bigs <= k) {
        /* mo_misere_move: t of the heaps >= 2 become 1, need ones go. */
        uint64_t ones = 0;
        for (size_t i = 0; i < c->n; i++) {
            ones += bignum_cmp_u64(c->v[i], 1) == 0;
        }
        memcpy(mw.to, mw.h, c->n * mw.w * sizeof *mw.to);
        for (uint64_t t = 0; t <= bigs; t++) {
            uint64_t need = (ones + t + k) % (k + 1);
            uint64_t room = k - bigs < ones ? k - bigs : ones;
            if (need <= room) {
                uint64_t set = t, drop = need;
                for (size_t i = 0; i < c->n; i++) {
                    uint64_t *x = mw.to + i * mw.w;
                    if (bignum_cmp_u64(c->v[i], 2) >= 0) {
                        memset(x, 0, mw.w * sizeof *x);
                        x[0] = set > 0;
                        set -= set > 0;
                    } else if (x[0] == 1 && drop > 0) {
                        x[0] = 0;
                        drop--;
                    }
                }
                break;
            }
        }
    } else {
        mo_words_move(&mw, k);
    }
    for (size_t i = 0; i < c->n; i++) {
        if ((to[i] = bignum_new()) == NULL ||
            mo_from_words(to[i], mw.to + i * mw.w, mw.w) != 0) {
            st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
            goto out;
        }
    }
    if (mo_big_emit(sink, c, to) < 0) {
        st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
out:
    for (size_t i = 0; to != NULL && i < c->n; i++) {
        bignum_free(to[i]);
    }
    free(to);
    free(mw.h);
    free(mw.to);
    free(mw.in_s);
    return st;
}

/* K = 1 is Nim on the heaps: the value is their XOR, any size; no value
 * is known for K >= 2 beyond 64 bits (mo_search needs small heaps). */
static grundy_status
mo_big_value(grundy_game *game, const big_component *c, bignum *sg,
             grundy_error *err)
{
    if (mo_k(game) != 1) {
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "moore:%llu: Grundy values of Moore's Nim with "
                       "K >= 2 have no known closed form, and heaps beyond "
                       "2^64 - 1 are far past grundy's search; a game "
                       "standing alone gets its exact outcome and move",
                       (unsigned long long)mo_k(game));
    }
    if (bignum_set_u64(sg, 0) != 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (size_t i = 0; i < c->n; i++) {
        if (bignum_xor(sg, sg, c->v[i]) != 0) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
    }
    return GRUNDY_OK;
}

/* K = 1: the options of value want lower heap i to h_i ^ g ^ want where
 * that is lower (Nim; a different heap each, so each emitted once). */
static grundy_status
mo_big_options(grundy_game *game, const big_component *c, const bignum *want,
               move_sink *sink, grundy_error *err)
{
    bignum *g = bignum_new(), *t = bignum_new();
    bignum **to = calloc(c->n, sizeof *to);
    grundy_status st = GRUNDY_OK;
    int r = 0, oom = g == NULL || t == NULL || to == NULL;
    if (!oom && mo_k(game) != 1) {
        st = mo_big_value(game, c, g, err);
        goto out;
    }
    for (size_t i = 0; !oom && i < c->n; i++) {
        oom = (to[i] = bignum_new()) == NULL ||
              bignum_copy(to[i], c->v[i]) != 0;
    }
    if (!oom && (st = mo_big_value(game, c, g, err)) != GRUNDY_OK) {
        goto out;
    }
    for (size_t i = 0; !oom && r == 0 && i < c->n; i++) {
        oom = bignum_xor(t, c->v[i], g) != 0 || bignum_xor(t, t, want) != 0;
        if (!oom && bignum_cmp(t, c->v[i]) < 0) {
            oom = bignum_copy(to[i], t) != 0;
            r = oom ? 0 : mo_big_emit(sink, c, to);
            oom = oom || r < 0 || bignum_copy(to[i], c->v[i]) != 0;
        }
    }
out:
    if (oom) {
        st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (size_t i = 0; to != NULL && i < c->n; i++) {
        bignum_free(to[i]);
    }
    free(to);
    bignum_free(g);
    bignum_free(t);
    return st;
}

static const family_big mo_big = {
    .value = mo_big_value,
    .options = mo_big_options,
    .solve_alone = mo_big_solve_alone,
};

/* No misere sum rule: a sum in misere play goes to the exhaustive
 * search; a game alone is answered by mo_solve_alone. */
const family moore_family = {
    .name = "moore",
    .info = {"moore:K",
             "Moore's Nim_K: take any positive amounts from 1 to K heaps "
             "at once (K >= 1; one component holds every heap)",
             "heaps h1,h2,..."},
    .unit = "game",
    .flags = FAMILY_CLOSED_FORM,
    .param = FAMILY_PARAM_REQUIRED,
    .param_text = "K, the most heaps one move may take from, e.g. moore:2",
    .create = mo_create,
    .destroy = mo_destroy,
    .value = mo_value,
    .options = mo_options,
    .solve_alone = mo_solve_alone,
    .big = &mo_big,
};
