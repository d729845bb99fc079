/*
 * test_mquot.c - misere play by misere quotients (mquot.c, misere_q.c)
 * against the literal definition: the exhaustive misere search (a player
 * who cannot move wins) on thousands of random small positions of random
 * octal codes and subtraction sets, outcome and every winning move; far
 * beyond search, Kayles positions checked for consistency (a winning move
 * leaves a lost position, every option of a lost position is won), and
 * with --all on heaps beyond those built every winning move the rules
 * give is listed;
 * published quotients (misere Nim's T2, 0.75's R8, Dawson's Kayles to
 * heap 30) and the theorem that
 * every misere quotient of impartial games has even order; the limits.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brute.h"
#include "misere.h"
#include "mquot.h"
#include "mquot_impl.h"   /* the trials noted */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
parse(grundy_ctx *ctx, grundy_position *pos, const char *text)
{
    grundy_error err;
    grundy_status st = grundy_position_parse(ctx, pos, NULL, text,
                                             strlen(text), &err);
    if (st != GRUNDY_OK) {
        fail_msg("%s: %s", text, err.message);
    }
}

/* res emptied by a trivial solve, so that a direct call can fill it. */
static void
reset(grundy_result *res)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *none = grundy_position_new();
    grundy_error err;
    parse(ctx, none, "nim 1 1");
    assert_int_equal(grundy_solve(ctx, none, 0, res, &err), GRUNDY_OK);
    grundy_position_free(none);
    grundy_ctx_free(ctx);
}

/* The misere solver `how` (misere_search or misere_q_solve) called
 * directly on pos, every winning move into res. */
typedef grundy_status misere_fn(const grundy_position *,
                                const unsigned char *, move_sink *, int *,
                                grundy_error *);

static grundy_status
solve_by(misere_fn *how, const grundy_position *pos, grundy_result *res,
         int *win, grundy_error *err)
{
    move_sink sink = {res, pos, 1, 0, NULL, NULL, SIZE_MAX, NULL, 0, 0,
                      NULL};
    reset(res);
    return how(pos, NULL, &sink, win, err);
}

/* The quotient the context keeps for game alone, to heap n. */
static const mquot *
quotient(grundy_ctx *ctx, const char *spec, uint64_t n, grundy_error *err,
         grundy_status *st)
{
    grundy_game *game;
    misere_cache *mc;
    assert_int_equal(grundy_game_parse(ctx, spec, strlen(spec), &game, err),
                     GRUNDY_OK);
    *st = misere_q_build(&game, 1, &n, &mc, err);
    grundy_game_free(game);   /* the context keeps it */
    return *st == GRUNDY_OK ? misere_q_quotient(mc) : NULL;
}

static size_t
p_portion(const mquot *q)
{
    size_t n = 0;
    for (uint32_t x = 0; x < mquot_order(q); x++) {
        n += (size_t)mquot_is_p(q, x);
    }
    return n;
}

/* Same outcome and the same set of winning moves (resulting positions). */
static void
assert_same_answers(const char *text, int win1, const grundy_result *a,
                    int win2, const grundy_result *b)
{
    if (win1 != win2 ||
        grundy_result_move_count(a) != grundy_result_move_count(b)) {
        fail_msg("%s: quotient says %s with %zu moves, search %s with %zu",
                 text, win1 ? "win" : "lose", grundy_result_move_count(a),
                 win2 ? "win" : "lose", grundy_result_move_count(b));
    }
    for (size_t i = 0; i < grundy_result_move_count(a); i++) {
        int same = 0;
        for (size_t j = 0; j < grundy_result_move_count(b); j++) {
            same |= strcmp(grundy_result_move_position(a, i),
                           grundy_result_move_position(b, j)) == 0;
        }
        if (!same) {
            fail_msg("%s: move to %s not found by the search", text,
                     grundy_result_move_position(a, i));
        }
    }
}

/* A random game: an octal code of 1 to 3 digits, or a subtraction set. */
static void
random_game(uint64_t *seed, char *spec, size_t cap)
{
    if (brute_below(seed, 4) == 0) {
        snprintf(spec, cap, "sub:%u,%u", 1 + (unsigned)brute_below(seed, 3),
                 2 + (unsigned)brute_below(seed, 5));
    } else {
        size_t nd = 1 + brute_below(seed, 3), at;
        at = (size_t)snprintf(spec, cap, "octal:0.");
        for (size_t i = 0; i < nd; i++) {
            unsigned d = (unsigned)brute_below(seed, 8);
            if (i == 0 && d == 0) {
                d = 3;
            }
            at += (size_t)snprintf(spec + at, cap - at, "%u", d);
        }
    }
}

