/*
 * solve.c - sums of games: Grundy values, XOR, outcome and winning moves,
 * through the family operations only (it never names a game). It chooses
 * the strategy (a lone component's closed form, normal play, the misere
 * Nim rule, or misere.c's search); moves.c renders the moves it finds.
 * The rules are written once over nat for numbers of any size (struct
 * sum); solve_big.c reads big components and answers what only they
 * need. About 1,300 lines, one job: the rules of a sum, with their
 * equal-component, coin-row and loopy cases, which share its helpers
 * (the classes of equal components serve the first two).
 */
#include "solve.h"
#include "compound.h"
#include "misere.h"
#include "solve_big.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Grundy value of component i (of term's game) into *g. */
static inline grundy_status
component_value(const grundy_position *pos, const pos_term *term, size_t i,
                uint64_t *g, grundy_error *err)
{
    const pos_comp *pc = &pos->comps[i];
    const family *fam = term->game->family;
    if (pc->ring) {
        return fam->ring_value(term->game, pos->vals[pc->off], g, err);
    }
    if ((fam->flags & FAMILY_VALUE_IS_NUMBER) && pc->n == 1) {
        *g = pos->vals[pc->off];
        return GRUNDY_OK;
    }
    return fam->value(term->game, pos->vals + pc->off, pc->n, g, err);
}

static grundy_status
values_room(const grundy_position *pos, grundy_result *res,
            grundy_error *err)
{
    if (pos->ncomps > res->valcap) {
        void *p = realloc(res->values, pos->ncomps * sizeof *res->values);
        if (p == NULL) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        res->values = p;
        res->valcap = pos->ncomps;
    }
    return GRUNDY_OK;
}

/*
 * The sum rules below (the XOR of the values, the target value of each
 * component, the misere Nim rule, the value of the result) are written
 * once over nat, for positions whose numbers fit in 64 bits and for
 * those with bigger ones (docs/architecture.md, "Numbers of any size").
 * They read the values through a sum: while every number fits, the
 * values are res->values (64-bit words: nothing allocated, nat's
 * arithmetic inline); where some number does not (bp), solve_big.c has
 * read the components as exact numbers and every value is a nat there.
 */
typedef struct sum {
    const grundy_position *pos;
    grundy_result *res;
    solve_big_pos *bp;      /* NULL: every number fits in 64 bits */
} sum;

static grundy_status
nomem(grundy_error *err)
{
    return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
}

/* The value of component i, once computed: a copy to read, never to
 * free or change (a big one shares its bignum with the sum). A value,
 * not a pointer, so that the compiler keeps it in registers. */
static nat
sum_get(const sum *s, size_t i)
{
    nat g = {0, NULL, 0};
    if (s->bp != NULL) {
        return s->bp->value[i];
    }
    g.v = s->res->values[i];
    return g;
}

/* 1 when component i goes by its family's big operations. */
static int
sum_big(const sum *s, size_t i)
{
    return s->bp != NULL && solve_big_is_big(s->pos, s->bp, i);
}

/* Component i's value is g. */
static void
sum_put(const sum *s, size_t i, uint64_t g)
{
    if (s->bp != NULL) {
        nat_set_u64(&s->bp->value[i], g);
    } else {
        s->res->values[i] = g;
    }
}

/* Computes the Grundy value of component i (of term). */
static grundy_status
sum_value(const sum *s, const pos_term *term, size_t i, grundy_error *err)
{
    uint64_t g;
    grundy_status st;
    if (s->bp == NULL) {
        return component_value(s->pos, term, i, &s->res->values[i], err);
    }
    if (sum_big(s, i)) {
        return solve_big_value(s->bp, term->game, i, err);
    }
    st = component_value(s->pos, term, i, &g, err);
    sum_put(s, i, g);
    return st;
}

/* Component i takes component j's value (j is equal to it); -1 when out
 * of memory. */
static int
sum_copy(const sum *s, size_t i, size_t j)
{
    if (s->bp == NULL) {
        s->res->values[i] = s->res->values[j];
        return 0;
    }
    return nat_copy(&s->bp->value[i], &s->bp->value[j]);
}

/* x < y; x >= k. One comparison each while the numbers are held in
 * 128 bits (a big nat is 2^128 or more: nat.h), as the per-line path of
 * a stream needs. */
static int
less(const nat *x, const nat *y)
{
    return !x->is_big && !y->is_big ? x->v < y->v : nat_cmp(x, y) < 0;
}

static int
at_least(const nat *x, uint64_t k)
{
    return x->is_big || x->v >= k;
}

/* Grundy value of every component; their XOR into *x (a nat the caller
 * made), and into *nbig (when not NULL) how many are 2 or more (the
 * misere Nim rule's count, taken in the same pass). On failure *failed
 * (when not NULL) is the component whose value failed. */
static grundy_status
sum_values(const sum *s, nat *x, size_t *nbig, size_t *failed,
           grundy_error *err)
{
    const grundy_position *pos = s->pos;
    grundy_status st = values_room(pos, s->res, err);
    uint64_t acc = 0;   /* the XOR while every number fits in 64 bits */
    size_t n2 = 0;
    nat_set_u64(x, 0);
    for (size_t t = 0; st == GRUNDY_OK && t < pos->nterms; t++) {
        /* The bounds held here: a value written is a 64-bit word, which
         * may alias a size_t, so the compiler would read them again. */
        const pos_term *term = &pos->terms[t];
        size_t end = term->first + term->count;
        for (size_t i = term->first; i < end; i++) {
            if ((st = sum_value(s, term, i, err)) != GRUNDY_OK) {
                if (failed != NULL) {
                    *failed = i;
                }
                return st;
            }
            if (s->bp == NULL) {
                uint64_t g = s->res->values[i];
                acc ^= g;
                n2 += g >= 2;
            } else if (nat_xor(x, x, &s->bp->value[i]) != 0) {
                return nomem(err);
            } else {
                n2 += at_least(&s->bp->value[i], 2) ? 1u : 0u;
            }
        }
    }
    if (s->bp == NULL) {
        nat_set_u64(x, acc);
    }
    if (nbig != NULL) {
        *nbig = n2;
    }
    return st;
}

