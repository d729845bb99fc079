/*
 * grundy.h - the public interface of libgrundy, an exact solver for
 * impartial combinatorial games (Sprague-Grundy theory).
 * The library never prints, never exits and keeps no hidden global state:
 * every cache lives in a grundy_ctx that the caller creates and frees.
 *
 * Conventions. Fallible functions return a grundy_status (GRUNDY_OK is 0)
 * and write results through out-parameters; on failure they fill the
 * caller's grundy_error (which may not be NULL) and leave the
 * out-parameters unspecified. Objects come in _new/_free pairs; _free
 * of NULL does nothing. Strings returned point into the object they come
 * from and stay valid until it is freed or reused. Passing NULL where an
 * object is required is a programming error, not a checked one. A
 * context and everything made with it belong to one thread at a time;
 * separate contexts may be used in parallel.
 */
#ifndef GRUNDY_H
#define GRUNDY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define GRUNDY_VERSION "0.1.0"

/* GRUNDY_API marks what libgrundy.so exports: the functions declared here.
 * The library is built with hidden visibility, so nothing else is. */
#if defined(__GNUC__) && __GNUC__ >= 4
#define GRUNDY_API __attribute__((visibility("default")))
#else
#define GRUNDY_API
#endif

/* Status codes: every fallible function returns one; GRUNDY_OK is 0. */
typedef enum grundy_status {
    GRUNDY_OK = 0,
    GRUNDY_ESPEC,        /* invalid game specification */
    GRUNDY_EPOSITION,    /* invalid position text */
    GRUNDY_ELIMIT,       /* the exact answer needs more than a limit allows */
    GRUNDY_EUNSUPPORTED, /* no exact method for this question (e.g. misere) */
    GRUNDY_ENOMEM,       /* out of memory */
    GRUNDY_EIO           /* writing an output record failed */
} grundy_status;

/* Which of a context's limits an error is about (grundy_error.limit). */
typedef enum grundy_limit {
    GRUNDY_LIMIT_NONE = 0, /* none: no setting changes the answer */
    GRUNDY_LIMIT_MEMORY,   /* grundy_ctx_set_memory_limit: with
                            * GRUNDY_ELIMIT, raising it helps; with
                            * GRUNDY_ENOMEM, the system gave less than it
                            * allows, and lowering it gives a clean
                            * GRUNDY_ELIMIT instead */
    GRUNDY_LIMIT_WORK      /* grundy_ctx_set_work_limit: raising it helps */
} grundy_limit;

/*
 * Error detail, owned by the caller. On failure `message` holds a complete
 * sentence for a user, naming the offending token and, where one applies,
 * the limit it ran into (in the library's terms: "the memory limit of
 * 1 GiB"; advice on how to raise it is the caller's to word). `column` is
 * the 0-based byte offset of the token in the text that was parsed, or -1
 * when the error is not tied to a token. `limit` says which limit stopped
 * the computation and `needed` how much of it the computation needs
 * (bytes for GRUNDY_LIMIT_MEMORY, steps for GRUNDY_LIMIT_WORK), 0 when
 * that is not known; both are 0 for every other error.
 */
typedef struct grundy_error {
    char message[512];
    long column;
    grundy_limit limit;
    uint64_t needed;
} grundy_error;

typedef struct grundy_ctx grundy_ctx;           /* caches, limits, progress */
typedef struct grundy_game grundy_game;         /* a parsed game spec */
typedef struct grundy_position grundy_position; /* a parsed position */
typedef struct grundy_result grundy_result;     /* outcome, value, moves */

/* ---- context ---------------------------------------------------------- */

/* A new context with default limits and empty caches, or NULL when out
 * of memory. The caller owns it and frees it with grundy_ctx_free. */
GRUNDY_API grundy_ctx *grundy_ctx_new(void);
/* Frees ctx and its caches; every game, position and result made with it
 * must be freed first. NULL is a no-op. */
GRUNDY_API void grundy_ctx_free(grundy_ctx *ctx);

#define GRUNDY_DEFAULT_MEMORY_LIMIT ((size_t)1 << 30) /* 1 GiB */
/* Sets the memory (bytes, > 0) a single game's tables, one position or
 * one result's moves may use; computations that would need more fail
 * with GRUNDY_ELIMIT, and the message says how much was needed. Applies
 * to later computations; tables already built are kept. */