static void
test_quotient_matches_search(void **state)
{
    uint64_t seed = 20261125;
    size_t compared = 0, games = 0, built = 0;
    grundy_result *q = grundy_result_new(), *s = grundy_result_new();
    (void)state;
    while (games < 60) {
        grundy_ctx *ctx = grundy_ctx_new();
        grundy_position *pos = grundy_position_new();
        char spec[32];
        int ok = 1;
        random_game(&seed, spec, sizeof spec);
        games++;
        for (int trial = 0; trial < 50 && ok; trial++) {
            char text[96];
            size_t at = (size_t)snprintf(text, sizeof text, "%s", spec);
            int k = 1 + (int)brute_below(&seed, 4), wq, ws;
            grundy_error err;
            grundy_status st;
            for (int i = 0; i < k; i++) {
                at += (size_t)snprintf(text + at, sizeof text - at, " %u",
                                       (unsigned)brute_below(&seed, 10));
            }
            parse(ctx, pos, text);
            st = solve_by(misere_q_solve, pos, q, &wq, &err);
            if (st == GRUNDY_ELIMIT) {
                /* a wild code beyond what the recalibrations reach: the
                 * reason is given, and nothing is answered */
                assert_non_null(strstr(err.message, "misere quotient"));
                ok = 0;
                break;
            }
            assert_int_equal(st, GRUNDY_OK);
            assert_int_equal(solve_by(misere_search, pos, s, &ws, &err),
                             GRUNDY_OK);
            assert_same_answers(text, wq, q, ws, s);
            compared++;
        }
        built += (size_t)ok;
        {
            grundy_error err;
            grundy_status st;
            const mquot *mq = quotient(ctx, spec, 9, &err, &st);
            if (mq != NULL) {
                assert_int_equal(mquot_order(mq) % 2, 0);   /* P&S */
            }
        }
        grundy_position_free(pos);
        grundy_ctx_free(ctx);
    }
    /* the comparison must have happened, on most games */
    assert_true(built * 10 >= games * 8);
    assert_true(compared >= 2000);
    grundy_result_free(q);
    grundy_result_free(s);
}

/* Kayles (0.77) options of row n: rows (a, b) left by taking 1 or 2
 * (n + 1 of them at most; out has room for n <= 255). */
static size_t
kayles_options(unsigned n, unsigned (*out)[2])
{
    size_t k = 0;
    for (unsigned take = 1; take <= 2 && take <= n; take++) {
        for (unsigned a = 0; a + take <= n; a++) {
            unsigned b = n - take - a;
            if (a <= b) {
                out[k][0] = a;
                out[k][1] = b;
                k++;
            }
        }
    }
    return k;
}

static int
solve_win(grundy_ctx *ctx, grundy_position *pos, grundy_result *res,
          const char *text)
{
    grundy_error err;
    parse(ctx, pos, text);
    if (grundy_solve(ctx, pos, GRUNDY_MISERE, res, &err) != GRUNDY_OK) {
        fail_msg("%s: %s", text, err.message);
    }
    return grundy_result_win(res);
}

