/*
 * solve_big.c - what positions holding a number beyond 2^64 - 1 need
 * besides solve.c's sum rules, which are written once over nat for every
 * size: the components read as exact numbers (bignum.h), the families'
 * `big` operations on one component, a lone big component's own rule,
 * misere play of big heaps by the misere quotient, and the refusals that
 * name what is answered beyond 64 bits. Nothing here costs a position
 * whose numbers all fit in 64 bits: solve.c comes here only when the
 * parser marked one big or a value needs more than 64 bits.
 */
#include "solve_big.h"
#include "misere.h"

#include <stdlib.h>
#include <string.h>

void
solve_big_free(solve_big_pos *bp)
{
    for (size_t i = 0; i < bp->nnum; i++) {
        bignum_free(bp->num[i]);
    }
    for (size_t i = 0; bp->value != NULL && i < bp->ncomp; i++) {
        nat_free(&bp->value[i]);
    }
    free(bp->num);
    free(bp->comp);
    free(bp->value);
    bignum_free(bp->scratch);
}

static grundy_status
nomem(grundy_error *err)
{
    return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
}

/* Reads the numbers of every component: a big one from its token (the
 * parser checked its digits and commas), a 64-bit one from vals. */
grundy_status
solve_big_read(const grundy_position *pos, solve_big_pos *bp,
               grundy_error *err)
{
    memset(bp, 0, sizeof *bp);
    bp->num = calloc(pos->nvals + 1, sizeof *bp->num);
    bp->comp = calloc(pos->ncomps + 1, sizeof *bp->comp);
    bp->value = calloc(pos->ncomps + 1, sizeof *bp->value);
    bp->scratch = bignum_new();
    if (bp->num == NULL || bp->comp == NULL || bp->value == NULL ||
        bp->scratch == NULL) {
        return nomem(err);
    }
    bp->ncomp = pos->ncomps;
    bp->all_big = solve_big_needed(pos);
    for (size_t i = 0; i < pos->ncomps; i++) {
        const pos_comp *pc = &pos->comps[i];
        const char *s = pos->text + pc->tok;
        size_t at = 0;
        for (size_t k = 0; k < pc->n; k++) {
            bignum *x = bignum_new();
            size_t end = at;
            int r;
            if (x == NULL) {
                return nomem(err);
            }
            bp->num[bp->nnum++] = x;
            while (end < pc->toklen && s[end] != ',') {
                end++;
            }
            r = pc->big ? bignum_parse_dec(x, s + at, end - at)
                        : bignum_set_u64(x, pos->vals[pc->off + k]);
            if (r != 0) {
                return nomem(err);
            }
            at = end + 1;
        }
        bp->comp[i] = (big_component){bp->num + pc->off, pc->n, i + 1};
    }
    return GRUNDY_OK;
}

int
solve_big_is_big(const grundy_position *pos, const solve_big_pos *bp,
                 size_t i)
{
    return pos->comps[i].big || (bp->all_big && !pos->comps[i].ring);
}

static grundy_status
no_big_rule(const grundy_game *game, const char *what, grundy_error *err)
{
    return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                   "%s of %s with numbers beyond 2^64 - 1 is not "
                   "supported", what, game->label);
}

grundy_status
solve_big_value(solve_big_pos *bp, grundy_game *game, size_t i,
                grundy_error *err)
{
    const family_big *big = game->family->big;
    grundy_status st;
    if (big == NULL || big->value == NULL) {
        return no_big_rule(game, "the Grundy value", err);
    }
    st = big->value(game, &bp->comp[i], bp->scratch, err);
    if (st == GRUNDY_OK && nat_set_big(&bp->value[i], bp->scratch) != 0) {
        return nomem(err);
    }
    return st;
}

grundy_status
solve_big_options(solve_big_pos *bp, grundy_game *game, size_t i,
                  const nat *want, move_sink *sink, grundy_error *err)
{
    grundy_status st;
    if (game->family->big->options == NULL) {
        return no_big_rule(game, "a winning move", err);
    }
    if (nat_to_big(bp->scratch, want) != 0) {
        return nomem(err);
    }
    st = game->family->big->options(game, &bp->comp[i], bp->scratch, sink,
                                    err);
    return sink->oom ? move_sink_error(sink, err) : st;
}

int
solve_big_same(const solve_big_pos *bp, size_t i, size_t j)
{
    const big_component *a = &bp->comp[i], *b = &bp->comp[j];
    int same = a->n == b->n;
    for (size_t k = 0; same && k < a->n; k++) {
        same = bignum_cmp(a->v[k], b->v[k]) == 0;
    }
    return same;
}

