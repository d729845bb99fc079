/*
 * grundy.h - the public interface of libgrundy, an exact solver for
 * impartial combinatorial games (Sprague-Grundy theory).
 * The library never prints, never exits and keeps no hidden global state:
 * every cache lives in a grundy_ctx that the caller creates and frees.
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

/*
 * Error detail, owned by the caller. On failure `message` holds a complete
 * sentence for a user, naming the offending token and, where one exists, the
 * limit to raise. `column` is the 0-based byte offset of the token in the
 * text that was parsed, or -1 when the error is not tied to a token.
 */
typedef struct grundy_error {
    char message[512];
    long column;
} grundy_error;

typedef struct grundy_ctx grundy_ctx;           /* caches, limits, progress */
typedef struct grundy_game grundy_game;         /* a parsed game spec */
typedef struct grundy_position grundy_position; /* a parsed position */
typedef struct grundy_result grundy_result;     /* outcome, value, moves */

/* ---- context ---------------------------------------------------------- */

/* A new context with default limits, or NULL when out of memory. */
GRUNDY_API grundy_ctx *grundy_ctx_new(void);
/* Frees ctx and its caches; every game, position and result made with it
 * must be freed first. NULL is a no-op. */
GRUNDY_API void grundy_ctx_free(grundy_ctx *ctx);

#define GRUNDY_DEFAULT_MEMORY_LIMIT ((size_t)1 << 30) /* 1 GiB */
/* Memory a single game's tables may use; computations that would need more
 * fail with GRUNDY_ELIMIT and say which limit to raise. */
GRUNDY_API void grundy_ctx_set_memory_limit(grundy_ctx *ctx, size_t bytes);
GRUNDY_API size_t grundy_ctx_memory_limit(const grundy_ctx *ctx);

#define GRUNDY_DEFAULT_WORK_LIMIT ((uint64_t)1 << 42) /* about an hour */
/* Steps (pairs of heaps visited) one Grundy-sequence computation may take.
 * Games with no proven period whose values are computed by the definition
 * take steps quadratic in the heap: a heap whose estimated cost is beyond
 * the limit fails at once with GRUNDY_ELIMIT instead of running for days.
 * 0 means no limit. */
GRUNDY_API void grundy_ctx_set_work_limit(grundy_ctx *ctx, uint64_t steps);
GRUNDY_API uint64_t grundy_ctx_work_limit(const grundy_ctx *ctx);

/* Threads a Grundy-sequence computation may use: 1, or 0 (the default)
 * for the engine's own choice, two on long tables. */
GRUNDY_API void grundy_ctx_set_threads(grundy_ctx *ctx, unsigned threads);
GRUNDY_API unsigned grundy_ctx_threads(const grundy_ctx *ctx);

/* Called now and then during long computations (done of total units,
 * `what` names the work). The callback must not call back into libgrundy. */
typedef void (*grundy_progress_fn)(void *user, const char *what,
                                   uint64_t done, uint64_t total);
GRUNDY_API void grundy_ctx_set_progress(grundy_ctx *ctx, grundy_progress_fn fn,
                                        void *user);

/* ---- games ------------------------------------------------------------ */

/*
 * Parses a game spec such as "nim", "bounded:3", "stripes:1,5,6" (len bytes,
 * need not be NUL-terminated). On success *out holds a new reference that
 * the caller releases with grundy_game_free. Games are cached in ctx, so
 * parsing the same spec twice is cheap and shares computed tables.
 */
GRUNDY_API grundy_status grundy_game_parse(grundy_ctx *ctx, const char *spec,
                                           size_t len, grundy_game **out,
                                           grundy_error *err);
/* Releases a reference. NULL is a no-op. */
GRUNDY_API void grundy_game_free(grundy_game *game);
/* The canonical spec text of a game ("kayles" -> "kayles"). */
GRUNDY_API const char *grundy_game_spec(const grundy_game *game);

/*
 * Grundy value of one component of `game`, given by its numbers (a heap is
 * one number, a Wythoff position two). GRUNDY_ELIMIT or GRUNDY_EUNSUPPORTED
 * when the value is beyond reach; err says why.
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
                            values; else the closed form's source (static
                            text), and `certified` is 0 */
} grundy_period;
GRUNDY_API grundy_status grundy_game_period(grundy_game *game,
                                            grundy_period *out,
                                            grundy_error *err);

/* One supported family, for `grundy games`; NULL past the last. */
typedef struct grundy_family_info {
    const char *usage;     /* "bounded:M" */
    const char *summary;   /* one line, what the game is */
    const char *component; /* "heap size n" */
} grundy_family_info;
GRUNDY_API const grundy_family_info *grundy_family_at(size_t i);

/* ---- positions -------------------------------------------------------- */

/* A new empty position (reused across lines: parsing into it reuses its
 * memory), or NULL when out of memory. NULL is a no-op for _free. */
GRUNDY_API grundy_position *grundy_position_new(void);
GRUNDY_API void grundy_position_free(grundy_position *pos);

/*
 * Parses "GAME COMPONENT... [+ GAME COMPONENT...]" into pos, replacing its
 * previous content. When `game` is not NULL the text starts with components
 * of that game (the first term's game is given, later terms after '+' name
 * their own). Whitespace separates components, commas join the numbers of
 * one component. Numbers are decimal and must fit in 64 bits unsigned.
 */