GRUNDY_API void grundy_ctx_set_memory_limit(grundy_ctx *ctx, size_t bytes);
/* The memory limit in bytes (GRUNDY_DEFAULT_MEMORY_LIMIT until set). */
GRUNDY_API size_t grundy_ctx_memory_limit(const grundy_ctx *ctx);

#define GRUNDY_DEFAULT_WORK_LIMIT ((uint64_t)1 << 42) /* about an hour */
#define GRUNDY_DEFAULT_MISERE_WORK ((uint64_t)1 << 32) /* seconds */
/* Steps (pairs of heaps visited) one Grundy-sequence computation may take.
 * Games with no proven period whose values are computed by the definition
 * take steps quadratic in the heap: a heap whose estimated cost is beyond
 * the limit fails at once with GRUNDY_ELIMIT instead of running for days.
 * The same number of steps bounds the misere quotient's construction for
 * one position (one grundy_solve), all its heaps together, and the search
 * of a position's suspense numbers or remoteness (GRUNDY_EVERY,
 * GRUNDY_CONJUNCTIVE: options listed); until set,
 * that bound is GRUNDY_DEFAULT_MISERE_WORK, so that every misere question
 * ends in seconds by default. 0 means no limit. */
GRUNDY_API void grundy_ctx_set_work_limit(grundy_ctx *ctx, uint64_t steps);
/* The work limit in steps (GRUNDY_DEFAULT_WORK_LIMIT until set; 0: none). */
GRUNDY_API uint64_t grundy_ctx_work_limit(const grundy_ctx *ctx);

/* How far grundy_game_period looks for a period: up to `values` Grundy
 * values; 0 (the default) for GRUNDY_DEFAULT_PERIOD_SEARCH, or
 * GRUNDY_PERIOD_SEARCH_LIMITS for as far as the memory and work limits
 * allow (the search then stops where the next doubling of the table would
 * pass one, and says which in grundy_period.stopped_by). */
#define GRUNDY_DEFAULT_PERIOD_SEARCH ((uint64_t)1 << 20)
#define GRUNDY_PERIOD_SEARCH_LIMITS UINT64_MAX
GRUNDY_API void grundy_ctx_set_period_search(grundy_ctx *ctx,
                                             uint64_t values);
/* The period search length set (0 until set). */
GRUNDY_API uint64_t grundy_ctx_period_search(const grundy_ctx *ctx);

/* Threads a Grundy-sequence computation may use: 1, or 0 (the default)
 * for the engine's own choice, two on long tables. */
GRUNDY_API void grundy_ctx_set_threads(grundy_ctx *ctx, unsigned threads);
/* The thread setting: 1, or 0 for the engine's choice. */
GRUNDY_API unsigned grundy_ctx_threads(const grundy_ctx *ctx);

/* Called now and then during long computations (done of total units,
 * `what` names the work). The callback must not call back into libgrundy. */
typedef void (*grundy_progress_fn)(void *user, const char *what,
                                   uint64_t done, uint64_t total);
/* Installs fn (NULL: none, the default), called with `user` from the
 * thread that runs the computation. */
GRUNDY_API void grundy_ctx_set_progress(grundy_ctx *ctx, grundy_progress_fn fn,
                                        void *user);

/* ---- games ------------------------------------------------------------ */

/*
 * Parses a game spec such as "nim", "bounded:3", "stripes:1,5,6" (len bytes,
 * need not be NUL-terminated). On success *out holds a new reference that
 * the caller releases with grundy_game_free (before freeing ctx). Games
 * are cached in ctx, so parsing the same spec twice is cheap and shares
 * computed tables. GRUNDY_ESPEC for an unknown game or bad parameters,
 * err->column at the offending token; GRUNDY_ENOMEM.
 */
GRUNDY_API grundy_status grundy_game_parse(grundy_ctx *ctx, const char *spec,
                                           size_t len, grundy_game **out,
                                           grundy_error *err);
/* Releases a reference. NULL is a no-op. */
GRUNDY_API void grundy_game_free(grundy_game *game);
/* The canonical spec text of a game ("kayles" -> "kayles"), owned by the
 * game. */
