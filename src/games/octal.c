/*
 * octal.c - heap games given by take-and-break rules: octal codes
 * (octal:0.d1d2..., octal:4.d1d2...), stripes (digit 7 at each k), the
 * subtraction games sub:S (digit 3 at each s), and the aliases kayles
 * (0.77) and dawson (0.07). Values come from sgseq; this file parses the
 * parameters and lists options in words.
 */
#include "family.h"
#include "sgseq.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* --all never lists more options of one component than this. */
#define OCTAL_MAX_LISTED ((uint64_t)1 << 20)
/* Splits of a certified heap are scanned directly up to this many. */
#define OCTAL_DIRECT_SPLITS ((uint64_t)1 << 16)

typedef struct octal {
    sgseq *seq;
    uint64_t *k;     /* removal sizes with a move, ascending */
    unsigned *bits;  /* SGSEQ_NOTHING | SGSEQ_ONE | SGSEQ_TWO for each k */
    size_t nk;
    int sub;         /* subtraction game: heaps, never rows, never split */
} octal;

/* ---- creating games --------------------------------------------------- */

static int
octal_cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/*
 * Makes game->state from the sizes k[0..n) (sorted here, duplicates
 * merged) all with the same bits, or from parallel arrays when bits is
 * not NULL. Takes ownership of k.
 */
