#include "CRasterKernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

int metro_raster_has_ssse3(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("ssse3");
}

// pmaddubsw multiplies unsigned bytes by signed ones. The weights (0...128) are the unsigned side, so a weight of
// 128 (a sample exactly on a pixel) needs no special case; the levels become signed by flipping their top bit
// (level − 128), and the bias adds back 128·128 plus the rounding half. Every sum stays within ±16384 + 16448,
// so nothing saturates. X lanes weigh 0 and get no bias, so X comes out 0.
#define LEVEL_FLIP 0x80
#define CHANNEL_BIAS (128 * 128 + 64)

__attribute__((target("ssse3")))
void metro_resample_columns_ssse3(const uint32_t *row, const int32_t *left, const uint8_t *pairWeights,
                                  uint32_t *out, size_t count) {
    // Two pixels' source pairs (L0 R0 L1 R1, 4 bytes each) become (L, R) byte pairs per channel.
    const __m128i order = _mm_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15);
    const __m128i flip = _mm_set1_epi8((char)LEVEL_FLIP);
    const __m128i bias = _mm_setr_epi16(CHANNEL_BIAS, CHANNEL_BIAS, CHANNEL_BIAS, 0,
                                        CHANNEL_BIAS, CHANNEL_BIAS, CHANNEL_BIAS, 0);
    const __m128i *weights = (const __m128i *)pairWeights;
    for (size_t i = 0; i < count; i += 4, weights += 2) {
        __m128i p01 = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(row + left[i])),
                                         _mm_loadl_epi64((const __m128i *)(row + left[i + 1])));
        __m128i p23 = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(row + left[i + 2])),
                                         _mm_loadl_epi64((const __m128i *)(row + left[i + 3])));
        p01 = _mm_shuffle_epi8(_mm_xor_si128(p01, flip), order);
        p23 = _mm_shuffle_epi8(_mm_xor_si128(p23, flip), order);
        __m128i s01 = _mm_maddubs_epi16(_mm_loadu_si128(weights), p01);
        __m128i s23 = _mm_maddubs_epi16(_mm_loadu_si128(weights + 1), p23);
        s01 = _mm_srli_epi16(_mm_add_epi16(s01, bias), 7);
        s23 = _mm_srli_epi16(_mm_add_epi16(s23, bias), 7);
        _mm_storeu_si128((__m128i *)(out + i), _mm_packus_epi16(s01, s23));
    }
}

__attribute__((target("ssse3")))
void metro_blend_rows_ssse3(const uint32_t *a, const uint32_t *b, unsigned t, uint32_t *out, size_t count) {
    // (a, b) byte pairs weighted (128 − t, t); X is 0 in both rows, which the bias turns back into 0.
    const __m128i weights = _mm_set1_epi16((short)((t << 8) | (128 - t)));
    const __m128i flip = _mm_set1_epi8((char)LEVEL_FLIP);
    const __m128i bias = _mm_set1_epi16(CHANNEL_BIAS);
    for (size_t i = 0; i < count; i += 4) {
        __m128i va = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(a + i)), flip);
        __m128i vb = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(b + i)), flip);
        __m128i lo = _mm_maddubs_epi16(weights, _mm_unpacklo_epi8(va, vb));
        __m128i hi = _mm_maddubs_epi16(weights, _mm_unpackhi_epi8(va, vb));
        lo = _mm_srli_epi16(_mm_add_epi16(lo, bias), 7);
        hi = _mm_srli_epi16(_mm_add_epi16(hi, bias), 7);
        _mm_storeu_si128((__m128i *)(out + i), _mm_packus_epi16(lo, hi));
    }
}

int metro_raster_has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

// AVX2: four columns' source pairs come from one 32-byte load of the eight pixels from the first column's left
// pixel, put in place by a lane-crossing dword permute (`windows`), instead of four scattered 8-byte loads.
__attribute__((target("avx2")))
void metro_resample_windows_avx2(const uint32_t *row, const int32_t *left, const int32_t *windows,
                                 const uint8_t *pairWeights, uint32_t *out, size_t count) {
    const __m256i order = _mm256_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15,
                                           0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15);
    const __m256i flip = _mm256_set1_epi8((char)LEVEL_FLIP);
    const __m256i bias = _mm256_setr_epi16(CHANNEL_BIAS, CHANNEL_BIAS, CHANNEL_BIAS, 0, CHANNEL_BIAS, CHANNEL_BIAS,
                                           CHANNEL_BIAS, 0, CHANNEL_BIAS, CHANNEL_BIAS, CHANNEL_BIAS, 0,
                                           CHANNEL_BIAS, CHANNEL_BIAS, CHANNEL_BIAS, 0);
