/*
 * nimmul.c - nim multiplication of 64-bit words by the Fermat 2-power
 * recursion (Conway, On Numbers and Games, ch. 6) down to bytes, which
 * are multiplied by logarithms in the subfield GF(2^8) of the nimbers
 * below 256; inverses, and factorisations with bounded factors (the
 * moves of Turning Corners). Constant tables only, no state; exact.
 */
#include "nimmul.h"

/* Powers of 18, a generator of the multiplicative group of the nimbers
 * below 256 (order 255): nim_exp[k] = 18^k (nim powers, written twice
 * so that a sum of two logarithms indexes it), and nim_log its inverse
 * (nim_log[0] unused). Generated from the recursion itself and
 * checked against the mex definition and ONAG's table (test_coins.c). */
static const unsigned char nim_exp[510] = {
    1, 18, 27, 133, 23, 65, 217, 32, 28, 252, 102, 188,
    173, 135, 52, 108, 19, 9, 158, 146, 86, 152, 249, 60,
    224, 154, 218, 17, 42, 179, 88, 127, 26, 151, 12, 196,
    206, 97, 197, 220, 122, 64, 203, 59, 153, 235, 39, 101,
    141, 155, 200, 10, 175, 164, 25, 166, 58, 139, 240, 162,
    114, 204, 66, 232, 22, 83, 194, 165, 11, 189, 191, 156,
    177, 123, 82, 208, 190, 142, 170, 254, 69, 145, 103, 174,
    182, 2, 35, 45, 202, 41, 130, 110, 48, 36, 84, 187,
    212, 246, 201, 24, 180, 33, 14, 231, 227, 171, 236, 94,
    20, 112, 239, 111, 34, 63, 209, 172, 149, 47, 233, 4,
    72, 71, 178, 74, 100, 159, 128, 77, 29, 238, 125, 57,
    186, 198, 237, 76, 15, 245, 248, 46, 251, 31, 205, 80,
    243, 147, 68, 131, 124, 43, 161, 67, 250, 13, 214, 213,
    228, 210, 157, 163, 96, 215, 199, 255, 87, 138, 226, 185,
    247, 219, 3, 49, 54, 79, 62, 195, 183, 16, 56, 168,
    221, 104, 91, 78, 44, 216, 50, 7, 121, 113, 253, 116,
    167, 40, 144, 117, 181, 51, 21, 98, 244, 234, 53, 126,
    8, 140, 137, 211, 143, 184, 229, 192, 134, 38, 119, 150,
    30, 223, 75, 118, 132, 5, 90, 92, 55, 93, 37, 70,
    160, 81, 225, 136, 193, 148, 61, 242, 129, 95, 6, 107,
    106, 120, 99, 230, 241, 176, 105, 73, 85, 169, 207, 115,
    222, 89, 109, 1, 18, 27, 133, 23, 65, 217, 32, 28,
    252, 102, 188, 173, 135, 52, 108, 19, 9, 158, 146, 86,
    152, 249, 60, 224, 154, 218, 17, 42, 179, 88, 127, 26,
    151, 12, 196, 206, 97, 197, 220, 122, 64, 203, 59, 153,
    235, 39, 101, 141, 155, 200, 10, 175, 164, 25, 166, 58,
    139, 240, 162, 114, 204, 66, 232, 22, 83, 194, 165, 11,
    189, 191, 156, 177, 123, 82, 208, 190, 142, 170, 254, 69,
    145, 103, 174, 182, 2, 35, 45, 202, 41, 130, 110, 48,
    36, 84, 187, 212, 246, 201, 24, 180, 33, 14, 231, 227,
    171, 236, 94, 20, 112, 239, 111, 34, 63, 209, 172, 149,
    47, 233, 4, 72, 71, 178, 74, 100, 159, 128, 77, 29,
    238, 125, 57, 186, 198, 237, 76, 15, 245, 248, 46, 251,
    31, 205, 80, 243, 147, 68, 131, 124, 43, 161, 67, 250,
    13, 214, 213, 228, 210, 157, 163, 96, 215, 199, 255, 87,
    138, 226, 185, 247, 219, 3, 49, 54, 79, 62, 195, 183,
    16, 56, 168, 221, 104, 91, 78, 44, 216, 50, 7, 121,
    113, 253, 116, 167, 40, 144, 117, 181, 51, 21, 98, 244,
    234, 53, 126, 8, 140, 137, 211, 143, 184, 229, 192, 134,
    38, 119, 150, 30, 223, 75, 118, 132, 5, 90, 92, 55,
    93, 37, 70, 160, 81, 225, 136, 193, 148, 61, 242, 129,
    95, 6, 107, 106, 120, 99, 230, 241, 176, 105, 73, 85,
    169, 207, 115, 222, 89, 109,
};

