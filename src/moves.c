/*
 * moves.c - the result of a solve and the move sink that fills it: each
 * option a family emits is rendered as data, the move in words and the
 * position it leaves in the syntax the position was given in (or handed
 * to a collector, for misere.c's search). It knows no strategy: solve.c
 * and misere.c decide which options win.
 */
#include "moves.h"
#include "bignum.h"

#include <stdlib.h>
#include <string.h>

grundy_result *
grundy_result_new(void)
{
    return calloc(1, sizeof(grundy_result));
}

void
grundy_result_free(grundy_result *res)
{
    if (res == NULL) {
        return;
    }
    free(res->moves);
    free(res->seen);
    free(res->text);
    free(res->values);
    free(res->sg_text);
    free(res);
}

int
grundy_result_win(const grundy_result *res)
{
    return res->win;
}

int
grundy_result_draw(const grundy_result *res)
{
    return res->draw;
}

int
grundy_result_loopy(const grundy_result *res)
{
    return res->loopy;
}

int
grundy_result_misere(const grundy_result *res)
{
    return res->misere;
}

unsigned
grundy_result_compound(const grundy_result *res, uint64_t *number)
{
    if (res->compound != 0 && number != NULL) {
        *number = res->compound_number;
    }
    return res->compound;
}

int
grundy_result_sg(const grundy_result *res, uint64_t *sg)
{
    if (res->sg_known && !res->sg_big && sg != NULL) {
        *sg = res->sg;
    }
    return res->sg_known && !res->sg_big;
}

const char *
grundy_result_sg_decimal(grundy_result *res)
{
    char buf[21];
    size_t n;
    if (!res->sg_known) {
        return NULL;
    }
    if (res->sg_big) {
        return res->sg_text;
    }
    n = util_u64_to_dec(res->sg, buf);
    if (res->sg_textcap < n + 1) {
        char *p = realloc(res->sg_text, n + 1);
        if (p == NULL) {
            return NULL;
        }
        res->sg_text = p;
        res->sg_textcap = n + 1;
    }
    memcpy(res->sg_text, buf, n + 1);
    return res->sg_text;
}

size_t
grundy_result_move_count(const grundy_result *res)
{
    return res->nmoves;
}

const char *
grundy_result_move_explain(const grundy_result *res, size_t i)
{
    return res->text + res->moves[i].explain;
}

const char *
grundy_result_move_position(const grundy_result *res, size_t i)
{
    return res->text + res->moves[i].position;
}

const char *
move_result_text(const grundy_result *res, size_t i, size_t *explain_len,
                 const char **position, size_t *position_len)
{
    const result_move *m = &res->moves[i];
    *explain_len = m->explain_len;
    *position = res->text + m->position;
    *position_len = m->position_len;
    return res->text + m->explain;
}

/* Ensures room for `more` bytes of text. */
static int
text_reserve(grundy_result *res, size_t more)
{
    size_t cap = res->textcap != 0 ? res->textcap : 256;
    char *p;
    if (res->textlen + more <= res->textcap) {
        return 0;
    }
    if (more > SIZE_MAX / 4 - res->textlen) {
        return -1;
    }
    while (cap < res->textlen + more) {
        cap *= 2;
    }
    if ((p = realloc(res->text, cap)) == NULL) {
        return -1;
    }
    res->text = p;
    res->textcap = cap;
    return 0;
}

static void
text_put(grundy_result *res, const char *s, size_t n)
{
    memcpy(res->text + res->textlen, s, n);
    res->textlen += n;
}

/* A blank between two tokens of the rendering that began at start. */
static void
put_separator(grundy_result *res, size_t start)
{
    if (res->textlen > start) {
        text_put(res, " ", 1);
    }
}

/* The parts a move leaves: numbers of 64 bits (vals) or of any size
 * (big), arity[i] numbers for part i. */
typedef struct move_parts {
    size_t parts;
    const size_t *arity;
    const uint64_t *vals;
    bignum *const *big;
    size_t nvals;
    const grundy_game *game;   /* the component's game when its family
                                * writes its own tokens (family.h,
                                * print), else NULL */
} move_parts;

/* The game of component ci when its family writes its own tokens
 * (family.h, print): the term holding ci, by bisection over the terms'
 * first components. NULL for numbers joined by commas. */