#define METRO_FOUR_COLUMNS(i) ({ \
        __m256i pixels = _mm256_loadu_si256((const __m256i *)(row + left[i])); \
        __m256i pairs = _mm256_permutevar8x32_epi32(pixels, _mm256_loadu_si256((const __m256i *)(windows + 2 * (i)))); \
        pairs = _mm256_shuffle_epi8(_mm256_xor_si256(pairs, flip), order); \
        __m256i sums = _mm256_maddubs_epi16(_mm256_loadu_si256((const __m256i *)(pairWeights + 8 * (i))), pairs); \
        _mm256_srli_epi16(_mm256_add_epi16(sums, bias), 7); })
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i first = METRO_FOUR_COLUMNS(i), second = METRO_FOUR_COLUMNS(i + 4);
        // Packing works within 128-bit halves: (first.lo, second.lo, first.hi, second.hi) back into column order.
        __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(first, second), 0xD8);
        _mm256_storeu_si256((__m256i *)(out + i), packed);
    }
    if (i < count) {
        __m256i sums = METRO_FOUR_COLUMNS(i);
        _mm_storeu_si128((__m128i *)(out + i),
                         _mm_packus_epi16(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1)));
    }
#undef METRO_FOUR_COLUMNS
}

__attribute__((target("avx2")))
void metro_blend_rows_avx2(const uint32_t *a, const uint32_t *b, unsigned t, uint32_t *out, size_t count) {
    const __m256i weights = _mm256_set1_epi16((short)((t << 8) | (128 - t)));
    const __m256i flip = _mm256_set1_epi8((char)LEVEL_FLIP);
    const __m256i bias = _mm256_set1_epi16(CHANNEL_BIAS);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i va = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(a + i)), flip);
        __m256i vb = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(b + i)), flip);
        __m256i lo = _mm256_maddubs_epi16(weights, _mm256_unpacklo_epi8(va, vb));
        __m256i hi = _mm256_maddubs_epi16(weights, _mm256_unpackhi_epi8(va, vb));
        lo = _mm256_srli_epi16(_mm256_add_epi16(lo, bias), 7);
        hi = _mm256_srli_epi16(_mm256_add_epi16(hi, bias), 7);
        // Unpacking and packing both work within 128-bit halves, so the pixels come back in order.
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_packus_epi16(lo, hi));
    }
    if (i < count) metro_blend_rows_ssse3(a + i, b + i, t, out + i, count - i);
}

#else

int metro_raster_has_ssse3(void) { return 0; }
int metro_raster_has_avx2(void) { return 0; }

void metro_resample_windows_avx2(const uint32_t *row, const int32_t *left, const int32_t *windows,
                                 const uint8_t *pairWeights, uint32_t *out, size_t count) {
    (void)row; (void)left; (void)windows; (void)pairWeights; (void)out; (void)count;
}

void metro_blend_rows_avx2(const uint32_t *a, const uint32_t *b, unsigned t, uint32_t *out, size_t count) {
    (void)a; (void)b; (void)t; (void)out; (void)count;
}

void metro_resample_columns_ssse3(const uint32_t *row, const int32_t *left, const uint8_t *pairWeights,
                                  uint32_t *out, size_t count) {
    (void)row; (void)left; (void)pairWeights; (void)out; (void)count;
}

void metro_blend_rows_ssse3(const uint32_t *a, const uint32_t *b, unsigned t, uint32_t *out, size_t count) {
    (void)a; (void)b; (void)t; (void)out; (void)count;
}

#endif

#if defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>

// Advanced SIMD is part of every AArch64 CPU (ARMv8-A makes it mandatory), so there is nothing to ask at run time.
int metro_raster_has_neon(void) { return 1; }