GRUNDY_API const char *grundy_game_spec(const grundy_game *game);

/*
 * Grundy value of one component of `game`, given by its numbers v[0..n)
 * (a heap is one number, a Wythoff position two), checked with the game's
 * rules as grundy_component_parse does, into *sg. GRUNDY_EPOSITION for a
 * component the game does not have; GRUNDY_ELIMIT or GRUNDY_EUNSUPPORTED
 * when the value is beyond reach; err says why. May compute and cache
 * tables in the game's context (progress callback, limits apply).
 */
GRUNDY_API grundy_status grundy_component_value(grundy_game *game,
                                                const uint64_t *v, size_t n,
                                                uint64_t *sg,
                                                grundy_error *err);

/* Period of a heap game's Grundy sequence, when the family can certify one. */
typedef struct grundy_period {
    int found;           /* 1: certified; 0: none found up to `searched` */
    uint64_t period;     /* p */
    uint64_t preperiod;  /* n0: first index of periodic behaviour */
    uint64_t certified;  /* number of values computed to prove it */
    uint64_t searched;   /* when !found: values examined */
    uint64_t saltus;     /* s: G(n + p) = G(n) + s for n >= n0; 0 for an
                            ordinary period */
    const char *theorem; /* NULL: certified by the first `certified`
                            values (Guy-Smith, or the window test of
                            subtraction sets); else the theorem (static
                            text): a closed form's source, `certified`
                            0, or a test whose finite check used the
                            first `certified` values */
    grundy_limit stopped_by; /* when !found: the limit that ended the
                                search (GRUNDY_LIMIT_NONE: the search
                                length of grundy_ctx_set_period_search) */
} grundy_period;
/* Fills *out with the certified period of game's Grundy sequence, or
 * found = 0 when none was found within the search length and the
 * context's limits (grundy_ctx_set_period_search).
 * GRUNDY_EUNSUPPORTED for a game that is not a heap game with a Grundy
 * sequence (wythoff, for one); GRUNDY_ELIMIT, GRUNDY_ENOMEM. */
GRUNDY_API grundy_status grundy_game_period(grundy_game *game,
                                            grundy_period *out,
                                            grundy_error *err);

/* The i-th supported game family (0, 1, ...), static data; NULL past the
 * last. */
typedef struct grundy_family_info {
    const char *usage;     /* "bounded:M" */
    const char *summary;   /* one line, what the game is */
    const char *component; /* "heap size n" */
} grundy_family_info;
GRUNDY_API const grundy_family_info *grundy_family_at(size_t i);

/* ---- positions -------------------------------------------------------- */

/* A new empty position (reused across lines: parsing into it reuses its
 * memory), or NULL when out of memory. */
GRUNDY_API grundy_position *grundy_position_new(void);
/* Frees pos and releases the games it references. NULL is a no-op. */
GRUNDY_API void grundy_position_free(grundy_position *pos);

/*
 * Parses "GAME COMPONENT... [+ GAME COMPONENT...]" into pos, replacing its
 * previous content. When `game` is not NULL the text starts with components
 * of that game (the first term's game is given, later terms after '+' name
 * their own). Whitespace separates components, commas join the numbers of
 * one component. Numbers are decimal: up to 2^64 - 1, and of any size
 * (up to 10^6 digits) in the games that take them.
 * text[0..len) need not be NUL-terminated; pos keeps a copy. Games named
 * in the text are parsed in ctx and referenced by pos. GRUNDY_ESPEC or
 * GRUNDY_EPOSITION with err->column at the bad token; GRUNDY_ELIMIT when
 * the position needs more than the memory limit; GRUNDY_ENOMEM. On
 * failure pos holds no usable position until parsed into again.
 */
GRUNDY_API grundy_status grundy_position_parse(grundy_ctx *ctx,
                                               grundy_position *pos,
                                               grundy_game *game,
                                               const char *text, size_t len,
                                               grundy_error *err);
/*
 * Parses the text of one component of game ("7", "3,5") into v[0..cap),
 * *n numbers, and checks it with the game's rules. GRUNDY_EPOSITION for
 * bad text, more than cap numbers, or a component the game does not have;
 * GRUNDY_EUNSUPPORTED for a number beyond 2^64 - 1 (v cannot hold it:
 * grundy_component_value_text takes it).
 */
