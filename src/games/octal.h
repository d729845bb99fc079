/*
 * octal.h - the take-and-break layer's internal header, shared by
 * src/games/octal*.c alone: the rules as data (struct octal), the walk of
 * one options() call, and what the layer's files ask of each other. The
 * rest of the library reaches these games through their family tables
 * (octal.c) and never includes this header.
 *   octal_rules.c    spec text -> rules (digit runs, closed forms)
 *   octal_value.c    values of heaps: sequence engine, closed forms, period
 *   octal_options.c  options of rows, worded
 *   octal_ring.c     rings: values and options; mirror strategies
 *   octal_big.c      heaps beyond 64 bits (family_big)
 *   octal.c          the family tables
 * Each function's contract is the paragraph above its definition.
 */
#ifndef GRUNDY_GAMES_OCTAL_H
#define GRUNDY_GAMES_OCTAL_H

#include "family.h"
#include "sgseq.h"
#include "nat.h"

/* --all never lists more options of one component than this. */
#define OCTAL_MAX_LISTED ((uint64_t)1 << 20)
/* Splits of a certified heap are scanned directly up to this many. */
#define OCTAL_DIRECT_SPLITS ((uint64_t)1 << 16)
/* Splits in three are scanned directly (no period shortcut) up to this
 * remainder; beyond, listing them is refused. */
#define OCTAL_DIRECT_TRIPLES ((uint64_t)1 << 12)
/* Lasker's Nim lists its options by the closed form alone above this heap
 * (one winning move; --all is refused there). */
#define OCTAL_LASKER_DIRECT ((uint64_t)1 << 12)

/*
 * The move set as data (sgseq_rules): digit d(k) of every removal size,
 * given by runs below rep_from and a group repeating from rep_from on.
 */
typedef struct octal {
    sgseq *seq;
    sgseq_run *run;  /* ascending, disjoint, non-zero digits */
    size_t nrun;
    unsigned *rep;   /* repeating group (nrep digits), or none */
    size_t nrep;
    uint64_t rep_from;
    int sub;         /* subtraction game: heaps, never rows, never split */
    int lasker;      /* the rules are Lasker's Nim 4.(3): closed form */
    int identity;    /* every k >= 1 may leave one heap or none, d0 = 0:
                        G(n) = n (octal_is_identity) */
    int thirds;      /* hex:0.8 (take 1, split the rest in three):
                        G(n) = floor((n - 1) / 3) (octal_thirds_g) */
} octal;

/* Words and sink of the options of a heap beyond 64 bits (octal_big.c):
 * the option leaving parts[0..np) (ascending, any size) after removing k
 * (first: the first stone taken), as move_emit returns. */
typedef int (*octal_emit_big_fn)(void *big, uint64_t first, uint64_t k,
                                 const nat *parts, size_t np);

/* State of one options() call. */
typedef struct octal_walk {
    const octal *o;
    const char *spec;    /* the game, for messages */
    const component *c;  /* a heap beyond 64 bits: its index alone */
    move_sink *sink;
    uint64_t want;
    uint64_t listed;     /* options emitted so far */
    int stop;            /* the sink wants no more */
    int oom;
    octal_emit_big_fn emit_big;  /* a heap beyond 64 bits, else NULL */
    void *big;                   /* emit_big's state */
} octal_walk;

/* ---- rules (octal_rules.c) --------------------------------------------- */
int octal_is_identity(const sgseq_run *run, size_t nrun, const unsigned *rep,
                      size_t nrep, uint64_t rep_from);
grundy_status octal_from_code(grundy_game *game, const char *s, size_t len,
                              unsigned base, grundy_error *err);
grundy_status octal_from_list(grundy_game *game, const char *param, size_t len,
                              const char *what, unsigned bits, int sub,
                              grundy_error *err);
size_t octal_footprint(const grundy_game *game);
void octal_destroy(grundy_game *game);

/* ---- values (octal_value.c) -------------------------------------------- */
sgseq_env octal_env(grundy_game *game);
/* The closed forms (Lasker's Nim, G(n) = n, hex:0.8) for heaps of any
 * size: sg = G(n); m = the heap of Lasker's Nim worth v. 0, or -1 when out
 * of memory (never within 128 bits). */
int octal_closed_g(const octal *o, const nat *n, nat *sg);
int octal_lasker_inverse_nat(nat *m, const nat *v);
uint64_t octal_lasker_g(uint64_t n, int *ok);
uint64_t octal_thirds_g(uint64_t n);
grundy_status octal_value(grundy_game *game, const uint64_t *v, size_t n,
                          uint64_t *sg, grundy_error *err);
grundy_status octal_period(grundy_game *game, grundy_period *out,
                           grundy_error *err);
int octal_heap_span(const grundy_game *game, uint64_t *k, unsigned *parts);
sgseq *octal_sequence(grundy_game *game, sgseq_env *env);

/* ---- options of rows (octal_options.c) --------------------------------- */
uint64_t octal_g(const octal *o, uint64_t x);
int octal_g_nat(const octal *o, const nat *x, nat *sg);
int octal_matches(const octal_walk *w, uint64_t v);
int octal_matches_parts(const octal_walk *w, uint64_t a, uint64_t b);
int octal_sent(octal_walk *w, int r);
char *octal_take_words(char *p, const octal_walk *w, uint64_t first,
                       uint64_t k);
/* Kinds of octal_closed_option's move. */
enum {
    OCTAL_CLOSED_NONE, OCTAL_CLOSED_TAKE, OCTAL_CLOSED_SPLIT,
    OCTAL_CLOSED_TRIPLE
};
int octal_closed_option(const octal *o, const nat *n, const nat *want,
                        nat part[3]);
grundy_status octal_closed_one(octal_walk *w, uint64_t n, grundy_error *err);
unsigned octal_digit(const octal *o, uint64_t k);
int octal_reaches(const octal *o, uint64_t n, uint64_t m);
int octal_reaches_nat(const octal *o, const nat *n, const nat *m);
/* octal_cert_targets' kinds of target and its visit (octal_options.c). */
enum { OCTAL_CERT_ONE, OCTAL_CERT_FIRST, OCTAL_CERT_ALL };
typedef int (*octal_cert_visit)(void *ctx, const nat *m, uint64_t step,
                                int kind);
int octal_cert_targets(const octal *o, const nat *n, const nat *want,
                       octal_cert_visit visit, void *ctx);
int octal_by_certificate(const octal *o, uint64_t n);
grundy_status octal_all_refused(grundy_error *err, const char *kind,
                                uint64_t n, const char *spec, uint64_t limit);
void octal_ring_cut(octal_walk *w, uint64_t k, uint64_t n);
int octal_emit_split(octal_walk *w, uint64_t k, uint64_t a, uint64_t b);
grundy_status octal_cert_options(octal_walk *w, uint64_t n, grundy_error *err);
grundy_status octal_options_scan(octal_walk *w, const nat *n,
                                 grundy_error *err);
grundy_status octal_options(grundy_game *game, const component *c,
                            uint64_t want, move_sink *sink, grundy_error *err);

/* ---- rings (octal_ring.c) ---------------------------------------------- */
grundy_status octal_ring_value(grundy_game *game, uint64_t n, uint64_t *sg,
                               grundy_error *err);
grundy_status octal_component_options(grundy_game *game, const component *c,
                                      uint64_t want, move_sink *sink,
                                      grundy_error *err);
int octal_mirror(grundy_game *game, const component *c, move_sink *sink);

/* ---- heaps beyond 64 bits (octal_big.c) -------------------------------- */
extern const family_big octal_big_ops;

#endif