/* Far beyond exhaustive search: the answers are consistent. */
static void
test_kayles_large_consistency(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new(), *sub = grundy_result_new();
    uint64_t seed = 4242;
    size_t lost = 0;
    (void)state;
    for (int trial = 0; trial < 120; trial++) {
        unsigned h[3] = {0, 0, 0}, opt[256][2];
        char text[160];
        int k = 2 + (int)brute_below(&seed, 2);
        for (int i = 0; i < k; i++) {
            h[i] = 20 + (unsigned)brute_below(&seed, 81);
        }
        /* every other trial: a lost position, made by the winning move */
        snprintf(text, sizeof text, k == 2 ? "kayles %u %u" :
                 "kayles %u %u %u", h[0], h[1], h[2]);
        if (solve_win(ctx, pos, res, text)) {
            char next[160];
            assert_true(grundy_result_move_count(res) > 0);
            snprintf(next, sizeof next, "kayles %s",
                     grundy_result_move_position(res, 0) + 7);
            assert_false(solve_win(ctx, pos, sub, next));
            if (trial % 2 == 1) {
                continue;
            }
            snprintf(text, sizeof text, "%s", next);
        }
        /* lost: every option of every row is won */
        lost++;
        {
            unsigned v[8];
            int nv = 0;
            const char *p = text + 7;
            while (*p != '\0' && nv < 8) {
                v[nv++] = (unsigned)strtoul(p, (char **)&p, 10);
            }
            for (int i = 0; i < nv; i++) {
                size_t no = kayles_options(v[i], opt);
                for (size_t o = 0; o < no; o++) {
                    char t[160];
                    size_t at = (size_t)snprintf(t, sizeof t, "kayles");
                    for (int j = 0; j < nv; j++) {
                        if (j != i) {
                            at += (size_t)snprintf(t + at, sizeof t - at,
                                                   " %u", v[j]);
                        }
                    }
                    snprintf(t + at, sizeof t - at, " %u %u", opt[o][0],
                             opt[o][1]);
                    assert_true(solve_win(ctx, pos, sub, t));
                }
            }
        }
    }
    assert_true(lost >= 30);
    grundy_result_free(sub);
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

/* Published quotients (Plambeck and Siegel 2008; Siegel): misere Nim on
 * heaps up to 2 is T2 = {1, a, b, ab, b^2, ab^2} with a^2 = 1, b^3 = b and
 * P = {a, b^2}; 0.75 is R8, of order 8 with a P-portion of 2. Every
 * quotient of impartial games has even order. */
static void
test_published_quotients(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_error err;
    grundy_status st;
    const mquot *q;
    uint32_t a, b;
    (void)state;
    q = quotient(ctx, "nim", 2, &err, &st);
    assert_non_null(q);
    assert_int_equal(mquot_order(q), 6);
    assert_int_equal(p_portion(q), 2);
    a = mquot_phi(q, 1);
    b = mquot_phi(q, 2);
    assert_int_equal(mquot_mul(q, a, a), 0);
    assert_int_equal(mquot_mul(q, b, mquot_mul(q, b, b)), b);
    assert_true(mquot_is_p(q, a));
    assert_true(mquot_is_p(q, mquot_mul(q, b, b)));
    q = quotient(ctx, "octal:0.75", 60, &err, &st);
    assert_non_null(q);
    assert_int_equal(mquot_order(q), 8);
    assert_int_equal(p_portion(q), 2);
    q = quotient(ctx, "kayles", 100, &err, &st);
    assert_non_null(q);
    assert_int_equal(mquot_order(q) % 2, 0);
    /* Dawson's Kayles (0.07) to heap 30: order 360 (Siegel, on
     * MisereSolver: |Q_30(0.07)| = 360). */
    q = quotient(ctx, "dawson", 30, &err, &st);
    if (q == NULL) {
        fail_msg("%s", err.message);
    }
    assert_int_equal(mquot_order(q), 360);
    grundy_ctx_free(ctx);
}

/* A quotient that does not fit the memory limit is refused with the
 * limit named; small positions are still answered by search, large ones
 * get the quotient's reason. */
static void
test_limits(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    grundy_error err;
    (void)state;
    grundy_ctx_set_memory_limit(ctx, 1u << 12);
    parse(ctx, pos, "kayles 3 4");
    assert_int_equal(grundy_solve(ctx, pos, GRUNDY_MISERE, res, &err),
                     GRUNDY_OK);
    parse(ctx, pos, "kayles 60 61 62 63");
    assert_int_equal(grundy_solve(ctx, pos, GRUNDY_MISERE, res, &err),
                     GRUNDY_ELIMIT);
    assert_non_null(strstr(err.message, "misere quotient of kayles"));
    assert_int_equal(err.limit, GRUNDY_LIMIT_MEMORY);
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}


/* ---- the periodicity certificate ------------------------------------- */

/* Rules given literally: digit[j] of each removal j (octal: 1 leave
 * nothing, 2 one heap, 4 two heaps), up to j = k. */
typedef struct literal_game {
    const char *spec;
    unsigned digit[8];
    unsigned k;
} literal_game;

/* Heap h's options as mquot words (heap = generator), straight from the
 * rules: every removal j, every split. */
static int
add_literal_heap(mquot *m, const literal_game *lg, unsigned h)
{
    size_t len[1024], n = 0, ng = 0;
    uint32_t gens[2048];
    for (unsigned j = 1; j <= lg->k && j <= h; j++) {
        unsigned d = lg->digit[j];
        if ((d & 1) && h == j) {
            len[n++] = 0;
        }
        if ((d & 2) && h > j) {
            len[n++] = 1;
            gens[ng++] = h - j;
        }
        for (unsigned a = 1; (d & 4) && 2 * a <= h - j; a++) {
            len[n++] = 2;
            gens[ng++] = a;
            gens[ng++] = h - j - a;
        }
    }
    return mquot_add(m, n, len, gens);
}

/*
 * For games whose heaps' elements the quotient certifies periodic: the
 * quotient built heap by heap from the literal rules, well past the
 * certificate, agrees with the certified one on every heap and every sum
 * of two heaps (same outcome; same heaps share an element in both), so
 * the elements the period gives beyond the heaps built are right.
 */
static void
test_period_certificate(void **state)
{
    static const literal_game games[] = {
        {"kayles", {0, 7, 7}, 2},
        {"octal:0.75", {0, 7, 5}, 2},
        {"octal:0.72", {0, 7, 2}, 2},
        {"octal:0.34", {0, 3, 4}, 2},
        {"octal:0.71", {0, 7, 1}, 2},
        {"octal:0.144", {0, 1, 4, 4}, 3},
        {"octal:0.53", {0, 5, 3}, 2},
        {"sub:1,3,4", {0, 3, 0, 3, 3}, 4},
        {"sub:2,5", {0, 0, 3, 0, 0, 3}, 5},
    };
    (void)state;
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        const literal_game *lg = &games[gi];
        grundy_ctx *ctx = grundy_ctx_new();
        grundy_game *game;
        grundy_error err;
        misere_cache *mc;
        const mquot *q;
        mquot *direct = mquot_new(0, 0);
        uint64_t huge = (uint64_t)1 << 62, p, from;
        unsigned top;
        assert_non_null(direct);
        assert_int_equal(grundy_game_parse(ctx, lg->spec, strlen(lg->spec),
                                           &game, &err), GRUNDY_OK);
        if (misere_q_build(&game, 1, &huge, &mc, &err) != GRUNDY_OK) {
            fail_msg("%s: %s", lg->spec, err.message);
        }
        grundy_game_free(game);   /* the context keeps it */
        assert_true(misere_q_period(mc, 0, &p, &from));
        q = misere_q_quotient(mc);
        top = (unsigned)(2 * from + 6 * p + 40);
        for (unsigned h = 0; h <= top; h++) {
            assert_int_equal(add_literal_heap(direct, lg, h), MQUOT_OK);
        }
        for (unsigned a = 0; a <= top; a++) {
            uint32_t ca = misere_q_element(mc, 0, a);
            uint32_t da = mquot_phi(direct, a);
            for (unsigned b = a; b <= top; b++) {
                uint32_t cb = misere_q_element(mc, 0, b);
                uint32_t db = mquot_phi(direct, b);
                if (mquot_is_p(q, mquot_mul(q, ca, cb)) !=
                        mquot_is_p(direct, mquot_mul(direct, da, db)) ||
                    (ca == cb) != (da == db)) {
                    fail_msg("%s: heaps %u + %u: the certified quotient "
                             "(period %llu after %llu) and the literal one "
                             "differ", lg->spec, a, b,
                             (unsigned long long)p,
                             (unsigned long long)from);
                }
            }
        }
        assert_int_equal(mquot_order(direct), mquot_order(q));
        mquot_free(direct);
        grundy_ctx_free(ctx);
    }
}

