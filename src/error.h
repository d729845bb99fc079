/*
 * error.h - filling a caller's grundy_error (error.c): the message, its
 * column, and for a limit which one and how much. Every module reports
 * through these; none of them prints.
 */
#ifndef GRUNDY_ERROR_H
#define GRUNDY_ERROR_H

#include "grundy.h"

#include <stdint.h>

/* Formats err->message (printf-style) and sets err->column; returns status
 * so that families can write `return err_set(err, GRUNDY_ESPEC, ...)`. */
grundy_status err_set(grundy_error *err, grundy_status status, long column,
                      const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The same for an error caused by one of the context's limits (column
 * -1): which limit, and how much of it is needed (0: not known). The
 * message says what needs more than which limit, never how to raise it. */
grundy_status err_set_limit(grundy_error *err, grundy_status status,
                            grundy_limit limit, uint64_t needed,
                            const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

#endif
