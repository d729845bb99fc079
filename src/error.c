/*
 * error.c - filling the caller's grundy_error: every library error goes
 * through err_set, so that a message is always a complete sentence with
 * its column. No I/O: the caller decides where a message goes.
 */
#include "family.h"

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
    }
    return status;
}
