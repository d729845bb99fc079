/*
 * solve.c - sums of games: Grundy values, XOR, outcome and winning moves,
 * through the family operations only (it never names a game). Moves come
 * back as data: the move in words and the position it leaves, rendered in
 * the syntax the position was given in.
 */
#include "solve.h"

#include <stdlib.h>
#include <string.h>

/* A move: offsets and lengths of its two strings in res->text. */
typedef struct result_move {
    size_t explain, explain_len;
    size_t position, position_len;
    size_t comp;       /* index of the changed component */
} result_move;

struct grundy_result {
    int win;                /* 1: the player to move wins */
    int misere;             /* solved for misere play */
    int sg_known;           /* sg below is the normal-play value */
    uint64_t sg;
    result_move *moves;     /* the winning moves found */
    size_t nmoves, movecap;
    char *text;             /* NUL-terminated strings of the moves */
    size_t textlen, textcap;
    uint64_t *values;       /* Grundy value of each component */
    size_t valcap;
};

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
    free(res->text);
    free(res->values);
    free(res);
}

int
grundy_result_win(const grundy_result *res)
{
    return res->win;
}

int
grundy_result_misere(const grundy_result *res)
{
    return res->misere;
}

int
grundy_result_sg(const grundy_result *res, uint64_t *sg)
{
    if (res->sg_known && sg != NULL) {
        *sg = res->sg;
    }
    return res->sg_known;
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
result_move_text(const grundy_result *res, size_t i, size_t *explain_len,
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

/* Appends parts 0..parts-1 of a move, blank-separated, numbers joined by
 * commas. */
static void
render_parts(grundy_result *res, size_t parts, const size_t *arity,
             const uint64_t *vals)
{
    for (size_t p = 0, k = 0; p < parts; p++) {
        if (p > 0) {
            text_put(res, " ", 1);
        }
        for (size_t j = 0; j < arity[p]; j++, k++) {
            if (j > 0) {
                text_put(res, ",", 1);
            }
            res->textlen += u64_to_dec(vals[k], res->text + res->textlen);
        }
    }
}

/* Appends the position after a move to res->text (room reserved): every
 * component in place, the changed one replaced by `parts` parts; a term
 * whose last component vanished is dropped with its game name. */
static void
render_position(grundy_result *res, const grundy_position *pos, size_t ci,
                size_t parts, const size_t *arity, const uint64_t *vals)
{
    size_t start = res->textlen;
    if (pos->plain && parts > 0) {
        /* The text is the rendering of its tokens already: copy it around
         * the changed token (no term loses its last component). */
        const pos_comp *pc = &pos->comps[ci];
        size_t after = pc->tok + pc->toklen;
        text_put(res, pos->text, pc->tok);
        render_parts(res, parts, arity, vals);
        text_put(res, pos->text + after, pos->textlen - after);
        res->text[res->textlen++] = '\0';
        return;
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
                put_separator(res, start);
                text_put(res, pos->text + pc->tok, pc->toklen);
                written++;
                continue;
            }
            if (parts > 0) {
                put_separator(res, start);
                render_parts(res, parts, arity, vals);
                written += parts;
            }
        }
        if (written == 0) {
            res->textlen = mark;
        }
    }
    res->text[res->textlen++] = '\0';
}

