/*
 * sgseq_block.c - blocks of 256 heaps: phase A (the splits whose parts
 * are all older than the block, run by run so that the table is read in
 * order; sgseq_phase_a.c) for every heap of the block, on this thread or
 * shared with a second one, then phase B heap by heap. The engine's only
 * file with threads and atomics.
 */
#include "sgseq_pool.h"

#include <stdlib.h>
#include <string.h>

static size_t
sgseq_run_end(const sgseq_pool *pool, size_t j0)
{
    return j0 + SGSEQ_RUN < pool->count ? j0 + SGSEQ_RUN : pool->count;
}

#if SGSEQ_THREADS
/* The scans of the run from j0 whose marks are made, heap by heap from
 * its shared counter. */
static void
sgseq_phase_a_scans(sgseq_pool *pool, size_t j0, uint64_t *scanned)
{
    atomic_size_t *next = &pool->runs[j0 / SGSEQ_RUN].next;
    size_t len = sgseq_run_end(pool, j0) - j0, i;
    while ((i = atomic_fetch_add(next, 1)) < len) {
        sgseq_phase_a(pool->s, pool, j0 + i, scanned);
    }
}

/*
 * Phase A of the posted block: runs taken from a shared counter (when
 * one thread is slowed, a busy machine, the other does more of the
 * block), each marked and then scanned heap by heap. A thread that finds
 * no run left to take shares the scans of the runs still under way, so
 * that the threads end within a heap's scan of each other, where they
 * ended up to a run's apart (0.5 s of Officers' 13 s to 2^24). A heap's
 * scan starts from its run's marks: the thread that made them publishes
 * them (ready, a release) before any heap of the run is taken.
 */
static void
sgseq_phase_a_share(sgseq_pool *pool, unsigned thread)
{
    uint64_t *scanned = &pool->scanned[thread];
    unsigned char *scratch =
        pool->scratch + ((size_t)thread * SGSEQ_RUN << SGSEQ_BLOCK_MAXBITS);
    size_t j0;
    while ((j0 = atomic_fetch_add(&pool->next, SGSEQ_RUN)) < pool->count) {
        sgseq_phase_a_marks(pool, j0, sgseq_run_end(pool, j0), scratch);
        atomic_store_explicit(&pool->runs[j0 / SGSEQ_RUN].ready, pool->round,
                              memory_order_release);
        sgseq_phase_a_scans(pool, j0, scanned);
    }
    for (j0 = 0; j0 < pool->count; j0 += SGSEQ_RUN) {
        sgseq_run_share *run = &pool->runs[j0 / SGSEQ_RUN];
        if (atomic_load_explicit(&run->next, memory_order_relaxed) >=
            sgseq_run_end(pool, j0) - j0) {
            continue;   /* every heap of it taken */
        }
        while (atomic_load_explicit(&run->ready, memory_order_acquire) !=
               pool->round) {
            continue;   /* its marks are being made */
        }
        sgseq_phase_a_scans(pool, j0, scanned);
    }
}
#else
static void
sgseq_phase_a_share(sgseq_pool *pool, unsigned thread)
{
    unsigned char *scratch = pool->scratch;
    (void)thread;
    for (size_t j0 = 0; j0 < pool->count; j0 += SGSEQ_RUN) {
        size_t j1 = sgseq_run_end(pool, j0);
        sgseq_phase_a_marks(pool, j0, j1, scratch);
        for (size_t j = j0; j < j1; j++) {
            sgseq_phase_a(pool->s, pool, j, &pool->scanned[0]);
        }
    }
}
#endif

static void
sgseq_pool_rows_free(sgseq_pool *pool)
{
    free(pool->part);
    free(pool->ahead_rows);
    free(pool->scratch);
    pool->part = pool->ahead_rows = pool->scratch = NULL;
    pool->ahead.size = 0;
}

/* Phase A's rows, the next block's (sgseq_ahead) and the threads'
 * scratch rows: 0, or -1 when there is no memory for them. */
static int
sgseq_pool_rows(sgseq_pool *pool)
{
    if (pool->part == NULL) {
        pool->part = malloc((size_t)SGSEQ_BLOCK << SGSEQ_BLOCK_MAXBITS);
        pool->ahead_rows = malloc((size_t)SGSEQ_BLOCK << SGSEQ_BLOCK_MAXBITS);
        pool->scratch = malloc((size_t)2 * SGSEQ_RUN << SGSEQ_BLOCK_MAXBITS);
        if (pool->part == NULL || pool->ahead_rows == NULL ||
            pool->scratch == NULL) {
            sgseq_pool_rows_free(pool);
            return -1;
        }
    }
    return 0;
}

