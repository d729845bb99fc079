/*
 * test_mquot_box.c - the box of counts (mquot_box.c) against the literal
 * definition: quotients of heaps 1 .. N of octal codes given by their
 * digits, every sum of small counts judged by an exhaustive recursion on
 * the rules (a player who cannot move wins) and by the box's quotient;
 * the box's order against the word-by-word construction (mquot_add) and
 * even (Plambeck and Siegel); 0.354's heap 5, whose powers have period 6
 * (no C(k, 2) part fits it), refused at the limits, never guessed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "mquot.h"
#include "mquot_box.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOP_MAX 8

/* An octal code by its digits: digit[j] for removing j (1 leave nothing,
 * 2 one heap, 4 two heaps), j = 1 .. k. */
typedef struct lgame {
    const char *name;
    unsigned digit[4];
    unsigned k;
    unsigned top;          /* heaps 1 .. top */
} lgame;

/* Heap h's options from the rules: parts[i][0 .. n[i]) (0, 1 or 2
 * heaps). Returns how many. */
static size_t
options(const lgame *g, unsigned h, unsigned parts[][2], unsigned *n)
{
    size_t m = 0;
    for (unsigned j = 1; j <= g->k && j <= h; j++) {
        unsigned d = g->digit[j];
        if ((d & 1) && h == j) {
            n[m++] = 0;
        }
        if ((d & 2) && h > j) {
            parts[m][0] = h - j;
            n[m++] = 1;
        }
        for (unsigned a = 1; (d & 4) && 2 * a <= h - j; a++) {
            parts[m][0] = a;
            parts[m][1] = h - j - a;
            n[m++] = 2;
        }
    }
    return m;
}

/* ---- the literal reference: misere outcomes by exhaustive recursion --- */

#define MEMO_BITS 22

typedef struct memo {
    uint64_t *key;         /* count vector + 1 (0: empty slot) */
    unsigned char *p;
    size_t n;
} memo;

/* Sums checked have at most this many stones: every position below them
 * fits the memo (partitions of 44 into parts up to 8: about 50,000). */
#define STONES_MAX 44

static unsigned
stones(const unsigned *c, unsigned top)
{
    unsigned t = 0;
    for (unsigned h = 1; h <= top; h++) {
        t += h * c[h];
    }
    return t;
}

static uint64_t
pack(const unsigned *c, unsigned top)
{
    uint64_t k = 0;
    for (unsigned h = 1; h <= top; h++) {
        assert_true(c[h] < 256);
        k = k << 8 | c[h];
    }
    return k + 1;
}

/* 1 when the sum with c[h] heaps of size h is a misere P-position: it
 * has a move and every move leaves an N-position. */
static int
brute(memo *mm, const lgame *g, unsigned *c)
{
    uint64_t key = pack(c, g->top);
    size_t at = (size_t)(key * 0x9e3779b97f4a7c15u >> (64 - MEMO_BITS));
    int any = 0, win = 0;
    while (mm->key[at] != 0 && mm->key[at] != key) {
        at = (at + 1) & (((size_t)1 << MEMO_BITS) - 1);
    }
    if (mm->key[at] == key) {
        return mm->p[at];
    }
    for (unsigned h = 1; h <= g->top && !win; h++) {
        unsigned parts[64][2], n[64];
        size_t m;
        if (c[h] == 0) {
            continue;
        }
        m = options(g, h, parts, n);
        c[h]--;
        for (size_t i = 0; i < m && !win; i++) {
            any = 1;
            for (unsigned q = 0; q < n[i]; q++) {
                c[parts[i][q]]++;
            }
            win = brute(mm, g, c);
            for (unsigned q = 0; q < n[i]; q++) {
                c[parts[i][q]]--;
            }
        }
        c[h]++;
    }
    /* the recursion may have moved the slot's neighbours: look again */
    at = (size_t)(key * 0x9e3779b97f4a7c15u >> (64 - MEMO_BITS));
    while (mm->key[at] != 0) {
        at = (at + 1) & (((size_t)1 << MEMO_BITS) - 1);
    }
    assert_true(++mm->n < ((size_t)1 << MEMO_BITS) / 2);
    mm->key[at] = key;
    mm->p[at] = (unsigned char)(any && !win);
    return any && !win;
}

static memo
memo_new(void)
{
    memo mm = {calloc((size_t)1 << MEMO_BITS, sizeof(uint64_t)),
               calloc((size_t)1 << MEMO_BITS, 1), 0};
    assert_non_null(mm.key);
    assert_non_null(mm.p);
    return mm;
}

static void
memo_free(memo *mm)
{
    free(mm->key);
    free(mm->p);
}

