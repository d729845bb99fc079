/*
 * sgseq.c - Grundy sequences of take-and-break heap games, the driver and
 * public API (sgseq.h): the rules, the compute loop that grows the table
 * (one heap at a time, or in blocks), values, the period search, saved
 * tables, and the words of its errors. The parts it drives are listed in
 * sgseq_impl.h. Every value is exact; limits are reported, never worked
 * around by guessing.
 */
#include "sgseq_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The sizes k of the runs whose digit has bit, ascending, expanded (the
 * caller made sure there are few). */
static uint64_t *
sgseq_klist(const sgseq_rules *r, unsigned bit, size_t *count)
{
    size_t n = 0, at = 0;
    uint64_t *out;
    for (size_t i = 0; i < r->nrun; i++) {
        if (r->run[i].bits & bit) {
            n += (size_t)(r->run[i].hi - r->run[i].lo + 1);
        }
    }
    out = malloc((n + 1) * sizeof *out);
    if (out == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < r->nrun; i++) {
        if (r->run[i].bits & bit) {
            for (uint64_t k = r->run[i].lo; k <= r->run[i].hi; k++) {
                out[at++] = k;
                if (k == UINT64_MAX) {
                    break;
                }
            }
        }
    }
    *count = at;
    return out;
}

/* 1 when the per-k kernels suit the rules: finitely many sizes, few per
 * list, at most two parts. */
static int
sgseq_kernel_rules(const sgseq_rules *r)
{
    uint64_t count[3] = {0, 0, 0};
    if (r->nrep > 0) {
        return 0;
    }
    for (size_t i = 0; i < r->nrun; i++) {
        uint64_t len = r->run[i].hi - r->run[i].lo;
        if (r->run[i].bits & SGSEQ_THREE) {
            return 0;
        }
        for (unsigned b = 0; b < 3; b++) {
            if (r->run[i].bits & (1u << b)) {
                if (len >= SGSEQ_KERNEL_MAX_K) {
                    return 0;
                }
                count[b] += len + 1;
            }
        }
    }
    return count[0] <= SGSEQ_KERNEL_MAX_K && count[1] <= SGSEQ_KERNEL_MAX_K &&
           count[2] <= SGSEQ_KERNEL_MAX_K;
}

/*
 * Keeps a copy of the rules when an arithmetic-periodicity test applies
 * to them: a repeating group, every move leaving at most one heap (see
 * sgseq_try_certify_arith); or finitely many digits, removals of at most
 * SGSEQ_ARITH3_MAX_T, some move splitting a heap in three, or a repeating
 * group (of at most that many digits, from at most that removal on) with
 * moves that split (see sgseq_arith3.c). Returns -1 when out of memory.
 */
static int
sgseq_keep_rules(sgseq *s, const sgseq_rules *r)
{
    int arith3 = !r->unequal &&
                 ((r->nrep == 0 && s->parts == 3 &&
                   s->t <= SGSEQ_ARITH3_MAX_T) ||
                  (r->nrep > 0 && s->parts >= 2 && r->rep_from >= 1 &&
                   r->rep_from <= SGSEQ_ARITH3_MAX_T &&
                   r->nrep <= SGSEQ_ARITH3_MAX_T));
    if (!arith3 &&
        (r->nrep == 0 || s->t != UINT64_MAX || s->parts != 1 || r->unequal)) {
        return 0;
    }
    s->arun = malloc((r->nrun + 1) * sizeof *s->arun);
    s->arep = malloc((r->nrep + 1) * sizeof *s->arep);
    if (s->arun == NULL || s->arep == NULL) {
        return -1;
    }
    if (r->nrun > 0) {
        memcpy(s->arun, r->run, r->nrun * sizeof *s->arun);
    }
    if (r->nrep > 0) {
        memcpy(s->arep, r->rep, r->nrep * sizeof *s->arep);
    }
    s->narun = r->nrun;
    s->narep = r->nrep;
    s->arep_from = r->rep_from;
    s->arith = !arith3;
    s->arith3 = arith3;
    return 0;
}

