/*
 * rounds.c - the line mode's threaded rounds: closed-form lines cut into
 * shares, solved by worker threads (started once, each with its own
 * context, all within one --memory) into memory, and written in input
 * order; lines a worker cannot answer go to the main context in their
 * place (sequential.c). Freed memory handed back to the system. Apart
 * from lines.c because it is the one part of the command with threads.
 */
#include "lines.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h> /* malloc_trim for give_back */
#endif
/* GRUNDY_CLI_SEQUENTIAL compiles the rounds and workers out: every line
 * goes through run_lines_sequential, the reference the thread tests
 * compare against (tests/determinism.sh, tests/parallel_stream.sh). */
#if !defined(__STDC_NO_THREADS__) && !defined(GRUNDY_CLI_SEQUENTIAL)
#include <threads.h>
#define HAVE_THREADS 1
#endif

#ifdef HAVE_THREADS

/* Bytes of input each parallel round hands out, split between workers:
 * small enough that two rounds' lines and records stay in the caches
 * (bench/nim.sh took a fifth longer with rounds of 4 MiB than with
 * 256 KiB). A round costs a wake-up or two, not a thread. */
#define ROUND_BYTES ((size_t)1 << 18)

/* A round is cut into this many shares per worker; the workers take
 * them one after another, so that one slowed by the machine's other
 * work does not hold the round up. */
#define SHARES_PER_WORKER 8
#define MAX_SHARES (MAX_THREADS * SHARES_PER_WORKER)

/* A share of a round: whole lines, and what solving them gave. */
typedef struct share {
    const char *lines;
    size_t len;
    format_buffer out;         /* its records, in order */
    format_buffer errors;      /* failed lines: 8-byte line number within
                                  the share, then the message and a NUL */
    unsigned long long nlines; /* lines in the share solved by a worker */
    const char *rest;          /* NULL, or the first line a worker left to
                                  the main context (a game with tables) */
    int status;                /* merged status of its lines */
} share;

/* The shares of one round, taken in turn by the workers. */
typedef struct round {
    share s[MAX_SHARES];
    int n;                     /* shares in this round */
    int next;                  /* the next one to take, under lock */
    int done;                  /* shares solved, under lock */
} round;

/* Where the main thread hands rounds to the workers, which live as long
 * as the stream. Two rounds are in flight at most: the workers solve one
 * while the main thread writes the one before and reads the next, so
 * that no worker waits for the writing and reading. */
typedef struct pool {
    round r[2];                /* round k is r[k % 2] */
    unsigned long published;   /* rounds handed out so far */
    unsigned long taking;      /* the round shares are taken from */
    int quit;                  /* the workers are to return */
    mtx_t lock;
    cnd_t work;                /* a round was published, or quit */
    cnd_t done;                /* a round's last share was solved */
} pool;

/* One worker of the parallel path: its own context, game copy, position
 * and result; it formats the shares it takes into their memory. */
typedef struct worker {
    cli *c;
    size_t freed;              /* for give_back */
    grundy_ctx *ctx;
    grundy_game *game;
    grundy_position *pos;
    grundy_result *res;
    pool *pool;
} worker;

/* Stores the error record of a failed line (its record in sh->out, its
 * message in sh->errors). -1, with both buffers as they were, when
 * either cannot grow: the caller then leaves the line to the main
 * thread, which writes straight to stdout and needs no memory for it. */
static int
share_error(const worker *w, share *sh, const char *line, size_t len,
            const char *message, error_tag tag)
{
    size_t mlen = strlen(message) + 1, need = sizeof sh->nlines + mlen;
    format_buffer *e = &sh->errors;
    if (need > e->cap - e->len) {
        size_t cap = e->cap != 0 ? e->cap : 4096;
        char *p;
        while (cap - e->len < need) {
            cap *= 2;
        }
        if ((p = realloc(e->data, cap)) == NULL) {
            return -1;
        }
        e->data = p;
        e->cap = cap;
    }
    if (!w->c->quiet &&
        format_error_mem(&sh->out, w->c->format, line, len, message,
                         tag.kind, tag.limit) != GRUNDY_OK) {
        return -1;
    }
    memcpy(e->data + e->len, &sh->nlines, sizeof sh->nlines);
    memcpy(e->data + e->len + sizeof sh->nlines, message, mlen);
    e->len += need;
    return 0;
}

