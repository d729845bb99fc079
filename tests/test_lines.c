/*
 * test_lines.c - line mode (src/cli/lines.c) run in-process by
 * grundy_cli() while the system refuses memory: from the N-th allocation
 * on (memory gone for good) or at the N-th alone (a passing shortage),
 * for N = 1, 2, ... until a run needs no more. Every input line must get
 * its record or its error record (with its message on stderr), in input
 * order; a run that stops says where on stderr, exits non-zero, and its
 * records are those of the lines before. malloc, calloc and realloc are
 * wrapped at link time (-Wl,--wrap), in the worker threads too.
 */
#define _POSIX_C_SOURCE 200809L /* dup, dup2, mkstemp */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fixture.h"

int grundy_cli(int argc, char **argv);

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);

static atomic_long fail_at;   /* the allocation to fail, from 1; 0: none */
static atomic_int fail_after; /* every allocation from fail_at on fails */
static atomic_long count;     /* allocations since the count was reset */

static int
should_fail(void)
{
    long n = atomic_fetch_add(&count, 1) + 1, at = atomic_load(&fail_at);
    return at != 0 && (n == at || (atomic_load(&fail_after) && n > at));
}

void *
__wrap_malloc(size_t size)
{
    return should_fail() ? NULL : __real_malloc(size);
}

void *
__wrap_calloc(size_t n, size_t size)
{
    return should_fail() ? NULL : __real_calloc(n, size);
}

void *
__wrap_realloc(void *p, size_t size)
{
    return should_fail() ? NULL : __real_realloc(p, size);
}

/* Input lines: plain ones (the quick path), blanks and comments (no
 * record), lines with blanks around (the general path), bad lines, and
 * without a game on the command line lines naming theirs (kayles has
 * tables: the main context answers it). Long enough for more than one
 * round of the threaded stream (256 KiB). */
#define NLINES 8000

static const char *const plain_lines[] = {
    "3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24",
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23",
    "  7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7  ", "",
    "# a comment: no record for this line, nor for the blank one",
    "3 x 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25",
    "12 9 1000000 2000000 3000000 4000000 5000000 6000000 7000000",
};
static const char *const kayles_lines[] = {
    "3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24",
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23", "",
    "  7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7  ",
    "3 x 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25",
};
static const char *const named_lines[] = {
    "nim 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24",
    "nim 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23",
    "kayles 7 9 11 13", "", "wythoff 3,5 + nim 1 2 3 4 5 6 7 8 9 10 11",
    "nim 3 x 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25",
    "  nim 12 9 1000000 2000000 3000000 4000000 5000000 # comment",
};

/* A run's output, NUL-terminated, and its exit status. */
typedef struct run {
    char *out, *err;
    int status;
} run;

static char *
slurp(FILE *f)
{
    long n;
    char *buf;
    fflush(f);
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
        fseek(f, 0, SEEK_SET) != 0 ||
        (buf = __real_malloc((size_t)n + 1)) == NULL ||
        fread(buf, 1, (size_t)n, f) != (size_t)n) {
        abort();
    }
    buf[n] = '\0';
    return buf;
}

/* Runs grundy_cli(args) with stdout and stderr caught in temp files and
 * allocation fail_at (and with after, all the later ones) failing. */
static void
run_cli(char **args, int nargs, long at, int after, run *r)
{
    FILE *out = tmpfile(), *err = tmpfile();
    int save_out, save_err;
    assert_non_null(out);
    assert_non_null(err);
    fflush(stdout);
    fflush(stderr);
    save_out = dup(1);
    save_err = dup(2);
    assert_true(save_out >= 0 && save_err >= 0);
    assert_true(dup2(fileno(out), 1) == 1 && dup2(fileno(err), 2) == 2);
    clearerr(stdout);
    atomic_store(&count, 0);
    atomic_store(&fail_after, after);
    atomic_store(&fail_at, at);
    r->status = grundy_cli(nargs, args);
    atomic_store(&fail_at, 0);
    fflush(stdout);
    fflush(stderr);
    assert_true(dup2(save_out, 1) == 1 && dup2(save_err, 2) == 2);
    close(save_out);
    close(save_err);
    clearerr(stdout);
    r->out = slurp(out);
    r->err = slurp(err);
    fclose(out);
    fclose(err);
}

