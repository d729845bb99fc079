/*
 * mquot.h - misere quotients of heap games (Plambeck and Siegel, "Misere
 * quotients for impartial games", JCTA 2008; docs/theory.md 7b). Pure
 * algebra: it knows generators (heaps) and their options as words of
 * earlier generators, never a game, and never prints.
 *
 * A position is a word: a multiset of generators. The quotient is a finite
 * commutative monoid Q with a P-portion P and a map phi from generators to
 * Q such that a word is a misere P-position exactly when the product of
 * its generators' elements lies in P; elements are 0 .. order - 1 and 0 is
 * the identity (the empty position).
 */
#ifndef GRUNDY_MQUOT_H
#define GRUNDY_MQUOT_H

#include <stddef.h>
#include <stdint.h>

typedef struct mquot mquot;

/* Results of mquot_add. */
#define MQUOT_OK 0
#define MQUOT_NOMEM (-1)
#define MQUOT_LIMIT 1     /* the memory or work limit would be passed */
#define MQUOT_UNKNOWN 2   /* no candidate could be verified */

/* An empty alphabet: the quotient {1} of the empty game, until a
 * generator with options arrives. memory (bytes) and work (steps) bound
 * what each mquot_add may use (0: no bound). NULL when out of memory. */
mquot *mquot_new(size_t memory, uint64_t work);
void mquot_free(mquot *m);
/* The work bound of the next mquot_add calls (0: none); returns the one
 * it replaces. A lower bound lets a caller try a cheap extension first
 * and, when it stops (MQUOT_LIMIT, the quotient unchanged), do something
 * else before paying for the full one. */
uint64_t mquot_set_work(mquot *m, uint64_t work);
/* Steps the last mquot_add took (whatever its result): a caller that
 * bounds several calls together (one position's misere quotient,
 * misere_q.c) gives each what is left. */
uint64_t mquot_spent(const mquot *m);
/* The memory bound of the next mquot_add calls (bytes, 0: none). */
void mquot_set_memory(mquot *m, size_t memory);
/* Bytes the quotient holds now (tables, words, option images). */
size_t mquot_bytes(const mquot *m);

/*
 * Adds the next generator, whose options are the nwords words: word i has
 * len[i] generators, all below this one, listed one word after another in
 * gens. Its id is the number of generators added before it. Extends the
 * quotient so that it stays exact for every word of the generators so
 * far: the extension is verified (mquot.c) before it is accepted; on any
 * result but MQUOT_OK the quotient is left as it was, the generator not
 * added, and mquot_why() says why.
 */
int mquot_add(mquot *m, size_t nwords, const size_t *len,
              const uint32_t *gens);

size_t mquot_order(const mquot *m);
uint32_t mquot_phi(const mquot *m, size_t gen);
uint32_t mquot_mul(const mquot *m, uint32_t x, uint32_t y);
int mquot_is_p(const mquot *m, uint32_t x);
/* The distinct elements of generator gen's options (*n of them, a valid
 * pointer even for none); NULL when out of memory. Valid until the next
 * mquot_add. */
const uint32_t *mquot_option_images(mquot *m, size_t gen, size_t *n);
/* Changes whenever a generator added before may have changed its element
 * (a new candidate replaced the quotient); stays while each new generator
 * only extends it. */
uint64_t mquot_epoch(const mquot *m);
/* Why the last mquot_add failed, in words. */
const char *mquot_why(const mquot *m);
/* After an MQUOT_LIMIT: 1 when the work limit stopped it, 0 when memory
 * did. */
int mquot_by_work(const mquot *m);
/* After an MQUOT_LIMIT by memory: the bytes the step refused needed with
 * what was held (a --memory that lets that step pass). */
size_t mquot_need(const mquot *m);

#endif
