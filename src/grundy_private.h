/*
 * grundy_private.h - what libgrundy offers its own command (src/cli) and
 * tests beyond the public include/grundy.h: the record buffer the line
 * loop's worker threads fill, its quick path, size wording for messages,
 * and which games are cheap to copy per thread. Neither installed nor
 * exported (no GRUNDY_API): its functions are global only in the
 * uninstalled libgrundy_internal.a, which the command and the tests link;
 * libgrundy.so hides them and libgrundy.a makes them local, so embedders
 * never see them. Its names carry their module's prefix (format_, util_,
 * ctx_, position_, ...): grundy_* names are the public interface alone.
 *
 * The command's only way below grundy.h. What it uses, and why:
 *   format_result_mem, format_error_mem   worker threads build records in
 *       memory, written in input order (grundy_format_* write a FILE *)
 *   answer_plain, answer_plain_line, answer_plain_possible   the line
 *       loop's quick path for plain lines (same bytes as parse + solve +
 *       format, faster), and whether it may answer any
 *   util_size_text        --memory sizes worded as the library words them
 *   ctx_game_closed_form, position_closed_form   which lines may be solved
 *       in parallel with one context per thread
 *   ctx_memory_share, ctx_line_settle, ctx_line_settled,
 *   ctx_memory_release, position_parse_settled   one --memory for the
 *       threads' contexts together, settled once a line
 *   position_parse_one    grundy sg checks all arguments before any output
 *   solve_component_value, solve_component_value_u64   grundy sg's long
 *       ranges without a position per value
 *   seqfile_encode, seqfile_write, seqfile_reader_*, seqfile_check_*,
 *   seqfile_load_*, seqfile_supported, seqfile_length
 *       grundy sg --save / resume (the sequence file format)
 *   misere_q_table, misere_q_table_free   grundy quotient's table
 *   ctx_game_sparse_split   grundy plot tells rare values from common ones
 *       as the sequence engine splits them
 *   registry_list         --help's lists of games, from the registry
 * tests/symbols.sh checks that nothing else leaks from the installed
 * libraries; docs/architecture.md keeps the same list.
 */
#ifndef GRUNDY_PRIVATE_H
#define GRUNDY_PRIVATE_H

#include "grundy.h"

/* A growable byte buffer owned by the caller; start it zeroed, append
 * with the _mem functions, release data with free(). */
typedef struct format_buffer {
    char *data;
    size_t len, cap;
} format_buffer;

/* The records of grundy_format_result and grundy_format_error appended
 * to a buffer (for output assembled by worker threads); GRUNDY_ENOMEM
 * when it cannot grow, the buffer then as it was. */
grundy_status format_result_mem(format_buffer *out, unsigned format,
                                const char *input, size_t input_len,
                                const grundy_result *res);
grundy_status format_error_mem(format_buffer *out, unsigned format,
                               const char *input, size_t input_len,
                               const char *message, const char *kind,
                               const char *limit);
/* grundy_format_error with the fields "kind" and "limit" after "error"
 * (each left out when NULL): the command's error records. */
grundy_status format_error_tagged(FILE *out, unsigned format,
                                  const char *input, size_t input_len,
                                  const char *message, const char *kind,
                                  const char *limit);

/*
 * The quick path of line mode: when the line is single numbers joined by
 * single spaces (nothing else, at most 64 of them) of a game whose family
 * answers such sums directly, and flags ask for normal play and one move,
 * appends to out the very record that parsing, solving and
 * format_result_mem would append, and returns 1. Otherwise (any other
 * line, any error, out of memory) appends nothing and returns 0: the
 * caller then goes the general way, which alone reports errors.
 */
int answer_plain(grundy_game *game, unsigned flags, unsigned format,
                 const char *line, size_t len, format_buffer *out);
/* 0 when answer_plain and answer_plain_line return 0 for every line of
 * game under flags and format (misere, --all, a family without the quick
 * path, a memory limit too low): they then use neither game nor its
 * context. */
int answer_plain_possible(grundy_game *game, unsigned flags,
                          unsigned format);

/* Bytes after a block of lines that answer_plain_line may read. */
#define PLAIN_LINE_PAD 32

