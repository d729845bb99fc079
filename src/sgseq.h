/*
 * sgseq.h - Grundy sequences of heap games given by take-and-break rules
 * (octal codes, stripes, subtraction sets): a growing table of values
 * below 2^16 (compact: a byte and a bit a plane for the bits past 8),
 * the sparse-space method, and period certificates.
 * The module never prints; it reports through statuses and grundy_error.
 */
#ifndef GRUNDY_SGSEQ_H
#define GRUNDY_SGSEQ_H

#include "grundy.h"
#include "nat.h"

#include <stddef.h>
#include <stdint.h>

/* What may remain after removing k tokens from a heap (octal digit bits). */
#define SGSEQ_NOTHING 1u /* the heap had exactly k tokens */
#define SGSEQ_ONE     2u /* one non-empty heap */
#define SGSEQ_TWO     4u /* two non-empty heaps */
#define SGSEQ_THREE   8u /* three non-empty heaps (hexadecimal codes) */

/* Removal sizes lo, lo + 1, ..., hi, each with the same digit bits. */
typedef struct sgseq_run {
    uint64_t lo, hi;
    unsigned bits;
} sgseq_run;

/* d(k) of runs (ascending, disjoint) and a group of nrep digits repeating
 * from rep_from on (none when nrep is 0), as in sgseq_rules below. */
unsigned sgseq_digit(const sgseq_run *run, size_t nrun, const unsigned *rep,
                     size_t nrep, uint64_t rep_from, uint64_t k);

/*
 * A take-and-break move set as data: the digit d(k) of every removal size
 * k >= 0 (bits SGSEQ_*), given by finitely many runs (k below rep_from)
 * and, when nrep > 0, a group repeating for ever: d(k) = rep[(k -
 * rep_from) % nrep] for k >= rep_from. k = 0 may only split (SGSEQ_TWO,
 * SGSEQ_THREE). unequal: a split in two must leave two different heaps
 * (Grundy's game; only with finite runs and no SGSEQ_THREE).
 */
typedef struct sgseq_rules {
    const sgseq_run *run;   /* ascending, disjoint */
    size_t nrun;
    const unsigned *rep;
    size_t nrep;
    uint64_t rep_from;      /* >= 1 and above every run */
    int unequal;
    int classes;            /* tests: removal classes (sgclass.c) even
                               where the per-k kernels apply */
} sgseq_rules;

/* How values are computed (SGSEQ_AUTO unless a test or benchmark asks). */
typedef enum sgseq_method {
    SGSEQ_AUTO,   /* sparse space with a chosen mask, plain when better */
    SGSEQ_PLAIN,  /* always the definition: every option, then mex */
    SGSEQ_SPARSE  /* sparse space from heap 16 on, whatever the mask costs */
} sgseq_method;

/* How a period is certified. */
typedef enum sgseq_cert {
    SGSEQ_GUY_SMITH, /* octal games: 2*n0 + 2*p + t values */
    SGSEQ_WINDOW,    /* subtraction games: n0 + p + max(S) values */
    SGSEQ_NONE       /* no theorem applies: never certified */
} sgseq_cert;

typedef struct sgseq sgseq;

/* Limits and reporting for one call; name is the game spec for messages. */
typedef struct sgseq_env {
    size_t memory_limit;          /* bytes the sequence may use */
    grundy_progress_fn progress;  /* may be NULL */
    void *progress_user;
    const char *name;             /* "octal:0.6", for error messages */
    uint64_t work_limit;          /* steps one computation may take; 0: any */
    uint64_t period_search;       /* sgseq_period's length: 0 for the
                                     sequence's search limit, UINT64_MAX
                                     for what the limits allow */
    void (*make_room)(void *user, size_t bytes); /* may be NULL: called
                                     before the table grows by `bytes`, so
                                     that the caller drops other tables */
    void *make_room_user;
} sgseq_env;

/*
 * A new empty sequence for the rules "remove k tokens, leaving what bits[i]
 * allows" for each (k[i], bits[i]), i < n (k = 0 only with SGSEQ_TWO: the
 * d0 = 4 split). Duplicated k are merged. Returns NULL when out of memory.
 * The caller frees it with sgseq_free (NULL is a no-op).
 */
sgseq *sgseq_new(const uint64_t *k, const unsigned *bits, size_t n,
                 sgseq_cert cert);
/* The same for any move set given as data (see sgseq_rules; the rules
 * are copied). Splits into three heaps certify with 3 n0 + 3 p + t values
 * (Guy-Smith's argument on the largest part). A repeating group (t is
 * infinite) certifies only when no move leaves two heaps or more, by the
 * arithmetic-periodicity test (docs/theory.md 3b): a period p, a
 * preperiod n0 and a saltus s with G(n + p) = G(n) + s for n >= n0.
 * NULL when out of memory. */
sgseq *sgseq_new_rules(const sgseq_rules *r, sgseq_cert cert);
void sgseq_free(sgseq *s);