#if SGSEQ_THREADS
/*
 * Waits until *word differs from old: spins a little first (a block's
 * phase B is short, and waking a sleeping thread can take longer than
 * that on a busy machine), then sleeps on the condition variable. The
 * writer changes the word under the mutex and broadcasts, so no wakeup
 * is lost.
 */
static unsigned
sgseq_wait(sgseq_pool *pool, atomic_uint *word, unsigned old)
{
    unsigned now;
    for (long spin = 0; spin < SGSEQ_SPIN; spin++) {
        if ((now = atomic_load(word)) != old || atomic_load(&pool->quit)) {
            return now;
        }
    }
    mtx_lock(&pool->mtx);
    while ((now = atomic_load(word)) == old && !atomic_load(&pool->quit)) {
        cnd_wait(&pool->cnd, &pool->mtx);
    }
    mtx_unlock(&pool->mtx);
    return now;
}

static void
sgseq_signal(sgseq_pool *pool, atomic_uint *word, unsigned value)
{
    mtx_lock(&pool->mtx);
    atomic_store(word, value);
    cnd_broadcast(&pool->cnd);
    mtx_unlock(&pool->mtx);
}

/* Rare heaps marked between two looks at ahead_stop: about a
 * microsecond of marks for a run, so that phase B's end waits little. */
#define SGSEQ_AHEAD_CHUNK 64u

/* The worker's marks ahead (sgseq_ahead), run by run, until phase B is
 * over. */
static void
sgseq_ahead_marks(sgseq_pool *pool)
{
    sgseq_ahead *ah = &pool->ahead;
    for (size_t q = 0; q < SGSEQ_NRUN; q++) {
        unsigned char *row = pool->ahead_rows + q * SGSEQ_RUN * ah->size;
        size_t at = ah->base - ah->k + q * SGSEQ_RUN;
        if (atomic_load_explicit(&pool->ahead_stop, memory_order_relaxed)) {
            return;
        }
        memset(row, 0, SGSEQ_RUN * ah->size);
        ah->started[q] = 1;
        while (ah->done[q] < ah->mid[q]) {
            size_t end = ah->mid[q] - ah->done[q] > SGSEQ_AHEAD_CHUNK
                             ? ah->done[q] + SGSEQ_AHEAD_CHUNK
                             : ah->mid[q];
            if (atomic_load_explicit(&pool->ahead_stop,
                                     memory_order_relaxed)) {
                return;
            }
            sgseq_run_marks(&ah->t, row, ah->size, at, ah->rpos, ah->rval,
                            ah->done[q], end);
            ah->done[q] = end;
        }
    }
}

static int
sgseq_worker(void *arg)
{
    sgseq_pool *pool = arg;
    unsigned seen = 0;
    for (;;) {
        seen = sgseq_wait(pool, &pool->posted, seen);
        if (atomic_load(&pool->quit)) {
            break;
        }
        if (pool->job_ahead) {
            sgseq_ahead_marks(pool);
        } else {
            sgseq_phase_a_share(pool, 1);
        }
        sgseq_signal(pool, &pool->finished, seen);
    }
    return 0;
}

/*
 * Phase B is serial, and the worker would wait through it. It marks the
 * next block's far sample instead: the rare heaps r of each run's sample
 * whose partners (at - rpos[r] + j, read with a plane's 8-byte load) lie
 * 64 heaps or more below this block. Phase B writes only this block's
 * values, so those reads meet no store, provided nothing is moved while
 * they run: the table was reserved to its target (the next block within
 * it), the rare list has room for a block of rare heaps, the hot copy
 * does not slide in this block, and the values have at most two planes
 * (the snapshot holds both). Otherwise nothing is posted. The next block
 * takes the rows only when it is the one marked for, with the same row
 * size and rare list (sgseq_ahead_take); marks are ones set in a row, so
 * the row is the same whichever thread sets them and in which order.
 * Returns the job posted, 0 for none.
 */
