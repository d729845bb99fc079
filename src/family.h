/*
 * family.h - the operations every game family provides: the family table
 * and the parsed game. solve.c works only through these operations: it
 * never names a game. A family file includes this header alone: it
 * brings what families use besides, each from its own header (component.h,
 * move_sink.h, context.h, error.h, util.h; registry.h for the code that
 * looks families up).
 */
#ifndef GRUNDY_FAMILY_H
#define GRUNDY_FAMILY_H

#include "grundy_private.h"
#include "component.h"
#include "context.h"
#include "error.h"
#include "move_sink.h"
#include "registry.h"
#include "util.h"

#include <stdarg.h>
#include <string.h>

/* `want` value asking options() for every option, whatever its value. */
#define GRUNDY_ANY_VALUE UINT64_MAX

struct family;
struct bignum;

/*
 * The operations of a family on numbers of any size (issue: heaps beyond
 * 64 bits). Components whose numbers all fit in 64 bits never come here.
 * Every slot is optional; a family with none refuses big numbers in the
 * parser, naming the games that take them.
 */
typedef struct family_big {
    /* Grundy value of c, exact; GRUNDY_EUNSUPPORTED or GRUNDY_ELIMIT with
     * a message when it cannot be known exactly. */
    grundy_status (*value)(grundy_game *game, const big_component *c,
                           struct bignum *sg, grundy_error *err);
    /* Emits (move_emit_big) the options of c worth want, each resulting
     * position once; all of them when the sink wants all, else the first.
     * GRUNDY_ELIMIT when they cannot all be listed. */
    grundy_status (*options)(grundy_game *game, const big_component *c,
                             const struct bignum *want, move_sink *sink,
                             grundy_error *err);
    /* Outcome (*win) of c alone and its winning moves (one, or all when
     * the sink wants all), normal play or misere, for families whose big
     * values are out of reach (fib, wythoff); GRUNDY_EUNSUPPORTED when it
     * has no rule (the sum rules are then tried). */
    grundy_status (*solve_alone)(grundy_game *game, const big_component *c,
                                 int misere, move_sink *sink, int *win,
                                 grundy_error *err);
    /* 0 when the value of a 64-bit component does not fit in 64 bits
     * (Lasker's Nim at 2^64 - 1 is worth 2^64; octal:4.(7) at 2^63 is
     * worth 2^64): the position is then answered by the exact path.
     * It may compute to decide (a period certificate), within the game's
     * limits; when that fails it says 1, and the 64-bit path reports the
     * failure. NULL: every value fits. */
    int (*fits)(grundy_game *game, const uint64_t *v, size_t n);
    /* 1 when the family's numbers stay within 64 bits: these operations
     * serve its 64-bit components in positions answered exactly (a sum
     * with a bigger number elsewhere) and refuse a number beyond 64 bits
     * with a message of their own (corners: nim products of 64-bit
     * coordinates). Lists of the games that take numbers of any size
     * leave it out (registry_list). */
    int words_only;
} family_big;
struct sgseq;
struct sgseq_env;

/* A parsed game. `state` belongs to the family (create/destroy). */
struct grundy_game {
    const struct family *family;
    grundy_ctx *ctx;
    game_limits *limits; /* the context's, shared by its games */
    char *canon;      /* family->canon's text, owned, or NULL */
    grundy_game *shared; /* a game of the same rules whose state this one
                          * uses (one reference held), or NULL */
    char *spec;       /* canonical spec text, owned */
    char label[72];   /* the spec for messages: shortened when long
                       * ("sub:1,2,3,...,99999,100000"), so that a
                       * message's advice is never cut off */
    void *state;      /* family data: parameters, tables */
    unsigned refs;    /* references: ctx cache, positions, callers */
};

/*
 * A game family, written with designated initializers (.value = ...), so
 * that a new slot never shifts the others; a slot left out is 0 or NULL,
 * which always means "no such rule" or "not provided". Required: name,
 * info, unit, value, options. Optional: the rest.
 */