/* Forces a method (tests and benchmarks compare them). */
void sgseq_set_method(sgseq *s, sgseq_method method);

/* Threads used for long tables of games with many rare values (1 or 2,
 * default 2); the values are the same either way. */
void sgseq_set_threads(sgseq *s, unsigned threads);

/* With on = 0, no period certificate is tried: values are computed up to
 * the heap asked (benchmarks time the computation itself). */
void sgseq_set_certify(sgseq *s, int on);

/* The base of the fingerprints that propose a period (default a fixed
 * large one). Any base gives the same answers, only slower when many
 * blocks agree falsely: tests pass 0 or 1 to see the values decide. */
void sgseq_set_fingerprint_base(sgseq *s, uint64_t base);

/* Values above max (at most 65535, the default) are reported as
 * GRUNDY_ELIMIT: the 16-bit overflow check, testable on small games. */
void sgseq_set_max_value(sgseq *s, uint32_t max);

/* Largest period search length used by sgseq_period when the memory limit
 * allows more (default 1 << 20 values). */
void sgseq_set_search_limit(sgseq *s, uint64_t values);

/*
 * Grundy value of heap n in *out. Uses the certified period when there is
 * one; otherwise computes the table up to n (growing by doubling, trying a
 * certificate as it grows). GRUNDY_ELIMIT when heap n needs more memory
 * than env->memory_limit or a value does not fit in 16 bits; GRUNDY_ENOMEM.
 */
grundy_status sgseq_value(sgseq *s, uint64_t n, const sgseq_env *env,
                          uint64_t *out, grundy_error *err);

/*
 * Certified period of the sequence: computes values until a certificate
 * holds or the search length (the smaller of the search limit and what the
 * memory limit allows) is reached; then out->found is 0 and out->searched
 * says how far. Errors as for sgseq_value.
 */
grundy_status sgseq_period(sgseq *s, const sgseq_env *env,
                           grundy_period *out, grundy_error *err);

/* Value of heap n when it is known without computing (n inside the table,
 * or any n once a period is certified, by G(n) = G(n - p) + saltus):
 * returns 1 and sets *out, else 0. */
int sgseq_known(const sgseq *s, uint64_t n, uint64_t *out);

/* The same for a heap of any size (nat.h): 1 and *out = G(n), 0 when not
 * known, -1 when out of memory. 64-bit heaps and bigger ones take this
 * one reduction by the certified period (no allocation within 128
 * bits). */
int sgseq_known_nat(const sgseq *s, const nat *n, nat *out);

/* Why s has no certified period, in words for a message (cap bytes,
 * 160 hold it): no period found up to the heap its table reaches (and
 * whether 'grundy period' would search further), or no period theorem
 * for its rules. */
void sgseq_why_no_period(const sgseq *s, const sgseq_env *env, char *buf,
                         size_t cap);

/* The name of the periodicity test for codes with a repeating group that
 * split heaps (no saltus). */
#define SGSEQ_SPLIT_PERIOD_THEOREM                                         \
    "the periodicity test for repeating codes that split heaps "           \
    "(docs/theory.md 3b)"

/* The name of the arithmetic-periodicity test, for grundy_period. */
#define SGSEQ_ARITH_THEOREM                                                \
    "the arithmetic-periodicity test for moves that leave at most one "   \
    "heap (docs/theory.md 3b)"

/* The name of the test for codes that split heaps (finite codes that
 * split in three, codes with a repeating group that split in two or
 * three). */
#define SGSEQ_ARITH3_THEOREM                                               \
    "the arithmetic-periodicity test for codes that split heaps "          \
    "(docs/theory.md 3b)"

/*
 * An option of heap n worth want through the arithmetic period of a
 * code that splits heaps (SGSEQ_ARITH3_THEOREM), written once over nat
 * (nat.h) for heaps of every size: *k removed, parts[0..*nparts)
 * ascending (0 to 3 non-empty heaps; parts has room for 3; the caller's
 * nats, freed by it).
 * Returns 1 when found: always for want < G(n) once n is at least the
 * certificate's length, in time independent of n's size. 0 when the
 * sequence has no such certificate, or none was found; -1 out of memory
 * (nothing allocates while n and want are below 2^128).
 */
struct nat;
int sgseq_arith3_option_nat(const sgseq *s, const struct nat *n,
                            const struct nat *want, struct nat *k,
                            struct nat *parts, unsigned *nparts);

/* The same for a 64-bit heap n (its removal and parts fit). */
int sgseq_arith3_option(const sgseq *s, uint64_t n, uint64_t want,
                        uint64_t *k, uint64_t parts[3], unsigned *nparts);

struct bignum;
/* The same for n and want as bignums (bignum.h): k and
 * parts[0..*nparts) are set (three bignums given). */
int sgseq_arith3_option_big(const sgseq *s, const struct bignum *n,
                            const struct bignum *want, struct bignum *k,
                            struct bignum *parts[3], unsigned *nparts);