static const grundy_game *
printing_game(const grundy_position *pos, size_t ci)
{
    size_t lo = 0, hi = pos->nterms;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (pos->terms[mid].first <= ci) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    if (hi == 0 || pos->terms[lo].game->family->print == NULL) {
        return NULL;
    }
    return pos->terms[lo].game;
}

/* Appends the parts of a move, blank-separated, numbers joined by
 * commas, leaving out part p where gone[p] (gone may be NULL). -1 when a
 * big number could not be written (out of memory: a number has at least
 * one digit), else 0. */
static int
render_parts(grundy_result *res, const move_parts *mp,
             const unsigned char *gone)
{
    int first = 1;
    for (size_t p = 0, k = 0; p < mp->parts; p++) {
        if (gone != NULL && gone[p]) {
            k += mp->arity[p];
            continue;
        }
        if (!first) {
            text_put(res, " ", 1);
        }
        first = 0;
        if (mp->game != NULL) {
            /* room was reserved by parts_size */
            res->textlen += mp->game->family->print(
                mp->game, mp->vals + k, mp->arity[p],
                res->text + res->textlen, res->textcap - res->textlen);
            k += mp->arity[p];
            continue;
        }
        for (size_t j = 0; j < mp->arity[p]; j++, k++) {
            char *at;
            size_t n;
            if (j > 0) {
                text_put(res, ",", 1);
            }
            at = res->text + res->textlen;
            n = mp->big != NULL ? bignum_to_dec(mp->big[k], at)
                                : util_u64_to_dec(mp->vals[k], at);
            if (n == 0) {
                return -1;
            }
            res->textlen += n;
        }
    }
    return 0;
}

/* 1 when the one number of component pc, as its token writes it
 * (leading zeros aside), is dec. */
static int
same_decimal(const grundy_position *pos, const pos_comp *pc,
             const char *dec)
{
    const char *t = pos->text + pc->tok;
    size_t len = pc->toklen;
    while (len > 1 && t[0] == '0') {
        t++;
        len--;
    }
    return strlen(dec) == len && memcmp(t, dec, len) == 0;
}

/* Coin-turning games (FAMILY_COINS): each part of the move on component
 * ci that equals another coin of its term, not matched yet, turns that
 * coin back to tails: both are marked gone (comp_gone indexed from the
 * term's first component, part_gone by part). Returns how many parts
 * cancel, -1 when out of memory; the arrays are the caller's to free. */
static long
coin_cancels(const grundy_position *pos, size_t ci, const move_parts *mp,
             unsigned char **comp_gone, unsigned char **part_gone)
{
    const pos_term *term = NULL;
    long n = 0;
    *comp_gone = *part_gone = NULL;
    for (size_t t = 0; t < pos->nterms; t++) {
        if (ci >= pos->terms[t].first &&
            ci < pos->terms[t].first + pos->terms[t].count) {
            term = &pos->terms[t];
        }
    }
    if (term == NULL || mp->parts == 0 ||
        !(term->game->family->flags & FAMILY_COINS)) {
        return 0;
    }
    *comp_gone = calloc(term->count, 1);
    *part_gone = calloc(mp->parts, 1);
    if (*comp_gone == NULL || *part_gone == NULL) {
        return -1;
    }
    for (size_t p = 0, k = 0; p < mp->parts; k += mp->arity[p], p++) {
        char *dec = NULL;
        if (mp->big != NULL) {
            /* A number beyond 64 bits: compared in decimal with the
             * tokens (one number a part). */
            if (mp->arity[p] != 1 ||
                (dec = malloc(bignum_dec_size(mp->big[k]) + 1)) == NULL ||
                bignum_to_dec(mp->big[k], dec) == 0) {
                free(dec);
                return mp->arity[p] != 1 ? n : -1;
            }
        }
        for (size_t c = term->first; c < term->first + term->count; c++) {
            const pos_comp *pc = &pos->comps[c];
            if (c == ci || (*comp_gone)[c - term->first] || pc->ring ||
                pc->n != mp->arity[p] ||
                (dec != NULL ? !same_decimal(pos, pc, dec)
                             : pc->big ||
                               memcmp(pos->vals + pc->off, mp->vals + k,
                                      pc->n * sizeof *mp->vals) != 0)) {
                continue;
            }
            (*comp_gone)[c - term->first] = 1;
            (*part_gone)[p] = 1;
            n++;
            break;
        }
        free(dec);
    }
    return n;
}

