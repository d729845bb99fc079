/*
 * position.h - the parsed form of a position, shared by position.c (which
 * fills it from text) and solve.c (which reads it). Not public: users see
 * the opaque grundy_position of grundy.h.
 */
#ifndef GRUNDY_POSITION_H
#define GRUNDY_POSITION_H

#include "family.h"

/* One component: its numbers in vals, its token in text. */
typedef struct pos_comp {
    size_t off;      /* first number in vals */
    size_t n;        /* how many numbers */
    size_t tok;      /* token start in text */
    size_t toklen;   /* token length */
    unsigned char ring;       /* "@n": a ring of the family (ring_value) */
    unsigned char big;        /* a number beyond 2^64 - 1: its vals
                               * entry is 2^64 - 1, the token holds it
                               * (solve_big.c) */
    unsigned char structured; /* read by its family's parse(): its vals
                               * are the family's words, not numbers as
                               * the token writes them */
} pos_comp;

/* A term: components [first, first + count) of one game. */
typedef struct pos_term {
    grundy_game *game;  /* one reference held */
    size_t first;
    size_t count;
    int named;          /* the game's name appears in the text */
    size_t nametok;     /* its token start and length in text */
    size_t namelen;
} pos_term;

struct grundy_position {
    char *text;              /* copy of the parsed text */
    size_t textlen, textcap;
    uint64_t *vals;          /* numbers of all components */
    size_t nvals, valcap;
    pos_comp *comps;         /* all components, term after term */
    size_t ncomps, compcap;
    pos_term *terms;
    size_t nterms, termcap;
    size_t budget;           /* bytes the arrays may hold: the memory limit */
    struct game_limits *lim; /* the parsing context's, charged for what the
                              * arrays grow by (NULL: nobody's) */
    size_t wanted;           /* what the grow that passed it asked for */
    size_t rings;            /* components that are rings ("@n"): misere
                              * play refuses them without a scan */
    int big;                 /* some component is big (pos_comp) */
    int big_pending;         /* parse_numbers met a big number in the
                              * component being added */
    int plain;               /* the text is its tokens joined by single
                              * spaces: a move's position is the text with
                              * one token replaced */
};

/*
 * The quick path's scanner: text[0..len) (with a NUL and 8 readable bytes
 * after it) as single numbers of at most 20 digits, each at most
 * 2^64 - 1, joined by single spaces, nothing else. Returns how many
 * (vals[i], token i at text + toks[i], toks[n] = len + 1), or 0 when the
 * text is anything else or holds more than max numbers: the careful
 * parser then says what is wrong.
 */
size_t position_scan_plain(const char *text, size_t len, uint64_t *vals,
                           size_t *toks, size_t max);

/*
 * position_scan_plain for a line that is not cut out yet: text[0..limit)
 * holds it and maybe more lines, and PLAIN_LINE_PAD bytes after
 * text + limit are readable (what they hold does not matter). When the
 * line is the numbers of position_scan_plain and a '\n' (before limit),
 * sets *len to its length without the '\n' and returns how many numbers
 * (toks[n] = *len + 1); otherwise 0, and a caller cuts the line out and
 * takes the careful way.
 */
size_t position_scan_line(const char *text, size_t limit, uint64_t *vals,
                          size_t *toks, size_t max, size_t *len);

/* Marks every component of pos (rings aside) as big, so that
 * grundy_solve answers it by the exact-number path (solve_big.c): for
 * tests that compare that path with the 64-bit one on the same
 * positions. */
void position_force_big(grundy_position *pos);

/* Component i of pos as its family's operations take it (family.h): its
 * numbers, its 1-based place, its token as text when that is the single
 * number's decimal form (never for a ring "@n"), the ring flag. The one
 * way the solver's paths (solve.c, solve_big.c) build it; inline, as it
 * runs for each component asked for its options. */
static inline component
position_component(const grundy_position *pos, size_t i)
{
    const pos_comp *pc = &pos->comps[i];
    const char *tok = pos->text + pc->tok;
    /* A single number written without leading zeros is its own text; a
     * ring's token "@n" is not a number's. */
    int own = !pc->ring && !pc->structured && pc->n == 1 &&
              (pc->toklen == 1 || tok[0] != '0');
    component c = {.v = pos->vals + pc->off, .n = pc->n, .index = i + 1,
                   .ring = pc->ring};
    if (own) {
        c.text = tok;
        c.textlen = pc->toklen;
    }
    return c;
}

/* 1 when every game of pos plays misere as Nim does (FAMILY_MISERE_NIMLIKE:
 * the misere Nim rule answers the sum), for both solver paths. */
int position_misere_nimlike(const grundy_position *pos);

/* Digits a number beyond 64 bits may have (issue: a million, within
 * --memory). */
#define POSITION_MAX_DIGITS 1000000u

#endif