/* Rows of 10^12 stones and more, answered through the period: the move is
 * legal (a row of H loses 1 or 2 stones, split or not) and leaves a lost
 * position; from a lost position, every option that keeps a part of at
 * most 40 stones (those of the huge row, and all of the small rows') is
 * won. */
static void
test_huge_rows_consistency(void **state)
{
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new(), *sub = grundy_result_new();
    uint64_t seed = 777;
    size_t lost = 0;
    (void)state;
    for (int trial = 0; trial < 60; trial++) {
        uint64_t big = 1000000000000ull + brute_below(&seed, 1000000);
        unsigned small = (unsigned)brute_below(&seed, 60);
        char text[160], next[160];
        snprintf(text, sizeof text, "kayles %llu %u",
                 (unsigned long long)big, small);
        if (solve_win(ctx, pos, res, text)) {
            unsigned long long r[4] = {0, 0, 0, 0};
            const char *to = grundy_result_move_position(res, 0) + 7;
            int parts = sscanf(to, "%llu %llu %llu %llu", &r[0], &r[1],
                               &r[2], &r[3]);
            /* the moved row's parts stand in its place: the huge row
             * split (its parts, then the small row), or the small one */
            int on_big = parts >= 2 && r[parts - 1] == small &&
                         (r[0] + (parts == 3 ? r[1] : 0) + 1 == big ||
                          r[0] + (parts == 3 ? r[1] : 0) + 2 == big);
            int on_small = r[0] == big &&
                           (r[1] + r[2] + 1 == small ||
                            r[1] + r[2] + 2 == small);
            if (!on_big && !on_small) {
                fail_msg("%s: the move to %s is not a kayles move", text,
                         to);
            }
            snprintf(next, sizeof next, "kayles %s", to);
            assert_false(solve_win(ctx, pos, sub, next));
            continue;
        }
        lost++;
        for (unsigned take = 1; take <= 2; take++) {
            for (unsigned a = 0; a <= 40; a++) {
                snprintf(next, sizeof next, "kayles %u %llu %u", a,
                         (unsigned long long)(big - take - a), small);
                assert_true(solve_win(ctx, pos, sub, next));
            }
        }
    }
    assert_true(lost >= 3);
    grundy_result_free(sub);
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

/* Heap h's options straight from the rules, as their parts (a <= b; a
 * part 0 is no part): into opt[][2], returning how many. */
static size_t
literal_options(const literal_game *lg, unsigned h, unsigned opt[][2])
{
    size_t n = 0;
    for (unsigned j = 1; j <= lg->k && j <= h; j++) {
        unsigned d = lg->digit[j];
        if ((d & 1) && h == j) {
            opt[n][0] = opt[n][1] = 0;
            n++;
        }
        if ((d & 2) && h > j) {
            opt[n][0] = 0;
            opt[n++][1] = h - j;
        }
        for (unsigned a = 1; (d & 4) && 2 * a <= h - j; a++) {
            opt[n][0] = a;
            opt[n++][1] = h - j - a;
        }
    }
    return n;
}

/*
 * Heaps just beyond those the quotient built, where the certified period
 * gives the elements and a heap's option images must come from a heap
 * of the same residue that has the same images: for every such heap h
 * (one period of them) beside two small heaps whose product is y, for
 * every element y two small heaps give, the moves grundy lists on heap
 * h with --all are exactly the options, from the rules, whose parts'
 * elements times y lie in P. Images taken from the first period after
 * `from` missed moves (Kayles: "kayles 182 28 27" lost its move on row
 * 1, heap 86's images lacking one that 98, 110, ... have).
 */
static void
test_all_moves_beyond_built(void **state)
{
    static const literal_game games[] = {
        {"kayles", {0, 7, 7}, 2},
        {"octal:0.75", {0, 7, 5}, 2},
        {"octal:0.72", {0, 7, 2}, 2},
        {"octal:0.144", {0, 1, 4, 4}, 3},
        {"octal:0.15", {0, 1, 5}, 2},
        {"octal:0.53", {0, 5, 3}, 2},
        {"sub:1,2", {0, 3, 3}, 2},
    };
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *res = grundy_result_new();
    size_t checked = 0, moves = 0;
    (void)state;
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        const literal_game *lg = &games[gi];
        grundy_game *game;
        grundy_error err;
        misere_cache *mc;
        const mquot *q;
        uint64_t huge = (uint64_t)1 << 62, p, from;
        quotient_table qt;
        unsigned pair[256][2], top, opt[1024][2];
        size_t npair = 0;
        assert_int_equal(grundy_game_parse(ctx, lg->spec, strlen(lg->spec),
                                           &game, &err), GRUNDY_OK);
        assert_int_equal(misere_q_build(&game, 1, &huge, &mc, &err),
                         GRUNDY_OK);
        assert_true(misere_q_period(mc, 0, &p, &from));
        assert_int_equal(misere_q_table(game, 1, &qt, &err), GRUNDY_OK);
        grundy_game_free(game);   /* the context keeps it */
        q = misere_q_quotient(mc);
        /* two distinct small heaps for each element they reach */
        top = qt.built < 40 ? (unsigned)qt.built : 40;
        for (unsigned x = 1; x < top; x++) {
            for (unsigned z = x + 1; z < top; z++) {
                uint32_t y = mquot_mul(q, misere_q_element(mc, 0, x),
                                       misere_q_element(mc, 0, z));
                size_t i = 0;
                while (i < npair &&
                       mquot_mul(q, misere_q_element(mc, 0, pair[i][0]),
                                 misere_q_element(mc, 0, pair[i][1])) != y) {
                    i++;
                }
                if (i == npair && npair < 256) {
                    pair[npair][0] = x;
                    pair[npair++][1] = z;
                }
            }
        }
        assert_true(2 * npair >= mquot_order(q));
        for (uint64_t h = qt.built + 1; h <= qt.built + p; h++) {
            size_t no = literal_options(lg, (unsigned)h, opt);
            for (size_t pi = 0; pi < npair; pi++) {
                uint32_t y = mquot_mul(q, misere_q_element(mc, 0, pair[pi][0]),
                                       misere_q_element(mc, 0, pair[pi][1]));
                char text[200], head[64];
                size_t want = 0, got = 0, n;
                snprintf(text, sizeof text, "%s %llu %u %u", lg->spec,
                         (unsigned long long)h, pair[pi][0], pair[pi][1]);
                for (size_t o = 0; o < no; o++) {
                    uint32_t x = y;
                    for (int part = 0; part < 2; part++) {
                        x = mquot_mul(q, x, misere_q_element(mc, 0,
                                                             opt[o][part]));
                    }
                    want += (size_t)mquot_is_p(q, x);
                }
                parse(ctx, pos, text);
                if (grundy_solve(ctx, pos, GRUNDY_MISERE | GRUNDY_ALL_MOVES,
                                 res, &err) != GRUNDY_OK) {
                    fail_msg("%s: %s", text, err.message);
                }
                /* moves on heap h leave a position not starting with h */
                snprintf(head, sizeof head, "%s %llu ", lg->spec,
                         (unsigned long long)h);
                n = grundy_result_move_count(res);
                for (size_t i = 0; i < n; i++) {
                    got += strncmp(grundy_result_move_position(res, i), head,
                                   strlen(head)) != 0;
                }
                if (got != want) {
                    fail_msg("%s (period %llu after %llu, built to %llu): "
                             "%zu winning moves listed on heap %llu, %zu by "
                             "the rules", text, (unsigned long long)p,
                             (unsigned long long)from,
                             (unsigned long long)qt.built, got,
                             (unsigned long long)h, want);
                }
                checked++;
                moves += got;
            }
        }
        misere_q_table_free(&qt);
    }
    assert_true(checked > 500);
    assert_true(moves > 100);
    grundy_result_free(res);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
}