static grundy_status
octal_make(grundy_game *game, uint64_t *k, const unsigned *bits,
           unsigned all_bits, size_t n, int sub, grundy_error *err)
{
    octal *o = calloc(1, sizeof *o);
    size_t m = 0;

    if (o == NULL || (o->bits = malloc((n + 1) * sizeof *o->bits)) == NULL) {
        free(o);
        free(k);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    if (bits == NULL) {
        qsort(k, n, sizeof *k, octal_cmp_u64);
    }
    for (size_t i = 0; i < n; i++) {
        unsigned b = bits != NULL ? bits[i] : all_bits;
        if (b == 0) {
            continue;
        }
        if (m > 0 && k[m - 1] == k[i]) {
            o->bits[m - 1] |= b;
            continue;
        }
        k[m] = k[i];
        o->bits[m] = b;
        m++;
    }
    o->k = k;
    o->nk = m;
    o->sub = sub;
    o->seq = sgseq_new(k, o->bits, m, sub ? SGSEQ_WINDOW : SGSEQ_GUY_SMITH);
    if (o->seq == NULL) {
        free(o->k);
        free(o->bits);
        free(o);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    game->state = o;
    return GRUNDY_OK;
}

/* An octal code "0.d1d2..." or "4.d1d2...": digit dk at removal size k. */
static grundy_status
octal_from_code(grundy_game *game, const char *s, size_t len,
                grundy_error *err)
{
    uint64_t *k;
    unsigned *bits;
    size_t n = 0;
    grundy_status st;
    char q[96];

    util_quote_token(q, sizeof q, s, len);
    if (len < 3 || (s[0] != '0' && s[0] != '4') || s[1] != '.') {
        return err_set(err, GRUNDY_ESPEC, 0,
                       "octal code %s must read 0.d1d2... or 4.d1d2... "
                       "with octal digits, e.g. octal:0.07", q);
    }
    for (size_t i = 2; i < len; i++) {
        if (s[i] < '0' || s[i] > '7') {
            char d[96];
            util_quote_token(d, sizeof d, s + i, 1);
            return err_set(err, GRUNDY_ESPEC, (long)i,
                           "octal code %s: %s is not an octal digit "
                           "(0-7)", q, d);
        }
    }
    k = malloc(len * sizeof *k);
    bits = malloc(len * sizeof *bits);
    if (k == NULL || bits == NULL) {
        free(k);
        free(bits);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    if (s[0] == '4') {
        /* d0 = 4: a heap may be split in two without removing anything. */
        k[n] = 0;
        bits[n++] = SGSEQ_TWO;
    }
    for (size_t i = 2; i < len; i++) {
        k[n] = i - 1;
        bits[n++] = (unsigned)(s[i] - '0');
    }
    st = octal_make(game, k, bits, 0, n, 0, err);
    free(bits);
    return st;
}

/* A comma list of sizes >= 1 (stripes K, subtraction set S). */
static grundy_status
octal_from_list(grundy_game *game, const char *param, size_t len,
                const char *what, const char *example, unsigned bits,
                int sub, grundy_error *err)
{
    uint64_t *k;
    size_t n;
    grundy_status st;

    if (param == NULL || len == 0) {
        return err_set(err, GRUNDY_ESPEC, 0, "%s: missing, e.g. %s", what,
                       example);
    }
    st = util_parse_u64_list(param, len, what, &k, &n, err);
    if (st != GRUNDY_OK) {
        return st;
    }
    for (size_t i = 0; i < n; i++) {
        if (k[i] == 0) {
            free(k);
            return err_set(err, GRUNDY_ESPEC, 0,
                           "%s: 0 is not allowed (a move takes at least "
                           "one stone)", what);
        }
    }
    return octal_make(game, k, NULL, bits, n, sub, err);
}

static grundy_status
octal_create(grundy_game *game, const char *param, size_t len,
             grundy_error *err)
{
    if (param == NULL) {
        return err_set(err, GRUNDY_ESPEC, -1,
                       "octal needs a code, e.g. octal:0.07");
    }
    return octal_from_code(game, param, len, err);
}

static grundy_status
stripes_create(grundy_game *game, const char *param, size_t len,
               grundy_error *err)
{
    /* Taking k adjacent stones leaves 0, 1 or 2 rows: octal digit 7. */
    return octal_from_list(game, param, len, "stripes lengths K",
                           "stripes:2 or stripes:1,5,6",
                           SGSEQ_NOTHING | SGSEQ_ONE | SGSEQ_TWO, 0, err);
}

static grundy_status
sub_create(grundy_game *game, const char *param, size_t len,
           grundy_error *err)
{
    /* Taking s from a heap leaves that heap, possibly empty: digit 3. */
    return octal_from_list(game, param, len, "subtraction set",
                           "sub:1,3,4", SGSEQ_NOTHING | SGSEQ_ONE, 1, err);
}

static grundy_status
octal_alias(grundy_game *game, const char *name, const char *code,
            const char *param, grundy_error *err)
{
    if (param != NULL) {
        return err_set(err, GRUNDY_ESPEC, -1,
                       "%s takes no parameter (it is octal:%s)", name,
                       code);
    }
    return octal_from_code(game, code, strlen(code), err);
}

static grundy_status
kayles_create(grundy_game *game, const char *param, size_t len,
              grundy_error *err)
{
    (void)len;
    return octal_alias(game, "kayles", "0.77", param, err);
}

static grundy_status
dawson_create(grundy_game *game, const char *param, size_t len,
              grundy_error *err)
{
    (void)len;
    return octal_alias(game, "dawson", "0.07", param, err);
}

static void
octal_destroy(grundy_game *game)
{
    octal *o = game->state;
    if (o == NULL) {
        return;
    }
    sgseq_free(o->seq);
    free(o->k);
    free(o->bits);
    free(o);
}

/* ---- values ----------------------------------------------------------- */

static void
octal_progress(void *user, const char *what, uint64_t done, uint64_t total)
{
    ctx_progress(user, what, done, total);
}

/* The context's settings for a computation of the game's sequence: its
 * limits and progress in the env, its thread count on the sequence. */
static sgseq_env
octal_env(grundy_game *game)
{
    octal *o = game->state;
    sgseq_env env;
    sgseq_set_threads(o->seq, grundy_ctx_threads(game->ctx) == 1 ? 1 : 2);
    env.memory_limit = ctx_memory_limit(game->ctx);
    env.progress = octal_progress;
    env.progress_user = game->ctx;
    env.name = game->label;
    env.work_limit = grundy_ctx_work_limit(game->ctx);
    return env;
}

static grundy_status
octal_value(grundy_game *game, const uint64_t *v, size_t n, uint64_t *sg,
            grundy_error *err)
{
    octal *o = game->state;
    sgseq_env env = octal_env(game);
    (void)n;
    return sgseq_value(o->seq, v[0], &env, sg, err);
}

static grundy_status
octal_period(grundy_game *game, grundy_period *out, grundy_error *err)
{
    octal *o = game->state;
    sgseq_env env = octal_env(game);
    return sgseq_period(o->seq, &env, out, err);
}

/* ---- options ---------------------------------------------------------- */

/* State of one options() call. */
typedef struct octal_walk {
    const octal *o;
    const char *spec;    /* the game, for messages */
    const component *c;
    move_sink *sink;
    uint64_t want;
    uint64_t listed;     /* options emitted so far */
    int stop;            /* the sink wants no more */
    int oom;
} octal_walk;

/* G(x) for a heap known to the table or the certified period. */
static uint64_t
octal_g(const octal *o, uint64_t x)
{
    uint16_t v = 0;
    int known = sgseq_known(o->seq, x, &v);
    /* Callers ask only for x <= n once heap n's value is known: then the
     * table reaches n or a period is certified. */
    assert(known);
    (void)known;
    return v;
}

static int
octal_matches(const octal_walk *w, uint64_t v)
{
    return w->want == GRUNDY_ANY_VALUE || w->want == v;
}

/* Records the sink's answer; returns 1 when the walk must end. */
static int
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
static char *
octal_take_words(char *p, const octal_walk *w, uint64_t first, uint64_t k)
{
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
static int
octal_emit_split(octal_walk *w, uint64_t k, uint64_t a, uint64_t b)
{
    static const size_t arity[2] = {1, 1};
    uint64_t vals[2] = {a, b};
    char buf[192], *p = buf;

    p = octal_take_words(p, w, a + 1, k);
    p = put_str(p, " -> ");
    p = put_u64(p, a);
    p = put_str(p, " + ");
    p = put_u64(p, b);
    p = put_str(p, ")");
    *p = '\0';
    return octal_sent(w, move_emit(w->sink, w->c, 2, arity, vals, buf));
}

static grundy_status
octal_too_many(const octal_walk *w, grundy_error *err)
{
    return err_set(err, GRUNDY_ELIMIT, -1,
                   "%s %llu of %s has more than %llu winning moves, too "
                   "many to list (one can be shown)",
                   w->o->sub ? "heap" : "row",
                   (unsigned long long)w->c->v[0], w->spec,
                   (unsigned long long)OCTAL_MAX_LISTED);
}

/*
 * Splits of m = n - k into a + b, a <= b. Beyond the certified
 * preperiod both parts repeat with the period p: for n0 <= a and
 * n0 <= b = m - a, G(a) ^ G(b) depends only on a mod p (G(x) = G(x - p)
 * for x >= n0 + p, Guy-Smith). So a huge heap is scanned directly for
 * a < n0, then over one period of a, each matching residue standing for
 * a, a + p, a + 2p, ... up to m / 2.
 */
static grundy_status
octal_splits(octal_walk *w, uint64_t k, uint64_t m, grundy_error *err)
{
    const octal *o = w->o;
    uint64_t half = m / 2, p, n0, direct = half;
    int periodic = sgseq_certified(o->seq, &p, &n0);

    if (periodic && half > OCTAL_DIRECT_SPLITS && half > n0 + p) {
        direct = n0 > 0 ? n0 - 1 : 0;
    } else {
        periodic = 0;
    }
    for (uint64_t a = 1; a <= direct; a++) {
        if (octal_matches(w, octal_g(o, a) ^ octal_g(o, m - a))) {
            if (w->listed >= OCTAL_MAX_LISTED) {
                return octal_too_many(w, err);
            }
            if (octal_emit_split(w, k, a, m - a)) {
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
            if (octal_matches(w, octal_g(o, a) ^ octal_g(o, m - a))) {
                hit[nhit++] = a - start;
                total += (half - a) / p + 1;
            }
        }
        if (nhit > 0 && !move_sink_wants_all(w->sink)) {
            octal_emit_split(w, k, start + hit[0], m - start - hit[0]);
            free(hit);
            return GRUNDY_OK;
        }
        if (total > OCTAL_MAX_LISTED - w->listed) {
            free(hit);
            return octal_too_many(w, err);
        }
        /* total is small, so are the blocks holding a hit. */
        blocks = nhit > 0 ? (half - start) / p + 1 : 0;
        for (uint64_t j = 0; j < blocks; j++) {
            for (size_t i = 0; i < nhit; i++) {
                uint64_t a = start + j * p + hit[i];
                if (a <= half && octal_emit_split(w, k, a, m - a)) {
                    free(hit);
                    return GRUNDY_OK;
                }
            }
        }
        free(hit);
    }
    return GRUNDY_OK;
}

static grundy_status
octal_options(grundy_game *game, const component *c, uint64_t want,
              move_sink *sink, grundy_error *err)
{
    octal *o = game->state;
    octal_walk w = {o, game->label, c, sink, want, 0, 0, 0};
    uint64_t n = c->v[0], g;
    grundy_status st;

    /* Makes every heap <= n known (table or period). */
    st = octal_value(game, c->v, c->n, &g, err);
    if (st != GRUNDY_OK) {
        return st;
    }
    for (size_t i = 0; i < o->nk && !w.stop && !w.oom; i++) {
        uint64_t k = o->k[i];
        unsigned b = o->bits[i];
        if (k > n) {
            break;
        }
        if ((b & SGSEQ_NOTHING) && k == n && k > 0 && octal_matches(&w, 0)) {
            octal_emit_one(&w, k, 0, 1);
        }
        if ((b & SGSEQ_ONE) && k < n && k > 0 && !w.stop && !w.oom &&
            octal_matches(&w, octal_g(o, n - k))) {
            octal_emit_one(&w, k, n - k, 0);
        }
        if ((b & SGSEQ_TWO) && n - k >= 2 && !w.stop && !w.oom) {
            st = octal_splits(&w, k, n - k, err);
            if (st != GRUNDY_OK) {
                return st;
            }
        }
    }
    return w.oom ? GRUNDY_ENOMEM : GRUNDY_OK;
}

/* ---- the families ----------------------------------------------------- */

/* Every family of this file is a sequence of heap values: they differ in
 * name, rules and how the spec becomes rules, and share the rest. */
#define OCTAL_OPERATIONS                                                   \
    .destroy = octal_destroy, .max_numbers = 1, .value = octal_value,      \
    .options = octal_options, .period = octal_period

const family octal_family = {
    .name = "octal",
    .info = {"octal:CODE",
             "take-and-break: digit dk of 0.d1d2... or 4.d1d2... says what "
             "removing k may leave (1 nothing, 2 one heap, 4 two)",
             "heap size n"},
    .unit = "row",
    .create = octal_create,
    OCTAL_OPERATIONS,
};

const family stripes_family = {
    .name = "stripes",
    .info = {"stripes:K",
             "take exactly k in K adjacent stones from a row; the row may "
             "split in two (K = comma list)",
             "row length n"},
    .unit = "row",
    .create = stripes_create,
    OCTAL_OPERATIONS,
};

const family sub_family = {
    .name = "sub",
    .info = {"sub:S", "take s in S stones from one heap (S = comma list)",
             "heap size n"},
    .unit = "heap",
    .create = sub_create,
    OCTAL_OPERATIONS,
};

const family kayles_family = {
    .name = "kayles",
    .info = {"kayles", "Kayles: knock down one pin or two adjacent pins "
                       "(= octal:0.77)",
             "row length n"},
    .unit = "row",
    .create = kayles_create,
    OCTAL_OPERATIONS,
};

const family dawson_family = {
    .name = "dawson",
    .info = {"dawson", "Dawson's Kayles: knock down two adjacent pins "
                       "(= octal:0.07)",
             "row length n"},
    .unit = "row",
    .create = dawson_create,
    OCTAL_OPERATIONS,
};