/* 1 when the certified period of s comes from the test for codes that
 * split heaps (a saltus, or a repeating group's ordinary period): the
 * options of heaps past the certificate come from sgseq_arith3_option. */
int sgseq_split_certified(const sgseq *s);

/* That test itself, on values g[0..len) given for the rules of s (the
 * table's agreement alone proves nothing: tests give it values the rules
 * do not keep): the number of values it reads when it certifies
 * G(n + p) = G(n) + 2^m for n >= n0 (n0 >= 1), else 0. */
uint64_t sgseq_arith3_check(const sgseq *s, const uint16_t *g, uint64_t len,
                            uint64_t n0, uint64_t p, unsigned m);

/* The ordinary-period test of codes with a repeating group that split
 * heaps, likewise on given values: the number of values it reads when it
 * certifies G(n + p) = G(n) for n >= n0 (n0 >= 1, p a multiple of the
 * group's length), else 0. */
uint64_t sgseq_split_period_check(const sgseq *s, const uint16_t *g,
                                  uint64_t len, uint64_t n0, uint64_t p);

/* The certified period, when there is one: returns 1 and sets p and n0
 * (G(n + p) = G(n) + saltus for n >= n0; see sgseq_saltus). */
int sgseq_certified(const sgseq *s, uint64_t *p, uint64_t *n0);

/* The saltus of the certified period: 0 for an ordinary period (and
 * when none is certified). */
uint64_t sgseq_saltus(const sgseq *s);

/* Number of heaps 0..len-1 whose values are in the table. */
uint64_t sgseq_length(const sgseq *s);

/* 0 when G(n) is certified and passes 2^64 - 1 (a saltus above the
 * period); 1 otherwise (known and within 64 bits, or not known yet). */
int sgseq_fits(const sgseq *s, uint64_t n);

/* 1 when a certificate of s may give a saltus above its period, so that
 * values of 64-bit heaps may pass 2^64 - 1 (codes with a repeating group
 * that split heaps). */
int sgseq_may_outgrow(const sgseq *s);

/* 1 when sgseq_load can continue this sequence (not for rules whose
 * values come from removal classes: long or repeating move sets). */
int sgseq_loadable(const sgseq *s);

/* G(n) for from <= n < from + count into out (every n below
 * sgseq_length): the table is compact, a byte and a bit or two a value
 * (sgseq_impl.h), so values are copied out, never lent. */
void sgseq_get_values(const sgseq *s, uint64_t from, size_t count,
                      uint16_t *out);

/*
 * Continues the sequence from saved values G(n) for n < len, 16 bits
 * each, little-endian, at le (a sequence file's bytes, read in place: no
 * second table in memory) from sgseq_get_values of an earlier run of the same
 * rules: they are stored as if computed, and later values are computed
 * from them. The values already in s must
 * agree (GRUNDY_EPOSITION when not); GRUNDY_ELIMIT beyond the memory
 * limit; GRUNDY_EUNSUPPORTED for rules whose values come from removal
 * classes. The caller vouches for the values (a checksummed file).
 */
grundy_status sgseq_load(sgseq *s, const unsigned char *le, uint64_t len,
                         const sgseq_env *env, grundy_error *err);

/*
 * sgseq_load in steps, for values that arrive a chunk at a time (a file
 * read in pieces: no copy of it in memory). sgseq_load_begin checks the
 * table of len values, whose bits ORed together are top, against the
 * memory limit (GRUNDY_ELIMIT) and reserves it (GRUNDY_ENOMEM);
 * GRUNDY_EUNSUPPORTED as sgseq_load. sgseq_load_more then takes G(n) for
 * from <= n < from + m, 16 bits each, little-endian at le, the chunks in
 * order from 0 (GRUNDY_EPOSITION when a value disagrees with one the
 * table holds; GRUNDY_ENOMEM); sgseq_load_end tries a certificate at the
 * end. After a failure s holds some of the values and should be freed.
 */
grundy_status sgseq_load_begin(sgseq *s, uint64_t len, unsigned top,
                               const sgseq_env *env, grundy_error *err);
grundy_status sgseq_load_more(sgseq *s, uint64_t from,
                              const unsigned char *le, size_t m,
                              grundy_error *err);
void sgseq_load_end(sgseq *s);

/* Bytes the sequence's tables hold now (the game cache weighs games by
 * it); 0 for NULL. */
size_t sgseq_footprint(const sgseq *s);

/* Statistics of the last computation, for benchmarks. */
typedef struct sgseq_stats {
    unsigned mask;        /* sparse-space mask in use (0: plain) */
    unsigned heap_parity; /* 1: heaps count their parity in their class */
    unsigned rare_class;  /* the class of the rare heaps (0 or 1) */
    uint64_t rare;        /* heaps >= 1 with a rare value under mask */
    uint64_t full_scans;  /* values that needed a scan of the splits */
    uint64_t scanned;     /* splits looked at by those scans */
    uint16_t max_value;
} sgseq_stats;
void sgseq_get_stats(const sgseq *s, sgseq_stats *out);

#endif