/* The next line of a block in memory (*p up to end): its start and
 * length without the newline, *p moved past it. */
static char *
next_line(const char **p, const char *end, size_t *len)
{
    const char *start = *p, *nl = memchr(start, '\n', (size_t)(end - start));
    *len = (size_t)((nl != NULL ? nl : end) - start);
    *p = nl != NULL ? nl + 1 : end;
    return (char *)start;
}

/* Memory is handed back once a thread has freed at least this much. */
#define GIVE_BACK_BYTES ((size_t)1 << 22)

/* Hands freed memory back to the system once a thread's lines have
 * freed `at_least` (and GIVE_BACK_BYTES): *freed counts what its context
 * gave back to the --memory account (`bytes` more now). glibc keeps
 * freed blocks in the allocation arena of the thread that freed them,
 * for that thread, so each worker's largest line would stay resident
 * while the others use the budget (8
 * workers of 10 to 22 MB lines, fib piles of 2,500 to 4,300 digits, at
 * --memory 64M peaked at 120 MB; 69 to 83 MB with this); malloc_trim
 * returns the free pages of every arena. Each call walks the arenas and
 * the pages are faulted in again when reused: after every line of 1,000
 * fib:R lines of 1 to 2 MB tables it doubled the stream's CPU time;
 * workers hand back at an eighth of --memory, which adds about a third.
 * The main thread, which answers one line after another, hands back at
 * half of --memory: that stream peaked at 99 MB on one thread and
 * --memory 64M, 84 MB with it, for a third more CPU time. Since kept
 * tables make room before a table is built (ctx.c), the main thread
 * drops tables line by line as the workers do, and hands back at an
 * eighth too (that stream on one thread: 78 MB at a half, 73 MB at an
 * eighth, with big_blocks_apart in lines.c). Other allocators: nothing
 * to do. */
static void
give_back(size_t *freed, size_t bytes, size_t at_least)
{
    *freed += bytes;
#if defined(__GLIBC__)
    if (*freed >= GIVE_BACK_BYTES && *freed >= at_least) {
        malloc_trim(0);
        *freed = 0;
    }
#else
    (void)at_least;
    *freed = 0;
#endif
}

/* Solves every line of one share. */
static void
share_run(worker *w, share *sh)
{
    const char *p = sh->lines, *end = sh->lines + sh->len;
    char *start = NULL;
    /* Whether the quick path may answer a line: when it may not, it
     * would use neither the game nor the context. */
    int quick = w->game != NULL && !w->c->quiet &&
                answer_plain_possible(w->game, w->c->flags, w->c->format);
    /* 1 while nothing used the context since the last line's settle:
     * the next line's parse need not measure its tables again. With the
     * quick path, the next line tries it first (it may grow the game's
     * tables, even for a line it leaves to the general way): never. */
    int settled = 0;
    sh->out.len = sh->errors.len = 0;
    sh->nlines = 0;
    sh->rest = NULL;
    sh->status = EXIT_WIN;
    while (p < end) {
        size_t len;
        char *line;
        grundy_error err;
        grundy_status st;
        sh->nlines++;
        /* Plain lines of a family that answers them directly, read where
         * they are (the reader's buffers are padded for it); any other
         * line is cut out first. */
        if (quick && (len = answer_plain_line(w->game, w->c->flags,
                                              w->c->format, p,
                                              (size_t)(end - p),
                                              &sh->out)) != 0) {
            p += len;
            continue;
        }
        start = next_line(&p, end, &len);
        line = start;
        if (!reader_trim_blanks(&line, &len)) {
            continue;
        }
        /* Plain lines of a family that answers them directly (digits and
         * single spaces: no comment in them); any other line (errors
         * included) goes the general way, its comment cut first. */
        if (quick && answer_plain(w->game, w->c->flags, w->c->format, line,
                                  len, &sh->out)) {
            continue;
        }
        if (!reader_trim_line(&line, &len)) {
            continue;
        }
        st = settled ? position_parse_settled(w->ctx, w->pos, w->game, line,
                                              len, &err)
                     : grundy_position_parse(w->ctx, w->pos, w->game, line,
                                             len, &err);
        if (st == GRUNDY_OK && !position_closed_form(w->pos)) {
            /* Lines naming their games: one with Grundy-sequence tables
             * is solved with the main context (one table, computed
             * once), with the rest of the share, in order. */
            goto leave;
        }
        if (st == GRUNDY_OK) {
            st = grundy_solve(w->ctx, w->pos, w->c->flags, w->res, &err);
        }
        if (st == GRUNDY_OK && !w->c->quiet) {
            st = format_result_mem(&sh->out, w->c->format, line, len,
                                   w->res);
        }
        /* A worker the system refuses memory (its context, or the room
         * for a record), or whose line does not fit beside what the
         * other threads hold of --memory, leaves the line and the rest
         * of the share to the main thread: it answers with the whole of
         * --memory, as one thread would, so that no answer depends on
         * the other threads, and writes each record straight to stdout,
         * through a buffer it has already, so that no line goes without
         * its record or its error record (main.c). */
        if (st == GRUNDY_ENOMEM) {
            goto leave;
        }
        if (st != GRUNDY_OK) {
            error_tag tag = error_tag_of(st, &err);
            word_advice(NULL, st, &err);
            if (share_error(w, sh, line, len, err.message, tag) != 0) {
                goto leave;
            }
            sh->status = merge_status(sh->status, st);
        }
        /* The line's memory goes back to the other threads. */
        give_back(&w->freed, ctx_line_settle(w->ctx),
                  grundy_ctx_memory_limit(w->ctx) / 8);
        settled = !quick;
    }
    return;
leave:
    sh->nlines--;
    sh->rest = start;
    give_back(&w->freed, ctx_line_settle(w->ctx),
              grundy_ctx_memory_limit(w->ctx) / 8);
}