static unsigned
sgseq_ahead_post(const sgseq *s, sgseq_pool *pool, size_t next)
{
    sgseq_ahead *ah = &pool->ahead;
    unsigned job;

    if (!pool->running || s->mask == 0 || s->n4 != 1 || s->planes > 2 ||
        next + SGSEQ_BLOCK > s->cap || s->rcap - s->nrare < SGSEQ_BLOCK ||
        s->wbase + 2 * s->whot < next) {
        return 0;
    }
    ah->t = sgseq_tab_of(s);
    ah->rpos = s->rpos;
    ah->rval = s->rval;
    ah->base = next;
    ah->size = pool->size;
    ah->k = (size_t)s->k4[0];
    ah->epoch = s->rare_epoch;
    for (size_t q = 0; q < SGSEQ_NRUN; q++) {
        size_t j0 = q * SGSEQ_RUN, to, far;
        sgseq_run_shared(s, next, j0, j0 + SGSEQ_RUN, ah->k, &ah->from[q],
                         &to);
        ah->mid[q] = sgseq_sample_end(s, ah->from[q], to);
        /* Partner + 64 <= next - SGSEQ_BLOCK, at = next - k + j0. */
        far = sgseq_rare_below(s, SGSEQ_BLOCK + 64 + j0);
        ah->far[q] = far > ah->from[q] ? far : ah->from[q];
        ah->done[q] = ah->far[q];
        ah->started[q] = 0;
    }
    atomic_store(&pool->ahead_stop, 0);
    pool->job_ahead = 1;
    job = atomic_load(&pool->posted) + 1;
    sgseq_signal(pool, &pool->posted, job);
    return job;
}

/* Phase B is over: the worker stops marking ahead. */
static void
sgseq_ahead_stop(sgseq_pool *pool, unsigned job)
{
    if (job != 0) {
        atomic_store(&pool->ahead_stop, 1);
        while (sgseq_wait(pool, &pool->finished, job - 1) != job) {
            continue;
        }
    }
}

static void
sgseq_pool_stop(sgseq_pool *pool)
{
    if (pool->running) {
        mtx_lock(&pool->mtx);
        atomic_store(&pool->quit, 1);
        cnd_broadcast(&pool->cnd);
        mtx_unlock(&pool->mtx);
        thrd_join(pool->worker, NULL);
        mtx_destroy(&pool->mtx);
        cnd_destroy(&pool->cnd);
        pool->running = 0;
    }
    sgseq_pool_rows_free(pool);
}

/* Starts the worker; 0, or -1 when threads are not available. */
static int
sgseq_pool_start(sgseq_pool *pool)
{
    if (sgseq_pool_rows(pool) != 0) {
        return -1;
    }
    atomic_init(&pool->next, 0);
    atomic_init(&pool->posted, 0);
    atomic_init(&pool->finished, 0);
    atomic_init(&pool->quit, 0);
    atomic_init(&pool->ahead_stop, 0);
    if (mtx_init(&pool->mtx, mtx_plain) != thrd_success) {
        return -1;
    }
    if (cnd_init(&pool->cnd) != thrd_success) {
        mtx_destroy(&pool->mtx);
        return -1;
    }
    if (thrd_create(&pool->worker, sgseq_worker, pool) != thrd_success) {
        cnd_destroy(&pool->cnd);
        mtx_destroy(&pool->mtx);
        return -1;
    }
    pool->running = 1;
    return 0;
}

#else
static unsigned
sgseq_ahead_post(const sgseq *s, sgseq_pool *pool, size_t next)
{
    (void)s;
    (void)pool;
    (void)next;
    return 0;
}

static void
sgseq_ahead_stop(sgseq_pool *pool, unsigned job)
{
    (void)pool;
    (void)job;
}

static void
sgseq_pool_stop(sgseq_pool *pool)
{
    sgseq_pool_rows_free(pool);
}

static int
sgseq_pool_start(sgseq_pool *pool)
{
    (void)pool;
    return -1;
}
#endif

/* The least common value of cl from index i on that is not marked; none
 * when all are. */
static uint32_t
sgseq_least_unmarked(const sgseq_view *cl, size_t i,
                     const unsigned char *mark, uint32_t none)
{
    for (; i < cl->ncommon; i++) {
        if (!mark[cl->common[i]]) {
            return cl->common[i];
        }
    }
    return none;
}

/*
 * Phase B's splits of heap n = base + j: a + b = n - k with a <= j (b in
 * the block or just before it). Every one when all is set; otherwise
 * only those with a rare part, a or b, which give every common value
 * these splits have: a pair of common heaps, or of two rare ones, gives
 * a rare value (docs/theory.md 3), and rare values are wanted only when
 * phase B looks below c for them, 2.7% of Officers' heaps to 2^24. The
 * rest then cost a mark each, 128 a heap on average.
 */