/* The result's value x: in 64 bits, or in decimal beyond them (into
 * the result's text buffer, grown as needed). */
static grundy_status
set_value(grundy_result *res, const nat *x, grundy_error *err)
{
    strbuf b = {res->sg_text, 0, res->sg_textcap, 0};
    res->sg_known = 1;
    res->sg_big = !nat_to_u64(x, &res->sg);
    if (!res->sg_big) {
        return GRUNDY_OK;
    }
    nat_put(&b, x);
    res->sg_text = b.s;
    res->sg_textcap = b.cap;
    return b.oom ? nomem(err) : GRUNDY_OK;
}

/*
 * Asks component i for its options of value want. want = 2^64 - 1 is the
 * GRUNDY_ANY_VALUE sentinel and is never asked: that would list every
 * option as winning (with --all, "nim 6 18446744073709551609" listed all
 * six moves of heap 6). No option can have that value in the families
 * whose values are at most the heap size (nim, bounded): an option's heap
 * is smaller than 2^64 - 1. A family whose options could reach it must
 * refuse such components in value() (GRUNDY_ELIMIT).
 */
/* A number of c is 2^32 or more: its options may reach 2^64 - 1 in a
 * family with FAMILY_OPTIONS_TO_TOP. */
static int
reaches_top(const component *c)
{
    for (size_t j = 0; j < c->n; j++) {
        if (c->v[j] >> 32 != 0) {
            return 1;
        }
    }
    return 0;
}

static inline grundy_status
options_of(const grundy_position *pos, grundy_game *game, size_t i,
           uint64_t want, move_sink *sink, grundy_error *err)
{
    component c = position_component(pos, i);
    grundy_status st;
    if (want == GRUNDY_ANY_VALUE) {
        if ((game->family->flags & FAMILY_OPTIONS_TO_TOP) != 0 &&
            move_sink_wants_all(sink) && reaches_top(&c)) {
            return err_set(err, GRUNDY_ELIMIT, -1,
                           "%s: the moves of component %zu to value 2^64 "
                           "- 1 cannot be listed, so not every winning "
                           "move can be (one can be shown)",
                           game->label, c.index);
        }
        return GRUNDY_OK;
    }
    st = game->family->options(game, &c, want, sink, err);
    if (sink->oom) {
        st = move_sink_error(sink, err);
    }
    return st;
}

/* The options of component i worth want: a big component's by its
 * family's big operations, another's by options_of (a 64-bit component
 * has no option worth 2^64 or more). */
static inline grundy_status
sum_options(const sum *s, grundy_game *game, size_t i, const nat *want,
            move_sink *sink, grundy_error *err)
{
    uint64_t w;
    if (sum_big(s, i)) {
        return solve_big_options(s->bp, game, i, want, sink, err);
    }
    if (!nat_to_u64(want, &w)) {
        return GRUNDY_OK;
    }
    return options_of(s->pos, game, i, w, sink, err);
}

/* Games of equal specs are the same game (the cache may or may not have
 * made them one object: closed forms are not cached). */
static int
same_game(const grundy_game *a, const grundy_game *b)
{
    return a == b || strcmp(a->spec, b->spec) == 0;
}

/* 1 when components i and j (of as many numbers) hold the same numbers:
 * a big number's vals entry stands for any number beyond 64 bits. */
static int
same_numbers(const sum *s, size_t i, size_t j)
{
    const pos_comp *a = &s->pos->comps[i], *b = &s->pos->comps[j];
    if (s->bp != NULL && (a->big || b->big)) {
        return solve_big_same(s->bp, i, j);
    }
    return memcmp(s->pos->vals + a->off, s->pos->vals + b->off,
                  a->n * sizeof *s->pos->vals) == 0;
}

/*
 * Equal components into classes: the same game, the same numbers, both
 * rows or both rings. cls[i] is the first component of i's class (so a
 * class's first member has cls[i] == i); one hash probe each. Equal
 * components are the same game G, and G + G = 0 (Winning Ways,
 * "Tweedledum and Tweedledee"), whatever G's value.
 */