grundy_status
solve_big_alone(const grundy_position *pos, solve_big_pos *bp, int misere,
                move_sink *sink, grundy_error *err)
{
    grundy_game *game = pos->terms[0].game;
    grundy_status st = game->family->big->solve_alone(
        game, &bp->comp[0], misere, sink, &sink->res->win, err);
    if (sink->oom) {
        return move_sink_error(sink, err);
    }
    if (st == GRUNDY_OK && !misere && !sink->res->win) {
        /* A P-position is worth 0 (Sprague-Grundy). */
        sink->res->sg_known = 1;
        sink->res->sg = 0;
    }
    return st;
}

/* ---- misere play of big heaps, by the misere quotient ----------------- */

/*
 * Heaps beyond 64 bits of games whose misere quotient has a certified
 * period (misere_q_periods: phi(x) = phi(x - p) for every heap x > from,
 * of any size; docs/theory.md 7b). Let every move remove j <= k stones
 * and leave s <= t non-empty parts in any arrangement the removal allows
 * (the family's heap_span), and let L = t (from + p) + k + 1. A heap
 * h > L is answered through its stand-in h', the least 64-bit heap
 * h' >= L with h' = h (mod p), D = h - h' (a multiple of p):
 *
 * - phi(h) = phi(h'): both exceed from. So the position and the one with
 *   h' in h's place have the same element, the same outcome, and the
 *   same winning moves on every other component.
 * - Forward: an option of h' leaving parts a_1 <= ... <= a_s (s >= 1,
 *   since h' > k) has a_s >= (h' - k) / t > from, so the option of h
 *   leaving a_1, ..., a_{s-1}, a_s + D (the same removal) has the same
 *   element.
 * - Back: an option of h leaving b_1 <= ... <= b_s (b_s > from: h is
 *   huge) matches the option of h' that keeps the parts <= from, puts
 *   each other part but b_s at its residue in (from, from + p], and
 *   gives the rest, c = h' - j - (the others), to b_s: c = b_s (mod p),
 *   and c >= L - k - (t - 1)(from + p) = from + p + 1 > from, so the
 *   elements agree. Both maps keep the number of parts above from.
 *
 * So h has a winning option exactly when h' has one, and mapping h''s
 * forward gives h's. With --all: the two maps are inverse bijections
 * between the options with one part above from, so those of h are
 * listed exactly; a winning option with two parts above from stands for
 * as many as there are ways to move p stones from one to the other
 * while both stay above from (at least (h - k - t from) / (2tp), far
 * beyond 2^20), which is refused as too many to list, as in normal
 * play.
 *
 * The stand-in's moves come from misere_q_solve_heaps with their words
 * for h', which family.h promises end with " (h' -> a_1 + ... + a_s)" and
 * do not otherwise depend on the largest part (stones are counted from
 * the left, the parts in ascending order): the tail is rewritten with h
 * and a_s + D, checked word for word first.
 */

/* The game of component i. */
static const grundy_game *
game_of(const grundy_position *pos, size_t i)
{
    size_t t = 0;
    while (t + 1 < pos->nterms && pos->terms[t + 1].first <= i) {
        t++;
    }
    return pos->terms[t].game;
}

/* A game whose heap elements are periodic: the sizes of its moves. */
static int
heap_span_of(const grundy_game *game, uint64_t *k, unsigned *parts)
{
    const family *fam = game->family;
    return fam->heap_span != NULL && fam->heap_span(game, k, parts) &&
           *parts >= 1 && *parts <= 3;
}

/* The stand-ins of a position, and where their moves go. */
typedef struct big_misere {
    const solve_big_pos *bp;
    move_sink *out;       /* the caller's sink */
    bignum **shift;       /* h - h' of component i, NULL: its own heap */
    uint64_t *from;       /* the period's start for component i's game */
    size_t too_many;      /* --all: component (1-based) whose winning
                           * split has two parts above from */
    size_t bad_words;     /* component (1-based) whose move's words
                           * were not as promised */
} big_misere;

/* Where the words of an option of heap n leaving vals[0 .. parts) end
 * their head: they must end with " (n -> v_0 + ... + v_{parts-1})".
 * SIZE_MAX when they do not. */