/* ---- the box's input from the rules ----------------------------------- */

typedef struct boxin {
    size_t s;
    size_t dim[TOP_MAX + 1];     /* heap -> dimension (heaps with options) */
    int has[TOP_MAX + 1];
    size_t off[TOP_MAX + 1];
    uint32_t w[4096];
    unsigned k[TOP_MAX], per[TOP_MAX];
    uint32_t phi[TOP_MAX];
} boxin;

static void
box_input(const lgame *g, boxin *in, mquot_box *b)
{
    size_t nw = 0;
    memset(in, 0, sizeof *in);
    for (unsigned h = 1; h <= g->top; h++) {
        unsigned parts[64][2], n[64];
        size_t m = options(g, h, parts, n);
        if (m == 0) {
            continue;
        }
        in->has[h] = 1;
        in->dim[h] = in->s;
        in->off[in->s] = nw;
        in->k[in->s] = 1;
        in->per[in->s] = 2;
        in->s++;
        for (size_t i = 0; i < m; i++) {
            size_t at = nw++;
            for (unsigned q = 0; q < n[i]; q++) {
                if (in->has[parts[i][q]]) {
                    in->w[nw++] = (uint32_t)in->dim[parts[i][q]];
                }
            }
            in->w[at] = (uint32_t)(nw - at - 1);
        }
    }
    in->off[in->s] = nw;
    *b = (mquot_box){.s = in->s, .off = in->off, .w = in->w, .k = in->k,
                 .per = in->per, .phi = in->phi};
}

/* The box's verdict on the sum c: the product of its heaps' elements. */
static int
box_p(const mquot_box *b, const boxin *in, const unsigned *c, unsigned top)
{
    uint32_t x = 0;
    for (unsigned h = 1; h <= top; h++) {
        for (unsigned i = 0; in->has[h] && i < c[h]; i++) {
            x = b->mul[(size_t)x * b->order + b->phi[in->dim[h]]];
        }
    }
    return b->p[x];
}

/* The same heaps through mquot_add (heap 0 first, no options). */
static mquot *
word_by_word(const lgame *g)
{
    mquot *m = mquot_new(0, 0);
    assert_non_null(m);
    for (unsigned h = 0; h <= g->top; h++) {
        unsigned parts[64][2], n[64];
        size_t len[64], k = 0, nm = h == 0 ? 0 : options(g, h, parts, n);
        uint32_t gens[128];
        for (size_t i = 0; i < nm; i++) {
            len[i] = n[i];
            for (unsigned q = 0; q < n[i]; q++) {
                gens[k++] = parts[i][q];
            }
        }
        if (mquot_add(m, nm, len, gens) != MQUOT_OK) {
            fail_msg("%s: heap %u: %s", g->name, h, mquot_why(m));
        }
    }
    return m;
}

static int
mquot_p(const mquot *m, const unsigned *c, unsigned top)
{
    uint32_t x = 0;
    for (unsigned h = 1; h <= top; h++) {
        for (unsigned i = 0; i < c[h]; i++) {
            x = mquot_mul(m, x, mquot_phi(m, h));
        }
    }
    return mquot_is_p(m, x);
}

/* Every count vector with counts up to cmax, and one heap counted up to
 * 14 beside one other, of at most STONES_MAX stones: the box, the
 * word-by-word quotient and the recursion agree. */
static void
compare_sums(const lgame *g, const mquot_box *b, const boxin *in,
             const mquot *m, memo *mm)
{
    unsigned c[TOP_MAX + 1] = {0}, cmax = 3;
    size_t checked = 0;
    for (;;) {
        int want = stones(c, g->top) <= STONES_MAX ? brute(mm, g, c) : -1;
        if (want >= 0 && (box_p(b, in, c, g->top) != want ||
                          mquot_p(m, c, g->top) != want)) {
            fail_msg("%s: counts %u %u %u %u %u %u %u %u: the rules say %s",
                     g->name, c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8],
                     want ? "P" : "N");
        }
        checked += want >= 0;
        {
            unsigned h = 1;
            while (h <= g->top && ++c[h] > cmax) {
                c[h++] = 0;
            }
            if (h > g->top) {
                break;
            }
        }
    }
    for (unsigned h = 1; h <= g->top; h++) {
        for (unsigned n = 0; n <= 14; n++) {
            for (unsigned o = 1; o <= g->top; o++) {
                memset(c, 0, sizeof c);
                c[o] = 1;
                c[h] += n;
                if (stones(c, g->top) > STONES_MAX) {
                    continue;
                }
                if (box_p(b, in, c, g->top) != brute(mm, g, c)) {
                    fail_msg("%s: %u heaps of %u with one of %u", g->name, n,
                             h, o);
                }
                checked++;
            }
        }
    }
    assert_true(checked > 300);
}