static grundy_status
component_classes(const sum *s, size_t *cls, grundy_error *err)
{
    const grundy_position *pos = s->pos;
    size_t cap = 16, *slot;
    const grundy_game **gm;
    while (cap < 2 * pos->ncomps) {
        cap *= 2;
    }
    slot = calloc(cap, sizeof *slot);
    gm = malloc((pos->ncomps + 1) * sizeof *gm);
    if (slot == NULL || gm == NULL) {
        free(slot);
        free(gm);
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (size_t t = 0; t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        uint64_t game_hash = util_fnv1a(UTIL_FNV_BASIS, term->game->spec,
                                       strlen(term->game->spec));
        for (size_t i = term->first; i < term->first + term->count; i++) {
            const pos_comp *pc = &pos->comps[i];
            const uint64_t *v = pos->vals + pc->off;
            uint64_t h = game_hash ^ (uint64_t)pc->ring;
            size_t at;
            gm[i] = term->game;
            cls[i] = i;
            for (size_t k = 0; k < pc->n; k++) {
                h = util_mix(h, v[k]);
            }
            for (at = (size_t)h & (cap - 1); slot[at] != 0;
                 at = (at + 1) & (cap - 1)) {
                const pos_comp *pj = &pos->comps[slot[at] - 1];
                if (pj->n == pc->n && pj->ring == pc->ring &&
                    same_game(gm[slot[at] - 1], term->game) &&
                    same_numbers(s, slot[at] - 1, i)) {
                    cls[i] = slot[at] - 1;
                    break;
                }
            }
            if (slot[at] == 0) {
                slot[at] = i + 1;
            }
        }
    }
    free(slot);
    free(gm);
    return GRUNDY_OK;
}

/*
 * Coin-turning rows (FAMILY_COINS) are sets of heads coins: a coin written
 * twice in one row is tails. So only the first copy of a coin that a row
 * writes an odd number of times can be the coin a move turns from heads
 * to tails: a move on another copy would leave a row the rules never
 * reach from this one (the values agree either way, G + G = 0, and a
 * heads coin with a winning move always exists: the row's value is the
 * XOR over its heads coins). *movable[i] is 1 for the components a move
 * may be made on; *movable is NULL when no term is a coin row. Rows of
 * one game in two terms are two rows (a sum), so copies are counted
 * within a term.
 */
static grundy_status
coin_movable(const sum *s, unsigned char **movable, grundy_error *err)
{
    const grundy_position *pos = s->pos;
    size_t n = pos->ncomps, *cls, *count, *first;
    grundy_status st;
    int coins = 0;
    *movable = NULL;
    for (size_t t = 0; t < pos->nterms; t++) {
        coins |= (pos->terms[t].game->family->flags & FAMILY_COINS) != 0;
    }
    if (!coins) {
        return GRUNDY_OK;
    }
    cls = malloc((n + 1) * sizeof *cls);
    count = calloc(n + 1, sizeof *count);
    first = malloc((n + 1) * sizeof *first);
    *movable = malloc(n + 1);
    st = cls == NULL || count == NULL || first == NULL || *movable == NULL
             ? nomem(err)
             : component_classes(s, cls, err);
    for (size_t t = 0; st == GRUNDY_OK && t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        size_t a = term->first, b = term->first + term->count;
        int coin = (term->game->family->flags & FAMILY_COINS) != 0;
        for (size_t i = a; i < b; i++) {
            if (coin && count[cls[i]]++ == 0) {
                first[cls[i]] = i;
            }
        }
        for (size_t i = a; i < b; i++) {
            (*movable)[i] = (unsigned char)(!coin ||
                                            (first[cls[i]] == i &&
                                             count[cls[i]] % 2 == 1));
        }
        for (size_t i = a; i < b; i++) {
            count[cls[i]] = 0;
        }
    }
    free(cls);
    free(count);
    free(first);
    if (st != GRUNDY_OK) {
        free(*movable);
        *movable = NULL;
    }
    return st;
}

static int
enough(const move_sink *sink)
{
    return !sink->all && sink->res->nmoves > 0;
}

/* The class of component i in words, for messages: "component 3" or
 * "components 1 and 4" or "components 1, 4, ... (5 equal)". */
static void
class_words(const size_t *cls, size_t n, size_t head, char *buf, size_t cap)
{
    size_t count = 0, second = 0;
    for (size_t i = head; i < n; i++) {
        if (cls[i] == head && count++ == 1) {
            second = i;
        }
    }
    if (count == 1) {
        snprintf(buf, cap, "component %zu", head + 1);
    } else if (count == 2) {
        snprintf(buf, cap, "components %zu and %zu", head + 1, second + 1);
    } else {
        snprintf(buf, cap, "components %zu, %zu, ... (%zu equal ones)",
                 head + 1, second + 1, count);
    }
}

/* The term that component i belongs to. */
static const pos_term *
term_of(const grundy_position *pos, size_t i)
{
    const pos_term *term = &pos->terms[0];
    for (size_t t = 0; t < pos->nterms; t++) {
        if (pos->terms[t].first <= i) {
            term = &pos->terms[t];
        }
    }
    return term;
}

/* 1 when component i, the first whose value is out of reach, has an odd
 * number of equal components (itself included) and a family with no
 * mirror move: its unknown value stays in the sum whatever the rest is
 * worth, so its error is the answer and no other value is needed (a line
 * of two huge fib piles computes one). It heads its class: an equal
 * component before it would have failed first. */
static int
undecided(const sum *s, size_t i)
{
    const grundy_position *pos = s->pos;
    const pos_term *ti = term_of(pos, i);
    const pos_comp *pc = &pos->comps[i];
    size_t equal = 0;
    if (ti->game->family->mirror != NULL) {
        return 0;
    }
    for (size_t t = 0; t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        if (!same_game(term->game, ti->game)) {
            continue;
        }
        for (size_t j = term->first; j < term->first + term->count; j++) {
            const pos_comp *pj = &pos->comps[j];
            equal += pj->n == pc->n && pj->ring == pc->ring &&
                     same_numbers(s, i, j);
        }
    }
    return equal % 2 == 1;
}

/*
 * Normal play where the value of some component is out of reach
 * (docs/theory.md 8). Equal components cancel: G + G = 0, so a class of
 * equal components of unknown value adds nothing when its count is even,
 * and the position's value is the XOR of the other components' values,
 * exact. A win then has a winning move on a component of known value (the
 * value's top bit is set in one of them), as in solve_normal; with --all
 * the moves on the cancelling components (to G' beside G) would need G's
 * value, so --all is refused. An odd class of unknown value leaves one
 * component of unknown value G: when the rest is worth 0 and the family
 * shows a mirror move on it (a row split into two equal rows H + H), the
 * position is a win by that move (it leaves H + H + rest = 0), value
 * unknown; otherwise the component's own error is the answer. A ring
 * whose options are all such rows is worth exactly 0 (mex of non-zero
 * values) and counts as a known 0, though its options' values are not
 * known (--all is refused when it matters). failed is the component whose
 * value failed first, with status fst and its error in *err. The same
 * beyond 64 bits: a big component's numbers are compared exactly, and
 * it has no mirror move here (its position_component holds stand-ins).
 */
static grundy_status
solve_unknown(const sum *s, move_sink *sink, size_t failed,
              grundy_status fst, grundy_error *err)
{
    const grundy_position *pos = s->pos;
    grundy_result *res = sink->res;
    size_t n = pos->ncomps, odd = SIZE_MAX, opaque = SIZE_MAX;
    size_t *cls, *count;
    unsigned char *known, *movable = NULL;
    /* why: the last value's error; oddwhy, oddst: the odd class's;
     * opwhy, opst: the first cancelling class's. */
    grundy_error why, oddwhy, opwhy;
    grundy_status oddst = fst, opst = fst, st;
    nat x = NAT_ZERO, want = NAT_ZERO;
    char words[96];

    if (undecided(s, failed)) {
        return fst;   /* *err is the failed component's error */
    }
    why = oddwhy = opwhy = *err;
    cls = malloc((n + 1) * sizeof *cls);
    count = calloc(n + 1, sizeof *count);
    known = calloc(n + 1, 1);
    st = cls == NULL || count == NULL || known == NULL
             ? err_set(err, GRUNDY_ENOMEM, -1, "out of memory")
             : values_room(pos, res, err);
    if (st == GRUNDY_OK) {
        st = component_classes(s, cls, err);
    }
    for (size_t i = 0; st == GRUNDY_OK && i < n; i++) {
        count[cls[i]]++;
    }
    /* known[i], for each class's first member: 1 its value is known, 2 a
     * ring worth 0 by the mirror strategy (its options' values are not
     * known), 0 not known. */
    for (size_t t = 0; st == GRUNDY_OK && t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        const family *fam = term->game->family;
        for (size_t i = term->first; st == GRUNDY_OK &&
                                     i < term->first + term->count; i++) {
            grundy_status vst = fst;
            component c = position_component(pos, i);
            if (cls[i] != i) {
                continue;
            }
            if (i == failed) {
                why = *err;
            } else {
                vst = sum_value(s, term, i, &why);
            }
            if (vst == GRUNDY_OK) {
                known[i] = 1;
            } else if (vst != GRUNDY_ELIMIT && vst != GRUNDY_EUNSUPPORTED) {
                *err = why;
                st = vst;
            } else if (c.ring && fam->mirror != NULL &&
                       fam->mirror(term->game, &c, NULL) == 1) {
                sum_put(s, i, 0);
                known[i] = 2;
                if (opaque == SIZE_MAX) {
                    opaque = i;
                    opwhy = why;
                    opst = vst;
                }
            } else if (count[i] % 2 == 0) {
                if (opaque == SIZE_MAX) {   /* the class cancels */
                    opaque = i;
                    opwhy = why;
                    opst = vst;
                }
            } else if (odd != SIZE_MAX) {
                /* Two components of unknown value are left: the outcome
                 * of their sum is not known. The first one's error is
                 * the answer. */
                *err = oddwhy;
                st = oddst;
            } else {
                odd = i;
                oddwhy = why;
                oddst = vst;
            }
        }
    }
    for (size_t i = 0; st == GRUNDY_OK && i < n; i++) {
        nat g;
        if (known[cls[i]] && sum_copy(s, i, cls[i]) != 0) {
            st = nomem(err);
        } else if (known[cls[i]] &&
                   (g = sum_get(s, i), nat_xor(&x, &x, &g)) != 0) {
            st = nomem(err);
        }
    }
    if (st == GRUNDY_OK && odd != SIZE_MAX) {
        /* One component of unknown value G beside a rest worth x: only a
         * mirror move on it decides, and only when x = 0 (a win, value
         * unknown). */
        const pos_term *term = term_of(pos, odd);
        const family *fam = term->game->family;
        component c = position_component(pos, odd);
        if (c.ring || pos->comps[odd].big || fam->mirror == NULL ||
            fam->mirror(term->game, &c, NULL) != 1) {
            *err = oddwhy;
            st = oddst;
        } else if (!nat_is_zero(&x)) {
            /* G + H + rest with G's mirror move: the outcome turns on
             * G's value, which the mirror does not give. */
            char worth[64];
            strbuf b = {0};
            nat_put(&b, &x);
            if (b.oom) {
                snprintf(worth, sizeof worth, "a value not 0");
            } else if (b.len < 40) {
                snprintf(worth, sizeof worth, "%s", b.s);
            } else {
                snprintf(worth, sizeof worth, "a number of %zu digits",
                         b.len);
            }
            free(b.s);
            class_words(cls, n, odd, words, sizeof words);
            st = err_set_limit(err, oddst, oddwhy.limit, oddwhy.needed,
                               "%s alone is a win by the mirror move (two "
                               "equal rows), but beside the rest, worth "
                               "%s, its unknown value decides: %s", words,
                               worth, oddwhy.message);
        } else if (sink->all) {
            class_words(cls, n, odd, words, sizeof words);
            st = err_set_limit(err, oddst, oddwhy.limit, oddwhy.needed,
                               "%s wins by the mirror move (two equal "
                               "rows), but its value is out of reach, so "
                               "its winning moves cannot all be listed "
                               "(the mirror move can be shown): %s", words,
                               oddwhy.message);
        } else {
            res->win = 1;
            res->sg_known = 0;
            st = fam->mirror(term->game, &c, sink) < 0 || sink->oom
                     ? move_sink_error(sink, err)
                     : GRUNDY_OK;
        }
        goto out;
    }
    if (st != GRUNDY_OK) {
        goto out;
    }
    if ((st = set_value(res, &x, err)) != GRUNDY_OK) {
        goto out;
    }
    res->win = !nat_is_zero(&x);
    if (res->win && sink->all && opaque != SIZE_MAX) {
        class_words(cls, n, opaque, words, sizeof words);
        if (known[opaque] == 2) {
            st = err_set_limit(err, opst, opwhy.limit, opwhy.needed,
                               "%s is worth 0 by the mirror strategy (every "
                               "option is a row with a mirror move), but "
                               "the values of its options are out of "
                               "reach, so the winning moves cannot all be "
                               "listed (one can be shown): %s",
                               words, opwhy.message);
        } else {
            st = err_set_limit(err, opst, opwhy.limit, opwhy.needed,
                               "%s cancel (G + G = 0), but their value is "
                               "out of reach, so the winning moves on them "
                               "cannot all be listed (one can be shown): "
                               "%s", words, opwhy.message);
        }
        goto out;
    }
    if (res->win) {
        st = coin_movable(s, &movable, err);
    }
    for (size_t t = 0; st == GRUNDY_OK && res->win && t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        for (size_t i = term->first; st == GRUNDY_OK &&
                                     i < term->first + term->count &&
                                     !enough(sink); i++) {
            nat g;
            if (known[cls[i]] != 1 || (movable != NULL && !movable[i])) {
                continue;
            }
            g = sum_get(s, i);
            if (nat_xor(&want, &g, &x) != 0) {
                st = nomem(err);
            } else if (sink->all || less(&want, &g)) {
                st = sum_options(s, term->game, i, &want, sink, err);
            }
        }
    }
out:
    free(cls);
    free(count);
    free(known);
    free(movable);
    nat_free(&x);
    nat_free(&want);
    return st;
}

/*
 * The target value of a component of value g, under the rule in use, in
 * a sum whose values XOR to x and of which nbig are 2 or more (misere
 * only): g ^ x in normal play; in misere play the Nim rule's, below.
 */
static int
target(const nat *g, const nat *x, int misere, size_t nbig, nat *want)
{
    if (nat_xor(want, x, g) != 0) {
        return -1;
    }
    /* Others all <= 1: leave XOR 1 with values <= 1; else XOR 0. */
    if (misere && nbig == (at_least(g, 2) ? 1u : 0u) && !at_least(want, 2)) {
        want->v ^= 1;
    }
    return 0;
}

/*
 * The sum rules, for every size of numbers. Normal play (Sprague-Grundy):
 * the mover loses iff the XOR X of the component values is 0; the
 * winning moves take one component of value g to an option of value
 * g ^ X. One exists where g ^ X < g (mex), but options of larger value
 * may win too, so --all asks every component.
 *
 * Misere play of a sum whose families all follow the misere Nim rule on
 * their Grundy values g_i (docs/theory.md 7, checked by the tests): the
 * mover loses iff (every g_i <= 1 and X = 1) or (some g_i >= 2 and
 * X = 0). For each component the one target value that leaves such a
 * losing position follows from X and the count of values >= 2 elsewhere
 * (target), so every component is asked.
 */
static grundy_status
solve_sum(const sum *s, int misere, move_sink *sink, grundy_error *err)
{
    const grundy_position *pos = s->pos;
    grundy_result *res = sink->res;
    nat x = NAT_ZERO, want = NAT_ZERO, g;
    size_t nbig = 0, failed = 0;
    unsigned char *movable = NULL;
    grundy_status st = sum_values(s, &x, &nbig, &failed, err);
    if (!misere && (st == GRUNDY_ELIMIT || st == GRUNDY_EUNSUPPORTED)) {
        /* Only now: an answer computed from every value stays as it was. */
        nat_free(&x);
        return solve_unknown(s, sink, failed, st, err);
    }
    if (st == GRUNDY_OK) {
        st = set_value(res, &x, err);
        res->win = misere && nbig == 0 ? x.v != 1 : !nat_is_zero(&x);
    }
    if (st == GRUNDY_OK && res->win) {
        st = coin_movable(s, &movable, err);
    }
    for (size_t t = 0; st == GRUNDY_OK && res->win && t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        for (size_t i = term->first; st == GRUNDY_OK &&
                                     i < term->first + term->count &&
                                     !enough(sink); i++) {
            if (movable != NULL && !movable[i]) {
                continue;
            }
            g = sum_get(s, i);
            if (target(&g, &x, misere, nbig, &want) != 0) {
                st = nomem(err);
            } else if (misere || sink->all || less(&want, &g)) {
                st = sum_options(s, term->game, i, &want, sink, err);
            }
        }
    }
    free(movable);
    nat_free(&x);
    nat_free(&want);
    return st;
}

/*
 * Misere play with no rule for the whole sum: by the misere quotient when
 * every component is a heap of a heap game, else (or when the quotient
 * cannot be built that far) by exhaustive search; when both fail, the
 * quotient's reason and limit are the answer.
 *
 * The quotient is first built only as far as quick steps take it
 * (misere_q_solve_quick): a wild game's next heap can take seconds to a
 * minute to join (Dawson's Kayles from heap 25 on), while the search, which
 * the quotient built so far cuts short (misere_search_known), answers a
 * Dawson's Kayles row of 60 in a fraction of a second. Only when that
 * search is out of reach is the quotient built in full, and searched
 * with again if it grew. Every path is exact: a verified quotient or the
 * game tree.
 */
static grundy_status
solve_misere_general(const grundy_position *pos, move_sink *sink,
                     grundy_error *err)
{
    grundy_result *res = sink->res;
    grundy_error qerr;
    int deferred = 0;
    grundy_status qst = misere_q_solve_quick(pos, NULL, sink, &res->win,
                                             &deferred, &qerr);
    grundy_status st;
    if (qst != GRUNDY_EUNSUPPORTED && qst != GRUNDY_ELIMIT) {
        if (qst != GRUNDY_OK) {
            *err = qerr;
        }
        return qst;
    }
    move_result_clear(res);
    st = misere_search_known(pos, NULL, misere_q_peek(pos), sink, &res->win,
                             err);
    if (st == GRUNDY_ELIMIT && deferred) {
        move_result_clear(res);
        qst = misere_q_solve(pos, NULL, sink, &res->win, &qerr);
        if (qst != GRUNDY_EUNSUPPORTED && qst != GRUNDY_ELIMIT) {
            if (qst != GRUNDY_OK) {
                *err = qerr;
            }
            return qst;
        }
        move_result_clear(res);
        st = misere_search_known(pos, NULL, misere_q_peek(pos), sink,
                                 &res->win, err);
    }
    if (st == GRUNDY_ELIMIT && qst == GRUNDY_ELIMIT) {
        /* The search's message says why it stopped; the quotient's says
         * how far it got and which limit stopped it. When the
         * quotient's construction gave up (no setting stopped it:
         * misere_q_gave_up), say that the search, cut short by it, was tried
         * too and why it stopped. */
        *err = qerr;
        if (misere_q_gave_up(misere_q_peek(pos))) {
            size_t at = strlen(err->message);
            snprintf(err->message + at, sizeof err->message - at,
                     "; the exhaustive search, with the quotient as far "
                     "as it is known, needs more than %d positions, a "
                     "fixed bound: no setting changes this answer",
                     MISERE_MAX_POSITIONS);
        }
    }
    if (st == GRUNDY_ELIMIT && err->limit == GRUNDY_LIMIT_NONE &&
        strstr(err->message, "no setting") == NULL) {
        /* A bound no setting raises (grundy.h: GRUNDY_LIMIT_NONE), such
         * as the options a closed form lists, which the misere search
         * needs all of: say so, as every misere refusal says what to
         * raise or that nothing helps. */
        size_t at = strlen(err->message);
        snprintf(err->message + at, sizeof err->message - at,
                 "; no setting raises this bound");
    }
    return st;
}

/* The loopy rank of component i (family.h, loopy): FAMILY_LOOPY_NONE
 * for every family without loopy components. */
static int
component_loopy(const grundy_position *pos, const pos_term *term, size_t i)
{
    const family *fam = term->game->family;
    const pos_comp *pc = &pos->comps[i];
    return fam->loopy != NULL
               ? fam->loopy(term->game, pos->vals + pc->off, pc->n)
               : FAMILY_LOOPY_NONE;
}

static int
has_loopy_family(const grundy_position *pos)
{
    for (size_t t = 0; t < pos->nterms; t++) {
        if (pos->terms[t].game->family->loopy != NULL) {
            return 1;
        }
    }
    return 0;
}

/*
 * Normal play of a sum with loopy components, by Smith's generalised
 * Sprague-Grundy function (C. A. B. Smith 1966; docs/theory.md 10). Finite
 * values add as ever (solve_normal). With one infinite component
 * infinity(K) and the others XORing to x, the sum is infinity(K ^ x):
 * the mover wins iff x is in K, by moving that component to an option
 * worth x (a loss, value 0), and those are the only winning moves (any
 * other leaves an infinite component, never a loss); otherwise it is a
 * draw. With two or more infinite components every option keeps one,
 * so no option is worth 0 and the value is infinite: a draw.
 */
static grundy_status
solve_loopy(const sum *s, move_sink *sink, grundy_error *err)
{
    const grundy_position *pos = s->pos;
    grundy_result *res = sink->res;
    size_t inf = SIZE_MAX, ninf = 0, inf_term = 0;
    uint64_t x = 0;
    grundy_status st = values_room(pos, res, err);
    for (size_t t = 0; st == GRUNDY_OK && t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        for (size_t i = term->first; i < term->first + term->count; i++) {
            if (component_loopy(pos, term, i) == FAMILY_LOOPY_INFINITE) {
                ninf++;
                inf = i;
                inf_term = t;
            }
        }
    }
    if (st != GRUNDY_OK || ninf == 0) {
        return st != GRUNDY_OK ? st : solve_sum(s, 0, sink, err);
    }
    for (size_t t = 0; ninf == 1 && t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        for (size_t i = term->first; i < term->first + term->count; i++) {
            if (i != inf &&
                (st = component_value(pos, term, i, &res->values[i], err)) !=
                    GRUNDY_OK) {
                return st;
            }
            x ^= i != inf ? res->values[i] : 0;
        }
    }
    res->loopy = 1;
    /* x = 2^64 - 1 is no finite value of an option (and is options()'s
     * any-value sentinel): not in K. */
    if (ninf == 1 && x != GRUNDY_ANY_VALUE) {
        st = options_of(pos, pos->terms[inf_term].game, inf, x, sink, err);
    }
    res->win = st == GRUNDY_OK && res->nmoves > 0;
    res->draw = !res->win;
    return st;
}

/* Misere play has no theory of loopy games here: the search of misere.c
 * would follow a cycle. Refused, naming the component. */
static grundy_status
refuse_loopy_misere(const grundy_position *pos, grundy_error *err)
{
    for (size_t t = 0; t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        for (size_t i = term->first; i < term->first + term->count; i++) {
            const pos_comp *pc = &pos->comps[i];
            char q[96];
            if (component_loopy(pos, term, i) == FAMILY_LOOPY_NONE) {
                continue;
            }
            util_quote_token(q, sizeof q, pos->text + pc->tok, pc->toklen);
            return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                           "misere play of loopy positions is not "
                           "supported: a cycle can be reached from %s "
                           "(component %zu of %s), so play need not end "
                           "(no setting changes this); normal play is "
                           "answered", q, i + 1, term->game->label);
        }
    }
    return GRUNDY_OK;
}