// NEON multiplies unsigned bytes into 16-bit lanes and accumulates (umull, umlal), as libyuv's InterpolateRow_NEON
// does, so no level flip or bias is needed as for SSSE3's signed multiply-add: a channel's sum is at most
// 255 · 128, and the rounding narrow by 7 (rshrn) is exactly (sum + 64) >> 7.
void metro_resample_columns_neon(const uint32_t *row, const int32_t *left, const uint8_t *pairWeights,
                                 uint32_t *out, size_t count) {
    for (size_t i = 0; i < count; i += 4) {
        // Each column's (L, R) as one 8-byte load; de-interleaving the dwords gives four L pixels and four R ones.
        uint32x4_t p01 = vreinterpretq_u32_u8(vcombine_u8(vld1_u8((const uint8_t *)(row + left[i])),
                                                           vld1_u8((const uint8_t *)(row + left[i + 1]))));
        uint32x4_t p23 = vreinterpretq_u32_u8(vcombine_u8(vld1_u8((const uint8_t *)(row + left[i + 2])),
                                                           vld1_u8((const uint8_t *)(row + left[i + 3]))));
        uint8x16_t l = vreinterpretq_u8_u32(vuzp1q_u32(p01, p23));
        uint8x16_t r = vreinterpretq_u8_u32(vuzp2q_u32(p01, p23));
        // The SSSE3 layout's (left, right) byte pairs, de-interleaved by the load: the left weights per byte
        // (X weighing 0) and the right ones, so X comes out 0.
        uint8x16x2_t w = vld2q_u8(pairWeights + 8 * i);
        uint16x8_t lo = vmlal_u8(vmull_u8(vget_low_u8(l), vget_low_u8(w.val[0])), vget_low_u8(r), vget_low_u8(w.val[1]));
        uint16x8_t hi = vmlal_high_u8(vmull_high_u8(l, w.val[0]), r, w.val[1]);
        vst1q_u8((uint8_t *)(out + i), vrshrn_high_n_u16(vrshrn_n_u16(lo, 7), hi, 7));
    }
}

void metro_blend_rows_neon(const uint32_t *a, const uint32_t *b, unsigned t, uint32_t *out, size_t count) {
    const uint8x16_t wb = vdupq_n_u8((uint8_t)t), wa = vdupq_n_u8((uint8_t)(128 - t));
    size_t i = 0;
    // Eight pixels a step, two independent multiply chains; X is 0 in both rows and stays 0.
    for (; i + 8 <= count; i += 8) {
        uint8x16_t a0 = vld1q_u8((const uint8_t *)(a + i)), a1 = vld1q_u8((const uint8_t *)(a + i + 4));
        uint8x16_t b0 = vld1q_u8((const uint8_t *)(b + i)), b1 = vld1q_u8((const uint8_t *)(b + i + 4));
        uint16x8_t lo0 = vmlal_u8(vmull_u8(vget_low_u8(a0), vget_low_u8(wa)), vget_low_u8(b0), vget_low_u8(wb));
        uint16x8_t hi0 = vmlal_high_u8(vmull_high_u8(a0, wa), b0, wb);
        uint16x8_t lo1 = vmlal_u8(vmull_u8(vget_low_u8(a1), vget_low_u8(wa)), vget_low_u8(b1), vget_low_u8(wb));
        uint16x8_t hi1 = vmlal_high_u8(vmull_high_u8(a1, wa), b1, wb);
        vst1q_u8((uint8_t *)(out + i), vrshrn_high_n_u16(vrshrn_n_u16(lo0, 7), hi0, 7));
        vst1q_u8((uint8_t *)(out + i + 4), vrshrn_high_n_u16(vrshrn_n_u16(lo1, 7), hi1, 7));
    }
    if (i < count) {
        uint8x16_t a0 = vld1q_u8((const uint8_t *)(a + i)), b0 = vld1q_u8((const uint8_t *)(b + i));
        uint16x8_t lo = vmlal_u8(vmull_u8(vget_low_u8(a0), vget_low_u8(wa)), vget_low_u8(b0), vget_low_u8(wb));
        uint16x8_t hi = vmlal_high_u8(vmull_high_u8(a0, wa), b0, wb);
        vst1q_u8((uint8_t *)(out + i), vrshrn_high_n_u16(vrshrn_n_u16(lo, 7), hi, 7));
    }
}

#else

int metro_raster_has_neon(void) { return 0; }

void metro_resample_columns_neon(const uint32_t *row, const int32_t *left, const uint8_t *pairWeights,
                                 uint32_t *out, size_t count) {
    (void)row; (void)left; (void)pairWeights; (void)out; (void)count;
}

void metro_blend_rows_neon(const uint32_t *a, const uint32_t *b, unsigned t, uint32_t *out, size_t count) {
    (void)a; (void)b; (void)t; (void)out; (void)count;
}

#endif