static size_t
words_head(const char *explain, uint64_t n, size_t parts,
           const uint64_t *vals)
{
    char tail[160], *q = tail;
    size_t len = strlen(explain), tl;
    if (parts == 0 || parts > 3) {
        return SIZE_MAX;
    }
    q = put_str(q, " (");
    q = put_u64(q, n);
    q = put_str(q, " -> ");
    for (size_t j = 0; j < parts; j++) {
        q = put_str(q, j > 0 ? " + " : "");
        q = put_u64(q, vals[j]);
    }
    q = put_str(q, ")");
    tl = (size_t)(q - tail);
    if (tl > len || memcmp(explain + len - tl, tail, tl) != 0) {
        return SIZE_MAX;
    }
    return len - tl;
}

/* Receives the moves of the position with stand-ins: a move on a
 * component in its own heap goes on as it is; one on a stand-in h'
 * becomes the move on h, its largest part raised by h - h'. */
static int
big_misere_collect(void *user, const component *c, size_t parts,
                   const size_t *arity, const uint64_t *vals,
                   const char *explain)
{
    big_misere *bm = user;
    size_t i = c->index - 1, top = 0, above = 0, head;
    const big_component *bc = &bm->bp->comp[i];
    bignum *v[3] = {NULL, NULL, NULL};
    strbuf b = {0};
    int r = -1;
    if (bm->shift[i] == NULL) {
        return move_emit(bm->out, c, parts, arity, vals, explain);
    }
    for (size_t j = 0; j < parts; j++) {
        top = vals[j] >= vals[top] ? j : top;
        above += vals[j] > bm->from[i];
    }
    if (above >= 2 && move_sink_wants_all(bm->out)) {
        bm->too_many = i + 1;
        return -1;
    }
    if ((head = words_head(explain, c->v[0], parts, vals)) == SIZE_MAX) {
        bm->bad_words = i + 1;
        return -1;
    }
    for (size_t j = 0; j < parts; j++) {
        if ((v[j] = bignum_new()) == NULL ||
            bignum_set_u64(v[j], vals[j]) != 0 ||
            (j == top && bignum_add(v[j], v[j], bm->shift[i]) != 0)) {
            goto out;
        }
    }
    if ((b.s = malloc(head + 1)) == NULL) {
        goto out;
    }
    memcpy(b.s, explain, head);
    b.s[head] = '\0';
    b.len = head;
    b.cap = head + 1;
    util_sb_put(&b, " (");
    util_sb_put_big(&b, bc->v[0]);
    util_sb_put(&b, " -> ");
    for (size_t j = 0; j < parts; j++) {
        util_sb_put(&b, j > 0 ? " + " : "");
        util_sb_put_big(&b, v[j]);
    }
    util_sb_put(&b, ")");
    if (!b.oom) {
        r = move_emit_big(bm->out, bc, parts, arity, v, b.s);
    }
out:
    for (size_t j = 0; j < parts && j < 3; j++) {
        bignum_free(v[j]);
    }
    free(b.s);
    return r;
}

/* What misere play beyond 64 bits answers besides heaps of games with a
 * certified period, for refusals, from the registry: "nim and bounded
 * sums, and a lone fib pile, ..." into buf[0..cap), the lone games' list
 * cut to alone_cap bytes (registry_list); returns that list's length. */
static size_t
big_misere_answers(char *buf, size_t cap, size_t alone_cap)
{
    char nimlike[64], alone[160];
    registry_list(REGISTRY_BIG | REGISTRY_NIMLIKE, REGISTRY_AND, nimlike,
                  sizeof nimlike);
    size_t n = registry_list(REGISTRY_BIG_ALONE,
                             REGISTRY_OR | REGISTRY_UNITS, alone,
                             alone_cap < sizeof alone ? alone_cap
                                                      : sizeof alone);
    snprintf(buf, cap, "%s sums, and a lone %s", nimlike, alone);
    return n;
}

/* The end of a refusal: what normal play answers. */
static const char *
normal_advice(int normal_known)
{
    return normal_known ? "; in normal play this position is answered" : "";
}

/* The refusal for big heap i of game, which has no certified period:
 * why (a quotient known only so far, when why->message says so), and
 * what is answered instead; a limit that stopped the quotient is passed
 * on with it (the caller words how to raise it). */