/* A position of one component whose family has a closed form: outcome and
 * moves from it, the value where the family knows it. */
static grundy_status
solve_alone(const grundy_position *pos, int misere, move_sink *sink,
            grundy_error *err)
{
    grundy_game *game = pos->terms[0].game;
    component c = position_component(pos, 0);
    grundy_error why;
    grundy_status st, vst;

    st = game->family->solve_alone(game, &c, misere, sink, &sink->res->win,
                                   err);
    if (sink->oom) {
        st = move_sink_error(sink, err);
    }
    if (st == GRUNDY_OK) {
        /* The value where the family knows it; out of memory is an error,
         * not a silently missing value (test_oom). */
        vst = game->family->value(game, c.v, c.n, &sink->res->sg, &why);
        if (vst == GRUNDY_ENOMEM) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        sink->res->sg_known = vst == GRUNDY_OK;
        if (!misere && !sink->res->win) {
            /* A loss in normal play is a P-position, whose value is 0 by
             * the Sprague-Grundy theorem, table or not. */
            sink->res->sg_known = 1;
            sink->res->sg = 0;
        }
    }
    return st;
}

/*
 * Misere play of a sum without a rule for the whole of it: by
 * solve_misere_general, or beyond 64 bits by solve_big_misere (whose
 * refusals say whether normal play answers); then the normal-play
 * value, where every component has one. Out of memory computing it is
 * an error, not a silently missing value.
 */