static void
test_box_against_rules(void **state)
{
    static const lgame games[] = {
        {"kayles", {0, 7, 7}, 2, 8},
        {"dawson (0.07)", {0, 0, 7}, 2, 8},
        {"octal:0.6", {0, 6}, 1, 8},
        {"octal:0.35", {0, 3, 5}, 2, 6},
        {"octal:0.64", {0, 6, 4}, 2, 7},
        {"octal:0.354", {0, 3, 5, 4}, 3, 4},
        {"octal:0.137", {0, 1, 3, 7}, 3, 7},
    };
    (void)state;
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        const lgame *g = &games[i];
        boxin in;
        mquot_box b;
        memo mm = memo_new();
        mquot *m = word_by_word(g);
        box_input(g, &in, &b);
        b.work = (uint64_t)1 << 34;
        if (mquot_box_solve(&b) != MQUOT_OK) {
            fail_msg("%s to heap %u: %s", g->name, g->top, b.why);
        }
        assert_int_equal(b.order % 2, 0);   /* Plambeck and Siegel */
        assert_int_equal(b.order, mquot_order(m));
        assert_false(b.p[0]);   /* the empty sum: the player to move wins */
        compare_sums(g, &b, &in, m, &mm);
        free(b.mul);
        free(b.p);
        mquot_free(m);
        memo_free(&mm);
    }
}

/*
 * 0.354's heap 5: n of them alone lose exactly for n = 1, 3 (mod 6) (the
 * recursion, n <= 24), so its element x has x^(n+2) != x^n for every n
 * up to there: no C(k, 2) part fits it. The box tries larger indices and
 * the periods 6, 12, 60 until the memory or work limit, and says which.
 */
static void
test_box_period_six(void **state)
{
    static const lgame g = {"octal:0.354", {0, 3, 5, 4}, 3, 5};
    unsigned c[TOP_MAX + 1] = {0};
    memo mm = memo_new();
    boxin in;
    mquot_box b;
    (void)state;
    for (unsigned n = 0; n <= 24; n++) {
        c[5] = n;
        assert_int_equal(brute(&mm, &g, c), n % 6 == 1 || n % 6 == 3);
    }
    /* b heaps of 5 (b even) with a heaps of 3 lose exactly when a >
     * b / 4: 0, 4 and 8 heaps of 5 are three elements (docs/theory.md:
     * the quotient of heaps 1 .. 5 seems infinite). */
    for (unsigned b5 = 0; b5 <= 8; b5 += 2) {
        for (unsigned a = 0; a <= 4; a++) {
            c[5] = b5;
            c[3] = a;
            assert_int_equal(brute(&mm, &g, c), a > b5 / 4);
        }
    }
    c[3] = 0;
    memo_free(&mm);
    box_input(&g, &in, &b);
    b.memory = (size_t)16 << 20;
    assert_int_equal(mquot_box_solve(&b), MQUOT_LIMIT);
    assert_false(b.by_work);
    assert_non_null(strstr(b.why, "memory limit"));
    assert_true(b.need > b.memory);
    assert_null(b.mul);
    box_input(&g, &in, &b);
    b.work = 1000000;
    assert_int_equal(mquot_box_solve(&b), MQUOT_LIMIT);
    assert_true(b.by_work);
    assert_true(b.spent > b.work);
    assert_non_null(strstr(b.why, "work limit"));
}

/* Through mquot_add: heap 5 of 0.354 is refused with the box's reason
 * and the quotient of heaps 0 .. 4 (order 14) stays as it was. */
static void
test_box_through_mquot(void **state)
{
    static const lgame g = {"octal:0.354", {0, 3, 5, 4}, 3, 4};
    mquot *m = word_by_word(&g);
    size_t len[] = {1, 2, 2};
    uint32_t gens[] = {4, 1, 2, 1, 1};
    (void)state;
    assert_int_equal(mquot_order(m), 14);
    mquot_set_memory(m, (size_t)32 << 20);
    assert_int_equal(mquot_add(m, 3, len, gens), MQUOT_LIMIT);
    assert_false(mquot_by_work(m));
    assert_non_null(strstr(mquot_why(m), "box of counts of 5 heaps"));
    assert_true(mquot_need(m) > ((size_t)32 << 20));
    assert_int_equal(mquot_order(m), 14);
    mquot_free(m);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_box_against_rules),
        cmocka_unit_test(test_box_period_six),
        cmocka_unit_test(test_box_through_mquot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