/* The next share to solve, under the lock: from the oldest published
 * round with shares left; NULL when there is none. */
static share *
pool_next(pool *pl, round **rd)
{
    while (pl->taking < pl->published) {
        round *r = &pl->r[pl->taking % 2];
        if (r->next < r->n) {
            *rd = r;
            return &r->s[r->next++];
        }
        pl->taking++;
    }
    return NULL;
}

/* Solves shares while there are any, with the lock held on entry and
 * on return; `wait`: a worker thread, that waits for more until quit,
 * else the main thread, that returns when none is left. */
static void
pool_work(worker *w, int wait)
{
    pool *pl = w->pool;
    while (!pl->quit) {
        round *rd = NULL;
        share *sh = pool_next(pl, &rd);
        if (sh == NULL) {
            if (!wait) {
                return;
            }
            cnd_wait(&pl->work, &pl->lock);
            continue;
        }
        mtx_unlock(&pl->lock);
        share_run(w, sh);
        mtx_lock(&pl->lock);
        if (++rd->done == rd->n) {
            cnd_broadcast(&pl->done);
        }
    }
}

/* A worker thread (thrd_start_t): takes shares until told to quit. */
static int
worker_run(void *arg)
{
    worker *w = arg;
    mtx_lock(&w->pool->lock);
    pool_work(w, 1);
    mtx_unlock(&w->pool->lock);
    return 0;
}


static void
workers_free(worker *w, int n, pool *pl)
{
    for (int i = 0; i < n; i++) {
        grundy_result_free(w[i].res);
        grundy_position_free(w[i].pos);
        grundy_game_free(w[i].game);
        grundy_ctx_free(w[i].ctx);
    }
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < MAX_SHARES; i++) {
            free(pl->r[k].s[i].out.data);
            free(pl->r[k].s[i].errors.data);
        }
    }
}