static grundy_status
no_period(int normal_known, const grundy_game *game,
          size_t i, grundy_status st, const grundy_error *why,
          grundy_error *err)
{
    const char *known = strstr(why->message, " is known for heaps ");
    char head[256], answers[256], reason[768], msg[1536];
    snprintf(head, sizeof head, "misere play of heap %zu of %s (beyond "
             "2^64 - 1) needs a certified period of its misere quotient",
             i + 1, game->label);
    if (known != NULL && why->limit != GRUNDY_LIMIT_NONE) {
        return err_set_limit(err, st, why->limit, why->needed, "%s, which%s",
                             head, known);
    }
    if (known != NULL) {
        snprintf(reason, sizeof reason, "which%s", known);
    } else {
        snprintf(reason, sizeof reason, "and %s has none: %s", game->label,
                 why->message);
    }
    /* The list of lone games answered instead gets the room the reason
     * leaves within the 511 bytes of a message. */
    for (size_t alone_cap = 160, pass = 0; pass < 2; pass++) {
        size_t len = big_misere_answers(answers, sizeof answers, alone_cap);
        int n = snprintf(msg, sizeof msg, "%s, %s. No setting helps: "
                         "beyond 64 bits, misere play answers heaps with "
                         "such a period ('grundy quotient GAME 1000' shows "
                         "it), %s%s", head, reason, answers,
                         normal_advice(normal_known));
        size_t over = (size_t)n - (sizeof err->message - 1);
        if (n >= 0 && (size_t)n < sizeof err->message) {
            break;
        }
        alone_cap = len > over + 24 ? len + 1 - over : 24;
    }
    return err_set(err, st, -1, "%s", msg);
}

/* 1 when every component of pos is a heap of a heap game (no ring). */
static int
heaps_only(const grundy_position *pos)
{
    for (size_t t = 0; t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        if (!(term->game->family->flags & FAMILY_HEAP_GAME)) {
            return 0;
        }
        for (size_t i = term->first; i < term->first + term->count; i++) {
            if (pos->comps[i].n != 1 || pos->comps[i].ring) {
                return 0;
            }
        }
    }
    return 1;
}

/*
 * Misere play of a sum of heaps of heap games (heaps_only), some beyond
 * 64 bits: by the stand-ins argued above and the misere quotient of the
 * position holding them. Refusals name the game without a period.
 */