static const unsigned char nim_log[256] = {
    0, 0, 85, 170, 119, 221, 238, 187, 204, 17, 51, 68,
    34, 153, 102, 136, 177, 27, 1, 16, 108, 198, 64, 4,
    99, 54, 32, 2, 8, 128, 216, 141, 7, 101, 112, 86,
    93, 226, 213, 46, 193, 89, 28, 149, 184, 87, 139, 117,
    92, 171, 186, 197, 14, 202, 172, 224, 178, 131, 56, 43,
    23, 234, 174, 113, 41, 5, 62, 151, 146, 80, 227, 121,
    120, 247, 123, 218, 135, 127, 183, 173, 143, 229, 74, 65,
    94, 248, 20, 164, 30, 253, 222, 182, 223, 225, 107, 237,
    160, 37, 199, 242, 124, 47, 10, 82, 181, 246, 240, 239,
    15, 254, 91, 111, 109, 189, 60, 251, 191, 195, 219, 214,
    241, 188, 40, 73, 148, 130, 203, 31, 126, 236, 90, 147,
    220, 3, 212, 13, 231, 206, 165, 57, 205, 48, 77, 208,
    194, 81, 19, 145, 233, 116, 215, 33, 21, 44, 25, 49,
    71, 158, 18, 125, 228, 150, 59, 159, 53, 67, 55, 192,
    179, 249, 78, 105, 115, 12, 83, 52, 245, 72, 122, 29,
    100, 196, 84, 176, 209, 167, 132, 95, 11, 69, 76, 70,
    211, 232, 66, 175, 35, 38, 133, 162, 50, 98, 88, 42,
    61, 142, 36, 250, 75, 114, 157, 207, 96, 155, 154, 161,
    185, 6, 26, 169, 39, 180, 252, 217, 24, 230, 166, 104,
    156, 210, 243, 103, 63, 118, 201, 45, 106, 134, 129, 110,
    58, 244, 235, 144, 200, 137, 97, 168, 138, 22, 152, 140,
    9, 190, 79, 163,
};

/* z (*) 128 for a byte z (the product by half the Fermat 2-power 256,
 * used at every level below). */
static const unsigned char nim_half8[256] = {
    0, 128, 192, 64, 176, 48, 112, 240, 208, 80, 16, 144,
    96, 224, 160, 32, 141, 13, 77, 205, 61, 189, 253, 125,
    93, 221, 157, 29, 237, 109, 45, 173, 198, 70, 6, 134,
    118, 246, 182, 54, 22, 150, 214, 86, 166, 38, 102, 230,
    75, 203, 139, 11, 251, 123, 59, 187, 155, 27, 91, 219,
    43, 171, 235, 107, 185, 57, 121, 249, 9, 137, 201, 73,
    105, 233, 169, 41, 217, 89, 25, 153, 52, 180, 244, 116,
    132, 4, 68, 196, 228, 100, 36, 164, 84, 212, 148, 20,
    127, 255, 191, 63, 207, 79, 15, 143, 175, 47, 111, 239,
    31, 159, 223, 95, 242, 114, 50, 178, 66, 194, 130, 2,
    34, 162, 226, 98, 146, 18, 82, 210, 222, 94, 30, 158,
    110, 238, 174, 46, 14, 142, 206, 78, 190, 62, 126, 254,
    83, 211, 147, 19, 227, 99, 35, 163, 131, 3, 67, 195,
    51, 179, 243, 115, 24, 152, 216, 88, 168, 40, 104, 232,
    200, 72, 8, 136, 120, 248, 184, 56, 149, 21, 85, 213,
    37, 165, 229, 101, 69, 197, 133, 5, 245, 117, 53, 181,
    103, 231, 167, 39, 215, 87, 23, 151, 183, 55, 119, 247,
    7, 135, 199, 71, 234, 106, 42, 170, 90, 218, 154, 26,
    58, 186, 250, 122, 138, 10, 74, 202, 161, 33, 97, 225,
    17, 145, 209, 81, 113, 241, 177, 49, 193, 65, 1, 129,
    44, 172, 236, 108, 156, 28, 92, 220, 252, 124, 60, 188,
    76, 204, 140, 12,
};