static void
run_free(run *r)
{
    free(r->out);
    free(r->err);
}

/* The lines of text, cut in place: *n of them. */
static char **
split(char *text, size_t *n)
{
    size_t cap = 16;
    char **v = __real_malloc(cap * sizeof *v);
    *n = 0;
    while (v != NULL && *text != '\0') {
        char *nl = strchr(text, '\n');
        if (*n == cap && (v = __real_realloc(v, (cap *= 2) * sizeof *v)) ==
                             NULL) {
            break;
        }
        v[(*n)++] = text;
        if (nl == NULL) {
            break;
        }
        *nl = '\0';
        text = nl + 1;
    }
    assert_non_null(v);
    return v;
}

/* The line number N of a message "grundy: FILE:N: ...", else 0. */
static unsigned long
message_line(const char *msg, const char *file)
{
    size_t k = strlen(file);
    if (strncmp(msg, "grundy: ", 8) != 0 || strncmp(msg + 8, file, k) != 0 ||
        msg[8 + k] != ':') {
        return 0;
    }
    return strtoul(msg + 9 + k, NULL, 10);
}

/* The "input" of a JSON record, as far as the next quote. */
static int
same_input(const char *a, const char *b)
{
    const char *ea, *eb;
    if (strncmp(a, "{\"input\":\"", 10) != 0 ||
        strncmp(b, "{\"input\":\"", 10) != 0) {
        return 0;
    }
    ea = strchr(a + 10, '"');
    eb = strchr(b + 10, '"');
    return ea != NULL && eb != NULL && ea - a == eb - b &&
           strncmp(a, b, (size_t)(ea - a)) == 0;
}

/*
 * Checks a run under failing allocations against the reference run
 * (ref, nothing failing; recs the line number of each of its records):
 * its records are the reference's, or an error record for the same
 * input with a message on stderr for that line; fewer records only with
 * a non-zero status and a message saying where it stopped (or, before
 * any line, that memory ran out).
 */
static void
check_run(const run *ref, const unsigned long *recs, const run *got,
          const char *file, long at, int after)
{
    char *rout = strdup(ref->out), *gout = strdup(got->out);
    char *gerr = strdup(got->err);
    size_t nr, ng, ne, j, e = 0;
    char **rv, **gv, **ev;
    unsigned long last = 0;

    assert_true(rout != NULL && gout != NULL && gerr != NULL);
    rv = split(rout, &nr);
    gv = split(gout, &ng);
    ev = split(gerr, &ne);
    if (ng > nr) {
        fail_msg("allocation %ld%s: %zu records for %zu lines, the last "
                 "'%s'", at, after ? " on" : "", ng, nr, gv[ng - 1]);
    }
    for (j = 0; j < ng; j++) {
        if (strcmp(gv[j], rv[j]) == 0) {
            continue;
        }
        if (!same_input(gv[j], rv[j]) || strstr(gv[j], "\"error\":") ==
                                             NULL) {
            fail_msg("allocation %ld%s: record %zu (line %lu) is '%s', "
                     "expected '%s' or its error record", at,
                     after ? " on" : "", j + 1, recs[j], gv[j], rv[j]);
        }
        /* Its message, in order among the others. */
        while (e < ne && message_line(ev[e], file) < recs[j]) {
            e++;
        }
        if (e == ne || message_line(ev[e], file) != recs[j]) {
            fail_msg("allocation %ld%s: error record for line %lu with no "
                     "message on stderr", at, after ? " on" : "", recs[j]);
        }
    }
    for (j = 0; j < ne; j++) {
        unsigned long n = message_line(ev[j], file);
        if (n != 0 && n < last) {
            fail_msg("allocation %ld%s: message for line %lu after one for "
                     "line %lu", at, after ? " on" : "", n, last);
        }
        last = n != 0 ? n : last;
    }
    if (ng < nr) {
        /* Stopped: it says so, at the first line without its record (or
         * before line mode began), with a non-zero status. */
        int said = 0;
        for (j = 0; j < ne; j++) {
            unsigned long n = message_line(ev[j], file);
            if (strstr(ev[j], "stopped") != NULL && n != 0 && n <= recs[ng] &&
                (ng == 0 || n > recs[ng - 1])) {
                said = 1;
            }
            if (ng == 0 && strcmp(ev[j], "grundy: out of memory") == 0) {
                said = 1;
            }
        }
        if (!said || got->status == 0) {
            fail_msg("allocation %ld%s: %zu of %zu records, status %d, and "
                     "no word of where it stopped (stderr: %.300s)", at,
                     after ? " on" : "", ng, nr, got->status, got->err);
        }
    }
    free(rv);
    free(gv);
    free(ev);
    free(rout);
    free(gout);
    free(gerr);
}