typedef struct family {
    const char *name;      /* spec name before ':' ("bounded") */
    grundy_family_info info; /* usage, summary, component: `grundy games` */
    const char *unit;      /* word for a component in moves: "heap", "row" */
    unsigned flags;        /* FAMILY_* below */

    /* Rules that are data, checked by the registry (registry_check,
     * registry_param) before the family's own code is asked: */
    size_t min_numbers;    /* numbers in one component: at least this
                            * (0: 1) ... */
    size_t max_numbers;    /* ... and at most this (0: no bound) */
    const char *arity_text; /* the arity rule in words, for families of
                             * more than one number: "a position is a
                             * pair 'a,b' of pile sizes" */
    unsigned param;        /* FAMILY_PARAM_*: does the spec take a
                            * parameter after ':' (0: create decides) */
    const char *param_text; /* PARAM_NONE: the hint in the message
                             * ("it is octal:0.77"; NULL: "write 'NAME'");
                             * PARAM_REQUIRED: what is missing ("a code,
                             * e.g. octal:0.07") */

    /* Parses the parameter text after ':' (param is NULL when the spec has
     * no ':'; len bytes, not NUL-terminated) into game->state. */
    grundy_status (*create)(grundy_game *game, const char *param, size_t len,
                            grundy_error *err);
    void (*destroy)(grundy_game *game);

    /* Optional: validates the numbers of a component of valid arity
     * beyond the arity (ranges: "every box holds at least 1"). Must be
     * cheap: it runs for every component of every line. */
    grundy_status (*check)(const grundy_game *game, const uint64_t *v,
                           size_t n, grundy_error *err);

    /* Grundy value of a valid component; GRUNDY_ELIMIT / EUNSUPPORTED with a
     * message when it cannot be known exactly. */
    grundy_status (*value)(grundy_game *game, const uint64_t *v, size_t n,
                           uint64_t *sg, grundy_error *err);

    /* Emits through move_emit every option of component c whose Grundy
     * value is `want` (every option when want == GRUNDY_ANY_VALUE), each
     * resulting position once. Stops early when move_emit returns 1.
     * GRUNDY_ELIMIT when the options cannot all be listed. */
    grundy_status (*options)(grundy_game *game, const component *c,
                             uint64_t want, move_sink *sink,
                             grundy_error *err);

    /* Outcome (*win) and winning moves of a position made of this one
     * component alone, by a closed form; normal play, or misere when
     * `misere`. Emits one winning move, or all when the sink asks for all.
     * Used when the position has a single component (so it also covers
     * values beyond tables). GRUNDY_EUNSUPPORTED when it has no rule. */
    grundy_status (*solve_alone)(grundy_game *game, const component *c,
                                 int misere, move_sink *sink, int *win,
                                 grundy_error *err);

    /* Certified period of the Grundy sequence of a heap game. */
    grundy_status (*period)(grundy_game *game, grundy_period *out,
                            grundy_error *err);

    /* Optional, family_one_number() families: the first option of value
     * `want` that options() would emit for component c, as data, for the
     * quick path of answer_plain. The component stays one number,
     * *to; explain receives the move's words as options() gives them
     * (NUL-terminated, room for 128 bytes), ending in *to in decimal and
     * ')' ("take 2 from heap 1 (3 -> 1)"): the record copies the new
     * number from there. The words need no JSON escape (no '"', '\\',
     * control or non-ASCII byte): a JSON record copies them as they are.
     * Returns the words' length;
     * 0 when c has no option of that value; -1 to leave it to options()
     * (the general path then answers the line). test_plain checks that
     * both paths give the same records. */
    int (*option_one)(grundy_game *game, const component *c, uint64_t want,
                      uint64_t *to, char *explain);

    /* Optional: the family has rings, components "@n" (a circle of n
     * stones, theory.md 3b). Grundy value of the ring of n; options()
     * then lists a ring's options when c->ring is set (a ring becomes a
     * row: its parts are plain components). NULL: rings are refused. */
    grundy_status (*ring_value)(grundy_game *game, uint64_t n, uint64_t *sg,
                                grundy_error *err);

    /* Optional: bytes of tables the game holds now, which grow as it is
     * asked about larger components. A family with tables sets it: the
     * context then keeps its games across lines (ctx.c, by recency and
     * within the memory limit); a family without (a closed form) is
     * cheap to create again and is not kept. */
    size_t (*footprint)(const grundy_game *game);
    /* Optional: the rules as text into buf[0..cap) (NUL-terminated when
     * it fits), returning its length: two games of families with the same
     * canon whose texts are equal play the same game (octal:0.6,
     * octal:0.60, hex:0.6; kayles and octal:0.77), and the context lets
     * them share one state, tables and all. */
    size_t (*canon)(const grundy_game *game, char *buf, size_t cap);

    /* Optional: the Grundy sequence the game's values come from, with the
     * limits to extend it under in *env, for saving and resuming long
     * runs (seqfile.c); NULL when the values come from a closed form. */
    struct sgseq *(*sequence)(grundy_game *game, struct sgseq_env *env);

    /* Optional, FAMILY_HEAP_GAME: when every move removes at most *k
     * stones and leaves nothing, one heap, or any split into at most
     * *parts non-empty heaps that the removal allows (finite take-and-
     * break codes), 1 with *k and *parts; 0 otherwise (no largest
     * removal, or splits of another kind). The misere quotient's
     * periodicity certificate needs it (misere_q.c). Such a family's
     * options() words for heap n leaving parts v_0, ..., v_s-1 (in the
     * order emitted, the largest last) must end with
     * " (n -> v_0 + ... + v_s-1)" and not otherwise depend on n or the
     * largest part: solve_big.c rewrites that tail for a heap beyond
     * 64 bits answered through a 64-bit stand-in (and refuses words that
     * do not end so). */
    int (*heap_span)(const grundy_game *game, uint64_t *k, unsigned *parts);

    /* Optional: numbers beyond 64 bits (family_big above). */
    const family_big *big;

    /* Optional: misere play of positions with this family is refused,
     * for this reason (a clause: "a position is a set of coins ...").
     * For games whose positions are not sums of their components as
     * game trees, where the misere search of sums would be wrong. */
    const char *no_misere;
    /* Optional: --conjunctive is refused, for this reason (a clause), for
     * a family whose component can vanish with no token left to show
     * that it is over (a Hackenbush picture cut to nothing), since in
     * the conjunctive compound a finished component ends the game. */
    const char *no_conjunctive;
    /* Optional: the mirror strategy (Tweedledum and Tweedledee,
     * docs/theory.md 8), asked only where values are out of reach.
     * For a row (c->ring 0): 1 when some move takes stones from its
     * middle (or none, by a digit d0 that splits) and leaves two equal
     * non-empty rows; that move is emitted into sink when sink is not
     * NULL (0, 1, -1 as move_emit says: -1 only when out of memory). For
     * a ring: 1 when it has no option worth 0: every option is a row
     * with such a move (so the ring is worth exactly 0); nothing is
     * emitted. 0 when the family cannot show it cheaply. */
    int (*mirror)(grundy_game *game, const component *c, move_sink *sink);

    /* Optional: components that are structures of the family's own
     * syntax (a vertex name, a picture of edges), not numbers joined by
     * commas (docs/architecture.md, "Components"). parse reads token
     * tok[0..len) into words of the family's own encoding: it sets *n to
     * how many the component needs and writes them to out[0..cap) when
     * *n <= cap (else nothing; the parser grows and asks again). The
     * solver only copies, compares and hashes the words, and treats
     * components with equal words as equal games (they cancel), so the
     * encoding must be a function of the game the token names.
     * GRUNDY_EPOSITION with the reason; the parser puts the quoted token
     * in front. With parse, the arity slots and check are not used. */
    grundy_status (*parse)(const grundy_game *game, const char *tok,
                           size_t len, uint64_t *out, size_t cap, size_t *n,
                           grundy_error *err);
    /* Required with parse: the token of component v[0..n) (options()
     * emits parts in the same encoding), written to buf[0..cap) without
     * a NUL when it fits; returns its length either way, so that a call
     * with cap 0 measures it. */
    size_t (*print)(const grundy_game *game, const uint64_t *v, size_t n,
                    char *buf, size_t cap);

    /* Optional: Every-SG and the conjunctive compound (docs/theory.md 9,
     * Winning Ways ch. 9) by a closed form: the suspense number
     * (suspense) or the remoteness (remoteness) of component c into
     * *number; when it is not 0 and sink is not NULL, also emits the
     * option whose number is one less: the move the compound's winner
     * plays in c (remoteness: win quickest, lose slowest; suspense: win
     * slowest, lose quickest), as options() words it. NULL: compound.c
     * computes the numbers by a memoised search of c's options, for
     * families whose moves never split a component. */
    grundy_status (*suspense)(grundy_game *game, const component *c,
                              move_sink *sink, uint64_t *number,
                              grundy_error *err);
    grundy_status (*remoteness)(grundy_game *game, const component *c,
                                move_sink *sink, uint64_t *number,
                                grundy_error *err);

    /* Optional: components that may be loopy (a game graph with cycles,
     * docs/theory.md 10), with Smith's generalised Sprague-Grundy values.
     * FAMILY_LOOPY_NONE: play from component v[0..n) must end;
     * FAMILY_LOOPY_FINITE: a cycle can be reached, but the value is
     * finite: value() gives it, and options() of a value lists the
     * options worth exactly that (never an infinite one);
     * FAMILY_LOOPY_INFINITE: the value is infinity(K), K the finite
     * values of its options: value() refuses it, options() of value x
     * lists the options worth x (x is in K exactly when there is one).
     * solve.c answers sums by Smith's rule and refuses misere play of
     * every component that is not FAMILY_LOOPY_NONE. */
    int (*loopy)(grundy_game *game, const uint64_t *v, size_t n);
} family;

