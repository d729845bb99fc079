/*
 * compound.h - Every-SG and the conjunctive compound (compound.c): the
 * position's components played together, each turn a move in every
 * component, instead of as a sum. solve.c hands such positions here.
 */
#ifndef GRUNDY_COMPOUND_H
#define GRUNDY_COMPOUND_H

#include "moves.h"

/*
 * Solves pos as the compound `kind` (GRUNDY_EVERY: the continued
 * conjunctive compound, decided by the largest suspense number;
 * GRUNDY_CONJUNCTIVE: the conjunctive compound, decided by the smallest
 * remoteness) into sink->res: outcome, the deciding number, and for a
 * win the move that plays in every component with a move (one move;
 * sink->all is refused by the caller). Each component's number comes
 * from its family's closed form (family.h: suspense, remoteness) or a
 * memoised search of its options within the memory and work limits; a
 * heap that splits leaves parts that are components from then on, so
 * that option's number is the largest suspense number (smallest
 * remoteness) of its parts. GRUNDY_EUNSUPPORTED, with the reason, for
 * components that are not games of their own (rings, coins) or numbers
 * beyond 64 bits; GRUNDY_ELIMIT, GRUNDY_ENOMEM.
 */
grundy_status compound_solve(const grundy_position *pos, unsigned kind,
                             move_sink *sink, grundy_error *err);

#endif