static grundy_status
solve_misere_other(const sum *s, move_sink *sink, grundy_error *err)
{
    nat x = NAT_ZERO;
    grundy_error why;
    grundy_status st, vst = GRUNDY_OK;
    if (s->bp != NULL) {
        vst = sum_values(s, &x, NULL, NULL, &why);
        st = solve_big_misere(s->pos, s->bp, vst == GRUNDY_OK, sink, err);
    } else {
        /* Every component is asked for its moves, equal ones too: with
         * --all a move on each of two equal heaps is a move of its own
         * (interface: `--all nim 1 1 1` lists three). */
        st = solve_misere_general(s->pos, sink, err);
        if (st == GRUNDY_OK) {
            vst = sum_values(s, &x, NULL, NULL, &why);
        }
    }
    if (st == GRUNDY_OK && vst == GRUNDY_ENOMEM) {
        st = nomem(err);
    } else if (st == GRUNDY_OK && vst == GRUNDY_OK) {
        st = set_value(sink->res, &x, err);
    }
    nat_free(&x);
    return st;
}

/* A position past every refusal: a lone component's own rule (beyond 64
 * bits its family's big one), the sum rules, or misere play without a
 * rule for the sum. */
static inline grundy_status
solve_position(const sum *s, int misere, move_sink *sink, grundy_error *err)
{
    const grundy_position *pos = s->pos;
    const family *fam = pos->terms[0].game->family;
    int big = s->bp != NULL;
    grundy_status st;
    if (pos->ncomps == 1 && !pos->comps[0].ring &&
        (big ? fam->big != NULL && fam->big->solve_alone != NULL
             : fam->solve_alone != NULL)) {
        st = big ? solve_big_alone(pos, s->bp, misere, sink, err)
                 : solve_alone(pos, misere, sink, err);
        if (st != GRUNDY_EUNSUPPORTED) {
            return st;
        }
        move_result_clear(sink->res);
    }
    if (!misere && !big && has_loopy_family(pos)) {
        return solve_loopy(s, sink, err);
    }
    if (!misere || position_misere_nimlike(pos)) {
        return solve_sum(s, misere, sink, err);
    }
    return solve_misere_other(s, sink, err);
}