static int
workers_new(cli *c, worker *w, int n, const grundy_game *fixed, pool *pl)
{
    const char *spec = fixed != NULL ? grundy_game_spec(fixed) : NULL;
    grundy_error err;
    memset(w, 0, (size_t)n * sizeof *w);
    for (int i = 0; i < n; i++) {
        w[i].c = c;
        w[i].pool = pl;
        w[i].ctx = grundy_ctx_new();
        w[i].pos = grundy_position_new();
        w[i].res = grundy_result_new();
        /* One --memory for the whole run: the workers charge what they
         * hold to the main context's account, and a line that does not
         * fit beside what the others hold comes back to the main thread
         * as out of memory does (share_run). A copy of the game that
         * does not fit beside the others' (each worker makes its own
         * tables): the main thread answers every line. */
        if (w[i].ctx == NULL || w[i].pos == NULL || w[i].res == NULL ||
            ctx_memory_share(w[i].ctx, c->ctx) != 0 ||
            (spec != NULL &&
             grundy_game_parse(w[i].ctx, spec, strlen(spec), &w[i].game,
                               &err) != GRUNDY_OK)) {
            return -1;
        }
        /* The same limits as the main context's (cli.c), so that a line
         * gets the same answer or refusal whichever thread solves it. */
        if (c->work_set) {
            grundy_ctx_set_work_limit(w[i].ctx, c->work);
        }
        if (c->threads == 1) {
            grundy_ctx_set_threads(w[i].ctx, 1);
        }
        ctx_line_settle(w[i].ctx);
    }
    return 0;
}

/* Splits a round into rd->n shares at line ends. */
static void
split_round(round *rd, const char *block, size_t len)
{
    size_t at = 0;
    int n = rd->n;
    for (int i = 0; i < n; i++) {
        size_t end = i == n - 1 ? len : at + (len - at) / (size_t)(n - i);
        while (end < len && end > at && block[end - 1] != '\n') {
            end++;
        }
        rd->s[i].lines = block + at;
        rd->s[i].len = end - at;
        at = end;
    }
    rd->next = rd->done = 0;
}

/* Answers the lines a worker left (sh->rest to the end of the share) with
 * the main context, counting them in *lineno. */
static int
answer_rest(cli *c, const share *sh, const char *name, grundy_game *fixed,
            unsigned long long *lineno, int status)
{
    const char *p = sh->rest, *end = sh->lines + sh->len;
    while (p < end) {
        size_t len;
        char *line = next_line(&p, end, &len);
        ++*lineno;
        if (reader_trim_line(&line, &len) &&
            (status = line_answer(c, name, *lineno, fixed, line, len,
                                  status)) == EXIT_IO) {
            return EXIT_IO;
        }
        /* Tables it dropped go back to the system too, now and then
         * (give_back: its arena would keep them among the kept ones). */
        give_back(&c->freed, ctx_line_settle(c->ctx),
                  grundy_ctx_memory_limit(c->ctx) / 8);
    }
    return status;
}

/* Before the main thread answers lines the workers left: waits until
 * the round in flight (busy, or NULL) is solved, so that no worker is
 * busy, and gives back what the n workers keep. The main thread then has
 * the whole of --memory, as one thread would: --memory bounds the run,
 * and the left lines' answers are those of one thread. */
static void pool_wait(pool *pl, round *rd, worker *help);

static void
workers_quiet(worker *w, int n, round *busy)
{
    size_t freed = 0;
    if (busy != NULL) {
        pool_wait(w[0].pool, busy, NULL);
    }
    for (int i = 0; i < n; i++) {
        freed += ctx_memory_release(w[i].ctx);
    }
    give_back(&w[0].c->freed, freed,
              grundy_ctx_memory_limit(w[0].c->ctx) / 8);
}

/* Writes the shares' records in order and reports their failed lines
 * with line numbers counted from *lineno; lines a worker left to the main
 * context are answered there, in their place, once the n workers are
 * quiet (workers_quiet: busy is the round they may be solving). */