GRUNDY_API grundy_status grundy_position_parse(grundy_ctx *ctx,
                                               grundy_position *pos,
                                               grundy_game *game,
                                               const char *text, size_t len,
                                               grundy_error *err);
/*
 * Parses the text of one component of game ("7", "3,5") into v[0..cap),
 * *n numbers, and checks it with the game's rules.
 */
GRUNDY_API grundy_status grundy_component_parse(grundy_game *game,
                                                const char *text, size_t len,
                                                uint64_t *v, size_t cap,
                                                size_t *n, grundy_error *err);

/* Number of components over all terms. */
GRUNDY_API size_t grundy_position_size(const grundy_position *pos);

/* ---- solving ---------------------------------------------------------- */

#define GRUNDY_MISERE    1u /* last player to move loses */
#define GRUNDY_ALL_MOVES 2u /* report every winning move, not just one */

GRUNDY_API grundy_result *grundy_result_new(void);
GRUNDY_API void grundy_result_free(grundy_result *res);

/*
 * Solves pos: outcome for the player to move, the Grundy value where known,
 * and one (or with GRUNDY_ALL_MOVES every) winning move. Every answer is
 * exact; when it cannot be, the status is GRUNDY_ELIMIT or
 * GRUNDY_EUNSUPPORTED and err says why.
 */
GRUNDY_API grundy_status grundy_solve(grundy_ctx *ctx,
                                      const grundy_position *pos,
                                      unsigned flags, grundy_result *res,
                                      grundy_error *err);

GRUNDY_API int grundy_result_win(const grundy_result *res); /* 1 win, 0 lose */
/* 1: misere play */
GRUNDY_API int grundy_result_misere(const grundy_result *res);
/* 1 and *sg set when the normal-play value of the whole position is known. */
GRUNDY_API int grundy_result_sg(const grundy_result *res, uint64_t *sg);
GRUNDY_API size_t grundy_result_move_count(const grundy_result *res);
/* Move i in words, e.g. "take 2 from heap 1 (3 -> 1)". */
GRUNDY_API const char *grundy_result_move_explain(const grundy_result *res,
                                                  size_t i);
/* The position after move i, in the syntax the position was given in. */
GRUNDY_API const char *grundy_result_move_position(const grundy_result *res,
                                                   size_t i);

/* ---- output records --------------------------------------------------- */

#define GRUNDY_FORMAT_JSON 1u /* JSON Lines instead of text */
#define GRUNDY_FORMAT_ALL  2u /* JSON: add the "moves" and "explains" arrays */

/* Writes one record for a solved position (input is the trimmed line).
 * Text: "win sg=2: take 2 from heap 1 (3 -> 1) -> 1 4 5", "lose sg=0".
 * Returns GRUNDY_EIO when out reports a write error (ferror). */
GRUNDY_API grundy_status grundy_format_result(FILE *out, unsigned format,
                                              const char *input,
                                              size_t input_len,
                                              const grundy_result *res);
/* Writes one error record; text mode writes nothing (errors go to stderr). */
GRUNDY_API grundy_status grundy_format_error(FILE *out, unsigned format,
                                             const char *input,
                                             size_t input_len,
                                             const char *message);

/* A growable byte buffer owned by the caller; start it zeroed, append
 * with the _mem functions, release data with free(). */
typedef struct grundy_buffer {
    char *data;
    size_t len, cap;
} grundy_buffer;
/* The same records appended to a buffer (for output assembled by worker
 * threads); GRUNDY_ENOMEM when it cannot grow. */
GRUNDY_API grundy_status grundy_format_result_mem(grundy_buffer *out,
                                                  unsigned format,
                                                  const char *input,
                                                  size_t input_len,
                                                  const grundy_result *res);
GRUNDY_API grundy_status grundy_format_error_mem(grundy_buffer *out,
                                                 unsigned format,
                                                 const char *input,
                                                 size_t input_len,
                                                 const char *message);

/*
 * The quick path of line mode: when the line is single numbers joined by
 * single spaces (nothing else, at most 64 of them) of a game whose family
 * answers such sums directly, and flags ask for normal play and one move,
 * appends to out the very record that parsing, solving and
 * grundy_format_result_mem would append, and returns 1. Otherwise (any
 * other line, any error, out of memory) appends nothing and returns 0:
 * the caller then goes the general way, which alone reports errors.
 */
GRUNDY_API int grundy_answer_plain(grundy_game *game, unsigned flags,
                                   unsigned format, const char *line,
                                   size_t len, grundy_buffer *out);

/* A byte count as grundy's messages write it: "1 GiB", "64 MiB", or
 * "1536 MiB" (exact multiples only), NUL-terminated in dst[0..cap). */
GRUNDY_API void grundy_size_text(char *dst, size_t cap, size_t bytes);

/* 1 when the game answers every component by a closed form, or from
 * small bounded tables of its own (fib, wythoff): independent copies of
 * it cost little, so a caller may solve lines in parallel with one
 * context per thread. Games with Grundy-sequence tables (octal, sub, ...)
 * are not: each copy would compute its own. */
GRUNDY_API int grundy_game_closed_form(const grundy_game *game);
/* 1 when every game of a parsed position is closed-form (see above). */
GRUNDY_API int grundy_position_closed_form(const grundy_position *pos);

#endif