#define FAMILY_LOOPY_NONE 0
#define FAMILY_LOOPY_FINITE 1
#define FAMILY_LOOPY_INFINITE 2

/* Misere play of a sum of such components follows the misere Nim rule
 * applied to their Grundy values (docs/theory.md 7: nim, bounded). */
#define FAMILY_MISERE_NIMLIKE 1u
/* Values and options come from a closed form: no tables, nothing cached,
 * so a copy of the game per thread costs nothing. */
#define FAMILY_CLOSED_FORM 2u
/* FAMILY_PARAM_*: the spec's parameter after ':'. */
#define FAMILY_PARAM_NONE 1u     /* "nim"; "nim:3" is an error */
#define FAMILY_PARAM_REQUIRED 2u /* "bounded:3"; "bounded" is an error */
#define FAMILY_PARAM_OPTIONAL 3u /* "fib" or "fib:3" */

/* A component is one number, any number (max_numbers 1 and no check()):
 * the parser takes a single number without asking anything. */
static inline int
family_one_number(const struct family *fam)
{
    return fam->max_numbers == 1 && fam->check == NULL && fam->parse == NULL;
}
/* A component's Grundy value is its number (G(n) = n, as in Nim): the
 * solver takes it without asking value(). */
#define FAMILY_VALUE_IS_NUMBER 8u
/* A component is one heap, and every option of a heap is a sum of smaller
 * heaps of the same game (take-and-break games, nim): misere play of such
 * sums goes by their misere quotient (misere_q.c). */
#define FAMILY_HEAP_GAME 16u
/* A component is a heads coin of a coin-turning game (Winning Ways ch.
 * 14): a move's parts are the coins it turns over besides the one going
 * from heads to tails, and a part equal to a coin elsewhere in the term
 * turns that coin back to tails: both are left out of the position the
 * move leaves (moves.c). In normal play the value is the same either
 * way (G + G = 0); the rendering is the literal row of coins. */
#define FAMILY_COINS 32u
/* An option of a 64-bit component with a number of 2^32 or more may be
 * worth 2^64 - 1 while the component's own value fits (Turning Corners:
 * the options of coin (x,y) are nim products in the smallest field of
 * nimbers, of 2^(2^k) elements, holding x and y, so only a coordinate of
 * 2^32 or more reaches the top value). 2^64 - 1 is the GRUNDY_ANY_VALUE
 * sentinel, so options() cannot be asked for them: --all, which needs
 * every winning move, is refused where such a component would have to be
 * asked for that value (solve.c), instead of listing the others alone. */
#define FAMILY_OPTIONS_TO_TOP 64u

#endif