/* The nim product of two bytes. */
static inline uint64_t
mul8(uint64_t a, uint64_t b)
{
    if (a == 0 || b == 0) {
        return 0;
    }
    return nim_exp[nim_log[a] + nim_log[b]];
}

/*
 * z (*) 2^(h-1) for z < 2^h, h = 16, 32 (h = 8: the table). With G = 2^g,
 * g = h/2, 2^(h-1) = G (*) 2^(g-1) (a number below the Fermat 2-power G
 * times G is the ordinary product), so with z = z1 G ^ z0 (z1, z0 < G),
 * p1 = z1 (*) 2^(g-1) and p0 = z0 (*) 2^(g-1):
 *   z (*) 2^(h-1) = p1 (*) G (*) G ^ p0 G = (p1 ^ p0) G ^ p1 (*) 2^(g-1),
 * since G (*) G = G ^ G/2 (ONAG ch. 6: the square of a Fermat 2-power
 * is its sesquimultiple).
 */
static inline uint64_t
half16(uint64_t z)
{
    uint64_t p1 = nim_half8[z >> 8], p0 = nim_half8[z & 0xff];
    return ((p1 ^ p0) << 8) ^ nim_half8[p1];
}

static inline uint64_t
half32(uint64_t z)
{
    uint64_t p1 = half16(z >> 16), p0 = half16(z & 0xffff);
    return ((p1 ^ p0) << 16) ^ half16(p1);
}

/*
 * x (*) y for x, y below 2^(2h), h = 8, 16, 32. With F = 2^h,
 * x = x1 F ^ x0 and y = y1 F ^ y0 (x1, x0, y1, y0 < F), and F (*) F =
 * F ^ F/2:
 *   x (*) y = (x1y1 ^ x1y0 ^ x0y1) F ^ (x1y1 (*) F/2 ^ x0y0),
 * where x1y0 ^ x0y1 = (x1^x0)(y1^y0) ^ x1y1 ^ x0y0 (Karatsuba), so the
 * high half is (x1^x0)(y1^y0) ^ x0y0: three products of half the width
 * and one by F/2. One function a width, so that every shift and mask
 * is a constant.
 */
static inline uint64_t
mul16(uint64_t x, uint64_t y)
{
    uint64_t x1 = x >> 8, x0 = x & 0xff, y1 = y >> 8, y0 = y & 0xff;
    uint64_t ll = mul8(x0, y0), hh, mm;
    if ((x1 | y1) == 0) {
        return ll;
    }
    hh = mul8(x1, y1);
    mm = mul8(x1 ^ x0, y1 ^ y0);
    return ((mm ^ ll) << 8) ^ ll ^ nim_half8[hh];
}

static uint64_t
mul32(uint64_t x, uint64_t y)
{
    uint64_t x1 = x >> 16, x0 = x & 0xffff, y1 = y >> 16, y0 = y & 0xffff;
    uint64_t ll = mul16(x0, y0), hh, mm;
    if ((x1 | y1) == 0) {
        return ll;
    }
    hh = mul16(x1, y1);
    mm = mul16(x1 ^ x0, y1 ^ y0);
    return ((mm ^ ll) << 16) ^ ll ^ half16(hh);
}

static uint64_t
mul64(uint64_t x, uint64_t y)
{
    uint64_t x1 = x >> 32, x0 = x & 0xffffffffu, y1 = y >> 32,
             y0 = y & 0xffffffffu;
    uint64_t ll = mul32(x0, y0), hh, mm;
    if ((x1 | y1) == 0) {
        return ll;
    }
    hh = mul32(x1, y1);
    mm = mul32(x1 ^ x0, y1 ^ y0);
    return ((mm ^ ll) << 32) ^ ll ^ half32(hh);
}

/* x (*) y below 2^(2h), h = 4, 8, 16, 32, and z (*) 2^(h-1) below 2^h
 * (h = 8, 16, 32): by width, for the inverse below. */
static uint64_t
mul_w(uint64_t x, uint64_t y, unsigned h)
{
    return h == 4 ? mul8(x, y) : h == 8 ? mul16(x, y)
                               : h == 16 ? mul32(x, y) : mul64(x, y);
}

