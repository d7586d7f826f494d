#ifndef METRO_CRASTERKERNELS_H
#define METRO_CRASTERKERNELS_H
// The pinch resample's two passes with the byte shuffle and the byte-pair multiply-add that SSSE3 has and that
// Swift's SIMD types cannot express (a Swift module compiled for SSSE3 could not run on a CPU without it, and
// Swift has no per-function target attribute), and with NEON's widening multiply-accumulate on AArch64. All
// compute exactly what the Swift kernels in Raster compute: per channel (Σ weight·level + 64) >> 7 with 7-bit
// weights adding up to 128, so the pixels do not depend on which kernel ran (scripts/kernel-check runs the NEON
// ones under qemu-aarch64).
#include <stddef.h>
#include <stdint.h>

// 1 when this CPU runs the SSSE3 or the AVX2 kernels (always 0 on other architectures).
int metro_raster_has_ssse3(void);
int metro_raster_has_avx2(void);

// Horizontal pass: `count` (a multiple of 4) destination pixels, pixel i weighting the source pixels at
// left[i] and left[i] + 1 of `row`. `pairWeights` holds 16 bytes per two pixels: for each, (128 − f, f) as
// (left, right) byte pairs for blue, green and red, then (0, 0) for X.
void metro_resample_columns_ssse3(const uint32_t *row, const int32_t *left, const uint8_t *pairWeights,
                                  uint32_t *out, size_t count);

// The same with AVX2 for columns whose groups of four each lie within the eight source pixels from their first
// column's left pixel (all of them at scales up to 2, but where the 32-byte load would leave the row): per group,
// `windows` holds eight dword indices into those pixels, (left, right) per column.
void metro_resample_windows_avx2(const uint32_t *row, const int32_t *left, const int32_t *windows,
                                 const uint8_t *pairWeights, uint32_t *out, size_t count);

// Vertical pass: out[i] = a[i]·(128 − t) + b[i]·t per channel, rounded, for `count` (a multiple of 4) pixels
// whose X bytes are 0; t is 0...128.
void metro_blend_rows_ssse3(const uint32_t *a, const uint32_t *b, unsigned t, uint32_t *out, size_t count);
void metro_blend_rows_avx2(const uint32_t *a, const uint32_t *b, unsigned t, uint32_t *out, size_t count);

// AArch64's NEON: the same two passes with widening byte multiply-accumulate (umull/umlal) and a rounding narrow;
// the horizontal pass takes the SSSE3 pass's `pairWeights` layout. 1 from metro_raster_has_neon on AArch64.
int metro_raster_has_neon(void);
void metro_resample_columns_neon(const uint32_t *row, const int32_t *left, const uint8_t *pairWeights,
                                 uint32_t *out, size_t count);
void metro_blend_rows_neon(const uint32_t *a, const uint32_t *b, unsigned t, uint32_t *out, size_t count);

#endif
