/*
 * intmath.c - exact integer arithmetic behind Wythoff (floor(j*phi)) and the
 * division game (factorisation). No floating point, no allocation, no I/O.
 */
#include "intmath.h"

/* floor((phi - 1) * 2^128) = floor(2^128 / phi), split in 64-bit halves. */
#define IM_INVPHI_HI 0x9e3779b97f4a7c15ULL
#define IM_INVPHI_LO 0xf39cc0605cedc834ULL

uint64_t
im_isqrt128(im_u128 x)
{
    im_u128 r, y;
    unsigned bits = 0;

    if (x < 2) {
        return (uint64_t)x;
    }
    for (im_u128 t = x; t != 0; t >>= 1) {
        bits++;
    }
    /* Newton's iteration from above: 2^ceil(bits/2) >= sqrt(x), and the
     * iterates decrease strictly until they reach floor(sqrt(x)). */
    r = (im_u128)1 << ((bits + 1) / 2);
    for (;;) {
        y = (r + x / r) >> 1;
        if (y >= r) {
            break;
        }
        r = y;
    }
    return (uint64_t)r;
}

/* floor(j * sqrt 5) for every 64-bit j, which may need 67 bits. 5 j^2 may
 * not fit in 128 bits, so take q = floor(5 j^2 / 16) and t = isqrt(q) =
 * floor(j sqrt5 / 4); then floor(j sqrt5) = 4t + c with c in 0..3 the
 * largest with (4t + c)^2 <= 5 j^2, compared without overflow as
 * 16 (q - t^2) + (5 j^2 mod 16) >= 8 t c + c^2. */
static im_u128
im_floor_sqrt5(uint64_t j)
{
    im_u128 sq = (im_u128)j * j;
    im_u128 b5 = (sq & 15) * 5;
    im_u128 q = (sq >> 4) * 5 + (b5 >> 4);
    im_u128 r = b5 & 15;
    uint64_t t = im_isqrt128(q);
    im_u128 slack = ((q - (im_u128)t * t) << 4) + r;
    unsigned c = 0;

    while (c < 3 && slack >= (im_u128)8 * t * (c + 1) +
                                (im_u128)(c + 1) * (c + 1)) {
        c++;
    }
    return ((im_u128)t << 2) + c;
}

im_u128
im_floor_phi_slow(uint64_t j)
{
    /* j*sqrt5 is irrational for j > 0, so floor((j + j sqrt5)/2) =
     * floor((j + floor(j sqrt5))/2). */
    return ((im_u128)j + im_floor_sqrt5(j)) >> 1;
}

/* floor(j / phi) for 64-bit j: the product j * C / 2^128 with C the
 * truncated constant lies within j / 2^128 < 1 below the true value, so it
 * decides unless the low 128 bits are within j of a carry. */
static uint64_t
im_inv_phi_u64(uint64_t j)
{
    im_u128 a = (im_u128)j * IM_INVPHI_LO;
    im_u128 b = (im_u128)j * IM_INVPHI_HI;
    im_u128 lo = (b << 64) + a;
    uint64_t hi = (uint64_t)(b >> 64) + (lo < a);

    if (j == 0 || lo <= (im_u128)0 - j) {
        return hi;
    }
    return (uint64_t)(im_floor_phi_slow(j) - j);
}

im_u128
im_floor_phi(uint64_t j)
{
    /* phi = 1 + 1/phi. */
    return (im_u128)j + im_inv_phi_u64(j);
}

uint64_t
im_floor_inv_phi(im_u128 x)
{
    if (x >> 64) {
        /* x == 2^64: floor(2^64 / phi) = floor(C / 2^64). */
        return IM_INVPHI_HI;
    }
    return im_inv_phi_u64((uint64_t)x);
}

uint64_t
im_mulmod(uint64_t a, uint64_t b, uint64_t m)
{
    return (uint64_t)(((im_u128)a * b) % m);
}

