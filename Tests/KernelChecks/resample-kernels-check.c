// Holds the C resample kernels this CPU runs (NEON on AArch64, SSSE3 and AVX2 on x86-64) to the portable kernel's
// bytes, outside Swift: scripts/kernel-check builds it for aarch64-linux-gnu with the toolchain's clang and runs it
// under qemu-aarch64, which is how the NEON kernels are tested on this x86 machine (no Swift SDK for AArch64 here),
// and builds it natively, which ties the reference below to the x86 kernels that ResampleKernelTests hold to the
// Swift portable kernel. The reference is the portable kernel's per-pixel arithmetic (`lerpPixel` in
// Sources/Raster/Blend/ResampledCopy.swift), and the images are ResampleKernelTests' sources, scales and offsets.
//
// Prints one line per failing case and "resample kernels (ARCH): N/M checks passed"; exits non-zero on a failure.
#include "CRasterKernels.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The portable kernel's one pixel: a·(128 − t) + b·t per channel, rounded, X cleared.
static uint32_t lerp_pixel(uint32_t a, uint32_t b, uint32_t t) {
    uint32_t u = 128 - t;
    uint32_t rb = ((a & 0xFF00FF) * u + (b & 0xFF00FF) * t + 0x400040) >> 7 & 0xFF00FF;
    uint32_t g = ((a & 0xFF00) * u + (b & 0xFF00) * t + 0x4000) >> 7 & 0xFF00;
    return rb | g;
}

typedef struct {
    const char *name;
    void (*columns)(const uint32_t *row, const int32_t *left, const uint8_t *pairWeights, uint32_t *out, size_t count);
    void (*rows)(const uint32_t *a, const uint32_t *b, unsigned t, uint32_t *out, size_t count);
} Kernel;

static int checks, passed;

static void check(int ok, const char *what) {
    checks += 1;
    if (ok) passed += 1;
    else printf("FAIL %s\n", what);
}

static uint64_t seed;
static uint32_t next_random(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(seed >> 31);
}

// The horizontal pass's weights as ResampleColumns lays them out for the C kernels: per column (128 − f, f) byte
// pairs for blue, green and red, then (0, 0) for X.
static void pair_weights(const uint16_t *weight, size_t count, uint8_t *out) {
    for (size_t i = 0; i < count; i++) {
        for (int c = 0; c < 3; c++) {
            out[i * 8 + c * 2] = (uint8_t)(128 - weight[i]);
            out[i * 8 + c * 2 + 1] = (uint8_t)weight[i];
        }
        out[i * 8 + 6] = 0;
        out[i * 8 + 7] = 0;
    }
}

enum { MAX_COUNT = 1100, ROW_WIDTH = 1200 };

// Every phase of the horizontal pass (weights 0...128, all columns alike so each one shows), at every vector width
// up to 64 columns, a row width's worth, and an output one pixel off a 16-byte boundary; the source pixels carry X.
static void check_column_phases(const Kernel *k) {
    static uint32_t row[ROW_WIDTH], out[MAX_COUNT + 1], expected[MAX_COUNT];
    static int32_t left[MAX_COUNT];
    static uint16_t weight[MAX_COUNT];
    static uint8_t weights[MAX_COUNT * 8];
    for (int x = 0; x < ROW_WIDTH; x++) row[x] = next_random();
    for (unsigned f = 0; f <= 128; f++) {
        int ok = 1;
        for (size_t i = 0; i < MAX_COUNT; i++) {
            left[i] = (int32_t)(next_random() % (ROW_WIDTH - 1));
            weight[i] = (uint16_t)f;
            expected[i] = lerp_pixel(row[left[i]], row[left[i] + 1], f);
        }
        pair_weights(weight, MAX_COUNT, weights);
        size_t widths[] = {0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 1020, MAX_COUNT};
        for (size_t w = 0; w < sizeof widths / sizeof *widths && ok; w++) {
            for (int shift = 0; shift < 2 && ok; shift++) {
                uint32_t *o = out + shift;
                memset(out, 0xAB, sizeof out);
                k->columns(row, left, weights, o, widths[w]);
                ok = memcmp(o, expected, widths[w] * 4) == 0 && (widths[w] == MAX_COUNT || o[widths[w]] == 0xABABABABu);
            }
        }
        char what[96];
        snprintf(what, sizeof what, "%s columns: weight %u", k->name, f);
        check(ok, what);
    }
}