sgseq *
sgseq_new_rules(const sgseq_rules *r, sgseq_cert cert)
{
    sgseq *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return NULL;
    }
    s->cert = cert;
    s->method = SGSEQ_AUTO;
    s->search_limit = SGSEQ_DEFAULT_SEARCH;
    s->max_value = SGSEQ_MAX_VALUE;
    s->certify = 1;
    s->fp_base = SGSEQ_FP_BASE;
    s->threads = 2;
    s->unequal = r->unequal;
    s->parts = 1;
    if (!r->classes && sgseq_kernel_rules(r)) {
        s->k1 = sgseq_klist(r, SGSEQ_NOTHING, &s->n1);
        s->k2 = sgseq_klist(r, SGSEQ_ONE, &s->n2);
        s->k4 = sgseq_klist(r, SGSEQ_TWO, &s->n4);
        if (s->k1 == NULL || s->k2 == NULL || s->k4 == NULL) {
            sgseq_free(s);
            return NULL;
        }
    } else if (r->unequal || (s->cls = sgclass_new(r)) == NULL) {
        /* Unequal splits are known to the kernels only. */
        sgseq_free(s);
        return NULL;
    }
    if (sgseq_set_vbits(s, 6) != 0) {
        sgseq_free(s);
        return NULL;
    }
    for (size_t i = 0; i < r->nrun; i++) {
        if (r->run[i].bits != 0 && r->run[i].hi > s->t) {
            s->t = r->run[i].hi;
        }
        if (r->run[i].bits & SGSEQ_TWO && s->parts < 2) {
            s->parts = 2;
        }
        if (r->run[i].bits & SGSEQ_THREE) {
            s->parts = 3;
        }
    }
    for (size_t i = 0; i < r->nrep; i++) {
        if (r->rep[i] != 0) {
            s->t = UINT64_MAX;
        }
        if (r->rep[i] & SGSEQ_TWO && s->parts < 2) {
            s->parts = 2;
        }
        if (r->rep[i] & SGSEQ_THREE) {
            s->parts = 3;
        }
    }
    if (sgseq_keep_rules(s, r) != 0) {
        sgseq_free(s);
        return NULL;
    }
    return s;
}

sgseq *
sgseq_new(const uint64_t *k, const unsigned *bits, size_t n, sgseq_cert cert)
{
    /* Sorted by k, equal sizes merged: one run per size. */
    sgseq_run *run = malloc((n + 1) * sizeof *run);
    size_t m = 0;
    sgseq_rules r;
    sgseq *s;

    if (run == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        size_t j = m;
        if (bits[i] == 0) {
            continue;
        }
        while (j > 0 && run[j - 1].lo > k[i]) {
            j--;
        }
        if (j > 0 && run[j - 1].lo == k[i]) {
            run[j - 1].bits |= bits[i];
            continue;
        }
        memmove(run + j + 1, run + j, (m - j) * sizeof *run);
        run[j].lo = run[j].hi = k[i];
        run[j].bits = bits[i];
        m++;
    }
    memset(&r, 0, sizeof r);
    r.run = run;
    r.nrun = m;
    s = sgseq_new_rules(&r, cert);
    free(run);
    return s;
}

void
sgseq_free(sgseq *s)
{
    if (s == NULL) {
        return;
    }
    free(s->k1);
    free(s->k2);
    free(s->k4);
    free(s->arun);
    free(s->arep);
    sgclass_free(s->cls);
    free(s->g);
    free(s->glo);
    free(s->wlow);
    free(s->wtop);
    for (unsigned p = 0; p < s->planes; p++) {
        free(s->ghi[p]);
    }
    free(s->mark);
    free(s->hist);
    free(s->hist_odd);
    free(s->common);
    free(s->rare);
    free(s->miss);
    free(s->rpos);
    free(s->rval);
    free(s);
}

void
sgseq_set_method(sgseq *s, sgseq_method method)
{
    s->method = method;
}

void
sgseq_set_threads(sgseq *s, unsigned threads)
{
    s->threads = threads >= 2 ? 2 : 1;
}

void
sgseq_set_certify(sgseq *s, int on)
{
    s->certify = on;
}

void
sgseq_set_fingerprint_base(sgseq *s, uint64_t base)
{
    s->fp_base = base;
}

void
sgseq_set_max_value(sgseq *s, uint32_t max)
{
    s->max_value = max < SGSEQ_MAX_VALUE ? max : SGSEQ_MAX_VALUE;
}

void
sgseq_set_search_limit(sgseq *s, uint64_t values)
{
    s->search_limit = values;
}