/* Appends the position after a move to res->text (room reserved): every
 * component in place, the changed one replaced by its parts; a term
 * whose last component vanished is dropped with its game name. -1 when
 * out of memory (render_parts), else 0. */
static int
render_position(grundy_result *res, const grundy_position *pos, size_t ci,
                const move_parts *mp)
{
    size_t start = res->textlen;
    unsigned char *comp_gone, *part_gone;
    long cancels = coin_cancels(pos, ci, mp, &comp_gone, &part_gone);
    size_t kept = mp->parts - (cancels > 0 ? (size_t)cancels : 0);
    int r = 0;
    if (cancels < 0) {
        free(comp_gone);
        free(part_gone);
        return -1;
    }
    if (pos->plain && mp->parts > 0 && cancels == 0) {
        /* The text is the rendering of its tokens already: copy it around
         * the changed token (no term loses its last component). */
        const pos_comp *pc = &pos->comps[ci];
        size_t after = pc->tok + pc->toklen;
        text_put(res, pos->text, pc->tok);
        if (render_parts(res, mp, NULL) != 0) {
            r = -1;
            goto out;
        }
        text_put(res, pos->text + after, pos->textlen - after);
        res->text[res->textlen++] = '\0';
        goto out;
    }
    for (size_t t = 0; t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        size_t mark = res->textlen, written = 0;
        if (res->textlen > start) {
            text_put(res, " +", 2);
        }
        if (term->named) {
            put_separator(res, start);
            text_put(res, pos->text + term->nametok, term->namelen);
        }
        for (size_t c = term->first; c < term->first + term->count; c++) {
            const pos_comp *pc = &pos->comps[c];
            if (c != ci) {
                if (comp_gone != NULL && ci >= term->first &&
                    ci < term->first + term->count &&
                    comp_gone[c - term->first]) {
                    continue;   /* turned back by the move */
                }
                put_separator(res, start);
                text_put(res, pos->text + pc->tok, pc->toklen);
                written++;
                continue;
            }
            if (kept > 0) {
                put_separator(res, start);
                if (render_parts(res, mp, part_gone) != 0) {
                    r = -1;
                    goto out;
                }
                written += kept;
            }
        }
        if (written == 0) {
            res->textlen = mark;
        }
    }
    if (res->textlen == start && pos->nterms == 1 && pos->terms[0].named) {
        /* The move took the last component: the empty position is its
         * game alone (interface.md), which reads back as a loss. */
        text_put(res, pos->text + pos->terms[0].nametok,
                 pos->terms[0].namelen);
    }
    res->text[res->textlen++] = '\0';
out:
    free(comp_gone);
    free(part_gone);
    return r;
}

/* Bytes the parts' numbers take in decimal, each with a separator. */
static size_t
parts_size(const move_parts *mp)
{
    size_t n = 0;
    if (mp->game != NULL) {
        for (size_t p = 0, k = 0; p < mp->parts; k += mp->arity[p], p++) {
            n += mp->game->family->print(mp->game, mp->vals + k,
                                         mp->arity[p], NULL, 0) + 1;
        }
        return n;
    }
    for (size_t k = 0; k < mp->nvals; k++) {
        n += (mp->big != NULL ? bignum_dec_size(mp->big[k]) : 21) + 1;
    }
    return n;
}

/* Renders the move into the result: its words and the position it
 * leaves; 0 to go on, 1 when the sink wants no more, -1 on failure. */
void
move_result_clear(grundy_result *res)
{
    res->nmoves = res->textlen = 0;
    res->seen_n = SIZE_MAX;   /* the table, if any, is stale */
}

/* Moves of one component compared one by one up to this many; beyond,
 * by a hash table (--all on a huge row lists up to 2^20 moves). */
#define MOVES_SCAN 32

static uint64_t
position_hash(const grundy_result *res, size_t i)
{
    return util_fnv1a(UTIL_FNV_BASIS, res->text + res->moves[i].position,
                      res->moves[i].position_len);
}

static int
same_position(const grundy_result *res, size_t i, size_t j)
{
    return res->moves[i].position_len == res->moves[j].position_len &&
           memcmp(res->text + res->moves[i].position,
                  res->text + res->moves[j].position,
                  res->moves[i].position_len) == 0;
}