static uint64_t
im_powmod(uint64_t b, uint64_t e, uint64_t m)
{
    uint64_t r = 1 % m;
    b %= m;
    while (e != 0) {
        if (e & 1) {
            r = im_mulmod(r, b, m);
        }
        b = im_mulmod(b, b, m);
        e >>= 1;
    }
    return r;
}

int
im_is_prime(uint64_t n)
{
    /* The first 12 primes as Miller-Rabin bases decide every n < 3.3e24
     * (Sorenson and Webster 2015), hence every 64-bit n. */
    static const uint64_t bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31,
                                     37};
    uint64_t d;
    unsigned s = 0;

    if (n < 2) {
        return 0;
    }
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        if (n % bases[i] == 0) {
            return n == bases[i];
        }
    }
    d = n - 1;
    while ((d & 1) == 0) {
        d >>= 1;
        s++;
    }
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        uint64_t x = im_powmod(bases[i], d, n);
        unsigned r;
        if (x == 1 || x == n - 1) {
            continue;
        }
        for (r = 1; r < s; r++) {
            x = im_mulmod(x, x, n);
            if (x == n - 1) {
                break;
            }
        }
        if (r == s) {
            return 0;
        }
    }
    return 1;
}

uint64_t
im_gcd(uint64_t a, uint64_t b)
{
    while (b != 0) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* A non-trivial factor of the odd composite n (Pollard's rho with Brent's
 * cycle detection, products of 128 differences per gcd). */
static uint64_t
im_rho(uint64_t n)
{
    for (uint64_t c = 1;; c++) {
        uint64_t y = 2, x = 2, ys = 2, q = 1, g = 1;
        uint64_t r = 1;
        while (g == 1) {
            x = y;
            for (uint64_t i = 0; i < r; i++) {
                y = (im_mulmod(y, y, n) + c) % n;
            }
            for (uint64_t k = 0; k < r && g == 1; k += 128) {
                uint64_t lim = r - k < 128 ? r - k : 128;
                ys = y;
                for (uint64_t i = 0; i < lim; i++) {
                    y = (im_mulmod(y, y, n) + c) % n;
                    q = im_mulmod(q, x > y ? x - y : y - x, n);
                }
                g = im_gcd(q, n);
            }
            r <<= 1;
        }
        if (g == n) {
            /* The batch overshot: redo it one step at a time. */
            do {
                ys = (im_mulmod(ys, ys, n) + c) % n;
                g = im_gcd(x > ys ? x - ys : ys - x, n);
            } while (g == 1);
        }
        if (g != n) {
            return g;
        }
    }
}

static size_t
im_factor_rec(uint64_t n, uint64_t *p, size_t k)
{
    uint64_t d;
    if (n == 1) {
        return k;
    }
    if (im_is_prime(n)) {
        p[k] = n;
        return k + 1;
    }
    d = im_rho(n);
    k = im_factor_rec(d, p, k);
    return im_factor_rec(n / d, p, k);
}

size_t
im_factor(uint64_t n, uint64_t p[64])
{
    size_t k = 0;

    if (n == 0) {
        return 0;
    }
    while ((n & 1) == 0) {
        p[k++] = 2;
        n >>= 1;
    }
    for (uint64_t q = 3; q < 1000 && q * q <= n; q += 2) {
        while (n % q == 0) {
            p[k++] = q;
            n /= q;
        }
    }
    /* What is left has no factor below 1000; if it is below 10^6 it is 1
     * or a prime. */
    if (n < 1000000) {
        if (n > 1) {
            p[k++] = n;
        }
    } else {
        size_t start = k;
        k = im_factor_rec(n, p, k);
        /* Insertion sort of the few large factors found. */
        for (size_t i = start + 1; i < k; i++) {
            uint64_t v = p[i];
            size_t j = i;
            while (j > start && p[j - 1] > v) {
                p[j] = p[j - 1];
                j--;
            }
            p[j] = v;
        }
    }
    return k;
}