uint64_t
sgseq_length(const sgseq *s)
{
    return s->len;
}

size_t
sgseq_footprint(const sgseq *s)
{
    if (s == NULL) {
        return 0;
    }
    return sizeof *s + sgseq_table_room(s, s->cap) +
           s->rcap * (sizeof *s->rpos + sizeof *s->rval);
}

int
sgseq_certified(const sgseq *s, uint64_t *p, uint64_t *n0)
{
    if (!s->certified) {
        return 0;
    }
    *p = s->p;
    *n0 = s->n0;
    return 1;
}

uint64_t
sgseq_saltus(const sgseq *s)
{
    return s->certified ? s->saltus : 0;
}

/* *out += q saltus, q = (n - n0 - i) / p: the saltus part of
 * sgseq_reduce_nat, kept out of line so that the ordinary period's path
 * (the per-heap path of streams) sets up no frame for it. */
static __attribute__((noinline)) int
sgseq_add_saltus(const sgseq *s, const nat *n, uint64_t i, nat *out)
{
    nat q = NAT_ZERO;
    uint64_t r;
    int rc = nat_sub_u64(&q, n, s->n0 + i) != 0 ||
                     nat_divmod_u64(&q, &q, s->p, &r) != 0 ||
                     nat_mul_u64(&q, &q, s->saltus) != 0 ||
                     nat_add(out, out, &q) != 0
                 ? -1
                 : 0;
    nat_free(&q);
    return rc;
}

/* The heap of the certified period's first run worth G(n) less q
 * saltus (sgseq_reduce_nat), n >= n0: n0 + (n - n0) mod p. */
static inline uint64_t
sgseq_residue(const sgseq *s, uint64_t n)
{
    return s->n0 + (n - s->n0) % s->p;
}

/* G(n) = G(n - p) + saltus for every n >= n0 + p, proven by the
 * certificate: G(n) = G(n0 + i) + q saltus with n - n0 = q p + i, for
 * heaps of any size (n >= len > n0). The remainder of a 64-bit heap
 * takes one division; beyond, i = (n mod p - n0 mod p) mod p spares a
 * subtraction on a bignum. 0, or -1 when out of memory. */
static inline int
sgseq_reduce_nat(const sgseq *s, const nat *n, nat *out)
{
    uint64_t v, i;
    if (nat_to_u64(n, &v)) {
        i = sgseq_residue(s, v) - s->n0;
    } else if (nat_divmod_u64(NULL, n, s->p, &i) == 0) {
        i = (i + s->p - s->n0 % s->p) % s->p;
    } else {
        return -1;
    }
    nat_set_u64(out, sgseq_get(s, (size_t)(s->n0 + i)));
    return s->saltus == 0 ? 0 : sgseq_add_saltus(s, n, i, out);
}

int
sgseq_known_nat(const sgseq *s, const nat *n, nat *out)
{
    uint64_t v;
    if (nat_to_u64(n, &v) && v < s->len) {
        nat_set_u64(out, sgseq_get(s, (size_t)v));
        return 1;
    }
    if (!s->certified) {
        return 0;
    }
    return sgseq_reduce_nat(s, n, out) != 0 ? -1 : 1;
}

/* The 64-bit form: 0 when G(n) passes 2^64 - 1 (a saltus above p:
 * splits let values outgrow heaps). Within 128 bits: no allocation. Not
 * inlined, so that sgseq_known's table lookup (the hottest path of heap
 * scans) sets up no frame for the nats. */
static __attribute__((noinline)) int
sgseq_reduce(const sgseq *s, uint64_t n, uint64_t *out)
{
    nat x = NAT_ZERO, g = NAT_ZERO;
    nat_set_u64(&x, n);
    (void)sgseq_reduce_nat(s, &x, &g);
    return nat_to_u64(&g, out);
}

int
sgseq_known(const sgseq *s, uint64_t n, uint64_t *out)
{
    if (n < s->len) {
        *out = sgseq_get(s, (size_t)n);
        return 1;
    }
    if (s->certified && s->saltus == 0) {
        /* sgseq_reduce_nat without a saltus to add: a table lookup, the
         * path of every 64-bit heap of a purely periodic game. */
        *out = sgseq_get(s, sgseq_residue(s, n));
        return 1;
    }
    return s->certified && sgseq_reduce(s, n, out);
}