/* Every-SG or the conjunctive compound (compound.c), each alone: they
 * are other games than the sum, with no misere theory here and too many
 * winning moves to list (every combination of the components' moves). */
static grundy_status
solve_compound(const grundy_position *pos, unsigned flags, move_sink *sink,
               grundy_error *err)
{
    unsigned kind = flags & (GRUNDY_EVERY | GRUNDY_CONJUNCTIVE);
    const char *play = kind == GRUNDY_EVERY ? "Every-SG" : "conjunctive play";
    if (kind == (GRUNDY_EVERY | GRUNDY_CONJUNCTIVE)) {
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "Every-SG and conjunctive play are two different "
                       "games: ask for one of them");
    }
    if (flags & GRUNDY_MISERE) {
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "misere %s is not supported: grundy has no misere "
                       "theory of compounds (no setting changes this)",
                       play);
    }
    if (flags & GRUNDY_ALL_MOVES) {
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "every winning move of %s is not listed: a move "
                       "there is a choice in every component, and their "
                       "combinations are too many; one is shown", play);
    }
    return compound_solve(pos, kind, sink, err);
}

grundy_status
grundy_solve(grundy_ctx *ctx, const grundy_position *pos, unsigned flags,
             grundy_result *res, grundy_error *err)
{
    move_sink sink = {.res = res, .pos = pos,
                      .all = (flags & GRUNDY_ALL_MOVES) != 0,
                      .budget = ctx != NULL ? ctx_memory_limit(ctx)
                                            : SIZE_MAX,
                      .lim = ctx != NULL ? ctx_limits(ctx) : NULL};
    int misere = (flags & GRUNDY_MISERE) != 0;
    sum s = {.pos = pos, .res = res, .bp = NULL};
    solve_big_pos bp;
    grundy_status st;

    if (ctx != NULL) {
        ctx_line_start(ctx);   /* one misere budget per position */
    }
    res->win = res->sg_known = res->sg_big = 0;
    res->draw = res->loopy = 0;
    res->misere = misere;
    res->sg = 0;
    res->compound = 0;
    res->compound_number = 0;
    move_result_clear(res);
    if (flags & (GRUNDY_EVERY | GRUNDY_CONJUNCTIVE)) {
        return solve_compound(pos, flags, &sink, err);
    }
    if (misere && pos->rings > 0) {
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "misere play of positions with rings (@n) is "
                       "not supported (no setting changes this: grundy "
                       "has no misere method for rings); normal play "
                       "of rings is answered");
    }
    for (size_t t = 0; misere && t < pos->nterms; t++) {
        const family *fam = pos->terms[t].game->family;
        if (fam->no_misere != NULL) {
            return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                           "misere play of %s is not supported: %s; normal "
                           "play is answered", fam->name, fam->no_misere);
        }
    }
    if (misere && has_loopy_family(pos) &&
        (st = refuse_loopy_misere(pos, err)) != GRUNDY_OK) {
        return st;
    }
    if (!pos->big && !solve_big_needed(pos)) {
        return solve_position(&s, misere, &sink, err);
    }
    if ((st = solve_big_read(pos, &bp, err)) == GRUNDY_OK) {
        s.bp = &bp;
        st = solve_position(&s, misere, &sink, err);
    }
    solve_big_free(&bp);
    return st;
}