GRUNDY_API grundy_status grundy_component_parse(grundy_game *game,
                                                const char *text, size_t len,
                                                uint64_t *v, size_t cap,
                                                size_t *n, grundy_error *err);

/*
 * Grundy value of one component of game given as text ("7", "3,5"), with
 * numbers of any size where the game takes them (the rules of
 * grundy_position_parse), exactly: into res, read with
 * grundy_result_sg_decimal (any size) or grundy_result_sg (when it fits
 * in 64 bits); grundy_result_win says whether it is not 0, and res holds
 * no moves. Errors as grundy_component_parse and grundy_component_value
 * give them; GRUNDY_EUNSUPPORTED or GRUNDY_ELIMIT when the value cannot
 * be known exactly. On failure res holds no usable answer.
 */
GRUNDY_API grundy_status grundy_component_value_text(grundy_game *game,
                                                     const char *text,
                                                     size_t len,
                                                     grundy_result *res,
                                                     grundy_error *err);

/* Number of components of a parsed position, over all its terms. */
GRUNDY_API size_t grundy_position_size(const grundy_position *pos);

/* ---- solving ---------------------------------------------------------- */

#define GRUNDY_MISERE    1u /* last player to move loses */
#define GRUNDY_ALL_MOVES 2u /* report every winning move, not just one */
/* Every-SG, the continued conjunctive compound (Winning Ways ch. 9): each
 * turn the player moves in every component that still has a move, and
 * whoever cannot move loses; the largest suspense number decides. */
#define GRUNDY_EVERY       4u
/* The conjunctive compound: each turn a move in every component; a player
 * who cannot move in every component loses (play ends when one component
 * is over); the smallest remoteness decides. */
#define GRUNDY_CONJUNCTIVE 8u

/* A new empty result, filled by grundy_solve and reusable across calls,
 * or NULL when out of memory. */
GRUNDY_API grundy_result *grundy_result_new(void);
/* Frees res and its moves' strings. NULL is a no-op. */
GRUNDY_API void grundy_result_free(grundy_result *res);

/*
 * Solves pos (parsed with the same ctx): outcome for the player to move,
 * the Grundy value where known, and one (or with GRUNDY_ALL_MOVES every)
 * winning move, in normal play or with GRUNDY_MISERE misere play; flags
 * is a bitwise or of those. With GRUNDY_EVERY or GRUNDY_CONJUNCTIVE (one
 * of them, neither with GRUNDY_MISERE or GRUNDY_ALL_MOVES) the position
 * is played as that compound instead of a sum: no Grundy value, the
 * deciding number instead (grundy_result_compound), and the winning move
 * moves in every component that has a move; GRUNDY_EUNSUPPORTED for a
 * game whose numbers grundy cannot compute. res is overwritten (its
 * earlier strings go stale). Every answer is exact; when it cannot be, the status is
 * GRUNDY_ELIMIT or GRUNDY_EUNSUPPORTED and err says why; GRUNDY_ENOMEM.
 * On failure res holds no usable answer.
 */
GRUNDY_API grundy_status grundy_solve(grundy_ctx *ctx,
                                      const grundy_position *pos,
                                      unsigned flags, grundy_result *res,
                                      grundy_error *err);

/* Reading a solved result (after grundy_solve returned GRUNDY_OK): */
/* 1 when the player to move wins, 0 when they lose or, in a loopy game
 * (graph:FILE with cycles), when the position is a draw. */
GRUNDY_API int grundy_result_win(const grundy_result *res);
/* 1 when the position is a draw: play can go on for ever and neither
 * player can force a win (only in loopy games); then
 * grundy_result_win is 0 and there is no move. */
GRUNDY_API int grundy_result_draw(const grundy_result *res);
/* 1 when the result is for misere play, 0 for normal play. */
GRUNDY_API int grundy_result_misere(const grundy_result *res);
/* 1, and *sg set (when sg is not NULL), when the normal-play Grundy value
 * of the whole position is known and fits in 64 bits; 0 when it is not
 * known (a lone component beyond tables solved by a closed form, for
 * instance), is larger (see grundy_result_sg_decimal) or is infinite
 * (grundy_result_loopy). */