int
sgseq_fits(const sgseq *s, uint64_t n)
{
    uint64_t v;
    return n < s->len || !s->certified || sgseq_reduce(s, n, &v);
}

int
sgseq_may_outgrow(const sgseq *s)
{
    /* Only the test for codes that split heaps certifies a saltus above
     * the period, and only with a repeating group (sgseq_arith3.c). */
    return s->arith3 && s->narep > 0;
}

void
sgseq_get_stats(const sgseq *s, sgseq_stats *out)
{
    out->mask = s->mask;
    out->heap_parity = s->heap_parity;
    out->rare_class = s->rare_class;
    out->rare = s->nrare;
    out->full_scans = s->full_scans;
    out->scanned = s->scanned;
    out->max_value = s->vmax;
}

/* ---- computing values ------------------------------------------------- */

/*
 * Which of w[0..3] splits a + b = m with lo <= a <= hi have, as bits 0..3
 * (no marks). The test runs on eight splits at a time where the compiler
 * has vector types: the eight values below m - a, read as one vector,
 * are reversed (16-bit halves swapped, then the four 32-bit lanes) to
 * line up with the eight above a.
 */

/* An impossible value: out of memory in sgclass. */

/* ---- period certificates ---------------------------------------------- */

/* ---- growing the table ------------------------------------------------ */

/* The same in util_size_text's units. */
static void
sgseq_need_text(char *buf, size_t cap, uint64_t bytes)
{
    uint64_t up = sgseq_need_bytes(bytes);
    util_size_text(buf, cap, up > SIZE_MAX ? SIZE_MAX : (size_t)up);
}

/*
 * Steps (pairs of heaps visited) to extend the table from heap `from` to
 * `to` by the method in use. The definition visits about m / 2 splits of
 * heap m per removal that splits, (to^2 - from^2) / 4 in all; sparse space
 * about as many per heap as so far: its rare heaps per removal, and its
 * scans. Saturates at UINT64_MAX.
 */

static grundy_status
sgseq_work_error(const sgseq *s, const sgseq_env *env, uint64_t to,
                 uint64_t steps, grundy_error *err)
{
    return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_WORK, steps,
                         "%s: no period is proven up to heap %zu, and "
                         "computing values up to heap %llu takes about "
                         "%llu steps, more than the work limit of %llu",
                         env->name ? env->name : "the game", s->len,
                         (unsigned long long)(to - 1),
                         (unsigned long long)steps,
                         (unsigned long long)env->work_limit);
}

static grundy_status
sgseq_overflow_error(const sgseq *s, const sgseq_env *env, grundy_error *err)
{
    return err_set(err, GRUNDY_ELIMIT, -1,
                   "the Grundy value of heap %zu of %s exceeds %lu, the "
                   "largest value the tables hold", s->len,
                   env->name ? env->name : "the game",
                   (unsigned long)s->max_value);
}

/* The memory limit stops the table at heap n on its way to target: what
 * the table to target needs (the charge per heap, or what the lists
 * already take when that is more). */
static grundy_status
sgseq_tables_error(const sgseq *s, const sgseq_env *env, size_t n,
                   size_t target, grundy_error *err)
{
    char need[32], have[32];
    uint64_t bytes = sgseq_table_bytes(s, (uint64_t)target + 1);
    if (sgseq_footprint(s) > bytes) {
        bytes = sgseq_footprint(s);
    }
    sgseq_need_text(need, sizeof need, bytes);
    util_size_text(have, sizeof have, env->memory_limit);
    return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY,
                         sgseq_need_bytes(bytes),
                         "%s: no period is proven up to heap %zu, and "
                         "computing values up to heap %zu needs about %s "
                         "of tables, more than the memory limit of %s",
                         env->name ? env->name : "the game", n, target - 1,
                         need, have);
}

/* Before the table of values grows to cap values: the caller's other
 * tables that no line uses make room for sgseq_table_bytes of it (the new
 * blocks are held beside the old ones while realloc copies, so all of it
 * is asked for). */
static void
sgseq_make_room(const sgseq_env *env, const sgseq *s, size_t cap)
{
    if (env->make_room != NULL && cap > s->cap) {
        uint64_t bytes = sgseq_table_bytes(s, cap);
        env->make_room(env->make_room_user,
                       bytes > SIZE_MAX ? SIZE_MAX : (size_t)bytes);
    }
}