static void
sgseq_phase_b_splits(const sgseq *s, size_t n, size_t j, int all,
                     unsigned char *mark)
{
    for (size_t i = 0; i < s->n4 && sgseq_splits(s->k4[i], n); i++) {
        size_t m = n - (size_t)s->k4[i], hi = j < m / 2 ? j : m / 2;
        if (hi == 0) {
            continue;
        }
        if (all) {
            sgseq_mark_range(s, m, 1, hi, mark);
            continue;
        }
        /* a rare (1 <= a <= hi), then b rare (m - hi <= b < m). */
        sgseq_rare_pairs(s, m, 0, sgseq_rare_below(s, hi + 1), mark);
        sgseq_rare_pairs(s, m, sgseq_rare_below(s, m - hi),
                         sgseq_rare_below(s, m), mark);
    }
}

/* Phase B for heap base + j: the splits with a <= j (those with a rare
 * part first), the single-heap options, then c and the rare values below
 * it as in sgseq_sparse, scanning on from where phase A stopped if one is
 * still missing. */
static uint32_t
sgseq_phase_b(sgseq *s, const sgseq_pool *pool, size_t j)
{
    unsigned char *mark = s->mark;
    sgseq_tab t = sgseq_tab_of(s);
    size_t n = pool->base + j, size = (size_t)1 << s->vbits;
    size_t nmiss = 0, front;
    uint32_t c = (uint32_t)size;
    sgseq_view cl = sgseq_view_of(s, n);

    memcpy(mark, pool->part + j * pool->size, pool->size);
    memset(mark + pool->size, 0, size - pool->size);
    for (size_t i = 0; i < s->n2; i++) {
        if (s->k2[i] < n) {
            mark[sgseq_tab_get(&t, n - (size_t)s->k2[i])] = 1;
        }
    }
    for (size_t i = 0; i < s->n1; i++) {
        if (s->k1[i] == n) {
            mark[0] = 1;
        }
    }
    sgseq_phase_b_splits(s, n, j, s->mask == 0, mark);
    if (s->mask == 0) {
        /* The definition: every option is marked; the mex. */
        for (size_t v = 0; v < size; v++) {
            if (!mark[v]) {
                return (uint32_t)v;
            }
        }
        return c;
    }
    /* Phase A saw the common values before cfrom and settled the rare
     * values before rfrom (both lists ascending; a grown vbits only
     * appends): each was marked, or, when absent, seen in no split a > j.
     * One of those still unmarked is no option at all, and below c
     * (below the least unmarked common value of phase A), so the least
     * is G(n). */
    c = sgseq_least_unmarked(&cl, pool->cfrom[j], mark, c);
    if (c > pool->cexact[j]) {
        /* Past phase A's slots: the row needs the pairs only tested. */
        size_t run = j / SGSEQ_RUN;
        sgseq_rare_pairs(s, n - (size_t)s->k4[0], pool->tfrom[run],
                         pool->tto[run], mark);
        c = sgseq_least_unmarked(&cl, pool->cfrom[j], mark, (uint32_t)size);
    }
    if (pool->absent[j] ||
        (pool->rfrom[j] < cl.nrare && cl.rare[pool->rfrom[j]] < c)) {
        /* Rare values below c are looked for: the pairs of common heaps
         * have them too. */
        sgseq_phase_b_splits(s, n, j, 1, mark);
    }
    for (size_t i = 0; pool->absent[j] && i < pool->rfrom[j]; i++) {
        if (!mark[cl.rare[i]]) {
            return cl.rare[i];
        }
    }
    /* Rare values from rfrom up to c were not looked for in phase A: the
     * splits marked there have some, and the scan goes on after them. */
    for (size_t i = pool->rfrom[j]; i < cl.nrare && cl.rare[i] < c; i++) {
        if (!mark[cl.rare[i]]) {
            s->miss[nmiss++] = cl.rare[i];
        }
    }
    if (nmiss == 0) {
        return c;
    }
    s->full_scans++;
    nmiss = sgseq_scan(s, n, pool->front[j] + 1, mark, s->miss, nmiss,
                       &s->scanned, &front);
    return nmiss > 0 ? s->miss[0] : c;
}

/* Rare heaps from which a block pays on one thread: its phase A reads
 * the table in order for a run of heaps at once, which beats heap by heap
 * when there are many rare heaps (0.6 with 1583 at 2^20: 10% faster;
 * 0.007 with 22460: 20%), and costs a few per cent with few (0.161 with
 * 488). Two threads always share the blocks. */
#define SGSEQ_BLOCK_ONE_RARE 1024u

