/// Square blocks of pixels transposed in vector registers, for the quarter-turned scanout copy.
///
/// Each stage interleaves two registers with constant lane indices, which LLVM lowers to one SSE2 unpack
/// (punpckl/h of words, doublewords or quadwords): a 4×4 block of XRGB8888 pixels is eight unpacks, an 8×8 block
/// of RGB565 pixels twenty-four. Built from single lanes picked at run time the same work was a spill to the
/// stack and a scalar load per pixel.
enum PixelTranspose {
    /// Rows `r0`…`r3` in, columns out: `c.j` holds lane j of each row, in row order.
    @inline(__always)
    static func transpose(_ r0: SIMD4<UInt32>, _ r1: SIMD4<UInt32>, _ r2: SIMD4<UInt32>, _ r3: SIMD4<UInt32>)
        -> (SIMD4<UInt32>, SIMD4<UInt32>, SIMD4<UInt32>, SIMD4<UInt32>) {
        let s0 = wide(zipLow(r0, r1)), s1 = wide(zipHigh(r0, r1))
        let s2 = wide(zipLow(r2, r3)), s3 = wide(zipHigh(r2, r3))
        return (narrow(zipLow(s0, s2)), narrow(zipHigh(s0, s2)), narrow(zipLow(s1, s3)), narrow(zipHigh(s1, s3)))
    }

    /// Eight rows of eight 16-bit pixels in, eight columns out (column j = lane j of r0…r7).
    @inline(__always)
    static func transpose(_ r: (SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>,
                                SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>))
        -> (SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>,
            SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>) {
        // Pairs of rows: lane j of s holds (row a, row b) of column j (s0, s2, s4, s6 columns 0…3; the others 4…7).
        let s0 = pairs(zipLow(r.0, r.1)), s1 = pairs(zipHigh(r.0, r.1))
        let s2 = pairs(zipLow(r.2, r.3)), s3 = pairs(zipHigh(r.2, r.3))
        let s4 = pairs(zipLow(r.4, r.5)), s5 = pairs(zipHigh(r.4, r.5))
        let s6 = pairs(zipLow(r.6, r.7)), s7 = pairs(zipHigh(r.6, r.7))
        // Quads: each 64-bit lane holds one column of four rows.
        let t0 = wide(zipLow(s0, s2)), t1 = wide(zipHigh(s0, s2)), t2 = wide(zipLow(s1, s3)), t3 = wide(zipHigh(s1, s3))
        let t4 = wide(zipLow(s4, s6)), t5 = wide(zipHigh(s4, s6)), t6 = wide(zipLow(s5, s7)), t7 = wide(zipHigh(s5, s7))
        return (words(zipLow(t0, t4)), words(zipHigh(t0, t4)), words(zipLow(t1, t5)), words(zipHigh(t1, t5)),
                words(zipLow(t2, t6)), words(zipHigh(t2, t6)), words(zipLow(t3, t7)), words(zipHigh(t3, t7)))
    }

    /// The lanes in reverse order (a row turned 180°).
    @inline(__always)
    static func reversed(_ v: SIMD4<UInt32>) -> SIMD4<UInt32> { SIMD4(v[3], v[2], v[1], v[0]) }

    @inline(__always)
    static func reversed(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> { SIMD8(v[7], v[6], v[5], v[4], v[3], v[2], v[1], v[0]) }

    // MARK: Interleaves (the low or high halves of a and b, lane by lane)

    @inline(__always)
    private static func zipLow(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
        SIMD8(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3])
    }

    @inline(__always)
    private static func zipHigh(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
        SIMD8(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
    }

    @inline(__always)
    private static func zipLow(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> { SIMD4(a[0], b[0], a[1], b[1]) }

    @inline(__always)
    private static func zipHigh(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> { SIMD4(a[2], b[2], a[3], b[3]) }

    @inline(__always)
    private static func zipLow(_ a: SIMD2<UInt64>, _ b: SIMD2<UInt64>) -> SIMD2<UInt64> { SIMD2(a[0], b[0]) }

    @inline(__always)
    private static func zipHigh(_ a: SIMD2<UInt64>, _ b: SIMD2<UInt64>) -> SIMD2<UInt64> { SIMD2(a[1], b[1]) }

    // MARK: The same 16 bytes seen as other lanes

    @inline(__always)
    private static func pairs(_ v: SIMD8<UInt16>) -> SIMD4<UInt32> { unsafeBitCast(v, to: SIMD4<UInt32>.self) }

    @inline(__always)
    private static func wide(_ v: SIMD4<UInt32>) -> SIMD2<UInt64> { unsafeBitCast(v, to: SIMD2<UInt64>.self) }

    @inline(__always)
    private static func narrow(_ v: SIMD2<UInt64>) -> SIMD4<UInt32> { unsafeBitCast(v, to: SIMD4<UInt32>.self) }

    @inline(__always)
    private static func words(_ v: SIMD2<UInt64>) -> SIMD8<UInt16> { unsafeBitCast(v, to: SIMD8<UInt16>.self) }
}