/* ---- wild codes against a literal search ------------------------------ */

/* Counts of heaps 1 .. LIT_TOP, at most LIT_TOKENS tokens in all. */
#define LIT_TOP 8
#define LIT_TOKENS 22

typedef struct literal_sums {
    const literal_game *lg;
    unsigned top;
    signed char *memo;    /* -1 unknown, 0 N, 1 P (misere) */
    size_t radix[LIT_TOP + 2];
} literal_sums;

static size_t
lit_key(const literal_sums *ls, const unsigned *c)
{
    size_t k = 0;
    for (unsigned h = 1; h <= ls->top; h++) {
        k += c[h] * ls->radix[h];
    }
    return k;
}

/* The misere outcome (1: P) of the sum with c[h] heaps of h, by plain
 * game-tree search: every move of every heap, from the rules. */
static int
lit_is_p(literal_sums *ls, unsigned *c)
{
    size_t key = lit_key(ls, c);
    unsigned opt[256][2];
    int any = 0, p_option = 0;
    if (ls->memo[key] >= 0) {
        return ls->memo[key];
    }
    for (unsigned h = 1; h <= ls->top && !p_option; h++) {
        size_t n;
        if (c[h] == 0) {
            continue;
        }
        n = literal_options(ls->lg, h, opt);
        for (size_t i = 0; i < n && !p_option; i++) {
            any = 1;
            c[h]--;
            c[opt[i][0]]++;
            c[opt[i][1]]++;
            c[0] = 0;   /* a part 0 is no heap */
            p_option = lit_is_p(ls, c);
            c[opt[i][1]]--;
            c[opt[i][0]]--;
            c[h]++;
            c[0] = 0;
        }
    }
    ls->memo[key] = (signed char)(any && !p_option);
    return ls->memo[key];
}

/* Every sum of heaps 1 .. top with at most LIT_TOKENS tokens, in turn:
 * its quotient element's P against the search; returns how many. */
