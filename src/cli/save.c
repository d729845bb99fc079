/*
 * save.c - `grundy sg GAME A..B --save FILE`: long runs that resume. The
 * game's computed sequence is read from FILE when it exists (a file that
 * is damaged or of another game is refused, never used), written back
 * as the run goes (each time the table has doubled, or a minute after
 * the last write) and at its end, and on SIGINT or SIGTERM before the
 * command stops. Every write goes to FILE.tmp, is flushed to the disk
 * and renamed over FILE: a run killed at any moment (even by SIGKILL)
 * leaves FILE complete, from the last write, or as it was.
 */
#define _POSIX_C_SOURCE 200809L /* fsync, fileno */

#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#define HAVE_FSYNC 1
#endif

#define SAVE_SECONDS 60.0

static volatile sig_atomic_t save_signal; /* the signal that asked to stop */

static void
save_on_signal(int sig)
{
    save_signal = sig;
}

static double
save_now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Writes the game's sequence to c->save atomically. EXIT_WIN or the exit
 * status of the failure (reported). */
static int
save_write(cli *c)
{
    format_buffer buf = {0};
    grundy_error err;
    grundy_status st = seqfile_encode(c->save_game, &buf, &err);
    size_t n = strlen(c->save);
    char *tmp;
    FILE *f;
    int ok;

    if (st != GRUNDY_OK) {
        fprintf(stderr, "grundy: %s: %s\n", c->save, err.message);
        return exit_for(st);
    }
    if ((tmp = malloc(n + 5)) == NULL) {
        free(buf.data);
        fputs("grundy: out of memory\n", stderr);
        return EXIT_LIMIT;
    }
    memcpy(tmp, c->save, n);
    memcpy(tmp + n, ".tmp", 5);
    f = fopen(tmp, "wb");
    ok = f != NULL && fwrite(buf.data, 1, buf.len, f) == buf.len &&
         fflush(f) == 0;
#ifdef HAVE_FSYNC
    ok = ok && fsync(fileno(f)) == 0;
#endif
    if (f != NULL && fclose(f) != 0) {
        ok = 0;
    }
    ok = ok && rename(tmp, c->save) == 0;
    if (!ok) {
        fprintf(stderr, "grundy: cannot write %s: %s\n", tmp,
                strerror(errno));
        remove(tmp);
    }
    free(tmp);
    free(buf.data);
    c->saved_len = seqfile_length(c->save_game);
    c->saved_at = save_now();
    return ok ? EXIT_WIN : EXIT_IO;
}

/* The progress hook while saving: checkpoints, and stops on a signal. */
static void
save_progress(void *user, const char *what, uint64_t done, uint64_t total)
{
    cli *c = user;
    uint64_t len;
    if (c->save_tty) {
        progress(user, what, done, total);
    }
    len = seqfile_length(c->save_game);
    if (save_signal != 0 ||
        (len >= 2 * c->saved_len && len >= ((uint64_t)1 << 16)) ||
        save_now() - c->saved_at >= SAVE_SECONDS) {
        save_write(c);
    }
    if (save_signal != 0) {
        save_stop(c);
    }
}

/* Reads FILE whole; NULL with errno when it cannot. */
static unsigned char *
save_read(const char *name, size_t limit, size_t *len)
{
    FILE *f = fopen(name, "rb");
    unsigned char *buf = NULL;
    size_t cap = 0;
    *len = 0;
    if (f == NULL) {
        return NULL;
    }
    for (;;) {
        if (*len == cap) {
            unsigned char *nb;
            if (cap > limit) {
                errno = EFBIG;
                break;
            }
            cap = cap == 0 ? 65536 : 2 * cap;
            if ((nb = realloc(buf, cap)) == NULL) {
                errno = ENOMEM;
                break;
            }
            buf = nb;
        }
        *len += fread(buf + *len, 1, cap - *len, f);
        if (ferror(f)) {
            break;
        }
        if (feof(f)) {
            fclose(f);
            return buf != NULL ? buf : malloc(1);
        }
    }
    fclose(f);
    free(buf);
    return NULL;
}

int
save_start(cli *c, grundy_game *game)
{
    size_t len;
    unsigned char *bytes;
    grundy_error err;
    grundy_status st;

    if (!seqfile_supported(game, &err)) {
        fprintf(stderr, "grundy: --save %s: %s\n", c->save, err.message);
        return EXIT_INVALID;
    }
    c->save_game = game;
    c->saved_at = save_now();
    bytes = save_read(c->save, grundy_ctx_memory_limit(c->ctx) + 4096,
                      &len);
    if (bytes == NULL && errno != ENOENT) {
        fprintf(stderr, "grundy: cannot read %s: %s\n", c->save,
                errno == EFBIG ? "larger than the memory limit allows "
                                 "(raise --memory)"
                               : strerror(errno));
        return EXIT_IO;
    }
    if (bytes != NULL) {
        st = seqfile_decode(game, bytes, len, &err);
        free(bytes);
        if (st != GRUNDY_OK) {
            word_advice(st, &err);
            fprintf(stderr, "grundy: %s: %s\n", c->save, err.message);
            return st == GRUNDY_EPOSITION ? EXIT_INVALID : exit_for(st);
        }
    }
    c->saved_len = seqfile_length(game);
    save_signal = 0;
    signal(SIGINT, save_on_signal);
    signal(SIGTERM, save_on_signal);
    grundy_ctx_set_progress(c->ctx, save_progress, c);
    return EXIT_WIN;
}

int
save_finish(cli *c, int status)
{
    int st = save_write(c);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    if (save_signal != 0) {
        save_stop(c);
    }
    return status != EXIT_WIN ? status : st;
}

int
save_interrupted(void)
{
    return save_signal != 0;
}

void
save_stop(cli *c)
{
    int sig = save_signal;
    fflush(stdout);
    progress_done(c);
    fprintf(stderr, "grundy: stopped by signal %d; %llu values saved in "
            "%s: run the same command again to go on\n", sig,
            (unsigned long long)c->saved_len, c->save);
    signal(sig, SIG_DFL);
    raise(sig);
    exit(128 + sig);
}