grundy_status
solve_value(const grundy_position *pos, grundy_result *res,
            grundy_error *err)
{
    sum s = {.pos = pos, .res = res, .bp = NULL};
    solve_big_pos bp;
    nat x = NAT_ZERO;
    grundy_status st = GRUNDY_OK;

    memset(&bp, 0, sizeof bp);
    /* A number beyond 64 bits, or a value beyond them (Lasker's Nim at
     * 2^64 - 1), is read exactly; the same rule then takes the value. */
    if ((pos->big || solve_big_needed(pos)) &&
        (st = solve_big_read(pos, &bp, err)) == GRUNDY_OK) {
        s.bp = &bp;
    }
    if (st == GRUNDY_OK && (st = sum_values(&s, &x, NULL, NULL, err)) == GRUNDY_OK &&
        (st = set_value(res, &x, err)) == GRUNDY_OK) {
        res->win = !nat_is_zero(&x);
    }
    solve_big_free(&bp);
    nat_free(&x);
    return st;
}

grundy_status
solve_component_value(grundy_game *game, grundy_position *pos,
                      const char *text, size_t len, grundy_result *res,
                      grundy_error *err)
{
    grundy_status st;
    res->win = res->sg_known = res->sg_big = res->misere = 0;
    res->draw = res->loopy = 0;
    res->sg = 0;
    move_result_clear(res);
    st = position_parse_one(game, pos, text, len, err);
    return st == GRUNDY_OK ? solve_value(pos, res, err) : st;
}