GRUNDY_API int grundy_result_sg(const grundy_result *res, uint64_t *sg);
/* 1 when the position's generalised Sprague-Grundy value (Smith) is
 * infinite: a loopy game where play can go on for ever, won only when
 * some move leaves value 0, else a draw; there is no Grundy number. */
GRUNDY_API int grundy_result_loopy(const grundy_result *res);
/* The normal-play Grundy value in decimal, whatever its size (positions
 * with numbers beyond 64 bits can have such values), owned by res and
 * valid until res is solved again or freed; NULL when it is not known
 * (or out of memory). */
GRUNDY_API const char *grundy_result_sg_decimal(grundy_result *res);
/* With GRUNDY_EVERY, the largest suspense number of the components, and
 * with GRUNDY_CONJUNCTIVE the smallest remoteness (0 for a position
 * without components), into *number (when not NULL), returning the flag
 * it was solved with; 0 (and no number) for a sum in normal or misere
 * play. The player to move wins iff the number is odd. */
GRUNDY_API unsigned grundy_result_compound(const grundy_result *res,
                                           uint64_t *number);
/* Number of winning moves reported: 0 when the mover loses, else 1, or
 * every winning move with GRUNDY_ALL_MOVES. */
GRUNDY_API size_t grundy_result_move_count(const grundy_result *res);
/* Move i (< grundy_result_move_count) in words, e.g. "take 2 from heap 1
 * (3 -> 1)"; owned by res. */
GRUNDY_API const char *grundy_result_move_explain(const grundy_result *res,
                                                  size_t i);
/* The position after move i, in the syntax the position was given in
 * ("nim 1 4 5"), owned by res; solving it again gives a loss. */
GRUNDY_API const char *grundy_result_move_position(const grundy_result *res,
                                                   size_t i);

/* ---- output records --------------------------------------------------- */

#define GRUNDY_FORMAT_JSON 1u /* JSON Lines instead of text */
#define GRUNDY_FORMAT_ALL  2u /* JSON: add the "moves" and "explains" arrays */
/* JSON: a number beyond 2^53 - 1 (the largest integer a double holds
 * exactly: JavaScript, jq 1.6) is written as a string of its digits,
 * "sg":"9007199254740993"; smaller ones stay numbers. */
#define GRUNDY_FORMAT_BIG_STRINGS 4u

/* Writes one record, newline-terminated, for a solved position to out;
 * input[0..input_len) is the position's text as the record should quote
 * it (JSON "input"). format: 0 for text or GRUNDY_FORMAT_JSON, optionally
 * with GRUNDY_FORMAT_ALL and GRUNDY_FORMAT_BIG_STRINGS.
 * Text: "win sg=2: take 2 from heap 1 (3 -> 1) -> 1 4 5", "lose sg=0".
 * Returns GRUNDY_EIO when out reports a write error (ferror). */
GRUNDY_API grundy_status grundy_format_result(FILE *out, unsigned format,
                                              const char *input,
                                              size_t input_len,
                                              const grundy_result *res);
/* Writes one error record for the input that failed, with message (as
 * in grundy_error); text mode writes nothing (errors go to stderr).
 * GRUNDY_EIO when out reports a write error. */
GRUNDY_API grundy_status grundy_format_error(FILE *out, unsigned format,
                                             const char *input,
                                             size_t input_len,
                                             const char *message);

/*
 * The same records written into the caller's buffer dst[0..cap), as
 * snprintf does: *len (when not NULL) receives the record's full length
 * (newline included, NUL not); the record is complete when *len < cap,
 * else cut to cap - 1 bytes, so call again with a buffer of *len + 1.
 * dst is NUL-terminated whenever cap > 0 (dst may be NULL when cap is 0,
 * to measure). An error record in text mode is empty. GRUNDY_ENOMEM when
 * memory to assemble the record runs out.
 */
GRUNDY_API grundy_status grundy_format_result_buf(char *dst, size_t cap,
                                                  size_t *len,
                                                  unsigned format,
                                                  const char *input,
                                                  size_t input_len,
                                                  const grundy_result *res);
GRUNDY_API grundy_status grundy_format_error_buf(char *dst, size_t cap,
                                                 size_t *len,
                                                 unsigned format,
                                                 const char *input,
                                                 size_t input_len,
                                                 const char *message);

#endif