static int
emit_round(cli *c, round *rd, const char *name, grundy_game *fixed,
           unsigned long long *lineno, int status, worker *w, int n,
           round *busy)
{
    int quiet = 0;
    for (int i = 0; i < rd->n; i++) {
        share *sh = &rd->s[i];
        size_t at = 0;
        unsigned long long rel = 0;
        /* A share with no record (-q, only bad lines, empty) has no
         * buffer: fwrite(NULL, ...) is undefined even for 0 bytes. */
        if (sh->out.len > 0) {
            fwrite(sh->out.data, 1, sh->out.len, stdout);
        }
        while (at < sh->errors.len) {
            memcpy(&rel, sh->errors.data + at, sizeof rel);
            at += sizeof rel;
            fprintf(stderr, "grundy: %s:%llu: %s\n", name, *lineno + rel,
                    sh->errors.data + at);
            at += strlen(sh->errors.data + at) + 1;
        }
        if (sh->errors.len > 0 && output_gone(c, name, *lineno + rel)) {
            return EXIT_IO;
        }
        *lineno += sh->nlines;
        if (sh->status != EXIT_WIN &&
            (status == EXIT_WIN || sh->status == EXIT_INVALID)) {
            status = sh->status;
        }
        if (sh->rest != NULL && !quiet) {
            workers_quiet(w, n, busy);
            quiet = 1;
        }
        if (sh->rest != NULL &&
            (status = answer_rest(c, sh, name, fixed, lineno, status)) ==
                EXIT_IO) {
            ctx_line_settle(c->ctx);
            return EXIT_IO;
        }
    }
    /* The workers may go on: the main context holds only its tables. */
    ctx_line_settle(c->ctx);
    return output_failed(c) ? EXIT_IO : status;
}

/* Hands out the lines block[0..len) as the next round; returns it. The
 * round it reuses was written out before. */
static round *
pool_publish(pool *pl, const char *block, size_t len)
{
    round *rd;
    mtx_lock(&pl->lock);
    rd = &pl->r[pl->published % 2];
    split_round(rd, block, len);
    pl->published++;
    cnd_broadcast(&pl->work);
    mtx_unlock(&pl->lock);
    return rd;
}

/* Waits until every share of rd is solved; the main thread, when it has
 * a worker of its own (help), solves shares meanwhile. */
static void
pool_wait(pool *pl, round *rd, worker *help)
{
    mtx_lock(&pl->lock);
    if (help != NULL) {
        pool_work(help, 0);
    }
    while (rd->done < rd->n) {
        cnd_wait(&pl->done, &pl->lock);
    }
    mtx_unlock(&pl->lock);
}
/* Starts the worker threads: for w[0..n) when the main thread only
 * reads and writes (ahead), else for w[1..n), w[0] being the main
 * thread's own. Returns how many started. */
static int
pool_start(worker *w, int n, thrd_t *tid, int ahead)
{
    int first = ahead ? 0 : 1, started = 0;
    while (first + started < n &&
           thrd_create(&tid[started], worker_run, &w[first + started]) ==
               thrd_success) {
        started++;
    }
    return started;
}

static void
pool_stop(pool *pl, thrd_t *tid, int started)
{
    mtx_lock(&pl->lock);
    pl->quit = 1;
    cnd_broadcast(&pl->work);
    mtx_unlock(&pl->lock);
    for (int i = 0; i < started; i++) {
        thrd_join(tid[i], NULL);
    }
}

static pool *
pool_new(int n)
{
    pool *pl = calloc(1, sizeof *pl);
    if (pl == NULL) {
        return NULL;
    }
    if (mtx_init(&pl->lock, mtx_plain) != thrd_success) {
        free(pl);
        return NULL;
    }
    if (cnd_init(&pl->work) != thrd_success) {
        mtx_destroy(&pl->lock);
        free(pl);
        return NULL;
    }
    if (cnd_init(&pl->done) != thrd_success) {
        cnd_destroy(&pl->work);
        mtx_destroy(&pl->lock);
        free(pl);
        return NULL;
    }
    pl->r[0].n = pl->r[1].n = n * SHARES_PER_WORKER;
    return pl;
}

static void
pool_free(pool *pl)
{
    cnd_destroy(&pl->done);
    cnd_destroy(&pl->work);
    mtx_destroy(&pl->lock);
    free(pl);
}

/* The main thread's loop over rounds. From a regular file (ahead) it
 * writes round k - 1 and reads round k + 1 while the workers solve
 * round k; the reader's buffer is swapped with a spare, so that round
 * k stays in place (the spare held round k - 1, written by then).
 * Otherwise it solves shares with the workers and writes each round
 * before it reads again: a writer who waits for our answers gets them.
 * Skipped lines and read errors are reported after the records before
 * them, as one thread would. */