static size_t
lit_check_all(literal_sums *ls, const mquot *q, unsigned *c, unsigned h,
              unsigned tokens)
{
    size_t n = 0;
    if (h > ls->top) {
        uint32_t x = 0;
        for (unsigned g = 1; g <= ls->top; g++) {
            for (unsigned k = 0; k < c[g]; k++) {
                x = mquot_mul(q, x, mquot_phi(q, g));
            }
        }
        if (mquot_is_p(q, x) != lit_is_p(ls, c)) {
            fail_msg("%s: a sum of heaps up to %u (%u %u %u %u): quotient "
                     "and search disagree", ls->lg->spec, ls->top, c[1], c[2],
                     c[3], c[4]);
        }
        return 1;
    }
    for (c[h] = 0; tokens + c[h] * h <= LIT_TOKENS; c[h]++) {
        n += lit_check_all(ls, q, c, h + 1, tokens + c[h] * h);
    }
    c[h] = 0;
    return n;
}

/*
 * Wild codes (issue 26): the quotient built from the literal rules, heap
 * by heap, as far as a work bound allows (each heap at least `want`), and
 * every sum of its heaps up to LIT_TOP with at most LIT_TOKENS tokens
 * judged by the quotient (product of the heaps' elements, in P?) and by a
 * plain misere game-tree search: the same outcome every time.
 */
static void
test_wild_against_search(void **state)
{
    static const struct {
        literal_game lg;
        unsigned want;
    } games[] = {
        {{"octal:0.354", {0, 3, 5, 4}, 3}, 4},
        {{"octal:0.6", {0, 6}, 1}, 8},
        {{"octal:0.35", {0, 3, 5}, 2}, 8},
        {{"octal:0.64", {0, 6, 4}, 2}, 8},
        {{"octal:0.07", {0, 0, 7}, 2}, 8},
    };
    (void)state;
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        literal_sums ls = {&games[gi].lg, 0, NULL, {0}};
        mquot *m = mquot_new((size_t)1 << 30, 0);
        unsigned c[LIT_TOP + 2] = {0}, h;
        size_t cells = 1, n;
        assert_non_null(m);
        for (h = 0; h <= games[gi].want; h++) {
            if (add_literal_heap(m, ls.lg, h) != MQUOT_OK) {
                break;
            }
        }
        ls.top = h - 1;
        if (ls.top < games[gi].want) {
            fail_msg("%s: quotient built to heap %u only (%s)",
                     ls.lg->spec, ls.top, mquot_why(m));
        }
        for (h = 1; h <= ls.top; h++) {
            ls.radix[h] = cells;
            cells *= LIT_TOKENS / h + 1;
        }
        ls.memo = malloc(cells);
        assert_non_null(ls.memo);
        memset(ls.memo, -1, cells);
        n = lit_check_all(&ls, m, c, 1, 0);
        assert_true(n > 500);   /* 0.354 to heap 4: about a thousand */
        free(ls.memo);
        mquot_free(m);
    }
}

/*
 * The construction's candidates are bounded by the memory left, not by
 * fixed sizes (mquot_impl.h): 0.35 and 0.57 go past heaps 12 and 28,
 * where candidates of at most 8192 elements and 16 recalibrations a heap
 * stopped them (docs/theory.md 7b), and every sum holding one of the new
 * heaps gets the exhaustive search's answer and winning moves.
 */
static void
test_wild_beyond_fixed_bounds(void **state)
{
    static const struct {
        const char *spec;
        unsigned from, to;
    } games[] = {
        {"octal:0.35", 13, 14},
        {"octal:0.57", 29, 31},
    };
    uint64_t seed = 20261128;
    size_t compared = 0;
    grundy_result *q = grundy_result_new(), *s = grundy_result_new();
    (void)state;
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        grundy_ctx *ctx = grundy_ctx_new();
        grundy_position *pos = grundy_position_new();
        for (int trial = 0; trial < 30; trial++) {
            unsigned span = games[gi].to - games[gi].from + 1;
            unsigned big = games[gi].from + (unsigned)brute_below(&seed, span);
            char text[96];
            int wq, ws;
            grundy_error err;
            grundy_status st;
            snprintf(text, sizeof text, "%s %u %u", games[gi].spec, big,
                     1 + (unsigned)brute_below(&seed, 6));
            parse(ctx, pos, text);
            st = solve_by(misere_q_solve, pos, q, &wq, &err);
            if (st != GRUNDY_OK) {
                fail_msg("%s: %s", text, err.message);
            }
            st = solve_by(misere_search, pos, s, &ws, &err);
            if (st != GRUNDY_OK) {
                fail_msg("%s: search: %s", text, err.message);
            }
            assert_same_answers(text, wq, q, ws, s);
            compared++;
        }
        grundy_position_free(pos);
        grundy_ctx_free(ctx);
    }
    assert_int_equal(compared, 60);
    grundy_result_free(q);
    grundy_result_free(s);
}

/*
 * A recalibration first counts together the heaps that share the image
 * of a heap the failing sum holds twice or more (mquot_candidate.c,
 * refine_by with cls): octal:0.41 (a relative of Dawson's Kayles) then
 * builds its quotient to heap 30 with 10^9 steps of work a heap, where
 * counting one heap at a time stops at heap 25 (docs/theory.md 7b).
 * The sums holding heaps 27 to 30 get the plain search's outcome. A
 * refinement that gets the recalibration's word wrong is not verified
 * (misses_aim: it cannot pass): 617 million steps to heap 30, where
 * verifying those too took 703 million (the count of steps is the
 * same on every machine).
 */