static uint64_t
mul_half(uint64_t z, unsigned h)
{
    return h == 8 ? nim_half8[z] : h == 16 ? half16(z) : half32(z);
}

uint64_t
nimmul_mul(uint64_t x, uint64_t y)
{
    return mul64(x, y);
}

uint64_t
nimmul_pow(uint64_t x, uint64_t e)
{
    uint64_t r = 1;
    for (; e != 0; e >>= 1) {
        if (e & 1) {
            r = nimmul_mul(r, x);
        }
        x = nimmul_mul(x, x);
    }
    return r;
}

/*
 * The inverse of x != 0 below 2^(2h). With F = 2^h, F is a root of
 * t^2 + t + F/2 over the nimbers below F, whose other root is F ^ 1, so
 * the conjugate of x = x1 F ^ x0 is x' = x1 F ^ x1 ^ x0 and the norm
 * x (*) x' = x1 (*) x1 (*) F/2 ^ x0 (*) (x1 ^ x0) lies below F; then
 * 1/x = x' (*) 1/(x (*) x').
 */
static uint64_t
inv_w(uint64_t x, unsigned h)
{
    uint64_t mask, x1, x0, n, c0;
    if (h == 4) {
        return nim_exp[(255 - nim_log[x]) % 255];
    }
    mask = ((uint64_t)1 << h) - 1;
    x1 = x >> h;
    x0 = x & mask;
    if (x1 == 0) {
        return inv_w(x0, h / 2);
    }
    n = mul_half(mul_w(x1, x1, h / 2), h) ^ mul_w(x0, x1 ^ x0, h / 2);
    n = inv_w(n, h / 2);
    c0 = x1 ^ x0;
    return (mul_w(x1, n, h / 2) << h) ^ mul_w(c0, n, h / 2);
}

uint64_t
nimmul_inv(uint64_t x)
{
    return x == 0 ? 0 : inv_w(x, 32);
}

/* u != 0 and the highest bit of u is a one bit of x (then x ^ u < x). */
static int
in_s(uint64_t x, uint64_t u)
{
    return u != 0 && (x ^ u) < x;
}

static uint64_t
nimdiv(uint64_t a, uint64_t b)
{
    return nimmul_mul(a, nimmul_inv(b));
}

/* Y with Y (*) Y ^ Y = d among the nimbers below 2^m (the subfield
 * GF(2^m), m = 8, 16, 32): the map is GF(2)-linear, so Gaussian
 * elimination on the images of the bits. 0 when there is none (half of
 * the d: those of trace 1). */
static int
artin_schreier(uint64_t d, unsigned m, uint64_t *y)
{
    uint64_t row[32], comb[32], v, c;
    unsigned nr = 0;
    for (unsigned i = 0; i < m; i++) {
        uint64_t e = (uint64_t)1 << i;
        v = nimmul_mul(e, e) ^ e;
        c = e;
        for (unsigned r = 0; r < nr; r++) {
            if (v & ((uint64_t)1 << (63 - __builtin_clzll(row[r])))) {
                v ^= row[r];
                c ^= comb[r];
            }
        }
        if (v != 0) {
            uint64_t top = (uint64_t)1 << (63 - __builtin_clzll(v));
            for (unsigned r = 0; r < nr; r++) {
                if (row[r] & top) {
                    row[r] ^= v;
                    comb[r] ^= c;
                }
            }
            row[nr] = v;
            comb[nr++] = c;
        }
    }
    v = d;
    c = 0;
    for (unsigned r = 0; r < nr; r++) {
        if (v & ((uint64_t)1 << (63 - __builtin_clzll(row[r])))) {
            v ^= row[r];
            c ^= comb[r];
        }
    }
    *y = c;
    return v == 0;
}

/*
 * A factorisation u (*) v = t with u in S(x), v in S(y), all below 2^w
 * (w = 4, 8, ..., 64): 1 with *u, *v, or 0 when this search finds none.
 * With F = 2^h, h = w/2, numbers split as z = z1 F ^ z0, and F (*) F =
 * F ^ F/2 gives
 *   u (*) v = (u1v1 ^ u1v0 ^ u0v1) F ^ (u1v1 (*) F/2 ^ u0v0).
 * When x1 = 0 then u1 = 0 (and the same for y): one half-size problem,
 * exactly. Otherwise the cases u1 = 0 or v1 = 0 are half-size problems,
 * and for u1, v1 != 0, with u0 = u1 s, v0 = v1 t and P = u1 v1, the
 * equations become s ^ t = t1/P ^ 1 and s t = t0/P ^ F/2: a quadratic
 * over the subfield below F, solved by Artin-Schreier, with (u1, v1) a
 * half-size problem for P. The search tries P = t1 (always solvable)
 * and the small P; every answer is checked by the caller, and
 * test_coins.c checks that it finds one for every target of every coin
 * below 256 (and for random 64-bit coins); corners_options falls back
 * to an exhaustive search if it ever does not.
 */