/* Whether heap n starts a block (phase A run by run over the block, on
 * one thread or two, then phase B heap by heap). */
int
sgseq_use_block(const sgseq *s, size_t n)
{
    if (s->threads < 2 && (s->mask == 0 || s->nrare < SGSEQ_BLOCK_ONE_RARE)) {
        return 0;
    }
    /* SGSEQ_PLAIN stays the literal definition, one heap at a time. */
    return s->method != SGSEQ_PLAIN && s->cls == NULL &&
           (s->mask == 0 || s->vbits > 6) &&
           s->vbits <= SGSEQ_BLOCK_MAXBITS && n >= SGSEQ_BLOCK_FROM &&
           n % SGSEQ_BLOCK == 0;
}

/* The block's maps of common values (the slots'), for both views. */
static void
sgseq_pool_cmap(sgseq_pool *pool)
{
    const sgseq *s = pool->s;
    memset(pool->cmap[0], 0, pool->size);
    memset(pool->cmap[1], 0, pool->size);
    for (size_t i = 0; i < s->ncommon; i++) {
        pool->cmap[0][s->common[i]] = 1;
    }
    for (size_t i = 0; i < s->nrarev; i++) {
        pool->cmap[1][s->rare[i]] = 1;
    }
}

/* The rows marked ahead become this block's when they were marked for
 * it, with its row size and rare list (sgseq_ahead_post). */
static void
sgseq_ahead_take(const sgseq *s, sgseq_pool *pool)
{
    sgseq_ahead *ah = &pool->ahead;
    if (ah->size != 0 && ah->base == pool->base && ah->size == pool->size &&
        ah->epoch == s->rare_epoch) {
        unsigned char *rows = pool->part;
        pool->part = pool->ahead_rows;
        pool->ahead_rows = rows;
    } else {
        memset(ah->started, 0, sizeof ah->started);
    }
    ah->size = 0;
}

/* Heaps base .. base + count - 1 by phases A and B. Returns as
 * sgseq_store; on failure to start threads, 2 (the caller goes on one
 * heap at a time). */
int
sgseq_block(sgseq *s, sgseq_pool *pool, size_t base, size_t count)
{
    unsigned ahead;

    if (s->threads >= 2 && !pool->running && sgseq_pool_start(pool) != 0) {
        s->threads = 1;   /* no second thread: the block on this one */
    }
    if (sgseq_pool_rows(pool) != 0) {
        return 2;
    }
    pool->s = s;
    pool->base = base;
    pool->count = count;
    pool->size = (size_t)1 << s->vbits;
    if (s->mask != 0 && s->n4 == 1) {
        sgseq_pool_cmap(pool);
    }
    sgseq_ahead_take(s, pool);
#if SGSEQ_THREADS
    pool->round++;
    for (size_t q = 0; q < SGSEQ_NRUN; q++) {
        atomic_store(&pool->runs[q].next, 0);
    }
    if (pool->running) {
        unsigned job = atomic_load(&pool->posted) + 1;
        pool->job_ahead = 0;
        atomic_store(&pool->next, 0);
        sgseq_signal(pool, &pool->posted, job);
        sgseq_phase_a_share(pool, 0);
        while (sgseq_wait(pool, &pool->finished, job - 1) != job) {
            continue;
        }
    } else {
        atomic_store(&pool->next, 0);
        sgseq_phase_a_share(pool, 0);
    }
#else
    sgseq_phase_a_share(pool, 0);
#endif
    s->scanned += pool->scanned[0] + pool->scanned[1];
    pool->scanned[0] = pool->scanned[1] = 0;
    ahead = sgseq_ahead_post(s, pool, base + count);
    for (size_t j = 0; j < count; j++) {
        uint32_t v = sgseq_phase_b(s, pool, j);
        /* sgseq_unequal, with the splits a > j seen in phase A. */
        if (sgseq_unequal_rule(s, base + j) && !pool->equal[j] &&
            !sgseq_equal_pair(s, base + j, 1, j)) {
            v = 0;
        }
        int r = sgseq_store(s, base + j, v);
        if (r != 0) {
            sgseq_ahead_stop(pool, ahead);
            return r;
        }
    }
    sgseq_ahead_stop(pool, ahead);
    return 0;
}

sgseq_pool *
sgseq_pool_new(void)
{
    return calloc(1, sizeof(sgseq_pool));
}

void
sgseq_pool_free(sgseq_pool *pool)
{
    if (pool != NULL) {
        sgseq_pool_stop(pool);
        free(pool);
    }
}
