/*
 * sgseq_cert.c - period certificates of the Grundy-sequence engine: the
 * candidate period from a window at the top of the table, checked value
 * by value back to its start, and the theorem that turns the checked run
 * into a proof (Guy-Smith for codes, the window test for subtraction
 * sets).
 */
#include "sgseq_impl.h"

#include <stdlib.h>

/*
 * Tries to certify a period from the table. The candidate is the least
 * period q of a window W = G[h, N) at the top of the table, its second
 * half or, past SGSEQ_WINDOW_FROM values, its last 1/SGSEQ_WINDOW (KMP
 * border array, 4 bytes a value of W: a quarter of a byte a value of
 * the table).
 * A certified period p of the sequence makes W p-periodic, and once W is
 * longer than p + q (Fine-Wilf) q divides p, so q is the minimal period;
 * if not yet, the next, longer attempt finds it. The window only proposes:
 * the certificate rests on the run G(n) = G(n + q) checked value by value
 * back from the window to its exact start n0, whatever the window.
 *   Guy-Smith: G(n + p) = G(n) for n0 <= n < 2 n0 + p + t (n0 >= 1) implies
 *     it for all n >= n0: 2 n0 + 2 p + t values certify.
 *   Window (subtraction sets): max(S) consecutive equal values determine all
 *     later ones: n0 + p + max(S) values certify.
 * Scratch that cannot be allocated just postpones the attempt.
 */
void
sgseq_try_certify(sgseq *s)
{
    size_t n = s->len,
           h = n < SGSEQ_WINDOW_FROM ? n / 2 : n - n / SGSEQ_WINDOW,
           len = n - h;
    const uint16_t *w = s->g + h;
    uint32_t *fail;
    size_t q, i, k = 0;
    uint64_t n0, need;

    if (s->certified || !s->certify || n < 4 || s->t >= n) {
        return;
    }
    fail = malloc(len * sizeof *fail);
    if (fail == NULL) {
        return;
    }
    fail[0] = 0;
    for (i = 1; i < len; i++) {
        while (k > 0 && w[i] != w[k]) {
            k = fail[k - 1];
        }
        if (w[i] == w[k]) {
            k++;
        }
        fail[i] = (uint32_t)k;
    }
    q = len - fail[len - 1];
    free(fail);
    i = h;
    while (i > 0 && s->g[i - 1] == s->g[i - 1 + q]) {
        i--;
    }
    n0 = i;
    if (s->cert == SGSEQ_NONE) {
        return;
    }
    if (s->cert == SGSEQ_GUY_SMITH && s->parts >= 2) {
        /* Guy-Smith's induction maps a split of n + p to one of n through
         * its largest part, at least (n + p - k) / parts: it needs that
         * part >= n0 + p, hence parts (n0 + p) + t values (3 for the
         * splits in three of hexadecimal codes). */
        need = s->parts * ((n0 > 0 ? n0 : 1) + (uint64_t)q) + s->t;
    } else {
        need = n0 + q + s->t;
    }
    if (need <= n) {
        s->certified = 1;
        s->p = q;
        s->n0 = n0;
        s->cert_len = need;
    }
}

/* 0 when no certificate can ever hold: no theorem for the rules
 * (SGSEQ_NONE), or a repeating group (t infinite). Searching further for a
 * period would then only cost time. */
int
sgseq_can_certify(const sgseq *s)
{
    return s->cert != SGSEQ_NONE && s->t != UINT64_MAX;
}