static int
factor_w(uint64_t x, uint64_t y, uint64_t t, unsigned w, uint64_t *u,
       uint64_t *v)
{
    unsigned h = w / 2;
    uint64_t mask, x1, x0, y1, y0, t1, t0, u1, u0, v1, v0, half;
    if (t == 0 || x == 0 || y == 0) {
        return 0;
    }
    if (w == 4) {
        for (uint64_t a = 1; a < 16; a++) {
            for (uint64_t b = 1; in_s(x, a) && b < 16; b++) {
                if (in_s(y, b) && nimmul_mul(a, b) == t) {
                    *u = a;
                    *v = b;
                    return 1;
                }
            }
        }
        return 0;
    }
    mask = ((uint64_t)1 << h) - 1;
    x1 = x >> h;
    x0 = x & mask;
    y1 = y >> h;
    y0 = y & mask;
    t1 = t >> h;
    t0 = t & mask;
    if (x1 == 0 && y1 == 0) {
        return t1 == 0 && factor_w(x0, y0, t0, h, u, v);
    }
    if (y1 == 0) {
        /* v < F: u (*) v = (u1 v) F ^ u0 v */
        if (t1 == 0) {
            return factor_w(x0, y, t0, h, u, v);
        }
        if (!factor_w(x1, y, t1, h, &u1, v)) {
            return 0;
        }
        *u = (u1 << h) | nimdiv(t0, *v);
        return 1;
    }
    if (x1 == 0) {
        if (t1 == 0) {
            return factor_w(x, y0, t0, h, u, v);
        }
        if (!factor_w(x, y1, t1, h, u, &v1)) {
            return 0;
        }
        *v = (v1 << h) | nimdiv(t0, *u);
        return 1;
    }
    if (t1 == 0 && factor_w(x0, y0, t0, h, u, v)) {
        return 1;
    }
    if (t1 != 0 && factor_w(x0, y1, t1, h, &u0, &v1)) {
        *u = u0;
        *v = (v1 << h) | nimdiv(t0, u0);
        return 1;
    }
    if (t1 != 0 && factor_w(x1, y0, t1, h, &u1, &v0)) {
        *v = v0;
        *u = (u1 << h) | nimdiv(t0, v0);
        return 1;
    }
    half = (uint64_t)1 << (h - 1);
    for (uint64_t k = 0; k < 64; k++) {
        uint64_t p = k == 0 ? t1 : k, c1, c0, s, tt, y2;
        if (p == 0 || (k != 0 && p == t1)) {
            continue;
        }
        c1 = nimdiv(t1, p) ^ 1;
        c0 = nimdiv(t0, p) ^ half;
        if (c1 == 0) {
            /* s = t = sqrt(c0) = c0^(2^(h-1)) in GF(2^h) */
            s = c0;
            for (unsigned i = 0; i + 1 < h; i++) {
                s = nimmul_mul(s, s);
            }
            tt = s;
        } else {
            if (!artin_schreier(nimdiv(c0, nimmul_mul(c1, c1)), h, &y2)) {
                continue;
            }
            s = nimmul_mul(c1, y2);
            tt = s ^ c1;
        }
        if (factor_w(x1, y1, p, h, &u1, &v1)) {
            *u = (u1 << h) | nimmul_mul(u1, s);
            *v = (v1 << h) | nimmul_mul(v1, tt);
            return 1;
        }
    }
    return 0;
}

int
nimmul_factor(uint64_t x, uint64_t y, uint64_t t, uint64_t *u, uint64_t *v)
{
    uint64_t a, b;
    if (!factor_w(x, y, t, 64, &a, &b) || !in_s(x, a) || !in_s(y, b) ||
        nimmul_mul(a, b) != t) {
        return 0;
    }
    *u = a;
    *v = b;
    return 1;
}