/*
 * Computes values up to (not including) target, trying a certificate at
 * the end and, with at_pow2, at each power of two on the way, stopping
 * early when one holds.
 */
static grundy_status
sgseq_compute(sgseq *s, size_t target, int at_pow2, const sgseq_env *env,
              grundy_error *err)
{
    char what[160];
    sgseq_pool *pool = NULL;
    grundy_status st = GRUNDY_OK;
    unsigned vbits = s->vbits, planes = s->planes;
    size_t rcap = s->rcap;

    snprintf(what, sizeof what, "Grundy values of %s",
             env->name ? env->name : "the game");
    sgseq_make_room(env, s, target);
    if (sgseq_reserve(s, target) != 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    while (s->len < target && !s->certified && !s->overflow) {
        size_t n = s->len;
        int r = 2;

        if (sgseq_mask_choice(s, n) != 0) {
            st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
            break;
        }
        if ((s->cls != NULL && (sgseq_is_pow2(n) || s->vbits != vbits) &&
             sgseq_table_bytes(s, n + 1) > env->memory_limit) ||
            ((s->rcap != rcap || s->planes != planes) &&
             sgseq_footprint(s) > env->memory_limit)) {
            /* Removal classes keep rows that widen with the values, the
             * rare heap lists grow with the rare heaps, and the compact
             * table a plane with each bit of the values past 8: the
             * limit is checked as they grow, not only per query. */
            st = sgseq_tables_error(s, env, n, target, err);
            break;
        }
        rcap = s->rcap;
        planes = s->planes;
        vbits = s->vbits;
        /* Removal classes have no method to settle: their estimate holds
         * from short tables on. */
        if (sgseq_is_pow2(n) &&
            n >= (s->cls != NULL ? SGSEQ_SPARSE_FROM : SGSEQ_WORK_FROM) &&
            env->work_limit != 0) {
            uint64_t steps = sgseq_work_estimate(s, n, target);
            if (steps > env->work_limit) {
                st = sgseq_work_error(s, env, target, steps, err);
                break;
            }
        }
        /* Blocks start at multiples of SGSEQ_BLOCK: the call (another
         * file's) is made only there, not once a heap. */
        if (target - n >= SGSEQ_BLOCK && n % SGSEQ_BLOCK == 0 &&
            sgseq_use_block(s, n)) {
            if (pool == NULL) {
                pool = sgseq_pool_new();
            }
            if (pool != NULL) {
                r = sgseq_block(s, pool, n, SGSEQ_BLOCK);
            }
        }
        if (r == 2) {
            r = sgseq_store(s, n, sgseq_mex(s, n));
        }
        if (r < 0) {
            st = err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
            break;
        }
        if ((s->len >> 16) != (n >> 16) && env->progress != NULL) {
            env->progress(env->progress_user, what, s->len, target);
        }
        /* Blocks are aligned: a power of two can only be the new end. */
        if (at_pow2 && sgseq_is_pow2(s->len) && s->len >= 16) {
            sgseq_try_certify(s);
        }
    }
    sgseq_pool_free(pool);
    if (st == GRUNDY_OK && !s->certified) {
        sgseq_try_certify(s);
    }
    return st;
}

void
sgseq_why_no_period(const sgseq *s, const sgseq_env *env, char *buf,
                    size_t cap)
{
    uint64_t max = sgseq_max_len(s, env);
    uint64_t search = s->search_limit < max ? s->search_limit : max;
    uint64_t q, sal, n0;
    if (sgseq_unprovable_saltus(s, &q, &sal, &n0)) {
        snprintf(buf, cap, "no period is proven (up to heap %llu the values "
                 "follow G(n + %llu) = G(n) + %llu from heap %llu, a saltus "
                 "no test here proves)", (unsigned long long)s->len,
                 (unsigned long long)q, (unsigned long long)sal,
                 (unsigned long long)n0);
    } else if (sgseq_can_certify(s)) {
        snprintf(buf, cap, "no period is proven (none found up to heap "
                 "%llu%s)", (unsigned long long)s->len,
                 s->len < search ? "; 'grundy period' searches further"
                                 : "");
    } else {
        snprintf(buf, cap, "no period theorem applies (values known up to "
                 "heap %llu)", (unsigned long long)s->len);
    }
}

/* Before a refusal for memory: tells the listener how far the table got
 * of the `total` heaps the answer needs, so that it can say how long a
 * raised limit would take at the rate it measured (the CLI does). */
static void
sgseq_report_need(const sgseq *s, const sgseq_env *env, uint64_t total)
{
    char what[160];
    if (env->progress != NULL) {
        snprintf(what, sizeof what, "Grundy values of %s",
                 env->name ? env->name : "the game");
        env->progress(env->progress_user, what, s->len, total);
    }
}

grundy_status
sgseq_value(sgseq *s, uint64_t n, const sgseq_env *env, uint64_t *out,
            grundy_error *err)
{
    uint64_t max, v;

    while (!sgseq_known(s, n, &v)) {
        uint64_t target;
        grundy_status st;

        /* The charge per heap follows the rare heaps: asked anew. */
        max = sgseq_max_len(s, env);

        if (!sgseq_fits(s, n)) {
            return err_set(err, GRUNDY_ELIMIT, -1,
                           "the Grundy value of heap %llu of %s is beyond "
                           "2^64 - 1 (G(n + %llu) = G(n) + %llu): it is "
                           "answered exactly in a position, not as a "
                           "64-bit number",
                           (unsigned long long)n,
                           env->name ? env->name : "the game",
                           (unsigned long long)s->p,
                           (unsigned long long)s->saltus);
        }
        if (s->overflow) {
            return sgseq_overflow_error(s, env, err);
        }
        if (n >= max || s->len >= max) {
            /* Beyond the memory limit: only a period could answer. Look
             * for one over a bounded search, then give up loudly. */
            uint64_t search = s->search_limit < max ? s->search_limit : max;
            char need[32], have[32], why[160];
            if (s->len < search && sgseq_can_certify(s) &&
                !sgseq_search_costly(s)) {
                target = s->len < 512 ? 1024 : 2 * (uint64_t)s->len;
                st = sgseq_compute(s,
                                   (size_t)(target < search ? target
                                                               : search),
                                   1, env, err);
                if (st != GRUNDY_OK) {
                    return st;
                }
                continue;
            }
            util_size_text(have, sizeof have, env->memory_limit);
            sgseq_why_no_period(s, env, why, sizeof why);
            if (n >= SGSEQ_MAX_LEN) {
                return err_set(err, GRUNDY_ELIMIT, -1,
                               "heap %llu of %s: %s, and tables stop "
                               "below heap %llu",
                               (unsigned long long)n,
                               env->name ? env->name : "the game", why,
                               (unsigned long long)SGSEQ_MAX_LEN);
            }
            sgseq_need_text(need, sizeof need, sgseq_table_bytes(s, n + 1));
            sgseq_report_need(s, env, n + 1);
            return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY,
                                 sgseq_need_bytes(sgseq_table_bytes(s,
                                                                    n + 1)),
                                 "heap %llu of %s: %s, and computing its "
                                 "value needs %s of tables, more than the "
                                 "memory limit of %s",
                                 (unsigned long long)n,
                                 env->name ? env->name : "the game", why,
                                 need, have);
        }
        /* Amortised doubling, up to the heap asked for at least. */
        target = s->len < 512 ? 1024 : 2 * (uint64_t)s->len;
        if (target < n + 1) {
            target = n + 1;
        }
        if (target > max) {
            target = max;
        }
        /* Doubling amortises, but not past the work limit when the heap
         * asked for is within it. */
        if (env->work_limit != 0 && s->len >= SGSEQ_WORK_FROM &&
            sgseq_work_estimate(s, s->len, target) > env->work_limit) {
            target = n + 1;
        }
        st = sgseq_compute(s, (size_t)target, 1, env, err);
        if (st != GRUNDY_OK) {
            return st;
        }
    }
    *out = v;
    return GRUNDY_OK;
}

