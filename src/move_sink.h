/*
 * move_sink.h - how a family hands the options it finds to whoever asked
 * (moves.c renders them, misere.c collects them as data): the opaque
 * move_sink and the move_emit calls. The sink's insides are in moves.h,
 * which families do not see.
 */
#ifndef GRUNDY_MOVE_SINK_H
#define GRUNDY_MOVE_SINK_H

#include "component.h"

#include <stddef.h>
#include <stdint.h>

typedef struct move_sink move_sink;
struct bignum;

/*
 * Reports one option of component c: c is replaced in place by `parts`
 * components (0: it vanishes; 2: a row split in two); part i has arity[i]
 * numbers, all numbers given one after another in vals. `explain` is the
 * move in words ("take 2 from heap 1 (3 -> 1)"), copied.
 * Returns 0 to go on, 1 when the sink wants no more moves, -1 when out of
 * memory (the family then returns GRUNDY_ENOMEM).
 */
int move_emit(move_sink *sink, const component *c, size_t parts,
              const size_t *arity, const uint64_t *vals, const char *explain);
/* move_emit for a component with numbers beyond 64 bits: the parts'
 * numbers are bignums (bignum.h). */
int move_emit_big(move_sink *sink, const big_component *c, size_t parts,
                  const size_t *arity, struct bignum *const *vals,
                  const char *explain);
/* Emits the move heap c -> m (m below c's one number) in Nim's words,
 * "take K from heap I (N -> M)", numbers of any size (nim.c); used by
 * every family whose moves take from a heap. 0, 1 as move_emit, -1 when
 * out of memory. */
int move_emit_take_big(move_sink *sink, const big_component *c,
                  const struct bignum *m);
/* Same for the common case of one single-number component becoming one
 * single-number component (a heap n -> m). */
int move_emit1(move_sink *sink, const component *c, uint64_t m,
               const char *explain);
/* 0 when the sink will not take the option whose parts (one number
 * each) are vals[0 .. parts): a family may then skip it without writing
 * its words (misere_q.c's search for a winning option). */
int move_wanted(const move_sink *sink, size_t parts, const uint64_t *vals);
/* 1 when the sink collects every winning move (--all), 0 when one is enough. */
int move_sink_wants_all(const move_sink *sink);
/* 1 when the sink's move_wanted verdict keeps a period: it does not
 * change when a part larger than *from is lowered by *p (misere_q.c). */
int move_wanted_period(const move_sink *sink, uint64_t *p, uint64_t *from);

#endif