grundy_status
solve_component_value_u64(grundy_game *game, uint64_t x, int *exact,
                          uint64_t *sg, grundy_error *err)
{
    const family *fam = game->family;
    /* The steps of solve_component_value on a parsed x: the rule of a
     * one-number family is only asked by the parser when it has one
     * (add_checked), the exact path takes a value that does not fit, and
     * component_values takes the number itself as G(n) = n. A refusal by
     * the rules is left to the parser, whose message names the token. */
    *exact = 0;
    if (fam->parse != NULL) {
        /* A structured component (a vertex name "0") is its text, not
         * the number: the text path parses it. */
        *exact = 1;
        return GRUNDY_OK;
    }
    if ((!family_one_number(fam) &&
         registry_check(game, &x, 1, err) != GRUNDY_OK) ||
        (fam->big != NULL && fam->big->fits != NULL &&
         !fam->big->fits(game, &x, 1))) {
        *exact = 1;
        return GRUNDY_OK;
    }
    if (fam->flags & FAMILY_VALUE_IS_NUMBER) {
        *sg = x;
        return GRUNDY_OK;
    }
    return fam->value(game, &x, 1, sg, err);
}

grundy_status
grundy_component_value_text(grundy_game *game, const char *text, size_t len,
                            grundy_result *res, grundy_error *err)
{
    grundy_position *pos = grundy_position_new();
    grundy_status st;
    if (pos == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    st = solve_component_value(game, pos, text, len, res, err);
    grundy_position_free(pos);
    return st;
}

int
solve_plain_possible(const grundy_game *game)
{
    return family_one_number(game->family) &&
           game->family->option_one != NULL;
}

/* coin_movable for a plain row of n <= PLAIN_MAX_HEAPS coins: 1 when v[i]
 * is the first copy of a coin written an odd number of times. */
static int
plain_coin_heads(const uint64_t *v, size_t n, size_t i)
{
    size_t copies = 0;
    for (size_t j = 0; j < n; j++) {
        if (v[j] == v[i] && j < i) {
            return 0;
        }
        copies += v[j] == v[i];
    }
    return copies % 2 == 1;
}

int
solve_plain(grundy_game *game, const char *text, const uint64_t *v,
            const size_t *toks, size_t n, plain_answer *out)
{
    const family *fam = game->family;
    uint64_t g[PLAIN_MAX_HEAPS], x = 0;
    grundy_error why;
    if (!solve_plain_possible(game) || n > PLAIN_MAX_HEAPS ||
        (n == 1 && fam->solve_alone != NULL)) {
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        if (fam->flags & FAMILY_VALUE_IS_NUMBER) {
            g[i] = v[i];
        } else if (fam->value(game, &v[i], 1, &g[i], &why) != GRUNDY_OK) {
            return 0;
        }
        x ^= g[i];
    }
    out->sg = x;
    out->at = SIZE_MAX;
    /* As solve_normal: the first component, in order, with an option of
     * value g ^ x below g gives the move. */
    for (size_t i = 0; x != 0 && i < n; i++) {
        size_t len = toks[i + 1] - 1 - toks[i];
        const char *tok = text + toks[i];
        component c = {.v = &v[i], .n = 1, .index = i + 1};
        int r;
        if ((g[i] ^ x) >= g[i] ||
            ((fam->flags & FAMILY_COINS) && !plain_coin_heads(v, n, i))) {
            continue;
        }
        if (len == 1 || tok[0] != '0') {
            c.text = tok;
            c.textlen = len;
        }
        r = fam->option_one(game, &c, g[i] ^ x, &out->to, out->explain);
        if (r < 0) {
            return 0;
        }
        if (r > 0) {
            out->at = i;
            out->explain_len = (size_t)r;
            break;
        }
    }
    return 1;
}
