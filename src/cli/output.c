/*
 * output.c - what the grundy command says besides its records' content:
 * exit statuses for library statuses, usage errors, progress on a
 * terminal, the check that writing stdout succeeded, and printing the
 * answer for one position. No option parsing, no modes.
 */
#include "cli.h"

#include <errno.h>
#include <string.h>
#include <time.h>

void
usage_error(const char *fmt, const char *arg)
{
    fputs("grundy: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'grundy --help' for more information.\n", stderr);
}

static double
now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Seconds between progress lines in a pipe (--progress): a log gets a
 * line now and then, not a flood. */
#define PROGRESS_EVERY 5.0

/* A duration for people: "40 s", "12 min", "3.5 h" (at least 1 s). */
static void
duration_text(char *dst, size_t cap, double secs)
{
    if (secs < 99.5) {
        snprintf(dst, cap, "%.0f s", secs < 1.0 ? 1.0 : secs);
    } else if (secs < 99.5 * 60) {
        snprintf(dst, cap, "%.0f min", secs / 60);
    } else {
        snprintf(dst, cap, "%.1f h", secs / 3600);
    }
}

void
rate_reset(rate_window *w)
{
    w->next = w->count = 0;
}

void
rate_add(rate_window *w, double t, uint64_t done)
{
    size_t last = (w->next + RATE_SAMPLES - 1) % RATE_SAMPLES;
    if (w->count > 0 && t - w->t[last] < 1.0) {
        return;
    }
    w->t[w->next] = t;
    w->done[w->next] = done;
    w->next = (w->next + 1) % RATE_SAMPLES;
    if (w->count < RATE_SAMPLES) {
        w->count++;
    }
}

double
rate_recent(const rate_window *w, double t, uint64_t done)
{
    size_t base = RATE_SAMPLES;   /* none yet */
    for (size_t i = 0; i < w->count; i++) {
        /* Oldest first: the ring's slots from next - count on. */
        size_t k = (w->next + RATE_SAMPLES - w->count + i) % RATE_SAMPLES;
        if (t - w->t[k] < 1.0) {
            break;
        }
        base = k;   /* the latest a second before t so far */
        if (t - w->t[k] <= RATE_WINDOW) {
            break;  /* the oldest within the window */
        }
    }
    if (base == RATE_SAMPLES || done < w->done[base]) {
        return 0;
    }
    return (double)(done - w->done[base]) / (t - w->t[base]);
}

/* Progress on stderr for work over about a second; installed only when
 * stderr is a terminal or --progress asks, so pipes and logs see
 * nothing extra unless asked. Every report is kept (the rate for
 * word_advice); the lines are thinned out. */
void
progress(void *user, const char *what, uint64_t done, uint64_t total)
{
    cli *c = user;
    double t = now(), span, rate;
    char left[96] = "";
    if (c->progress_start == 0) {
        c->progress_start = t;
        c->progress_from = done;
        rate_reset(&c->progress_rate);
    }
    rate_add(&c->progress_rate, t, done);
    c->progress_at = t;
    c->progress_units = done;
    c->progress_total = total;
    span = t - c->progress_start;
    if (span < 1.0 ||
        t - c->progress_last < (c->progress_tty ? 0.2 : PROGRESS_EVERY)) {
        return;
    }
    c->progress_last = t;
    rate = rate_recent(&c->progress_rate, t, done);
    if (rate > 0 && done < total) {
        char d[32];
        duration_text(d, sizeof d, (double)(total - done) / rate);
        snprintf(left, sizeof left, ", %.0f a second, about %s left", rate,
                 d);
    }
    fprintf(stderr, "%sgrundy: %s: %llu of %llu (%.0f%%)%s%s",
            c->progress_tty ? "\r" : "", what, (unsigned long long)done,
            (unsigned long long)total,
            total != 0 ? 100.0 * (double)done / (double)total : 0.0, left,
            c->progress_tty ? "\033[K" : "\n");
}

/* Ends a computation's progress: clears the terminal's line, and keeps
 * what the whole work would take at the rate measured, when it was
 * measured over a second or more (the rate from the first report to the
 * last; the last report's total is the work asked for). */
void
progress_done(cli *c)
{
    double span = c->progress_at - c->progress_start;
    c->rate_seconds = 0;
    if (c->progress_start != 0 && span >= 1.0 &&
        c->progress_units > c->progress_from &&
        c->progress_total > c->progress_units) {
        c->rate_seconds = (double)c->progress_total * span /
                          (double)(c->progress_units - c->progress_from);
    }
    if (c->progress_last != 0 && c->progress_tty) {
        fputs("\r\033[K", stderr);
    }
    c->progress_start = c->progress_last = c->progress_at = 0;
}

/* A byte count as a --memory SIZE that holds it: rounded up to whole
 * KiB below 1 MiB, else to whole MiB (27299092 bytes: 27M). */