static int
pool_rounds(cli *c, reader *r, const char *name, grundy_game *fixed,
            worker *w, int n, int ahead)
{
    pool *pl = w[0].pool;
    unsigned long long lineno = 0;
    int status = EXIT_WIN, rc, read_errno;
    const char *block = NULL;
    size_t len = 0, spare_cap = 0;
    char *spare = NULL;
    round *prev = NULL;   /* a round in flight not yet written */

    rc = reader_round(r, ROUND_BYTES, &block, &len);
    read_errno = errno;
    while (status != EXIT_IO && rc != LINE_EOF) {
        round *cur;
        if (rc != LINE_OK && prev != NULL) {
            pool_wait(pl, prev, NULL);
            status = emit_round(c, prev, name, fixed, &lineno, status,
                                w, n, NULL);
            prev = NULL;
            continue;
        }
        if (rc == LINE_ERROR) {
            fprintf(stderr, "grundy: %s:%llu: read error: %s\n", name,
                    lineno + 1, strerror(read_errno));
            status = EXIT_IO;
            break;
        }
        if (rc == LINE_TOO_LONG || rc == LINE_NOMEM) {
            int stop = 0;
            status = long_line(c, r, name, ++lineno, rc, status, &stop);
            if (stop) {
                break;
            }
            rc = reader_round(r, ROUND_BYTES, &block, &len);
            read_errno = errno;
            continue;
        }
        cur = pool_publish(pl, block, len);
        if (!ahead) {
            pool_wait(pl, cur, &w[0]);
            status = emit_round(c, cur, name, fixed, &lineno, status,
                                w, n, NULL);
        } else {
            if (prev != NULL) {
                pool_wait(pl, prev, NULL);
                status = emit_round(c, prev, name, fixed, &lineno, status,
                                    w, n, cur);
            }
            prev = cur;
            /* Without a spare buffer, the round is written before the
             * reader moves its lines. */
            if (status != EXIT_IO && reader_swap(r, &spare, &spare_cap) != 0) {
                pool_wait(pl, cur, NULL);
                status = emit_round(c, cur, name, fixed, &lineno, status,
                                    w, n, NULL);
                prev = NULL;
            }
        }
        if (status != EXIT_IO) {
            rc = reader_round(r, ROUND_BYTES, &block, &len);
            read_errno = errno;
        }
    }
    if (prev != NULL) {
        pool_wait(pl, prev, NULL);
        if (status != EXIT_IO) {
            status = emit_round(c, prev, name, fixed, &lineno, status,
                                w, n, NULL);
        }
    }
    free(spare);
    return status;
}

/*
 * Closed-form games stream in rounds: the round's lines are cut into
 * shares, worker threads (started once) take shares until none is left
 * and solve each into its memory, and the shares are written in input
 * order (pool_rounds).
 */
static int
run_lines_parallel(cli *c, reader *r, const char *name,
                   grundy_game *fixed, int n)
{
    worker w[MAX_THREADS];
    thrd_t tid[MAX_THREADS];
    int status, started, ahead = n > 1 && reader_ahead_safe(r);
    pool *pl = pool_new(n);

    /* Without memory for the workers, the main context answers every
     * line itself: slower, but each line still gets its record. */
    if (pl == NULL) {
        return run_lines_sequential(c, r, name, fixed);
    }
    if (workers_new(c, w, n, fixed, pl) != 0) {
        workers_free(w, n, pl);
        pool_free(pl);
        return run_lines_sequential(c, r, name, fixed);
    }
    started = pool_start(w, n, tid, ahead);
    if (ahead && started == 0) {
        /* No thread at all: the main thread solves every share, and
         * w[0] is free for it. */
        ahead = 0;
    }
    status = pool_rounds(c, r, name, fixed, w, n, ahead);
    pool_stop(pl, tid, started);
    workers_free(w, n, pl);
    pool_free(pl);
    return status;
}

#endif

/* Closed forms stream in rounds, their records gathered in memory and
 * written a round at a time, on n threads. Tables would be built once
 * per thread: a fixed game with tables goes line by line, and lines
 * naming such games are handed to the main context. */
int
run_lines_rounds(cli *c, reader *r, const char *name, grundy_game *fixed,
                 int n)
{
#ifdef HAVE_THREADS
    if (fixed == NULL || ctx_game_closed_form(fixed)) {
        return run_lines_parallel(c, r, name, fixed, n);
    }
#endif
    (void)n;
    return run_lines_sequential(c, r, name, fixed);
}
