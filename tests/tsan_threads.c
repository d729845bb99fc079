/*
 * tsan_threads.c - C11 threads on POSIX threads, for the ThreadSanitizer
 * build only (cmake -DGRUNDY_TSAN=ON, scripts/tsan.sh).
 *
 * Why: the libtsan of GCC 12 and clang 14 intercepts pthread_create and
 * the pthread mutexes and condition variables, but not glibc's C11
 * thrd_create, mtx_lock or cnd_wait, which call glibc's internals
 * directly. A thread started by thrd_create then crashes inside TSan's
 * runtime, and a lock taken by mtx_lock is invisible to it (so it would
 * report races that the lock prevents). Defined here, in the executable,
 * these functions take precedence over the C library's, and every thread
 * and lock of the program goes through TSan's interceptors. This is what
 * glibc's C11 threads are anyway: thrd_t is a pthread_t, and mtx_t and
 * cnd_t are unions the size of pthread's types (checked below). The
 * library itself stays C11 and never includes this file.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <threads.h>

_Static_assert(sizeof(thrd_t) == sizeof(pthread_t), "thrd_t is a pthread_t");
_Static_assert(sizeof(mtx_t) >= sizeof(pthread_mutex_t),
               "mtx_t holds a pthread mutex");
_Static_assert(sizeof(cnd_t) >= sizeof(pthread_cond_t),
               "cnd_t holds a pthread condition");

typedef struct start {
    thrd_start_t func;
    void *arg;
} start;

/* pthread's start routine returns a pointer, C11's an int. */
static void *
trampoline(void *p)
{
    start st = *(start *)p;
    free(p);
    return (void *)(intptr_t)st.func(st.arg);
}

int
thrd_create(thrd_t *thr, thrd_start_t func, void *arg)
{
    pthread_t t;
    start *st = malloc(sizeof *st);
    if (st == NULL) {
        return thrd_nomem;
    }
    st->func = func;
    st->arg = arg;
    if (pthread_create(&t, NULL, trampoline, st) != 0) {
        free(st);
        return thrd_error;
    }
    *thr = (thrd_t)t;
    return thrd_success;
}

int
thrd_join(thrd_t thr, int *res)
{
    void *ret;
    if (pthread_join((pthread_t)thr, &ret) != 0) {
        return thrd_error;
    }
    if (res != NULL) {
        *res = (int)(intptr_t)ret;
    }
    return thrd_success;
}

static pthread_mutex_t *
mutex_of(mtx_t *m)
{
    return (pthread_mutex_t *)(void *)m;
}

static pthread_cond_t *
cond_of(cnd_t *c)
{
    return (pthread_cond_t *)(void *)c;
}

static int
status(int pthread_result)
{
    return pthread_result == 0 ? thrd_success : thrd_error;
}

int
mtx_init(mtx_t *m, int type)
{
    pthread_mutexattr_t attr;
    int r;
    if (pthread_mutexattr_init(&attr) != 0) {
        return thrd_error;
    }
    if ((type & mtx_recursive) != 0) {
        pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    }
    r = pthread_mutex_init(mutex_of(m), &attr);
    pthread_mutexattr_destroy(&attr);
    return status(r);
}

int
mtx_lock(mtx_t *m)
{
    return status(pthread_mutex_lock(mutex_of(m)));
}

int
mtx_unlock(mtx_t *m)
{
    return status(pthread_mutex_unlock(mutex_of(m)));
}

void
mtx_destroy(mtx_t *m)
{
    pthread_mutex_destroy(mutex_of(m));
}

int
cnd_init(cnd_t *c)
{
    return status(pthread_cond_init(cond_of(c), NULL));
}

int
cnd_wait(cnd_t *c, mtx_t *m)
{
    return status(pthread_cond_wait(cond_of(c), mutex_of(m)));
}

int
cnd_signal(cnd_t *c)
{
    return status(pthread_cond_signal(cond_of(c)));
}

int
cnd_broadcast(cnd_t *c)
{
    return status(pthread_cond_broadcast(cond_of(c)));
}

void
cnd_destroy(cnd_t *c)
{
    pthread_cond_destroy(cond_of(c));
}