static void
test_class_refinement_reach(void **state)
{
    static const literal_game g = {"octal:0.41", {0, 4, 1}, 2};
    mquot *m = mquot_new((size_t)1 << 30, 1000000000);
    grundy_ctx *ctx = grundy_ctx_new();
    grundy_position *pos = grundy_position_new();
    grundy_result *s = grundy_result_new();
    size_t compared = 0;
    uint64_t spent = 0;
    (void)state;
    assert_non_null(m);
    for (unsigned h = 0; h <= 30; h++) {
        if (add_literal_heap(m, &g, h) != MQUOT_OK) {
            fail_msg("octal:0.41: quotient built to heap %u only (%s)", h - 1,
                     mquot_why(m));
        }
        spent += mquot_spent(m);
    }
    if (spent >= 660000000) {
        fail_msg("octal:0.41 to heap 30: %llu steps of work",
                 (unsigned long long)spent);
    }
    for (unsigned big = 27; big <= 30; big++) {
        for (unsigned a = 0; a <= 6; a++) {
            for (unsigned b = 0; b <= a; b++) {
                uint32_t x;
                char text[96];
                int ws;
                grundy_error err;
                x = mquot_mul(m, mquot_phi(m, big),
                              mquot_mul(m, mquot_phi(m, a), mquot_phi(m, b)));
                snprintf(text, sizeof text, "octal:0.41 %u %u %u", big, a, b);
                parse(ctx, pos, text);
                if (solve_by(misere_search, pos, s, &ws, &err) != GRUNDY_OK) {
                    fail_msg("%s: search: %s", text, err.message);
                }
                if (ws == mquot_is_p(m, x)) {
                    fail_msg("%s: the quotient says %s, the search %s", text,
                             mquot_is_p(m, x) ? "lose" : "win",
                             ws ? "win" : "lose");
                }
                compared++;
            }
        }
    }
    assert_int_equal(compared, 4 * 28);
    grundy_result_free(s);
    grundy_position_free(pos);
    grundy_ctx_free(ctx);
    mquot_free(m);
}

/*
 * The verifier's two automata (mquot_verify.c: states (x, U) first, and
 * (x, S) when the first passes the memory limit) give every candidate
 * the same verdict and the same least failure: m->verify_both makes
 * both on every candidate of five wild codes built heap by heap, passes
 * and failures (recalibrations) alike.
 */
static void
test_verify_modes_agree(void **state)
{
    static const struct {
        literal_game lg;
        unsigned top;
    } games[] = {
        {{"octal:0.07", {0, 0, 7}, 2}, 22},
        {{"octal:0.6", {0, 6}, 1}, 14},
        {{"octal:0.35", {0, 3, 5}, 2}, 13},
        {{"octal:0.41", {0, 4, 1}, 2}, 20},
        {{"octal:0.64", {0, 6, 4}, 2}, 12},
    };
    size_t compared = 0, failed = 0;
    (void)state;
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        mquot *m = mquot_new((size_t)1 << 30, 0);
        assert_non_null(m);
        m->verify_both = 1;
        for (unsigned h = 0; h <= games[gi].top; h++) {
            if (add_literal_heap(m, &games[gi].lg, h) != MQUOT_OK) {
                fail_msg("%s: quotient built to heap %u only (%s)",
                         games[gi].lg.spec, h - 1, mquot_why(m));
            }
        }
        if (m->verify_differed != 0) {
            fail_msg("%s: the two verifiers differ on %zu of %zu candidates",
                     games[gi].lg.spec, m->verify_differed,
                     m->verify_compared);
        }
        compared += m->verify_compared;
        failed += m->verify_failed;
        mquot_free(m);
    }
    printf("verifiers compared on %zu candidates, %zu of them failing\n",
           compared, failed);
    assert_true(compared >= 100);
    assert_true(failed >= 20);
}

/*
 * A candidate the memory left cannot verify is not tried, and when
 * nothing else passes or names a limit, the refusal names the memory
 * that lets it be tried (mquot_skipped): octal:0.57's heap 45 under
 * memories a little above its quotient of heaps to 44 (the quotient is
 * left as it was on each refusal). Every refusal there is the memory's,
 * names more than the limit, and with the memory it names that
 * candidate is tried: it is not the one reported untried again.
 */
static void
test_untried_candidate_named(void **state)
{
    static const literal_game g = {"octal:0.57", {0, 5, 7}, 2};
    mquot *m = mquot_new((size_t)1 << 30, 0);
    size_t untried = 0;
    (void)state;
    assert_non_null(m);
    for (unsigned h = 0; h < 45; h++) {
        assert_int_equal(add_literal_heap(m, &g, h), MQUOT_OK);
    }
    for (size_t kb = 64; kb <= 512; kb += 8) {
        size_t memory = mquot_bytes(m) + kb * 1024, need;
        char why[256];
        mquot_set_memory(m, memory);
        assert_int_equal(add_literal_heap(m, &g, 45), MQUOT_LIMIT);
        assert_false(mquot_by_work(m));
        need = mquot_need(m);
        assert_true(need > memory);
        if (strstr(mquot_why(m), "was not tried") == NULL) {
            continue;
        }
        untried++;
        snprintf(why, sizeof why, "%s", mquot_why(m));
        mquot_set_memory(m, need);
        if (add_literal_heap(m, &g, 45) == MQUOT_OK) {
            break;   /* it passed */
        }
        if (strcmp(mquot_why(m), why) == 0) {
            fail_msg("with --memory %zu bytes, as named, the same refusal: "
                     "%s", need, why);
        }
    }
    assert_true(untried > 0);
    mquot_free(m);
}