/*
 * answer_plain on the first line of text[0..limit), a block of
 * lines with PLAIN_LINE_PAD readable bytes after it: when
 * that line is plain and ends in '\n' before limit (no blanks, '\r' or
 * comment in it), appends its record and returns its length with the
 * '\n'. Otherwise appends nothing and returns 0: the caller cuts the
 * line out and goes the usual way.
 */
size_t answer_plain_line(grundy_game *game, unsigned flags,
                         unsigned format, const char *text, size_t limit,
                         format_buffer *out);

/* A byte count as grundy's messages write it: "1 GiB", "64 MiB", or
 * "1536 MiB" (exact multiples only), NUL-terminated in dst[0..cap). */
void util_size_text(char *dst, size_t cap, size_t bytes);

/* 1 when the game answers every component by a closed form, or from
 * small bounded tables of its own (fib, wythoff): independent copies of
 * it cost little, so a caller may solve lines in parallel with one
 * context per thread. Games with Grundy-sequence tables (octal, sub, ...)
 * are not: each copy would compute its own. */
int ctx_game_closed_form(const grundy_game *game);
/* 1 when game has a Grundy sequence that grundy_game_period can search
 * (a heap game); 0 for nim, wythoff and the other games without one. */
int ctx_game_has_period(const grundy_game *game);
/* The sparse-space split of a heap game's Grundy sequence as computed so
 * far (sgseq.h, theory.md 3): heap n of value g is of class
 * parity(g & mask) ^ (heap_parity & n), and the heaps of class rare_class
 * are the rare ones. 1 and *out when the engine uses such a split now; 0
 * when its table is plain (short tables, games whose splits never pay) or
 * the game has no sequence. */
typedef struct ctx_split {
    unsigned mask, heap_parity, rare_class;
} ctx_split;
int ctx_game_sparse_split(grundy_game *game, ctx_split *out);
/* 1 when game is a heap game (a component is one heap, a misere
 * quotient can be built for it). */
int ctx_game_heap_game(const grundy_game *game);
/* Starts a line (one grundy_solve): its misere quotient may take the
 * context's misere work bound anew (game_limits.misere_left). */
void ctx_line_start(grundy_ctx *ctx);
/* One --memory for several contexts (the command's worker threads):
 * ctx charges the bytes it allocates, and keeps its tables, within what
 * `with` and the other contexts sharing its account leave; a charge that
 * does not fit fails as out of memory (GRUNDY_ENOMEM), after the checks
 * against the memory limit, which alone decide refusals, so that a
 * worker leaves such a line to `with`'s thread and no answer depends on
 * the other threads. `with` charges too but is never refused (the
 * reference: it answers as one thread would). Free every sharing
 * context before `with`. -1: no account (out of memory, or no atomics),
 * nothing shared. */
int ctx_memory_share(grundy_ctx *ctx, grundy_ctx *with);
/* Ends a line of a sharing context (grundy_position_parse also calls it
 * first): gives back the line's charges but for the tables kept; a
 * worker's context first drops least recently used tables down to the
 * room the others leave. Any context forgets the line's charges and
 * what it used (make_room may drop those tables now). Returns the bytes
 * given back, with what make_room dropped during the line (0: no
 * account). */
size_t ctx_line_settle(grundy_ctx *ctx);
/* ctx_line_settle for a context that nothing used since it was settled
 * (no parse, solve, value or quick-path answer with ctx or its games):
 * the same effect, without measuring the tables again (debug builds
 * check that they are what was settled). */
size_t ctx_line_settled(grundy_ctx *ctx);
/* Drops the tables and quotients that only ctx holds and gives their
 * bytes back to its account; the caller makes sure that no other
 * thread uses ctx meanwhile (the command: a worker waiting for work).
 * Returns the bytes given back. */
size_t ctx_memory_release(grundy_ctx *ctx);
/* The misere quotient kept under key (the games' specs, misere_q.c), or
 * NULL. The context keeps quotients with the tables, counted by the
 * memory limit and evicted least recently used first. */
void *ctx_quotient_find(grundy_ctx *ctx, const char *key);
/* Makes room for the misere quotient data being built: drops every
 * other kept quotient and every kept table no position holds. Returns
 * the bytes the context still keeps besides data (tables in use), which
 * the quotient's budget leaves to them. */
size_t ctx_quotient_room(grundy_ctx *ctx, const void *data);
/* Keeps data under key (both owned from now on: release frees data,
 * bytes says what it holds), dropping the least recently used quotient
 * when all slots are taken and whatever else passes the memory limit. */
