/*
 * format.h - what format.c offers the rest of the library beyond
 * grundy.h and grundy_private.h: the record of a quick-path answer
 * (answer.c). Not installed.
 */
#ifndef GRUNDY_FORMAT_H
#define GRUNDY_FORMAT_H

#include "solve.h"

/* Appends to out the record of a plain line's answer a (line[0..len),
 * its numbers' tokens at toks, as solve_plain took them), exactly as
 * format_result_mem would write it for the same answer. 1 when written;
 * 0 when out could not grow (out then as it was). */
int format_plain_mem(format_buffer *out, unsigned format, const char *line,
                     size_t len, const size_t *toks, const plain_answer *a);

#endif