// Every phase of the vertical pass (t = 0...128) at the same widths; its rows come from the horizontal pass, so X is 0.
static void check_row_phases(const Kernel *k) {
    static uint32_t a[MAX_COUNT], b[MAX_COUNT], out[MAX_COUNT + 1], expected[MAX_COUNT];
    for (size_t i = 0; i < MAX_COUNT; i++) {
        a[i] = next_random() & 0xFFFFFF;
        b[i] = next_random() & 0xFFFFFF;
    }
    // Extremes next to each other, where a slip in rounding or a lane shows.
    a[0] = 0xFFFFFF; b[0] = 0; a[1] = 0; b[1] = 0xFFFFFF; a[2] = 0xFFFFFF; b[2] = 0xFFFFFF;
    for (unsigned t = 0; t <= 128; t++) {
        for (size_t i = 0; i < MAX_COUNT; i++) expected[i] = lerp_pixel(a[i], b[i], t);
        int ok = 1;
        size_t widths[] = {0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 1020, MAX_COUNT};
        for (size_t w = 0; w < sizeof widths / sizeof *widths && ok; w++) {
            for (int shift = 0; shift < 2 && ok; shift++) {
                uint32_t *o = out + shift;
                memset(out, 0xAB, sizeof out);
                k->rows(a, b, t, o, widths[w]);
                ok = memcmp(o, expected, widths[w] * 4) == 0 && (widths[w] == MAX_COUNT || o[widths[w]] == 0xABABABABu);
            }
        }
        char what[96];
        snprintf(what, sizeof what, "%s rows: t %u", k->name, t);
        check(ok, what);
    }
}

// ResampleKernelTests' images: the whole resample of a noise source (X set) at a scale and an offset, as
// drawResampled does it, with the kernel's two passes over the vector columns and the reference for every pixel.
// Returns the number of differing pixels.
static int resample_differences(const Kernel *k, int sw, int sh, int width, int height, float scale, float ox, float oy) {
    uint32_t *source = malloc(sizeof(uint32_t) * (size_t)(sw * sh));
    seed = (uint64_t)(sw * 7919 + sh);
    for (int i = 0; i < sw * sh; i++) source[i] = next_random();
    int32_t *left = malloc(sizeof(int32_t) * (size_t)width);
    uint16_t *weight = malloc(sizeof(uint16_t) * (size_t)width);
    int first = width, last = -1;
    for (int i = 0; i < width; i++) {
        float sx = ((float)i + 0.5f) * scale + ox - 0.5f;
        if (sx > -1 && sx < (float)sw) {
            float fl = __builtin_floorf(sx);
            left[i] = (int32_t)fl;
            weight[i] = (uint16_t)((sx - fl) * 128);
            if (i < first) first = i;
            last = i;
        } else {
            left[i] = -2;
            weight[i] = 0;
        }
    }
    // The vector loops take groups of four columns whose two samples are both real pixels.
    int lo = first, hi = last + 1;
    while (lo <= last && left[lo] < 0) lo++;
    while (hi > lo && left[hi - 1] + 1 > sw - 1) hi--;
    int vector_end = lo + (hi > lo ? (hi - lo) / 4 * 4 : 0);
    uint8_t *weights = malloc(8 * (size_t)width + 8);
    if (vector_end > lo) pair_weights(weight + lo, (size_t)(vector_end - lo), weights);
    uint32_t *rowA = malloc(4 * (size_t)width + 4), *rowB = malloc(4 * (size_t)width + 4);
    uint32_t *refA = malloc(4 * (size_t)width + 4), *refB = malloc(4 * (size_t)width + 4);
    uint32_t *got = malloc(4 * (size_t)width + 4), *want = malloc(4 * (size_t)width + 4);
    int differing = 0;
    for (int y = 0; y < height && last >= first; y++) {
        float sy = ((float)y + 0.5f) * scale + oy - 0.5f;
        if (!(sy > -1 && sy < (float)sh)) continue;  // the background only: no kernel runs
        float fl = __builtin_floorf(sy);
        int y0 = (int)fl;
        unsigned t = (unsigned)(uint16_t)((sy - fl) * 128);
        int a = y0 < 0 ? 0 : y0, b = y0 + 1 > sh - 1 ? sh - 1 : y0 + 1;
        const int rows[2] = {a, b};
        uint32_t *kernelRows[2] = {rowA, rowB}, *referenceRows[2] = {refA, refB};
        for (int r = 0; r < 2; r++) {
            const uint32_t *src = source + (size_t)rows[r] * (size_t)sw;
            for (int i = first; i <= last; i++) {
                int l = left[i] < 0 ? 0 : left[i], rr = left[i] + 1 > sw - 1 ? sw - 1 : left[i] + 1;
                referenceRows[r][i - first] = kernelRows[r][i - first] = lerp_pixel(src[l], src[rr], weight[i]);
            }
            if (vector_end > lo) k->columns(src, left + lo, weights, kernelRows[r] + (lo - first), (size_t)(vector_end - lo));
        }
        int count = last - first + 1, vector = count / 4 * 4;
        for (int i = 0; i < count; i++) want[i] = lerp_pixel(refA[i], refB[i], t);
        if (t == 0 || a == b) {
            memcpy(got, rowA, 4 * (size_t)count);
        } else {
            k->rows(rowA, rowB, t, got, (size_t)vector);
            for (int i = vector; i < count; i++) got[i] = lerp_pixel(rowA[i], rowB[i], t);
        }
        for (int i = 0; i < count; i++) differing += got[i] != want[i];
    }
    free(source); free(left); free(weight); free(weights);
    free(rowA); free(rowB); free(refA); free(refB); free(got); free(want);
    return differing;
}