int
move_emit(move_sink *sink, const component *c, size_t parts,
          const size_t *arity, const uint64_t *vals, const char *explain)
{
    grundy_result *res = sink->res;
    const grundy_position *pos = sink->pos;
    size_t ci = c->index - 1, nvals = 0, need, elen, start;
    result_move *m;

    if (sink->collect != NULL) {
        int r = sink->collect(sink->user, c, parts, arity, vals, explain);
        if (r != 0) {
            sink->oom = r == -2 ? SINK_LIMIT : SINK_NOMEM;
            return -1;
        }
        return 0;
    }
    elen = strlen(explain);
    start = res->textlen;
    for (size_t p = 0; p < parts; p++) {
        nvals += arity[p];
    }
    /* Worst case: the whole text again plus 21 bytes a new number. Each
     * move repeats the whole position, so --all on a long line of equal
     * heaps needs text quadratic in its length: bounded by the budget. */
    need = elen + 1 + pos->textlen + 2 * pos->nterms + 22 * nvals + 8;
    if (need > sink->budget || res->textlen > sink->budget - need) {
        sink->oom = SINK_LIMIT;
        return -1;
    }
    if (text_reserve(res, need) != 0) {
        sink->oom = SINK_NOMEM;
        return -1;
    }
    if (res->nmoves == res->movecap) {
        size_t cap = res->movecap != 0 ? 2 * res->movecap : 4;
        void *p = realloc(res->moves, cap * sizeof *res->moves);
        if (p == NULL) {
            sink->oom = SINK_NOMEM;
            return -1;
        }
        res->moves = p;
        res->movecap = cap;
    }
    m = &res->moves[res->nmoves];
    m->comp = ci;
    m->explain = start;
    m->explain_len = elen;
    text_put(res, explain, elen + 1);
    m->position = res->textlen;
    render_position(res, pos, ci, parts, arity, vals);
    m->position_len = res->textlen - 1 - m->position;
    /* Each resulting position once: families list options without
     * repeats, this guards moves of one component that coincide. */
    for (size_t i = res->nmoves; i-- > 0;) {
        if (res->moves[i].comp != ci) {
            break;
        }
        if (res->moves[i].position_len == m->position_len &&
            memcmp(res->text + res->moves[i].position,
                   res->text + m->position, m->position_len) == 0) {
            res->textlen = start;
            return sink->all ? 0 : 1;
        }
    }
    res->nmoves++;
    return sink->all ? 0 : 1;
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

grundy_status
move_sink_error(const move_sink *sink, grundy_error *err)
{
    char have[32];
    if (sink->oom == SINK_LIMIT) {
        grundy_size_text(have, sizeof have, sink->budget);
        return set_error(err, GRUNDY_ELIMIT, -1,
                         "the winning moves need more than the memory limit "
                         "of %s to write out; raise it with --memory, or "
                         "leave out --all", have);
    }
    return set_error(err, GRUNDY_ENOMEM, -1, "out of memory");
}

static component
comp_at(const grundy_position *pos, size_t i)
{
    const pos_comp *pc = &pos->comps[i];
    const char *tok = pos->text + pc->tok;
    /* A single number written without leading zeros is its own text. */
    int own = pc->n == 1 && (pc->toklen == 1 || tok[0] != '0');
    if (pc->ring) {
        return (component){pos->vals + pc->off, 1, i + 1, NULL, 0, 1};
    }
    return (component){pos->vals + pc->off, pc->n, i + 1,
                       own ? tok : NULL, own ? pc->toklen : 0, 0};
}

/* Grundy value of every component into res->values; their XOR in *x. */
static grundy_status
component_values(const grundy_position *pos, grundy_result *res, uint64_t *x,
                 grundy_error *err)
{
    uint64_t acc = 0;
    if (pos->ncomps > res->valcap) {
        void *p = realloc(res->values, pos->ncomps * sizeof *res->values);
        if (p == NULL) {
            return set_error(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        res->values = p;
        res->valcap = pos->ncomps;
    }
    for (size_t t = 0; t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        int own = (term->game->family->flags & FAMILY_VALUE_IS_NUMBER) != 0;
        for (size_t i = term->first; i < term->first + term->count; i++) {
            const pos_comp *pc = &pos->comps[i];
            if (pc->ring) {
                grundy_status st = term->game->family->ring_value(
                    term->game, pos->vals[pc->off], &res->values[i], err);
                if (st != GRUNDY_OK) {
                    return st;
                }
            } else if (own && pc->n == 1) {
                res->values[i] = pos->vals[pc->off];
            } else {
                grundy_status st = term->game->family->value(
                    term->game, pos->vals + pc->off, pc->n, &res->values[i],
                    err);
                if (st != GRUNDY_OK) {
                    return st;
                }
            }
            acc ^= res->values[i];
        }
    }
    *x = acc;
    return GRUNDY_OK;
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
static grundy_status
options_of(const grundy_position *pos, grundy_game *game, size_t i,
           uint64_t want, move_sink *sink, grundy_error *err)
{
    component c = comp_at(pos, i);
    grundy_status st;
    if (want == GRUNDY_ANY_VALUE) {
        return GRUNDY_OK;
    }
    st = game->family->options(game, &c, want, sink, err);
    if (sink->oom) {
        st = move_sink_error(sink, err);
    }
    return st;
}

static int
enough(const move_sink *sink)
{
    return !sink->all && sink->res->nmoves > 0;
}

/*
 * Normal play (Sprague-Grundy): the mover loses iff the XOR X of the
 * component values is 0; the winning moves take one component of value g
 * to an option of value g ^ X. One exists where g ^ X < g (mex), but
 * options of larger value may win too, so --all asks every component.
 */
static grundy_status
solve_normal(const grundy_position *pos, move_sink *sink, grundy_error *err)
{
    grundy_result *res = sink->res;
    uint64_t x;
    grundy_status st = component_values(pos, res, &x, err);
    if (st != GRUNDY_OK) {
        return st;
    }
    res->sg_known = 1;
    res->sg = x;
    res->win = x != 0;
    for (size_t t = 0; res->win && t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        for (size_t i = term->first;
             i < term->first + term->count && !enough(sink); i++) {
            uint64_t want = res->values[i] ^ x;
            if (sink->all || want < res->values[i]) {
                st = options_of(pos, term->game, i, want, sink, err);
                if (st != GRUNDY_OK) {
                    return st;
                }
            }
        }
    }
    return GRUNDY_OK;
}

/*
 * Misere play of a sum whose families all follow the misere Nim rule on
 * their Grundy values g_i (theory.md 7, checked by the tests): the mover
 * loses iff (every g_i <= 1 and XOR = 1) or (some g_i >= 2 and XOR = 0).
 * For each component the one target value t that leaves such a losing
 * position follows from the XOR and the count of values >= 2 elsewhere.
 */
static grundy_status
solve_misere_nimlike(const grundy_position *pos, move_sink *sink,
                     grundy_error *err)
{
    grundy_result *res = sink->res;
    size_t big = 0;
    uint64_t x;
    grundy_status st = component_values(pos, res, &x, err);
    if (st != GRUNDY_OK) {
        return st;
    }
    for (size_t i = 0; i < pos->ncomps; i++) {
        big += res->values[i] >= 2;
    }
    res->sg_known = 1;
    res->sg = x;
    res->win = big == 0 ? x != 1 : x != 0;
    for (size_t t = 0; res->win && t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        for (size_t i = term->first;
             i < term->first + term->count && !enough(sink); i++) {
            uint64_t g = res->values[i], ox = x ^ g;
            size_t obig = big - (g >= 2);
            /* Others all <= 1: leave XOR 1 with values <= 1; else XOR 0. */
            uint64_t want = obig == 0 && ox <= 1 ? ox ^ 1 : ox;
            st = options_of(pos, term->game, i, want, sink, err);
            if (st != GRUNDY_OK) {
                return st;
            }
        }
    }
    return GRUNDY_OK;
}

static int
all_nimlike(const grundy_position *pos)
{
    for (size_t t = 0; t < pos->nterms; t++) {
        if (!(pos->terms[t].game->family->flags & FAMILY_MISERE_NIMLIKE)) {
            return 0;
        }
    }
    return 1;
}

/* A position of one component whose family has a closed form: outcome and
 * moves from it, the value where the family knows it. */
static grundy_status
solve_alone(const grundy_position *pos, int misere, move_sink *sink,
            grundy_error *err)
{
    grundy_game *game = pos->terms[0].game;
    component c = comp_at(pos, 0);
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
            return set_error(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        sink->res->sg_known = vst == GRUNDY_OK;
    }
    return st;
}

grundy_status
grundy_solve(grundy_ctx *ctx, const grundy_position *pos, unsigned flags,
             grundy_result *res, grundy_error *err)
{
    move_sink sink = {res, pos, (flags & GRUNDY_ALL_MOVES) != 0, 0, NULL,
                      NULL, ctx != NULL ? ctx_memory_limit(ctx) : SIZE_MAX};
    int misere = (flags & GRUNDY_MISERE) != 0;
    grundy_status st;

    res->win = res->sg_known = 0;
    res->misere = misere;
    res->sg = 0;
    res->nmoves = res->textlen = 0;
    for (size_t i = 0; misere && i < pos->ncomps; i++) {
        if (pos->comps[i].ring) {
            return set_error(err, GRUNDY_EUNSUPPORTED, -1,
                             "misere play of positions with rings (@n) is "
                             "not supported; normal play is");
        }
    }
    if (pos->ncomps == 1 && !pos->comps[0].ring &&
        pos->terms[0].game->family->solve_alone != NULL) {
        st = solve_alone(pos, misere, &sink, err);
        if (st != GRUNDY_EUNSUPPORTED) {
            return st;
        }
        res->nmoves = res->textlen = 0;
    }
    if (!misere) {
        return solve_normal(pos, &sink, err);
    }
    if (all_nimlike(pos)) {
        return solve_misere_nimlike(pos, &sink, err);
    }
    st = misere_search(pos, &sink, &res->win, err);
    if (st == GRUNDY_OK) {
        /* The normal-play value, where every component has one; out of
         * memory is an error, not a silently missing value. */
        grundy_error why;
        uint64_t x = 0;
        grundy_status vst = component_values(pos, res, &x, &why);
        if (vst == GRUNDY_ENOMEM) {
            return set_error(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        res->sg_known = vst == GRUNDY_OK;
        res->sg = x;
    }
    return st;
}

int
solve_plain_possible(const grundy_game *game)
{
    return (game->family->flags & FAMILY_ONE_NUMBER) &&
           game->family->option_one != NULL;
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
        component c = {&v[i], 1, i + 1, NULL, 0, 0};
        int r;
        if ((g[i] ^ x) >= g[i]) {
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