static grundy_status
big_misere_solve(const grundy_position *pos, solve_big_pos *bp,
                 int normal_known, move_sink *sink, grundy_error *err)
{
    size_t n = pos->ncomps, nt = pos->nterms;
    unsigned char *need = calloc(nt + 1, 1);
    uint64_t *p = calloc(nt + 1, sizeof *p), *from = calloc(nt + 1,
                                                            sizeof *from);
    uint64_t *heap = calloc(n + 1, sizeof *heap);
    big_misere bm = {bp, sink, calloc(n + 1, sizeof *bm.shift),
                     calloc(n + 1, sizeof *bm.from), 0, 0};
    move_sink to = {.res = sink->res, .pos = pos, .all = sink->all,
                    .collect = big_misere_collect, .user = &bm,
                    .budget = sink->budget};
    const grundy_game *failed;
    grundy_error why;
    grundy_status st = GRUNDY_OK;
    uint64_t k;
    unsigned parts;

    if (need == NULL || p == NULL || from == NULL || heap == NULL ||
        bm.shift == NULL || bm.from == NULL) {
        st = nomem(err);
        goto out;
    }
    for (size_t t = 0; t < nt && st == GRUNDY_OK; t++) {
        const pos_term *term = &pos->terms[t];
        for (size_t i = term->first;
             st == GRUNDY_OK && i < term->first + term->count; i++) {
            if (pos->comps[i].big && !need[t]) {
                need[t] = 1;
                if (!heap_span_of(term->game, &k, &parts)) {
                    err_set(&why, GRUNDY_EUNSUPPORTED, -1, "the "
                            "certificate needs a take-and-break code of "
                            "finitely many digits");
                    st = no_period(normal_known, term->game, i,
                                   GRUNDY_EUNSUPPORTED, &why, err);
                }
            }
        }
    }
    if (st != GRUNDY_OK) {
        goto out;
    }
    if ((st = misere_q_periods(pos, need, p, from, &failed, &why)) !=
        GRUNDY_OK) {
        for (size_t t = 0; failed != NULL && t < nt; t++) {
            if (need[t] && strcmp(pos->terms[t].game->spec,
                                  failed->spec) == 0) {
                /* the first big heap of that game names it */
                size_t i = pos->terms[t].first;
                while (!pos->comps[i].big) {
                    i++;
                }
                st = no_period(normal_known, failed, i, st, &why, err);
                goto out;
            }
        }
        *err = why;
        goto out;
    }
    /* The stand-ins: h' >= L = t (from + p) + k + 1, h' = h (mod p). */
    for (size_t t = 0; t < nt && st == GRUNDY_OK; t++) {
        const pos_term *term = &pos->terms[t];
        uint64_t span = 0, low;
        if (need[t]) {
            heap_span_of(term->game, &k, &parts);
            if (from[t] > UINT64_MAX / 8 - p[t] ||
                k > UINT64_MAX / 2 - 4 * (from[t] + p[t])) {
                st = err_set(err, GRUNDY_EUNSUPPORTED, -1, "%s: the period "
                             "of its misere quotient is too long for heaps "
                             "beyond 2^64 - 1", term->game->label);
                break;
            }
            span = parts * (from[t] + p[t]) + k + 1;
        }
        for (size_t i = term->first; i < term->first + term->count; i++) {
            const bignum *h = bp->comp[i].v[0];
            uint64_t r;
            heap[i] = pos->vals[pos->comps[i].off];
            if (!pos->comps[i].big || (bignum_cmp_u64(h, span) <= 0 &&
                                       bignum_to_u64(h, &heap[i]))) {
                continue;   /* its own heap */
            }
            if (bignum_divmod_u64(NULL, h, p[t], &r) != 0 ||
                (bm.shift[i] = bignum_new()) == NULL) {
                st = nomem(err);
                break;
            }
            low = span + (r + p[t] - span % p[t]) % p[t];
            heap[i] = low;
            bm.from[i] = from[t];
            if (bignum_set_u64(bm.shift[i], low) != 0 ||
                bignum_sub(bm.shift[i], h, bm.shift[i]) != 0) {
                st = nomem(err);
                break;
            }
        }
    }
    if (st != GRUNDY_OK) {
        goto out;
    }
    /* Equal heaps are each asked for their moves (--all lists a move on
     * each). */
    st = misere_q_solve_heaps(pos, heap, NULL, &to, &sink->res->win, err);
    if (bm.too_many != 0) {
        st = err_set(err, GRUNDY_ELIMIT, -1, "heap %zu of %s: a split of a "
                     "heap beyond 2^64 - 1 stands for more winning moves "
                     "than can be listed (one can be shown)", bm.too_many,
                     game_of(pos, bm.too_many - 1)->label);
    } else if (sink->oom) {
        st = move_sink_error(sink, err);
    } else if (bm.bad_words != 0) {
        st = err_set(err, GRUNDY_EUNSUPPORTED, -1, "misere play beyond "
                     "2^64 - 1: the words of a move of %s are not as "
                     "family.h promises (a bug in grundy)",
                     game_of(pos, bm.bad_words - 1)->label);
    }
out:
    for (size_t i = 0; bm.shift != NULL && i < n; i++) {
        bignum_free(bm.shift[i]);
    }
    free(bm.shift);
    free(bm.from);
    free(need);
    free(p);
    free(from);
    free(heap);
    return st;
}

grundy_status
solve_big_misere(const grundy_position *pos, solve_big_pos *bp,
                 int normal_known, move_sink *sink, grundy_error *err)
{
    char nimlike[64], alone[128];
    if (heaps_only(pos)) {
        return big_misere_solve(pos, bp, normal_known, sink, err);
    }
    registry_list(REGISTRY_BIG | REGISTRY_NIMLIKE, REGISTRY_AND, nimlike,
                  sizeof nimlike);
    registry_list(REGISTRY_BIG_ALONE, REGISTRY_OR | REGISTRY_UNITS, alone,
                  sizeof alone);
    return err_set(err, GRUNDY_EUNSUPPORTED, -1, "misere play of numbers "
                   "beyond 2^64 - 1 (no setting changes this) is answered "
                   "only for sums of heaps of games whose misere quotient "
                   "has a certified period ('grundy quotient GAME 1000' "
                   "shows it), of %s heaps, and for a lone %s%s", nimlike,
                   alone, normal_advice(normal_known));
}

int
solve_big_needed(const grundy_position *pos)
{
    for (size_t t = 0; t < pos->nterms; t++) {
        grundy_game *game = pos->terms[t].game;
        const family_big *big = game->family->big;
        if (big == NULL || big->fits == NULL) {
            continue;
        }
        for (size_t i = pos->terms[t].first;
             i < pos->terms[t].first + pos->terms[t].count; i++) {
            const pos_comp *pc = &pos->comps[i];
            if (!pc->big && !pc->ring &&
                !big->fits(game, pos->vals + pc->off, pc->n)) {
                return 1;
            }
        }
    }
    return 0;
}