static void
memory_arg(char *dst, size_t cap, uint64_t bytes)
{
    static const char units[] = "KMGT";
    uint64_t v = bytes / 1024 + (bytes % 1024 != 0);
    size_t u = 0;
    if (v > 1024) {
        v = v / 1024 + (v % 1024 != 0);
        u++;
    }
    /* An exact multiple reads better in the larger unit: 2048M is 2G. */
    while (u + 1 < sizeof units - 1 && v >= 1024 && v % 1024 == 0) {
        v /= 1024;
        u++;
    }
    snprintf(dst, cap, "%llu%c", (unsigned long long)v, units[u]);
}

/* A step count as a --work STEPS that covers it: two significant digits,
 * rounded up, in the 1e13 style --work reads (2499998951274560 ->
 * 25e14). */
static void
steps_arg(char *dst, size_t cap, uint64_t steps)
{
    uint64_t v = steps;
    unsigned exp = 0;
    while (v >= 100) {
        v = v / 10 + (v % 10 != 0);
        exp++;
    }
    if (exp == 0) {
        snprintf(dst, cap, "%llu", (unsigned long long)v);
    } else {
        snprintf(dst, cap, "%llue%u", (unsigned long long)v, exp);
    }
}

void
word_advice(const cli *c, grundy_status st, grundy_error *err)
{
    size_t len = strlen(err->message);
    char *at = err->message + len, arg[32] = "";
    size_t room = sizeof err->message - len;

    if (err->limit == GRUNDY_LIMIT_MEMORY && st == GRUNDY_ENOMEM) {
        /* The system gave out before the limit: a lower limit turns that
         * into a clean refusal. */
        snprintf(at, room, "; lower it with --memory");
    } else if (err->limit == GRUNDY_LIMIT_MEMORY && st == GRUNDY_ELIMIT) {
        if (err->needed != 0 && err->needed <= SIZE_MAX) {
            arg[0] = ' ';
            memory_arg(arg + 1, sizeof arg - 1, err->needed);
        }
        if (c != NULL && c->rate_seconds > 0) {
            char d[32];
            duration_text(d, sizeof d, c->rate_seconds);
            snprintf(at, room, "; raise it with --memory%s (about %s at the "
                     "rate measured)", arg, d);
        } else {
            snprintf(at, room, "; raise it with --memory%s", arg);
        }
    } else if (err->limit == GRUNDY_LIMIT_WORK && st == GRUNDY_ELIMIT) {
        if (err->needed != 0) {
            steps_arg(arg, sizeof arg, err->needed);
        } else {
            snprintf(arg, sizeof arg, "STEPS");
        }
        snprintf(at, room, "; raise it with --work %s (10^9 steps take "
                 "about a second)", arg);
    }
    err->limit = GRUNDY_LIMIT_NONE;
}

error_tag
error_tag_of(grundy_status st, const grundy_error *err)
{
    error_tag t = {"limit", NULL};
    switch (st) {
    case GRUNDY_ESPEC:
    case GRUNDY_EPOSITION:
        t.kind = "input";
        return t;
    case GRUNDY_EIO:
        t.kind = "io";
        return t;
    default:
        break;
    }
    /* Out of memory is the memory limit's business: a lower one turns
     * it into a clean refusal. */
    if (st == GRUNDY_ENOMEM || err->limit == GRUNDY_LIMIT_MEMORY) {
        t.limit = "memory";
    } else if (err->limit == GRUNDY_LIMIT_WORK) {
        t.limit = "work";
    } else if (st == GRUNDY_EUNSUPPORTED) {
        t.kind = "unsupported";
    }
    return t;
}

int
exit_for(grundy_status st)
{
    switch (st) {
    case GRUNDY_OK:
        return EXIT_WIN;
    case GRUNDY_ESPEC:
    case GRUNDY_EPOSITION:
        return EXIT_INVALID;
    case GRUNDY_EIO:
        return EXIT_IO;
    default:
        return EXIT_LIMIT;
    }
}

/* Checks stdout after a record; a failed write ends the run, reported
 * once. A closed pipe (EPIPE with SIGPIPE ignored) ends it quietly. */
int
output_failed(cli *c)
{
    if (!ferror(stdout)) {
        return 0;
    }
    if (c->write_failed) {
        return 1;
    }
    c->write_failed = 1;
#ifdef EPIPE
    if (errno == EPIPE) {
        return 1;
    }
#endif
    fprintf(stderr, "grundy: error writing output: %s\n", strerror(errno));
    return 1;
}

/* Solves one parsed position and writes its record. */
grundy_status
solve_and_print(cli *c, const char *input, size_t len, grundy_error *err)
{
    grundy_status st = grundy_solve(c->ctx, c->pos, c->flags, c->res, err);
    progress_done(c);
    if (st != GRUNDY_OK || c->quiet) {
        return st;
    }
    return grundy_format_result(stdout, c->format, input, len, c->res);
}