void ctx_quotient_keep(grundy_ctx *ctx, char *key, void *data,
                       size_t (*bytes)(const void *data),
                       void (*release)(void *data));
/* 1 when every game of a parsed position is closed-form (see above). */
int position_closed_form(const grundy_position *pos);

/* Parses text[0..len) into pos as one component of game (not a ring),
 * with the messages of grundy_component_parse, numbers of any size where
 * the family takes them; computes no value (grundy sg checks all its
 * arguments this way before any output). */
grundy_status position_parse_one(grundy_game *game, grundy_position *pos,
                                 const char *text, size_t len,
                                 grundy_error *err);

/* grundy_position_parse for a caller that settled ctx (ctx_line_settle)
 * and used neither ctx nor its games since: the settle that starts a
 * line is ctx_line_settled's, which measures nothing again. */
grundy_status position_parse_settled(grundy_ctx *ctx, grundy_position *pos,
                                     grundy_game *game, const char *text,
                                     size_t len, grundy_error *err);

/* grundy_component_value_text parsing into pos (reused from call to
 * call: a range of sg values allocates nothing once warmed up). */
grundy_status solve_component_value(grundy_game *game, grundy_position *pos,
                                    const char *text, size_t len,
                                    grundy_result *res, grundy_error *err);

/* The value of the one-number component x of game by the 64-bit path
 * alone, for long ranges of sg (no text to parse): *exact = 1 when that
 * path does not answer x (a rule of the game refuses it, or its value
 * passes 64 bits, as Lasker's Nim at 2^64 - 1): the caller then asks
 * solve_component_value, which answers or words the refusal. Otherwise
 * *exact = 0 and the status, *sg and err's message are the ones
 * solve_component_value gives for the decimal text of x. */
grundy_status solve_component_value_u64(grundy_game *game, uint64_t x,
                                        int *exact, uint64_t *sg,
                                        grundy_error *err);

/* ---- saved sequences (seqfile.c) ------------------------------------ */

/* The Grundy values the game has computed so far, with its spec, a
 * version and a checksum, as the bytes of a sequence file (format in
 * seqfile.c), into out (its old data freed). GRUNDY_EUNSUPPORTED for a
 * game without a computed sequence (closed forms); GRUNDY_ENOMEM. */
grundy_status seqfile_encode(grundy_game *game, format_buffer *out,
                             grundy_error *err);
/* The same bytes written to f a chunk at a time (128 KiB of memory, not
 * a copy of the table: the peak of a long run with --save stays the
 * table's). *io_failed is 1 when a write to f failed (errno says why);
 * else GRUNDY_EUNSUPPORTED or GRUNDY_ENOMEM as seqfile_encode. */
grundy_status seqfile_write(grundy_game *game, FILE *f, int *io_failed,
                            grundy_error *err);
/*
 * A sequence file read a chunk at a time, in two passes over the same
 * bytes, so that resuming needs no copy of the file in memory (the
 * caller opens and reads it; the library only sees chunks of any size).
 * seqfile_reader_new (NULL: out of memory) for game; pass 1 hands every
 * byte, from the first, to seqfile_check_more (GRUNDY_EPOSITION as soon
 * as the bytes seen cannot begin a sequence file, or pass the length its
 * header gives: the caller stops reading, so that a stream with no end,
 * /dev/zero, is refused), then seqfile_check_end
 * checks the file (header, version, length, checksum, the game's spec):
 * GRUNDY_OK and *count, its number of values, or GRUNDY_EPOSITION with
 * the reason, nothing loaded. Only after GRUNDY_OK, pass 2:
 * seqfile_load_begin (GRUNDY_ELIMIT when the table of *count values
 * passes the memory limit, checked before any is stored;
 * GRUNDY_EUNSUPPORTED, GRUNDY_ENOMEM), every byte again, from the
 * first, to seqfile_load_more, which continues game's sequence from the
 * values (GRUNDY_EPOSITION when one differs from a value computed
 * already; GRUNDY_ENOMEM), and seqfile_load_end: GRUNDY_EIO when pass
 * 2's bytes were not pass 1's (the file changed between them).
 * After a failure in pass 2 the game holds values of a file it must not
 * trust: the caller frees the game. seqfile_reader_free(NULL) is a
 * no-op; the reader does not own game.
 */