/* 1 when err is a limit that a period search governed by the limits
 * stops at (rather than fails on): the work or the memory limit. */
static int
sgseq_search_stop(grundy_status st, const grundy_error *err)
{
    return st == GRUNDY_ELIMIT && err != NULL &&
           (err->limit == GRUNDY_LIMIT_WORK ||
            err->limit == GRUNDY_LIMIT_MEMORY);
}

/* The next length of the period search's table: doubling while short,
 * then steps of half the table, each ending with a certificate attempt
 * (sgseq_compute), so that a period is found before the table passes
 * 1.5 times the length its certificate needs (or at the length the
 * search stops at, where every certificate that fits is found). */
static uint64_t
sgseq_search_step(uint64_t len)
{
    if (len < 512) {
        return 1024;
    }
    return len < SGSEQ_SEARCH_FINE ? 2 * len : len + len / 2;
}

/*
 * The period search: grows the table until a certificate holds or the
 * search length is reached. With env->period_search = UINT64_MAX the
 * length is what the limits allow: the table the memory limit holds, and
 * no doubling whose estimated steps pass the work limit (the search stops
 * there, found = 0 and stopped_by naming the limit, rather than failing:
 * how far to look is exactly what the limits are for here).
 */
grundy_status
sgseq_period(sgseq *s, const sgseq_env *env, grundy_period *out,
             grundy_error *err)
{
    int by_limits = env->period_search == UINT64_MAX;
    uint64_t bound = env->period_search == 0 ? s->search_limit
                                              : env->period_search;
    grundy_limit stop = GRUNDY_LIMIT_NONE;
    uint64_t uq, usal, un0;   /* a saltus no test proves */

    memset(out, 0, sizeof *out);
    if (!sgseq_can_certify(s)) {
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "no theorem certifies a period of this game (%s): "
                       "values are computed up to the heap asked",
                       s->t == UINT64_MAX
                           ? "a repeating group has no largest removal for "
                             "Guy-Smith, and the arithmetic-periodicity "
                             "tests take groups of at most 64 digits that "
                             "start at removal 64 or below"
                           : "Grundy's game has none known");
    }
    while (!s->certified) {
        /* The charge per heap follows the rare heaps: asked anew. */
        uint64_t max = sgseq_max_len(s, env);
        uint64_t search = bound < max ? bound : max;
        uint64_t target = sgseq_search_step(s->len);
        grundy_error why;
        grundy_status st;
        stop = bound > max ? GRUNDY_LIMIT_MEMORY : GRUNDY_LIMIT_NONE;
        if (s->len >= search) {
            break;
        }
        if (target > search) {
            target = search;
        }
        if (by_limits && env->work_limit != 0 && s->len >= 1024 &&
            sgseq_work_estimate(s, s->len, target) > env->work_limit) {
            stop = GRUNDY_LIMIT_WORK;
            break;
        }
        /* Each step ends with an attempt: none between. */
        st = sgseq_compute(s, (size_t)target, 0, env,
                           by_limits ? &why : err);
        if (by_limits && sgseq_search_stop(st, &why)) {
            stop = why.limit;
            break;
        }
        if (st != GRUNDY_OK) {
            if (by_limits && err != NULL) {
                *err = why;
            }
            return st;
        }
        if (s->overflow) {
            return sgseq_overflow_error(s, env, err);
        }
        if (!s->certified && sgseq_unprovable_saltus(s, &uq, &usal, &un0)) {
            return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                           "no theorem certifies a period of this game: "
                           "its values up to heap %llu follow G(n + %llu) = "
                           "G(n) + %llu from heap %llu, and the test for "
                           "codes that split heaps proves only a saltus "
                           "that is a power of two (docs/theory.md 3b); "
                           "values are computed up to the heap asked",
                           (unsigned long long)s->len,
                           (unsigned long long)uq, (unsigned long long)usal,
                           (unsigned long long)un0);
        }
    }
    if (s->certified) {
        out->found = 1;
        out->period = s->p;
        out->preperiod = s->n0;
        out->certified = s->cert_len;
        out->saltus = s->saltus;
        out->theorem = s->arith ? SGSEQ_ARITH_THEOREM
                       : s->arith3 && s->saltus != 0
                           ? SGSEQ_ARITH3_THEOREM
                       : s->arith3 && s->narep > 0 ? SGSEQ_SPLIT_PERIOD_THEOREM
                                                   : NULL;
    } else {
        out->found = 0;
        out->searched = s->len;
        out->stopped_by = stop;
    }
    return GRUNDY_OK;
}