/* m->wit := w[0 .. n). */
static void
set_failure(mquot *m, const uint32_t *w, size_t n)
{
    assert_int_equal(mquot_grow((void **)&m->wit, &m->capwit, n + 1,
                                sizeof *m->wit), 0);
    memcpy(m->wit, w, n * sizeof *w);
    m->nwit = n;
}

/*
 * The record that ends the recalibrations (mquot_trial_seen): a trial
 * is met again only with the same fingerprint and the same least
 * failure, not a prefix, an extension or another word of the same
 * length, nor another trial failing on the same word; its bytes are
 * counted with the quotient's (one budget, --memory).
 */
static void
test_trials_noted(void **state)
{
    static const uint32_t a[] = {9, 4, 4}, prefix[] = {9, 4},
                          other[] = {9, 4, 3}, longer[] = {9, 4, 4, 1};
    static const uint64_t t1[2] = {1, 2}, t2[2] = {1, 3},
                          t3[2] = {(uint64_t)1 << 32 | 1, 2};
    mquot *m = mquot_new(0, 0);
    size_t before;
    (void)state;
    assert_non_null(m);
    before = mquot_bytes(m);
    set_failure(m, a, 3);
    assert_false(mquot_trial_seen(m, t1));
    assert_int_equal(mquot_trial_note(m, t1), 0);
    assert_true(mquot_trial_seen(m, t1));
    assert_false(mquot_trial_seen(m, t2));   /* another trial, same word */
    assert_false(mquot_trial_seen(m, t3));   /* the high half differs */
    assert_true(mquot_bytes(m) > before);
    set_failure(m, prefix, 2);
    assert_false(mquot_trial_seen(m, t1));
    set_failure(m, other, 3);
    assert_false(mquot_trial_seen(m, t1));
    set_failure(m, longer, 4);
    assert_false(mquot_trial_seen(m, t1));
    set_failure(m, prefix, 2);
    assert_int_equal(mquot_trial_note(m, t2), 0);
    assert_true(mquot_trial_seen(m, t2));
    assert_false(mquot_trial_seen(m, t1));
    set_failure(m, a, 3);
    assert_true(mquot_trial_seen(m, t1));    /* the first is still there */
    set_failure(m, a, 0);                    /* the empty word */
    assert_false(mquot_trial_seen(m, t1));
    assert_int_equal(m->nmet, (5 + 3) + (5 + 2));
    mquot_free(m);
}

/*
 * The fingerprint of a trial: the same for the same trial, and moved by
 * its order, its P-portion, an image, or a product by an image. The
 * trial: C(1, 2) = {1, x, x^2}, x^3 = x, one heap with image x.
 */
static void
test_trial_fingerprint(void **state)
{
    uint32_t mul[9] = {0, 1, 2, 1, 2, 1, 2, 1, 2}, mul2[9];
    unsigned char p[3] = {0, 1, 0};
    table q = {0}, q2;
    uint32_t phi[2] = {1, 1};
    uint64_t f[2], g[2];
    (void)state;
    q.order = 3;
    q.mul = mul;
    q.p = p;
    mquot_trial_print(&q, phi, 2, f);
    q2 = q;
    memcpy(mul2, mul, sizeof mul);
    q2.mul = mul2;
    mquot_trial_print(&q2, phi, 2, g);
    assert_memory_equal(f, g, sizeof f);
    mul2[1 * 3 + 1] = 1;                    /* x x = x, in x's row */
    mquot_trial_print(&q2, phi, 2, g);
    assert_memory_not_equal(f, g, sizeof f);
    p[2] = 1;                               /* P-portion */
    mquot_trial_print(&q, phi, 2, g);
    assert_memory_not_equal(f, g, sizeof f);
    p[2] = 0;
    phi[1] = 2;                             /* an image */
    mquot_trial_print(&q, phi, 2, g);
    assert_memory_not_equal(f, g, sizeof f);
    phi[1] = 1;
    mquot_trial_print(&q, phi, 1, g);       /* one heap fewer */
    assert_memory_not_equal(f, g, sizeof f);
    q.order = 2;                            /* the order */
    mquot_trial_print(&q, phi, 2, g);
    assert_memory_not_equal(f, g, sizeof f);
    q.order = 3;
    mquot_trial_print(&q, phi, 2, g);       /* all restored */
    assert_memory_equal(f, g, sizeof f);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quotient_matches_search),
        cmocka_unit_test(test_kayles_large_consistency),
        cmocka_unit_test(test_published_quotients),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_period_certificate),
        cmocka_unit_test(test_huge_rows_consistency),
        cmocka_unit_test(test_all_moves_beyond_built),
        cmocka_unit_test(test_wild_against_search),
        cmocka_unit_test(test_verify_modes_agree),
        cmocka_unit_test(test_wild_beyond_fixed_bounds),
        cmocka_unit_test(test_class_refinement_reach),
        cmocka_unit_test(test_untried_candidate_named),
        cmocka_unit_test(test_trials_noted),
        cmocka_unit_test(test_trial_fingerprint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