/* Finds move i in the table, or the empty slot where it goes. */
static size_t *
seen_slot(const grundy_result *res, size_t i)
{
    size_t mask = res->seencap - 1, at = (size_t)position_hash(res, i) & mask;
    while (res->seen[at] != 0 && !same_position(res, res->seen[at] - 1, i)) {
        at = (at + 1) & mask;
    }
    return &res->seen[at];
}

/* Rebuilds the table of moves seen_from .. nmoves - 1 with room for
 * twice as many: 0, or -1 when out of memory. */
static int
seen_rebuild(grundy_result *res)
{
    size_t cap = 64, n = res->nmoves - res->seen_from;
    while (cap < 4 * (n + 1)) {
        cap *= 2;
    }
    free(res->seen);
    if ((res->seen = calloc(cap, sizeof *res->seen)) == NULL) {
        res->seencap = 0;
        return -1;
    }
    res->seencap = cap;
    for (size_t i = res->seen_from; i < res->nmoves; i++) {
        *seen_slot(res, i) = i + 1;
    }
    res->seen_n = n;
    return 0;
}

/* 1 when move nmoves (rendered, not yet counted) leaves the position of
 * an earlier move of the same component ci, 0 when not (it is then
 * recorded), -1 when out of memory. */
static int
is_repeat(grundy_result *res, size_t ci)
{
    size_t first = res->nmoves, *slot;
    while (first > 0 && res->moves[first - 1].comp == ci) {
        if (res->nmoves - first >= MOVES_SCAN) {
            break;
        }
        first--;
    }
    if (first == 0 || res->moves[first - 1].comp != ci) {
        /* a short run: compare with each */
        for (size_t i = first; i < res->nmoves; i++) {
            if (same_position(res, i, res->nmoves)) {
                return 1;
            }
        }
        return 0;
    }
    /* a long run of ci: the table covers it from seen_from on */
    if (res->seen == NULL || res->seen_from > res->nmoves ||
        res->moves[res->seen_from].comp != ci ||
        (res->seen_from > 0 && res->moves[res->seen_from - 1].comp == ci) ||
        res->seen_n != res->nmoves - res->seen_from) {
        res->seen_from = res->nmoves;
        while (res->seen_from > 0 && res->moves[res->seen_from - 1].comp == ci) {
            res->seen_from--;
        }
        if (seen_rebuild(res) != 0) {
            return -1;
        }
    }
    slot = seen_slot(res, res->nmoves);
    if (*slot != 0) {
        return 1;
    }
    *slot = res->nmoves + 1;
    if (++res->seen_n * 2 > res->seencap) {
        res->nmoves++;   /* counted for the rebuild, then given back */
        if (seen_rebuild(res) != 0) {
            res->nmoves--;
            return -1;
        }
        res->nmoves--;
    }
    return 0;
}

/* Room for one more move whose text takes at most `need` bytes: within
 * the sink's budget (SINK_LIMIT), charged to the context's account and
 * reserved (SINK_NOMEM), with a free entry in res->moves, returned (not
 * counted yet); NULL with sink->oom set when it cannot be had. */
static result_move *
move_slot(move_sink *sink, size_t need)
{
    grundy_result *res = sink->res;
    if (need > sink->budget || res->textlen > sink->budget - need) {
        sink->oom = SINK_LIMIT;
        return NULL;
    }
    if ((sink->lim != NULL && limits_charge(sink->lim, need) != 0) ||
        text_reserve(res, need) != 0) {
        sink->oom = SINK_NOMEM;
        return NULL;
    }
    if (res->nmoves == res->movecap) {
        size_t cap = res->movecap != 0 ? 2 * res->movecap : 4;
        void *p = realloc(res->moves, cap * sizeof *res->moves);
        if (p == NULL) {
            sink->oom = SINK_NOMEM;
            return NULL;
        }
        res->moves = p;
        res->movecap = cap;
    }
    return &res->moves[res->nmoves];
}