/* ---- saved sequences ------------------------------------------------- */

int
sgseq_loadable(const sgseq *s)
{
    return s->cls == NULL;
}

void
sgseq_get_values(const sgseq *s, uint64_t from, size_t count, uint16_t *out)
{
    for (size_t i = 0; i < count; i++) {
        out[i] = (uint16_t)sgseq_get(s, (size_t)from + i);
    }
}

/* The n-th of the little-endian 16-bit values at le. */
static unsigned
sgseq_le16(const unsigned char *le, size_t n)
{
    return (unsigned)le[2 * n] | (unsigned)le[2 * n + 1] << 8;
}

/* Bytes of the compact table holding len saved values whose bits, ORed
 * together, are top: a byte each and a bit a plane for each bit of top
 * past 8. */
static uint64_t
sgseq_load_bytes(uint64_t len, unsigned top)
{
    unsigned planes = 0;
    while (top >> (SGSEQ_LO_BITS + planes) != 0) {
        planes++;
    }
    return len + planes * (len / 64 + SGSEQ_PLANE_PAD) * 8;
}

grundy_status
sgseq_load_begin(sgseq *s, uint64_t len, unsigned top, const sgseq_env *env,
                 grundy_error *err)
{
    uint64_t bytes;

    if (s->cls != NULL) {
        return err_set(err, GRUNDY_EUNSUPPORTED, -1,
                       "%s: its values come from removal classes, which "
                       "are not saved", env->name ? env->name : "the game");
    }
    /* The whole table is counted before the first value is stored: a
     * file too large is refused, not loaded until the limit stops it. */
    if (len > SIZE_MAX / 2 ||
        (bytes = sgseq_load_bytes(len, top)) > env->memory_limit) {
        char need[32], have[32];
        bytes = len > SIZE_MAX / 2 ? UINT64_MAX : bytes;
        sgseq_need_text(need, sizeof need, bytes);
        util_size_text(have, sizeof have, env->memory_limit);
        return err_set_limit(err, GRUNDY_ELIMIT, GRUNDY_LIMIT_MEMORY,
                             sgseq_need_bytes(bytes),
                             "%s: the saved values need %s, more than the "
                             "memory limit of %s",
                             env->name ? env->name : "the game", need, have);
    }
    sgseq_make_room(env, s, (size_t)len);
    if (sgseq_reserve(s, (size_t)len) != 0) {
        return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
    }
    return GRUNDY_OK;
}

