/*
 * compound.c - Every-SG and the conjunctive compound (Winning Ways ch. 9,
 * docs/theory.md 9): each component's suspense number or remoteness, by
 * its family's closed form or a memoised search of its options, the
 * number that decides, and the move in every component. It never names
 * a game, and asks families only through family.h.
 */
#include "compound.h"

#include <stdlib.h>
#include <string.h>

/* Bytes a search may use whatever the memory limit: a small component
 * is answered under any limit, as misere.c's search is. */
#define COMPOUND_FREE_BYTES ((size_t)1 << 16)
/* Work steps charged for one option listed: a family writes its words
 * and the memo looks it up, some 100 times the cost of a step of the
 * Grundy-sequence engine (measured: about 6 * 10^6 options a second of
 * CPU for sub:1,3,4, fewer for wythoff), so that the command's advice
 * (10^9 steps a second) and the line's default bound of 2^32 steps
 * (seconds) hold for this search too. */
#define COMPOUND_OPTION_STEPS 100u

/* One component of a game in the search's memo: its numbers (key_n of
 * them at key_off in the pool) and, once done, its number. */
typedef struct memo_entry {
    size_t key_off, key_n;
    uint64_t number;
    int done, visited;
} memo_entry;

/* The memoised search of one game's components (one term of a line);
 * every array is counted against the memory limit (bytes). */
typedef struct memo {
    grundy_game *game;
    unsigned kind;          /* GRUNDY_EVERY: suspense; else remoteness */
    memo_entry *e;
    size_t ne, ecap;
    uint64_t *pool;
    size_t npool, poolcap;
    size_t *slot;           /* open addressing: entry index + 1, 0 empty */
    size_t nslot;           /* a power of two, or 0 */
    size_t *stack;
    size_t nstack, stackcap;
    uint64_t *opt;          /* the options of one component: numbers */
    size_t nopt, optcap;
    size_t *optn;           /* ... how many numbers each part has */
    size_t noptn, optncap;
    size_t *optk;           /* ... and how many parts each option has */
    size_t noptk, optkcap;
    grundy_status status;   /* why the memo could not grow (else OK) */
    grundy_error *err;
} memo;

static size_t
memo_bytes(const memo *m)
{
    return m->ecap * sizeof *m->e + m->poolcap * sizeof *m->pool +
           m->nslot * sizeof *m->slot + m->stackcap * sizeof *m->stack +
           m->optcap * sizeof *m->opt + m->optncap * sizeof *m->optn +
           m->optkcap * sizeof *m->optk;
}

static void
memo_free(memo *m)
{
    free(m->e);
    free(m->pool);
    free(m->slot);
    free(m->stack);
    free(m->opt);
    free(m->optn);
    free(m->optk);
}

/* -1, with the memory limit's error, when the memo would take bytes;
 * else 0. */
static int
memo_over(memo *m, size_t bytes)
{
    char have[32];
    if (bytes <= COMPOUND_FREE_BYTES || bytes <= m->game->limits->memory) {
        return 0;
    }
    util_size_text(have, sizeof have, m->game->limits->memory);
    /* How much the whole search needs is not known before it ends (it
     * visits every position the component can reach): no figure. */
    m->status = err_set_limit(m->err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY, 0,
                              "%s: the %s of this component need a search "
                              "of every position it can reach, whose memo "
                              "passes the memory limit of %s",
                              m->game->label,
                              m->kind == GRUNDY_EVERY ? "suspense numbers"
                                                      : "remoteness numbers",
                              have);
    return -1;
}

/* Grows array *p (capacity *cap) to hold need elements, within the
 * memory limit; -1 with m->status and the error set when it cannot. */
static int
memo_grow(memo *m, void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) {
        return 0;
    }
    if (util_grow_array(p, cap, need, size) != 0) {
        m->status = err_set(m->err, GRUNDY_ENOMEM, -1, "out of memory");
        return -1;
    }
    return memo_over(m, memo_bytes(m));
}

static int
key_equal(const memo *m, const memo_entry *e, const uint64_t *v, size_t n)
{
    return e->key_n == n &&
           (n == 0 || memcmp(m->pool + e->key_off, v, n * sizeof *v) == 0);
}