static int
emit_rendered(move_sink *sink, size_t ci, const move_parts *parts,
              const char *explain)
{
    grundy_result *res = sink->res;
    const grundy_position *pos = sink->pos;
    size_t elen = strlen(explain), start = res->textlen, need;
    move_parts whole = *parts;
    const move_parts *mp = &whole;
    result_move *m;

    if (parts->big == NULL) {
        whole.game = printing_game(pos, ci);
    }
    /* Worst case: the whole text again plus the new numbers. Each
     * move repeats the whole position, so --all on a long line of equal
     * heaps needs text quadratic in its length: bounded by the budget. */
    need = elen + 1 + pos->textlen + 2 * pos->nterms + parts_size(mp) + 8;
    if ((m = move_slot(sink, need)) == NULL) {
        return -1;
    }
    m->comp = ci;
    m->explain = start;
    m->explain_len = elen;
    text_put(res, explain, elen + 1);
    m->position = res->textlen;
    if (render_position(res, pos, ci, mp) != 0) {
        res->textlen = start;
        sink->oom = SINK_NOMEM;
        return -1;
    }
    m->position_len = res->textlen - 1 - m->position;
    /* Each resulting position once: families list options without
     * repeats, this guards moves of one component that coincide. */
    switch (is_repeat(res, ci)) {
    case 1:
        res->textlen = start;
        break;
    case 0:
        res->nmoves++;
        break;
    default:
        sink->oom = SINK_NOMEM;
        return -1;
    }
    return sink->all ? 0 : 1;
}

int
move_emit(move_sink *sink, const component *c, size_t parts,
          const size_t *arity, const uint64_t *vals, const char *explain)
{
    move_parts mp = {.parts = parts, .arity = arity, .vals = vals};
    for (size_t p = 0; p < parts; p++) {
        mp.nvals += arity[p];
    }
    if (sink->collect != NULL) {
        int r = sink->collect(sink->user, c, parts, arity, vals, explain);
        if (r < 0) {
            sink->oom = r == -2 ? SINK_LIMIT : SINK_NOMEM;
            return -1;
        }
        return r;   /* 1: the collector wants no more */
    }
    return emit_rendered(sink, c->index - 1, &mp, explain);
}

int
move_emit_big(move_sink *sink, const big_component *c, size_t parts,
              const size_t *arity, bignum *const *vals, const char *explain)
{
    move_parts mp = {.parts = parts, .arity = arity, .big = vals};
    for (size_t p = 0; p < parts; p++) {
        mp.nvals += arity[p];
    }
    if (sink->collect != NULL) {
        /* Searches (misere.c) take only 64-bit positions. */
        sink->oom = SINK_NOMEM;
        return -1;
    }
    return emit_rendered(sink, c->index - 1, &mp, explain);
}

/* Emits heap c -> m, "take n - m from heap i (n -> m)", for m < n of any
 * size (the words and move of nim_explain). */
int
move_emit_take_big(move_sink *sink, const big_component *c,
                   const bignum *m)
{
    bignum *k = bignum_new(), *to = bignum_new();
    strbuf b = {0};
    static const size_t one = 1;
    int r = -1;
    if (k != NULL && to != NULL && bignum_sub(k, c->v[0], m) == 0 &&
        bignum_copy(to, m) == 0) {
        util_sb_put(&b, "take ");
        util_sb_put_big(&b, k);
        util_sb_put(&b, " from heap ");
        util_sb_put_u64(&b, c->index);
        util_sb_put(&b, " (");
        util_sb_put_big(&b, c->v[0]);
        util_sb_put(&b, " -> ");
        util_sb_put_big(&b, m);
        util_sb_put(&b, ")");
        if (!b.oom) {
            r = move_emit_big(sink, c, 1, &one, &to, b.s);
        }
    }
    bignum_free(k);
    bignum_free(to);
    free(b.s);
    return r;
}

/* Bytes a compound move may take: its words, the position's text and
 * every changed component's numbers (21 bytes each with a separator). */
static size_t
compound_size(const grundy_position *pos, const move_change *changes,
              size_t elen)
{
    size_t need = elen + 1 + pos->textlen + 2 * pos->nterms + 8;
    for (size_t i = 0; i < pos->ncomps; i++) {
        const move_change *ch = &changes[i];
        const grundy_game *game = printing_game(pos, i);
        if (!ch->moved) {
            continue;
        }
        need += 22 * (ch->n + 1);
        for (size_t part = 0, at = 0; game != NULL && part < ch->parts;
             part++) {
            size_t n = ch->arity != NULL ? ch->arity[part] : ch->n;
            need += game->family->print(game, ch->vals + at, n, NULL, 0) + 1;
            at += n;
        }
    }
    return need;
}