static void check_images(const Kernel *k) {
    const float scales[] = {1 / 1.15f, 1 / 1.01f, 1, 1.15f, 1.99f, 2.01f, 2.6f, 0.31f, 1 / 3.7f};
    const int sizes[][4] = {{257, 61, 250, 59}, {130, 40, 131, 41}, {1024, 9, 1021, 7}, {7, 5, 13, 6}};
    for (size_t s = 0; s < sizeof scales / sizeof *scales; s++) {
        for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
            int sw = sizes[z][0], sh = sizes[z][1];
            const float offsets[][2] = {{0.3f, 0.6f}, {-5.7f, -3.2f}, {(float)sw * 0.4f, (float)sh * 0.3f}, {9.5f, -1}};
            for (size_t o = 0; o < sizeof offsets / sizeof *offsets; o++) {
                int differing = resample_differences(k, sw, sh, sizes[z][2], sizes[z][3], scales[s], offsets[o][0], offsets[o][1]);
                char what[160];
                snprintf(what, sizeof what, "%s image %dx%d -> %dx%d at scale %g, offset (%g, %g): %d pixels differ",
                         k->name, sw, sh, sizes[z][2], sizes[z][3], (double)scales[s], (double)offsets[o][0],
                         (double)offsets[o][1], differing);
                check(differing == 0, what);
            }
        }
    }
}

int main(void) {
    Kernel kernels[3];
    int count = 0;
    const char *arch = "other";
#if defined(__aarch64__)
    arch = "aarch64";
    if (metro_raster_has_neon()) kernels[count++] = (Kernel){"neon", metro_resample_columns_neon, metro_blend_rows_neon};
#elif defined(__x86_64__)
    arch = "x86_64";
    if (metro_raster_has_ssse3()) kernels[count++] = (Kernel){"ssse3", metro_resample_columns_ssse3, metro_blend_rows_ssse3};
    if (metro_raster_has_ssse3() && metro_raster_has_avx2())
        kernels[count++] = (Kernel){"avx2 rows", metro_resample_columns_ssse3, metro_blend_rows_avx2};
#endif
    if (count == 0) {
        // A kernel-less build would otherwise pass by checking nothing.
        printf("FAIL no C kernel runs on this CPU (%s)\n", arch);
        check(0, "a kernel");
    }
    for (int i = 0; i < count; i++) {
        seed = 1;
        check_column_phases(&kernels[i]);
        check_row_phases(&kernels[i]);
        check_images(&kernels[i]);
    }
    printf("resample kernels (%s): %d/%d checks passed\n", arch, passed, checks);
    return passed == checks ? 0 : 1;
}