/* Doubles the hash table (entries stay where they are). */
static int
memo_rehash(memo *m)
{
    size_t n = m->nslot != 0 ? 2 * m->nslot : 1024, *s;
    if (memo_over(m, memo_bytes(m) + n * sizeof *s) != 0) {
        return -1;
    }
    if ((s = calloc(n, sizeof *s)) == NULL) {
        m->status = err_set(m->err, GRUNDY_ENOMEM, -1, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < m->ne; i++) {
        const memo_entry *e = &m->e[i];
        size_t at = util_words_hash(m->pool + e->key_off, e->key_n) & (n - 1);
        while (s[at] != 0) {
            at = (at + 1) & (n - 1);
        }
        s[at] = i + 1;
    }
    free(m->slot);
    m->slot = s;
    m->nslot = n;
    return 0;
}

/* The entry of component v[0..n), added (not done) when new; -1 when
 * the memo cannot grow (error set). */
static int
memo_find(memo *m, const uint64_t *v, size_t n, size_t *out)
{
    size_t at;
    if ((m->ne + 1) * 2 > m->nslot && memo_rehash(m) != 0) {
        return -1;
    }
    at = util_words_hash(v, n) & (m->nslot - 1);
    while (m->slot[at] != 0) {
        if (key_equal(m, &m->e[m->slot[at] - 1], v, n)) {
            *out = m->slot[at] - 1;
            return 0;
        }
        at = (at + 1) & (m->nslot - 1);
    }
    if (memo_grow(m, (void **)&m->e, &m->ecap, m->ne + 1, sizeof *m->e) ||
        memo_grow(m, (void **)&m->pool, &m->poolcap, m->npool + n,
                  sizeof *m->pool)) {
        return -1;
    }
    if (n > 0) {
        memcpy(m->pool + m->npool, v, n * sizeof *v);
    }
    m->e[m->ne] = (memo_entry){m->npool, n, 0, 0, 0};
    m->npool += n;
    m->slot[at] = m->ne + 1;
    *out = m->ne++;
    return 0;
}

/* The words an option's parts hold in all. */
static size_t
parts_words(size_t parts, const size_t *arity)
{
    size_t n = 0;
    for (size_t j = 0; j < parts; j++) {
        n += arity[j];
    }
    return n;
}

/* move_collect_fn: keeps an option's parts in m->opt (numbers), m->optn
 * (words of each part) and m->optk (parts of each option). An option of
 * no component (a row taken whole) is one part, the empty key: a
 * finished game. A heap that splits leaves parts that are components of
 * the compound from then on (docs/theory.md 9). */
static int
collect_option(void *user, const component *c, size_t parts,
               const size_t *arity, const uint64_t *vals,
               const char *explain)
{
    memo *m = user;
    size_t n = parts_words(parts, arity), k = parts > 0 ? parts : 1;
    (void)c;
    (void)explain;
    if (memo_grow(m, (void **)&m->opt, &m->optcap, m->nopt + n,
                  sizeof *m->opt) != 0 ||
        memo_grow(m, (void **)&m->optn, &m->optncap, m->noptn + k,
                  sizeof *m->optn) != 0 ||
        memo_grow(m, (void **)&m->optk, &m->optkcap, m->noptk + 1,
                  sizeof *m->optk) != 0) {
        return 1;   /* m->status says why */
    }
    if (n > 0) {
        memcpy(m->opt + m->nopt, vals, n * sizeof *vals);
    }
    m->nopt += n;
    for (size_t j = 0; j < k; j++) {
        m->optn[m->noptn++] = parts > 0 ? arity[j] : 0;
    }
    m->optk[m->noptk++] = k;
    return 0;
}

/* Charges steps to the line's work (game_limits.misere_left: the bound
 * of one line's searches, set by the work limit). */
static int
memo_spend(memo *m, uint64_t steps)
{
    game_limits *lim = m->game->limits;
    if (lim->misere_left == UINT64_MAX) {
        return 0;
    }
    if (lim->misere_left <= steps) {
        lim->misere_left = 0;
        err_set_limit(m->err, GRUNDY_ELIMIT, GRUNDY_LIMIT_WORK, 0,
                      "%s: the %s of this component need a search longer "
                      "than the work limit allows", m->game->label,
                      m->kind == GRUNDY_EVERY ? "suspense numbers"
                                              : "remoteness numbers");
        return -1;
    }
    lim->misere_left -= steps;
    return 0;
}

/* The options of the component v[0..n) (words of component `index`)
 * into m->opt / m->optn. */
static grundy_status
memo_options(memo *m, const uint64_t *v, size_t n, size_t index)
{
    uint64_t *copy = NULL;
    component c = {.n = n, .index = index};
    move_sink sink = {.collect = collect_option, .user = m,
                      .budget = SIZE_MAX};
    grundy_status st;

    /* The family may read the numbers while the memo's pool moves. */
    if (n > 0 && (copy = malloc(n * sizeof *copy)) == NULL) {
        return err_set(m->err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    if (n > 0) {
        memcpy(copy, v, n * sizeof *v);
    }
    c.v = copy;
    m->nopt = m->noptn = m->noptk = 0;
    st = n == 0 ? GRUNDY_OK
                : m->game->family->options(m->game, &c, GRUNDY_ANY_VALUE,
                                           &sink, m->err);
    free(copy);
    if (m->status != GRUNDY_OK) {
        return m->status;
    }
    if (st == GRUNDY_OK &&
        memo_spend(m, ((uint64_t)m->noptn + 1) * COMPOUND_OPTION_STEPS) != 0) {
        st = GRUNDY_ELIMIT;
    }
    return st;
}

/*
 * A position's number from its options' numbers (Winning Ways ch. 9;
 * Smith 1966): 0 without a move. Remoteness: with an option of even
 * remoteness, 1 + the least such (win quickly), else 1 + the largest
 * (lose slowly). Suspense: with an option of even suspense, 1 + the
 * largest such (win slowly), else 1 + the least (lose quickly).
 */
typedef struct fold {
    unsigned kind;
    size_t count;
    int even_seen;
    uint64_t even, any;   /* best even number, best over all */
} fold;

static void
fold_add(fold *f, uint64_t x)
{
    int slow_even = f->kind == GRUNDY_EVERY;
    if (x % 2 == 0) {
        if (!f->even_seen || (slow_even ? x > f->even : x < f->even)) {
            f->even = x;
        }
        f->even_seen = 1;
    }
    if (f->count == 0 || (slow_even ? x < f->any : x > f->any)) {
        f->any = x;
    }
    f->count++;
}

static uint64_t
fold_number(const fold *f)
{
    if (f->count == 0) {
        return 0;
    }
    return 1 + (f->even_seen ? f->even : f->any);
}

/* The number of an option from its parts' numbers: the largest
 * suspense number (Every-SG) or the smallest remoteness (conjunctive) of
 * its parts, as of a compound of them (Winning Ways ch. 9); an option of
 * one part has that part's number. */
static uint64_t
parts_number(unsigned kind, uint64_t sofar, uint64_t x, size_t j)
{
    if (j == 0 || (kind == GRUNDY_EVERY ? x > sofar : x < sofar)) {
        return x;
    }
    return sofar;
}

/* Looks up the k parts of one option (words at m->opt + *at, arities at
 * m->optn + *part; both advanced past them): 1 with its number in *x
 * when every part is done, 0 after pushing those that are not, -1 with
 * the error set (m->status or a loop back to x). */
static int
option_parts(memo *m, size_t x, size_t index, size_t k, size_t *at,
             size_t *part, uint64_t *num)
{
    int known = 1;
    for (size_t j = 0; j < k; j++) {
        size_t y, n = m->optn[(*part)++];
        if (memo_find(m, m->opt + *at, n, &y) != 0) {
            return -1;
        }
        *at += n;
        if (m->e[y].done) {
            *num = parts_number(m->kind, *num, m->e[y].number, j);
            continue;
        }
        known = 0;
        if (m->e[x].visited) {
            /* Everything pushed above x on its first visit is done by
             * now, unless an option leads back to x: a loopy game. */
            m->status = err_set(m->err, GRUNDY_EUNSUPPORTED, -1,
                                "%s: component %zu can return to an "
                                "earlier position, so it has no %s",
                                m->game->label, index,
                                m->kind == GRUNDY_EVERY ? "suspense number"
                                                        : "remoteness");
            return -1;
        }
        if (memo_grow(m, (void **)&m->stack, &m->stackcap, m->nstack + 1,
                      sizeof *m->stack) != 0) {
            return -1;
        }
        m->stack[m->nstack++] = y;
    }
    return known;
}

/* Visits entry x: its number when every option's is known (done), else
 * pushes the options' parts not known yet. */
static grundy_status
memo_visit(memo *m, size_t x, size_t index)
{
    fold f = {.kind = m->kind};
    int pushed = 0;
    size_t at = 0, part = 0;
    grundy_status st = memo_options(m, m->pool + m->e[x].key_off,
                                    m->e[x].key_n, index);
    for (size_t i = 0; st == GRUNDY_OK && i < m->noptk; i++) {
        uint64_t num = 0;
        int known = option_parts(m, x, index, m->optk[i], &at, &part, &num);
        if (known < 0) {
            return m->status;
        }
        if (known) {
            fold_add(&f, num);
        } else {
            pushed = 1;
        }
    }
    if (st != GRUNDY_OK) {
        return st;
    }
    m->e[x].visited = 1;
    if (!pushed) {
        m->e[x].number = fold_number(&f);
        m->e[x].done = 1;
    }
    return GRUNDY_OK;
}

/* The number of component v[0..n) by depth-first search without
 * recursion (a heap of a million has a path of a million moves). */
static grundy_status
memo_number(memo *m, const uint64_t *v, size_t n, size_t index,
            size_t *entry)
{
    grundy_status st = GRUNDY_OK;
    if (memo_find(m, v, n, entry) != 0) {
        return m->status;
    }
    m->nstack = 0;
    if (!m->e[*entry].done) {
        if (memo_grow(m, (void **)&m->stack, &m->stackcap, 1,
                      sizeof *m->stack) != 0) {
            return m->status;
        }
        m->stack[m->nstack++] = *entry;
    }
    while (st == GRUNDY_OK && m->nstack > 0) {
        size_t x = m->stack[m->nstack - 1];
        if (m->e[x].done) {
            m->nstack--;
            continue;
        }
        st = memo_visit(m, x, index);
        if (st == GRUNDY_OK && m->e[x].done) {
            m->nstack--;
        }
    }
    return st;
}

/* ---- one component ------------------------------------------------------ */

/* The move chosen in one component: its parts' numbers and words
 * (owned); arity[j] numbers make part j (parts 0: the row taken whole). */
typedef struct chosen {
    int found;
    uint64_t *vals;
    size_t n, parts;
    size_t *arity;
    char *explain;
} chosen;

/* move_collect_fn keeping the first option emitted (a closed form emits
 * just the one). */
static int
collect_chosen(void *user, const component *c, size_t parts,
               const size_t *arity, const uint64_t *vals,
               const char *explain)
{
    chosen *ch = user;
    size_t n = parts_words(parts, arity);
    (void)c;
    if (ch->found) {
        return 1;
    }
    ch->vals = n > 0 ? malloc(n * sizeof *vals) : NULL;
    ch->arity = parts > 0 ? malloc(parts * sizeof *arity) : NULL;
    ch->explain = malloc(strlen(explain) + 1);
    if ((n > 0 && ch->vals == NULL) || (parts > 0 && ch->arity == NULL) ||
        ch->explain == NULL) {
        return -1;
    }
    if (n > 0) {
        memcpy(ch->vals, vals, n * sizeof *vals);
    }
    if (parts > 0) {
        memcpy(ch->arity, arity, parts * sizeof *arity);
    }
    strcpy(ch->explain, explain);
    ch->n = n;
    ch->parts = parts;
    ch->found = 1;
    return 1;
}

/* The option of component c whose memoised number is want, found among
 * its options in the order the family lists them. */
typedef struct want_option {
    memo *m;
    uint64_t want;
    chosen *ch;
} want_option;

static int
collect_wanted(void *user, const component *c, size_t parts,
               const size_t *arity, const uint64_t *vals,
               const char *explain)
{
    want_option *w = user;
    uint64_t num = 0;
    size_t k = parts > 0 ? parts : 1, at = 0;
    for (size_t j = 0; j < k; j++) {
        size_t y, n = parts > 0 ? arity[j] : 0;
        if (memo_find(w->m, vals + at, n, &y) != 0 || !w->m->e[y].done) {
            return 0;   /* not an option the number came from */
        }
        num = parts_number(w->m->kind, num, w->m->e[y].number, j);
        at += n;
    }
    if (num != w->want) {
        return 0;
    }
    return collect_chosen(w->ch, c, parts, arity, vals, explain);
}

/* Why components of game cannot be played in a compound, or NULL. A
 * heap that splits is no reason: its parts become components of the
 * compound (docs/theory.md 9). */
static const char *
compound_refusal(const grundy_game *game, unsigned kind)
{
    if (game->family->flags & FAMILY_COINS) {
        return "a position is a set of coins, not a compound of games (a "
               "move turns coins that other components hold)";
    }
    if (kind != GRUNDY_EVERY) {
        return game->family->no_conjunctive;
    }
    return NULL;
}

/* Component i's number into *number and, when ch is not NULL and the
 * number is not 0, the option one less into *ch. */
static grundy_status
component_number(const grundy_position *pos, grundy_game *game, size_t i,
                 memo *m, uint64_t *number, chosen *ch, grundy_error *err)
{
    component c = position_component(pos, i);
    const family *fam = game->family;
    grundy_status st;
    size_t entry;

    if (fam->suspense != NULL && fam->remoteness != NULL) {
        move_sink sink = {.collect = collect_chosen, .user = ch,
                          .budget = SIZE_MAX};
        st = (m->kind == GRUNDY_EVERY ? fam->suspense : fam->remoteness)(
            game, &c, ch != NULL ? &sink : NULL, number, err);
        if (st == GRUNDY_OK && ch != NULL && *number > 0 && !ch->found) {
            st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        return st;
    }
    if ((st = memo_number(m, c.v, c.n, c.index, &entry)) != GRUNDY_OK) {
        return st;
    }
    *number = m->e[entry].number;
    if (ch != NULL && *number > 0) {
        want_option w = {m, *number - 1, ch};
        move_sink sink = {.collect = collect_wanted, .user = &w,
                          .budget = SIZE_MAX};
        st = fam->options(game, &c, GRUNDY_ANY_VALUE, &sink, err);
        if (st == GRUNDY_OK && !ch->found) {
            /* The number came from these very options: one of them has
             * the number one less, unless memory ran out on the way. */
            st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
    }
    return st;
}

/* ---- the compound ------------------------------------------------------- */

/* The reasons a whole position cannot be played so, or GRUNDY_OK. */
static grundy_status
compound_check(const grundy_position *pos, unsigned kind, grundy_error *err)
{
    const char *play = kind == GRUNDY_EVERY ? "Every-SG" : "conjunctive play";
    if (pos->big) {
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "%s of numbers beyond 2^64 - 1 is not supported",
                       play);
    }
    for (size_t i = 0; i < pos->ncomps; i++) {
        if (pos->comps[i].ring) {
            return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                           "%s of rings (@n) is not supported: a ring's "
                           "numbers are not computed; rows are answered",
                           play);
        }
    }
    for (size_t t = 0; t < pos->nterms; t++) {
        const char *why = compound_refusal(pos->terms[t].game, kind);
        if (why != NULL) {
            return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                           "%s of %s is not supported: %s", play,
                           pos->terms[t].game->label, why);
        }
    }
    return GRUNDY_OK;
}

/* Frees what the chosen moves hold. */
static void
chosen_free(chosen *ch, size_t n)
{
    for (size_t i = 0; ch != NULL && i < n; i++) {
        free(ch[i].vals);
        free(ch[i].arity);
        free(ch[i].explain);
    }
    free(ch);
}

/* The numbers of every component into num, each term's game searched
 * with its memo memos[t] (kept for the moves). */
static grundy_status
compound_numbers(const grundy_position *pos, unsigned kind, memo *memos,
                 uint64_t *num, grundy_error *err)
{
    grundy_status st = GRUNDY_OK;
    for (size_t t = 0; t < pos->nterms; t++) {
        memos[t] = (memo){.game = pos->terms[t].game, .kind = kind,
                          .err = err};
    }
    for (size_t t = 0; st == GRUNDY_OK && t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        for (size_t i = term->first;
             st == GRUNDY_OK && i < term->first + term->count; i++) {
            st = component_number(pos, term->game, i, &memos[t], &num[i],
                                  NULL, err);
        }
    }
    return st;
}

/* The move of every component with a move (num[i] > 0) into ch[i]. */
static grundy_status
compound_moves(const grundy_position *pos, memo *memos, const uint64_t *num,
               chosen *ch, grundy_error *err)
{
    grundy_status st = GRUNDY_OK;
    for (size_t t = 0; st == GRUNDY_OK && t < pos->nterms; t++) {
        const pos_term *term = &pos->terms[t];
        for (size_t i = term->first;
             st == GRUNDY_OK && i < term->first + term->count; i++) {
            uint64_t x;
            if (num[i] > 0) {
                st = component_number(pos, term->game, i, &memos[t], &x,
                                      &ch[i], err);
            }
        }
    }
    return st;
}

/* Renders the move made of every component's chosen option. */
static grundy_status
compound_emit(move_sink *sink, const chosen *ch, grundy_error *err)
{
    const grundy_position *pos = sink->pos;
    move_change *changes = calloc(pos->ncomps + 1, sizeof *changes);
    strbuf words = {0};
    grundy_status st = GRUNDY_OK;
    if (changes == NULL) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    for (size_t i = 0; i < pos->ncomps; i++) {
        if (!ch[i].found) {
            continue;
        }
        changes[i] = (move_change){1, ch[i].n, ch[i].vals, ch[i].parts,
                                    ch[i].arity};
        if (words.len > 0) {
            util_sb_put(&words, "; ");
        }
        util_sb_put(&words, ch[i].explain);
    }
    if (words.oom) {
        st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    } else if (move_emit_compound(sink, changes,
                                  words.s != NULL ? words.s : "") < 0) {
        st = move_sink_error(sink, err);
    }
    free(words.s);
    free(changes);
    return st;
}

grundy_status
compound_solve(const grundy_position *pos, unsigned kind, move_sink *sink,
               grundy_error *err)
{
    grundy_result *res = sink->res;
    uint64_t *num = NULL, decide = 0;
    chosen *ch = NULL;
    memo *memos = NULL;
    grundy_status st = compound_check(pos, kind, err);

    if (st != GRUNDY_OK) {
        return st;
    }
    num = calloc(pos->ncomps + 1, sizeof *num);
    memos = calloc(pos->nterms + 1, sizeof *memos);
    if (num == NULL || memos == NULL) {
        st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        goto out;
    }
    if ((st = compound_numbers(pos, kind, memos, num, err)) != GRUNDY_OK) {
        goto out;
    }
    /* Every-SG: the component that lasts longest decides, so the largest
     * suspense number; equal largest numbers have one parity, so ties
     * cannot disagree. Conjunctive: play stops when the first component
     * does, so the smallest remoteness (Winning Ways ch. 9). */
    for (size_t i = 0; i < pos->ncomps; i++) {
        if (i == 0 || (kind == GRUNDY_EVERY ? num[i] > decide
                                            : num[i] < decide)) {
            decide = num[i];
        }
    }
    res->compound = kind;
    res->compound_number = decide;
    res->win = decide % 2 == 1;
    if (!res->win) {
        goto out;
    }
    /* The winner moves every component with a move to an option of
     * number one less (there is one: the recursion takes it). Then the
     * deciding component's number drops by one to an even number, every
     * other number by one too (and in Every-SG those at 0 stay there),
     * so the largest (smallest) is that even number: a loss for the
     * opponent. */
    if ((ch = calloc(pos->ncomps + 1, sizeof *ch)) == NULL) {
        st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        goto out;
    }
    if ((st = compound_moves(pos, memos, num, ch, err)) == GRUNDY_OK) {
        st = compound_emit(sink, ch, err);
    }
out:
    for (size_t t = 0; memos != NULL && t < pos->nterms; t++) {
        memo_free(&memos[t]);
    }
    free(memos);
    chosen_free(ch, pos->ncomps);
    free(num);
    return st;
}