grundy_status
sgseq_load_more(sgseq *s, uint64_t from, const unsigned char *le, size_t m,
                grundy_error *err)
{
    for (size_t i = 0; i < m; i++) {
        size_t n = (size_t)from + i;
        unsigned v = sgseq_le16(le, i);
        if (n < s->len) {
            /* What the table holds already must agree with the saved
             * values. */
            if (sgseq_get(s, n) != v) {
                return err_set(err, GRUNDY_EPOSITION, -1,
                               "the saved value of heap %zu (%u) differs "
                               "from the computed one (%u)", n, v,
                               sgseq_get(s, n));
            }
            continue;
        }
        /* Past a certified period (or a value beyond the rules' range)
         * the table stops, as sgseq_compute does: the rest is not
         * needed. */
        if (n > s->len || s->certified || s->overflow) {
            break;
        }
        /* Stored as sgseq_compute stores it (histogram, rare lists, mask
         * choices, certificates), without the mex: the
         * sequence then goes on as if it had computed the values
         * itself. */
        if (sgseq_mask_choice(s, n) != 0) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        if (sgseq_store(s, n, v) < 0) {
            return err_set(err, GRUNDY_ENOMEM, -1, "out of memory");
        }
        if (sgseq_is_pow2(s->len) && s->len >= 16) {
            sgseq_try_certify(s);
        }
    }
    return GRUNDY_OK;
}

void
sgseq_load_end(sgseq *s)
{
    if (!s->certified) {
        sgseq_try_certify(s);
    }
}

grundy_status
sgseq_load(sgseq *s, const unsigned char *le, uint64_t len, const sgseq_env *env,
           grundy_error *err)
{
    unsigned top = 0;
    grundy_status st;

    for (size_t n = 0; n < len && len <= SIZE_MAX / 2; n++) {
        top |= sgseq_le16(le, n);
    }
    if ((st = sgseq_load_begin(s, len, top, env, err)) != GRUNDY_OK ||
        (st = sgseq_load_more(s, 0, le, (size_t)len, err)) != GRUNDY_OK) {
        return st;
    }
    sgseq_load_end(s);
    return GRUNDY_OK;
}