/* Appends component i of pos as the move leaves it (room reserved). */
static void
render_change(grundy_result *res, const grundy_position *pos, size_t i,
              const move_change *ch)
{
    const pos_comp *pc = &pos->comps[i];
    const grundy_game *game;
    if (!ch->moved) {
        text_put(res, pos->text + pc->tok, pc->toklen);
        return;
    }
    if (ch->n == 0) {
        /* A row taken whole stays as an empty heap: in a conjunctive
         * compound a component that is over ends the game, so it must
         * not vanish from the position. */
        text_put(res, "0", 1);
        return;
    }
    if ((game = printing_game(pos, i)) != NULL) {
        /* A structure of the family's own syntax (a vertex, a picture):
         * each part as the family writes it (a graph move to a sum
         * leaves several tokens). */
        for (size_t part = 0, at = 0; part < ch->parts; part++) {
            size_t n = ch->arity != NULL ? ch->arity[part] : ch->n;
            if (part > 0) {
                text_put(res, " ", 1);
            }
            res->textlen += game->family->print(
                game, ch->vals + at, n, res->text + res->textlen,
                res->textcap - res->textlen);
            at += n;
        }
        return;
    }
    /* A heap split in parts shows them as components of their own: the
     * numbers of a part joined by ',', the parts by ' '. */
    for (size_t part = 0, at = 0;
         part < (ch->arity != NULL ? ch->parts : 1); part++) {
        size_t n = ch->arity != NULL ? ch->arity[part] : ch->n;
        for (size_t j = 0; j < n; j++, at++) {
            if (j > 0 || part > 0) {
                text_put(res, j > 0 ? "," : " ", 1);
            }
            res->textlen += util_u64_to_dec(ch->vals[at],
                                            res->text + res->textlen);
        }
    }
}

int
move_emit_compound(move_sink *sink, const move_change *changes,
                   const char *explain)
{
    grundy_result *res = sink->res;
    const grundy_position *pos = sink->pos;
    size_t elen = strlen(explain), start = res->textlen;
    size_t need = compound_size(pos, changes, elen);
    result_move *m;

    if ((m = move_slot(sink, need)) == NULL) {
        return -1;
    }
    res->nmoves++;
    m->comp = 0;
    m->explain = start;
    m->explain_len = elen;
    text_put(res, explain, elen + 1);
    m->position = res->textlen;
    for (size_t t = 0; t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        size_t mark = res->textlen, written = 0;
        if (res->textlen > m->position) {
            text_put(res, " +", 2);
        }
        if (term->named) {
            put_separator(res, m->position);
            text_put(res, pos->text + term->nametok, term->namelen);
        }
        for (size_t c = term->first; c < term->first + term->count; c++) {
            if (changes[c].moved && changes[c].n == 0 &&
                printing_game(pos, c) != NULL) {
                /* A picture cut to nothing has no token: in Every-SG a
                 * finished component plays no part, so it is left out
                 * (conjunctive play of such a family is refused). */
                continue;
            }
            put_separator(res, m->position);
            render_change(res, pos, c, &changes[c]);
            written++;
        }
        if (written == 0 && pos->nterms > 1) {
            res->textlen = mark;   /* the term is gone, name and all */
        }
    }
    res->text[res->textlen++] = '\0';
    m->position_len = res->textlen - 1 - m->position;
    return 1;
}

int
move_emit1(move_sink *sink, const component *c, uint64_t m,
           const char *explain)
{
    static const size_t one = 1;
    return move_emit(sink, c, 1, &one, &m, explain);
}

int
move_sink_wants_all(const move_sink *sink)
{
    return sink->all;
}

int
move_wanted_period(const move_sink *sink, uint64_t *p, uint64_t *from)
{
    *p = sink->want_period;
    *from = sink->want_from;
    return sink->want != NULL && sink->want_period != 0;
}

int
move_wanted(const move_sink *sink, size_t parts, const uint64_t *vals)
{
    return sink->want == NULL || sink->want(sink->user, parts, vals);
}

grundy_status
move_sink_error(const move_sink *sink, grundy_error *err)
{
    char have[32];
    if (sink->oom == SINK_LIMIT) {
        util_size_text(have, sizeof have, sink->budget);
        return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY, 0,
                             "the winning moves need more than the memory "
                             "limit of %s to write out (one move needs "
                             "less)", have);
    }
    return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
}