/* The input file of the sweep under way, removed by the teardown even
 * when a check fails (cmocka then leaves the test at once). */
static char *input_path;

static int
remove_input(void **state)
{
    (void)state;
    if (input_path != NULL) {
        unlink(input_path);
        free(input_path);
        input_path = NULL;
    }
    return 0;
}

/* Writes the test input (NLINES lines from pick) to a temp file, and the
 * line number of each line that has a record into recs. */
static char *
write_input(const char *const *pick, size_t npick, unsigned long *recs)
{
    static char name[] = "/tmp/grundy_test_lines_XXXXXX";
    char *path = strdup(name);
    FILE *f;
    int fd;
    size_t k = 0;
    assert_non_null(path);
    fd = mkstemp(path);
    assert_true(fd >= 0);
    f = fdopen(fd, "w");
    assert_non_null(f);
    for (unsigned long i = 0; i < NLINES; i++) {
        const char *line = pick[(i * 3 + i / npick) % npick];
        const char *s = line;
        fprintf(f, "%s\n", line);
        while (*s == ' ') {
            s++;
        }
        if (*s != '\0' && *s != '#') {
            recs[k++] = i + 1;
        }
    }
    fclose(f);
    return path;
}

/* Every N from 1 until a run needs no more than N allocations, with
 * allocation N failing alone and with every one from N on failing. */
static void
sweep(const char *const *pick, size_t npick, const char *threads,
      const char *game)
{
    unsigned long *recs = __real_malloc(NLINES * sizeof *recs);
    char *path, *args[8];
    int nargs = 0;
    run ref;
    long n;

    assert_non_null(recs);
    path = input_path = write_input(pick, npick, recs);
    args[nargs++] = "grundy";
    args[nargs++] = "--json";
    args[nargs++] = "--threads";
    args[nargs++] = (char *)threads;
    args[nargs++] = "-f";
    args[nargs++] = path;
    if (game != NULL) {
        args[nargs++] = (char *)game;
    }
    args[nargs] = NULL;
    run_cli(args, nargs, 0, 0, &ref);
    if (ref.status != 2) {
        fail_msg("reference run: status %d, stderr %.300s, stdout %.300s",
                 ref.status, ref.err, ref.out);
    }
    for (n = 1;; n++) {
        run once, gone;
        long used;
        run_cli(args, nargs, n, 0, &once);
        used = atomic_load(&count);
        check_run(&ref, recs, &once, path, n, 0);
        run_cli(args, nargs, n, 1, &gone);
        check_run(&ref, recs, &gone, path, n, 1);
        run_free(&once);
        run_free(&gone);
        if (used < n) {
            break;
        }
        /* Thousands of allocations (the threaded stream's per-line
         * buffers) are sampled past the first few hundred. */
        if (n > 300) {
            n += n / 8;
        }
    }
    run_free(&ref);
    remove_input(NULL);
    free(recs);
}

/* A game with tables on the command line: line by line, no worker. */
static void
test_sequential(void **state)
{
    (void)state;
    sweep(kayles_lines, sizeof kayles_lines / sizeof *kayles_lines, "4",
          "kayles");
}

static void
test_one_thread(void **state)
{
    (void)state;
    sweep(plain_lines, sizeof plain_lines / sizeof *plain_lines, "1", "nim");
}

static void
test_threads(void **state)
{
    (void)state;
    sweep(plain_lines, sizeof plain_lines / sizeof *plain_lines, "4", "nim");
}

static void
test_threads_named(void **state)
{
    (void)state;
    sweep(named_lines, sizeof named_lines / sizeof *named_lines, "3", NULL);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_sequential, remove_input),
        cmocka_unit_test_teardown(test_one_thread, remove_input),
        cmocka_unit_test_teardown(test_threads, remove_input),
        cmocka_unit_test_teardown(test_threads_named, remove_input),
    };
    fixture_test_filter();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
