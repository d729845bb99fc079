/*
 * sgseq_pool.h - the engine's blocks, private to sgseq_block.c (the
 * pool, its threads, phase B) and sgseq_phase_a.c (phase A's marks and
 * scans for a run of heaps).
 */
#ifndef GRUNDY_SGSEQ_POOL_H
#define GRUNDY_SGSEQ_POOL_H

#include "sgseq_impl.h"

#if !defined(__STDC_NO_THREADS__) && !defined(__STDC_NO_ATOMICS__)
#include <stdatomic.h>
#include <threads.h>
#define SGSEQ_THREADS 1
#else
#define SGSEQ_THREADS 0
#endif

/*
 * Blocks. For heap n = base + j of a block starting at base, a split
 * a + b = n - k (a <= b) involves a heap of the block only when
 * b >= base, that is a <= j - k <= j. So all splits with a > j use values
 * known before the block: phase A does that work for every heap of the
 * block, two threads side by side; phase B then finishes the heaps in
 * order with the few splits a <= j and the single-heap options.
 */
/* Runs of a block. */
#define SGSEQ_NRUN (SGSEQ_BLOCK / SGSEQ_RUN)

/*
 * The next block's far marks, made by the worker while this thread runs
 * phase B (sgseq_ahead_post): for each run, the sample's rare heaps whose
 * partners lie 64 heaps or more below the block in phase B, so that they
 * read only values that no store of phase B writes or moves. The
 * snapshot below is all the worker reads.
 */
typedef struct sgseq_ahead {
    sgseq_tab t;
    const uint32_t *rpos;
    const uint16_t *rval;
    size_t base, size, k;  /* the block marked ahead; size 0: none */
    unsigned epoch;        /* s->rare_epoch when it was posted */
    size_t from[SGSEQ_NRUN], mid[SGSEQ_NRUN]; /* the run's sample */
    size_t far[SGSEQ_NRUN];  /* its rare heaps from far on are far */
    size_t done[SGSEQ_NRUN]; /* [far, done) marked */
    /* The run's rows were cleared and marked ahead for the block in
     * phase A; all 0 when no marks ahead were taken. */
    unsigned char started[SGSEQ_NRUN];
} sgseq_ahead;

#if SGSEQ_THREADS
/* A run's heaps for phase A's scans, shared by the threads
 * (sgseq_phase_a_share); a cache line each, so that the thread counting
 * through its own run does not fight the other over the line. */
typedef struct sgseq_run_share {
    atomic_size_t next;   /* the run's next heap to scan */
    atomic_uint ready;    /* the round whose marks of the run are made */
    char pad[64 - sizeof(atomic_size_t) - sizeof(atomic_uint)];
} sgseq_run_share;
#endif

typedef struct sgseq_pool {
    sgseq *s;
    unsigned char *part;  /* phase A marks, SGSEQ_BLOCK rows of `size` */
    unsigned char *ahead_rows; /* the next block's (sgseq_ahead) */
    sgseq_ahead ahead;
    int job_ahead;        /* the posted job is sgseq_ahead_marks */
    unsigned char *scratch; /* a run's rows for each thread (slots) */
    /* 1 at the common values of a heap's view (sgseq_swapped: 0, 1) */
    unsigned char cmap[2][(size_t)1 << SGSEQ_BLOCK_MAXBITS];
    size_t front[SGSEQ_BLOCK]; /* splits a <= front[j] marked */
    size_t cfrom[SGSEQ_BLOCK]; /* common[i] marked in phase A for i below */
    size_t rfrom[SGSEQ_BLOCK]; /* rare[i] settled in phase A for i below */
    unsigned char absent[SGSEQ_BLOCK]; /* some of them are no option */
    unsigned char equal[SGSEQ_BLOCK]; /* a split a > j has G(a) = G(b) */
    size_t cexact[SGSEQ_BLOCK]; /* common values up to this are settled in
                                   phase A's row (SIZE_MAX: all) */
    size_t tfrom[SGSEQ_NRUN], tto[SGSEQ_NRUN];
                          /* a run's rare heaps tested, not marked */
    size_t size;          /* 1 << vbits at phase A */
    size_t base, count;   /* the block */
    uint64_t scanned[2];
    int running;          /* the worker thread exists */
#if SGSEQ_THREADS
    atomic_size_t next;   /* next heap of the block for phase A */
    mtx_t mtx;
    cnd_t cnd;
    atomic_uint posted, finished; /* job numbers */
    atomic_int quit;
    atomic_int ahead_stop; /* phase B is over: sgseq_ahead_marks stops */
    sgseq_run_share runs[SGSEQ_NRUN];
    unsigned round;       /* the block's number, for runs[].ready */
    thrd_t worker;
#endif
} sgseq_pool;

/* ---- sgseq_phase_a.c ---------------------------------------------------- */

/* The rare heaps shared by a whole run of the block at base: [*from,
 * *to) of the rare list (see sgseq_phase_a.c). */
void sgseq_run_shared(const sgseq *s, size_t base, size_t j0, size_t j1,
                      size_t k, size_t *from, size_t *to);
/* The marks of a run of SGSEQ_RUN heaps for the rare heaps [from, to). */
void sgseq_run_marks(const sgseq_tab *t, unsigned char *row, size_t size,
                     size_t at, const uint32_t *rpos, const uint16_t *rval,
                     size_t from, size_t to);
/* The end of a run's sample in the rare list [from, to). */
size_t sgseq_sample_end(const sgseq *s, size_t from, size_t to);
/* Marks G(m - rpos[r]) ^ rval[r] for the rare heaps r of [from, to). */
void sgseq_rare_pairs(const sgseq *s, size_t m, size_t from, size_t to,
                      unsigned char *row);
/* The rare-heap marks of the run j0 .. j1 - 1 and its slots. */
void sgseq_phase_a_marks(sgseq_pool *pool, size_t j0, size_t j1,
                         unsigned char *scratch);
/* The rest of phase A for heap base + j: c and the scan. */
void sgseq_phase_a(const sgseq *s, sgseq_pool *pool, size_t j,
                   uint64_t *scanned);

#endif
