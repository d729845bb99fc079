/*
 * error.c - filling the caller's grundy_error: every library error goes
 * through err_set, so that a message is always a complete sentence with
 * its column, and a limit error also says which limit and how much it
 * needs, as data. Messages name no command-line flag: the caller words
 * the advice. No I/O: the caller decides where a message goes.
 */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

grundy_status
err_set(grundy_error *err, grundy_status status, long column,
        const char *fmt, ...)
{
    if (err != NULL) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
        err->column = column;
        err->limit = GRUNDY_LIMIT_NONE;
        err->needed = 0;
    }
    return status;
}

grundy_status
err_set_limit(grundy_error *err, grundy_status status, grundy_limit limit,
              uint64_t needed, const char *fmt, ...)
{
    if (err != NULL) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
        err->column = -1;
        err->limit = limit;
        err->needed = needed;
    }
    return status;
}