typedef struct seqfile_reader seqfile_reader;
seqfile_reader *seqfile_reader_new(grundy_game *game);
void seqfile_reader_free(seqfile_reader *r);
grundy_status seqfile_check_more(seqfile_reader *r, const unsigned char *p,
                                 size_t n, grundy_error *err);
grundy_status seqfile_check_end(seqfile_reader *r, uint64_t *count,
                                grundy_error *err);
grundy_status seqfile_load_begin(seqfile_reader *r, grundy_error *err);
grundy_status seqfile_load_more(seqfile_reader *r, const unsigned char *p,
                                size_t n, grundy_error *err);
grundy_status seqfile_load_end(seqfile_reader *r, grundy_error *err);
/* 1 when the game has a sequence to save; else 0 and err says why. */
int seqfile_supported(grundy_game *game, grundy_error *err);
/* How many values the game's sequence holds (0 without one). */
uint64_t seqfile_length(grundy_game *game);

/* ---- misere quotients (misere_q.c) ----------------------------------- */

/* Heaps are built into the quotient up to this one at most (each heap is
 * a generator, verified when it joins); beyond, only a certified period
 * of the heaps' elements answers. */
#define MISERE_QUOTIENT_MAX_HEAP 1000u

/* The misere quotient of a heap game's heaps 0 .. heaps, as data, for
 * `grundy quotient`: elements 0 .. order - 1 (0 the identity, the empty
 * position), the element of each heap, the P-portion, the products, and
 * for each element a sum of heaps that gives it (the element it extends,
 * `from`, plus heap `by`; element 0 has none). */
typedef struct quotient_table {
    size_t order;
    uint64_t heaps;
    uint32_t *element;    /* heaps + 1 entries */
    unsigned char *p;
    uint32_t *mul;        /* mul[x * order + y] */
    uint32_t *from;
    uint64_t *by;
    uint64_t period;      /* != 0: heap h > after has heap h - period's */
    uint64_t after;       /* element (certified by heaps up to built) */
    uint64_t built;
} quotient_table;

/* Builds (or reuses) the quotient of game to heap n into *out (free with
 * misere_q_table_free). GRUNDY_EUNSUPPORTED for a game that is not a heap
 * game; GRUNDY_ELIMIT with the reason when it cannot be built that far. */
grundy_status misere_q_table(grundy_game *game, uint64_t n,
                                    quotient_table *out, grundy_error *err);
void misere_q_table_free(quotient_table *t);

/* ---- lists of games (registry.c) ------------------------------------ */

/* Classes of families for registry_list, read from each family's flags
 * and operations (family.h), so that every list of games in a message or
 * in --help follows the registry: a new family joins the lists it
 * belongs to by what it provides. A family is listed when it is of every
 * class asked for. */
#define REGISTRY_BIG 1u          /* numbers beyond 64 bits (family_big) */
#define REGISTRY_BIG_ALONE 2u    /* a lone component beyond 64 bits has a
                                  * closed form, normal and misere play */
#define REGISTRY_SEQUENCE 4u     /* values from a computed Grundy sequence
                                  * (beyond it: a certified period) */
#define REGISTRY_NO_SEQUENCE 8u  /* values by a closed form */
#define REGISTRY_NIMLIKE 16u     /* misere sums by the misere Nim rule */
#define REGISTRY_NOT_NIMLIKE 32u
#define REGISTRY_ALONE 64u       /* a lone component by a closed form,
                                  * normal and misere play */
#define REGISTRY_HEAP_GAME 128u  /* sums of heaps: misere quotients */
#define REGISTRY_RINGS 256u      /* components "@n", circles of stones */
#define REGISTRY_NO_MISERE 512u  /* misere play refused */

/* How registry_list writes: names joined by ", ", with "and" or "or"
 * before the last; with UNITS, families of one unit in a row as one item
 * with the unit after it ("wythoff, ferguson or euclid pair"). */
#define REGISTRY_AND 1u
#define REGISTRY_OR 2u
#define REGISTRY_UNITS 4u

/* The registered families of every class in `want`, in registry order,
 * written as `style` says into buf[0..cap), NUL-terminated; returns the
 * length. When the list does not fit, as many whole names as fit and
 * "and N more": a message that gives the list a fixed room stays within
 * its 511 bytes. */
size_t registry_list(unsigned want, unsigned style, char *buf, size_t cap);

#endif
