import CRasterKernels

extension Canvas {
    /// Fills the clip with `source` resampled bilinearly: destination point p (pixel centres at +0.5) shows
    /// `source` at p × `scale` + `offset`. This is how a pinch shows the last full-quality frame scaled about the
    /// fingers (scale = 1 / zoom). Samples more than half a pixel outside the source show `outside`; the border
    /// pixels extend that half pixel. `source` must not be this canvas's buffer.
    ///
    /// Separable: each source row the frame needs is resampled horizontally once (per band of rows), and each
    /// destination row is then a vertical blend of two such rows. Samples sit on a 1/128-pixel grid (7-bit
    /// weights, as pixman's bilinear filter), which lets SSSE3's byte-pair multiply-add do a channel's two
    /// products and their sum in one step; every kernel gives the same bytes. Rows are
    /// shared out in bands over `renderPool`; every row is computed the same way whichever thread runs it.
    public func drawResampled(from source: PixelBuffer, scale: Float, offset: Point, outside: Color) {
        drawResampled(from: source, scale: scale, offset: offset, outside: outside, kernel: .fastest)
    }

    /// As above with a chosen kernel, so that tests can hold the kernels to the same pixels.
    func drawResampled(from source: PixelBuffer, scale: Float, offset: Point, outside: Color, kernel: ResampleKernel) {
        let area = clip
        guard !area.isEmpty, source !== buffer, source.width > 0, source.height > 0,
              scale.isFinite, scale > 0, offset.x.isFinite, offset.y.isFinite,
              abs(offset.x) < 1e7, abs(offset.y) < 1e7, scale < 1e4 else { return }
        let map = ResampleColumns(area: area, sourceWidth: source.width, scale: scale, offsetX: offset.x, kernel: kernel)
        defer { map.deallocate() }
        let pool = renderPool ?? .serial
        let bandHeight = BandedSceneDrawer.bandHeight
        let firstBand = area.y0 / bandHeight, bandCount = (area.y1 - 1) / bandHeight - firstBand + 1
        let scratchRow = max(1, map.insideCount)
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: pool.threadCount * 2 * scratchRow)
        defer { scratch.deallocate() }
        let target = buffer
        pool.run(tasks: bandCount) { task, worker in
            let band = firstBand + task
            let rows = max(area.y0, band * bandHeight)..<min(area.y1, (band + 1) * bandHeight)
            var resampler = RowResampler(source: source, map: map, background: outside.xrgb,
                                         rowA: scratch + worker * 2 * scratchRow, rowB: scratch + (worker * 2 + 1) * scratchRow)
            for y in rows {
                let sy = (Float(y) + 0.5) * scale + offset.y - 0.5
                resampler.drawRow(target.row(y) + area.x0, sourceY: sy)
            }
        }
    }
}

/// Which code runs the two passes' vector loops; all give the same bytes. Swift's SIMD types have neither SSSE3's
/// byte shuffle nor its byte-pair multiply-add, and Swift compiles for baseline x86-64, so the faster kernels are C
/// (CRasterKernels), chosen by what the CPU reports at run time: SSSE3 (x86 from 2006) takes about half the
/// portable loop's instructions; AVX2 (x86 from 2013) also replaces scattered loads with one load and a permute.
/// On AArch64 (the ARM boards kiosks run on) NEON is always there: its widening byte multiply-accumulate does a
/// channel's two products and their sum as SSSE3's multiply-add does, on the same weight table.
enum ResampleKernel: CaseIterable {
    case portable
    case ssse3
    case avx2
    case neon

    static let available: [ResampleKernel] = allCases.filter {
        switch $0 {
        case .portable: true
        case .ssse3: metro_raster_has_ssse3() != 0
        case .avx2: metro_raster_has_ssse3() != 0 && metro_raster_has_avx2() != 0
        case .neon: metro_raster_has_neon() != 0
        }
    }
    static let fastest: ResampleKernel = available.last ?? .portable
}

/// The horizontal half of the mapping, the same for every row: per destination column inside the source, the
/// left source column and the right sample's weight (0...128).
struct ResampleColumns {
    let width: Int
    let kernel: ResampleKernel
    /// Destination columns (relative to the area) whose samples fall inside the source: firstInside..<firstInside+insideCount.
    let firstInside: Int
    let insideCount: Int
    /// Within those, the columns whose two samples are both real pixels (no clamping at the borders), and the end
    /// of the groups of four the vector loops take.
    let firstInterior: Int
    let interiorEnd: Int
    let vectorEnd: Int
    /// For AVX2, the end of the groups of four from `firstInterior` whose columns lie within the eight source pixels
    /// from the group's first left pixel (inside the row), and per group the (left, right) dword index of each
    /// column among those eight.
    let windowEnd: Int
    let windows: UnsafeMutablePointer<SIMD8<Int32>>?
    let left: UnsafeMutablePointer<Int32>
    let weight: UnsafeMutablePointer<UInt16>
    /// Per two vector columns, the weights in the layout of `kernel`'s loop: for the portable one, the 16-bit lanes
    /// the two source pixel pairs widen to (per column the left pixel's four channels, then the right pixel's);
    /// for SSSE3 (and AVX2 and NEON), 16 bytes of (left, right) weight pairs per channel, X weighing 0.
    let pairWeights: UnsafeMutableRawPointer

    init(area: IntRect, sourceWidth sw: Int, scale: Float, offsetX: Float, kernel: ResampleKernel) {
        width = area.width
        self.kernel = kernel
        left = .allocate(capacity: max(1, width))
        weight = .allocate(capacity: max(1, width))
        var first = width, last = -1
        for i in 0..<width {
            let sx = (Float(area.x0 + i) + 0.5) * scale + offsetX - 0.5
            if sx > -1 && sx < Float(sw) {
                let floor = sx.rounded(.down)
                left[i] = Int32(floor)
                weight[i] = UInt16((sx - floor) * 128)
                first = min(first, i)
                last = i
            } else {
                left[i] = -2
                weight[i] = 0
            }
        }
        firstInside = first
        insideCount = max(0, last - first + 1)
        var lo = first
        while lo <= last && left[lo] < 0 { lo += 1 }
        var hi = last + 1
        while hi > lo && Int(left[hi - 1]) + 1 > sw - 1 { hi -= 1 }
        firstInterior = lo
        interiorEnd = hi
        let pairs = max(0, (hi - lo) / 4) * 2
        vectorEnd = lo + pairs * 2
        switch kernel {
        case .portable:
            let lanes = UnsafeMutablePointer<SIMD16<UInt16>>.allocate(capacity: max(1, pairs))
            for g in 0..<pairs {
                var pair = SIMD16<UInt16>()
                for k in 0..<2 {
                    let f = weight[lo + g * 2 + k]
                    for channel in 0..<4 {
                        pair[k * 8 + channel] = 128 - f
                        pair[k * 8 + 4 + channel] = f
                    }
                }
                lanes[g] = pair
            }
            pairWeights = UnsafeMutableRawPointer(lanes)
            windowEnd = lo
            windows = nil
        case .ssse3, .avx2, .neon:
            let bytes = UnsafeMutablePointer<SIMD16<UInt8>>.allocate(capacity: max(1, pairs))
            for g in 0..<pairs {
                var pair = SIMD16<UInt8>()
                for k in 0..<2 {
                    let f = UInt8(weight[lo + g * 2 + k])
                    for channel in 0..<3 {
                        pair[k * 8 + channel * 2] = 128 - f
                        pair[k * 8 + channel * 2 + 1] = f
                    }
                }
                bytes[g] = pair
            }
            pairWeights = UnsafeMutableRawPointer(bytes)
            var end = lo
            var groups: UnsafeMutablePointer<SIMD8<Int32>>? = nil
            if kernel == .avx2 {
                let table = UnsafeMutablePointer<SIMD8<Int32>>.allocate(capacity: max(1, pairs / 2))
                while end < vectorEnd {
                    let base = left[end]
                    guard Int(base) + 8 <= sw, left[end + 3] + 1 - base <= 7 else { break }
                    var window = SIMD8<Int32>()
                    for k in 0..<4 {
                        window[k * 2] = left[end + k] - base
                        window[k * 2 + 1] = left[end + k] - base + 1
                    }
                    table[(end - lo) / 4] = window
                    end += 4
                }
                groups = table
            }
            windowEnd = end
            windows = groups
        }
    }

    func deallocate() {
        left.deallocate()
        weight.deallocate()
        pairWeights.deallocate()
        windows?.deallocate()
    }
}

/// Draws destination rows from two horizontally resampled source rows, recomputing a row only when the source
/// row under it changes (zooming in, consecutive destination rows share their source rows).
struct RowResampler {
    let source: PixelBuffer
    let map: ResampleColumns
    let background: UInt32
    var rowA: UnsafeMutablePointer<UInt32>
    var rowB: UnsafeMutablePointer<UInt32>
    var indexA = Int.min
    var indexB = Int.min

    init(source: PixelBuffer, map: ResampleColumns, background: UInt32,
         rowA: UnsafeMutablePointer<UInt32>, rowB: UnsafeMutablePointer<UInt32>) {
        self.source = source
        self.map = map
        self.background = background
        self.rowA = rowA
        self.rowB = rowB
    }

    mutating func drawRow(_ dst: UnsafeMutablePointer<UInt32>, sourceY sy: Float) {
        let width = map.width, first = map.firstInside, count = map.insideCount
        guard sy > -1 && sy < Float(source.height), count > 0 else {
            dst.update(repeating: background, count: width)
            return
        }
        let floor = sy.rounded(.down)
        let y0 = Int(floor)
        let fy = UInt16((sy - floor) * 128)
        let a = max(0, y0), b = min(source.height - 1, y0 + 1)
        // Reuse what the previous row computed; swap when this row's top is the last row's bottom.
        if indexA != a {
            if indexB == a {
                swap(&rowA, &rowB)
                swap(&indexA, &indexB)
            } else {
                resampleRow(a, into: rowA)
                indexA = a
            }
        }
        if fy != 0 && indexB != b {
            resampleRow(b, into: rowB)
            indexB = b
        }
        if first > 0 { dst.update(repeating: background, count: first) }
        let out = dst + first
        if fy == 0 || a == b {
            out.update(from: rowA, count: count)
        } else {
            let vector = count / 4 * 4
            switch map.kernel {
            case .portable: blendRows(rowA, rowB, fy, into: out, count: vector)
            case .ssse3: metro_blend_rows_ssse3(rowA, rowB, UInt32(fy), out, vector)
            case .avx2: metro_blend_rows_avx2(rowA, rowB, UInt32(fy), out, vector)
            case .neon: metro_blend_rows_neon(rowA, rowB, UInt32(fy), out, vector)
            }
            for i in vector..<count { out[i] = lerpPixel(rowA[i], rowB[i], fy) }
        }
        let end = first + count
        if end < width { (dst + end).update(repeating: background, count: width - end) }
    }

    /// Horizontal pass of source row `y` for the destination columns inside the source.
    private func resampleRow(_ y: Int, into out: UnsafeMutablePointer<UInt32>) {
        let row = source.row(y)
        let sw = source.width
        let first = map.firstInside, end = first + map.insideCount
        var i = first
        while i < map.firstInterior {
            out[i - first] = lerpPixel(row[max(0, Int(map.left[i]))], row[min(sw - 1, Int(map.left[i]) + 1)], map.weight[i])
            i += 1
        }
        switch map.kernel {
        case .portable:
            resampleColumns(row, map, into: out + (i - first))
        case .ssse3, .avx2:
            let weights = map.pairWeights.assumingMemoryBound(to: UInt8.self)
            if let windows = map.windows, map.windowEnd > i {
                windows.withMemoryRebound(to: Int32.self, capacity: (map.windowEnd - i) * 2) {
                    metro_resample_windows_avx2(row, map.left + i, $0, weights, out + (i - first), map.windowEnd - i)
                }
                i = map.windowEnd
            }
            metro_resample_columns_ssse3(row, map.left + i, weights + (i - map.firstInterior) * 8, out + (i - first),
                                         map.vectorEnd - i)
        case .neon:
            let weights = map.pairWeights.assumingMemoryBound(to: UInt8.self)
            metro_resample_columns_neon(row, map.left + i, weights + (i - map.firstInterior) * 8, out + (i - first),
                                        map.vectorEnd - i)
        }
        i = map.vectorEnd
        while i < end {
            out[i - first] = lerpPixel(row[max(0, Int(map.left[i]))], row[min(sw - 1, Int(map.left[i]) + 1)], map.weight[i])
            i += 1
        }
    }
}

/// The portable horizontal loop over `map`'s vector columns, four at a time: each loads its two neighbouring
/// source pixels as 8 bytes, widened to eight 16-bit lanes (a channel each) and weighted; a lane (at most
/// 255 × 128) and the sum of a column's left and right halves (the weights add up to 128) fit in 16 bits.
/// Widening element by element compiles to unpacks with zero; the standard library's generic conversion stays an
/// out-of-line call in this loop. Wrapping arithmetic: the indices are bounded by the row width, and overflow
/// checks cost a branch per step in the hottest loop of a pinch frame.
@inline(__always)
private func resampleColumns(_ row: UnsafeMutablePointer<UInt32>, _ map: ResampleColumns, into out: UnsafeMutablePointer<UInt32>) {
    let raw = UnsafeRawPointer(row)
    let left = map.left, weights = map.pairWeights.assumingMemoryBound(to: SIMD16<UInt16>.self)
    var i = map.firstInterior, pair = 0, o = 0
    while i < map.vectorEnd {
        let p01 = SIMD16<UInt8>(lowHalf: raw.loadUnaligned(fromByteOffset: Int(left[i]) &* 4, as: SIMD8<UInt8>.self),
                                highHalf: raw.loadUnaligned(fromByteOffset: Int(left[i &+ 1]) &* 4, as: SIMD8<UInt8>.self))
        let p23 = SIMD16<UInt8>(lowHalf: raw.loadUnaligned(fromByteOffset: Int(left[i &+ 2]) &* 4, as: SIMD8<UInt8>.self),
                                highHalf: raw.loadUnaligned(fromByteOffset: Int(left[i &+ 3]) &* 4, as: SIMD8<UInt8>.self))
        let w01 = widened(p01) &* weights[pair], w23 = widened(p23) &* weights[pair &+ 1]
        // Viewed as 64-bit words, each weighted pixel is one word: even words are the left pixels, odd the right.
        let q01 = unsafeBitCast(w01, to: SIMD4<UInt64>.self), q23 = unsafeBitCast(w23, to: SIMD4<UInt64>.self)
        let sum01 = unsafeBitCast(q01.evenHalf, to: SIMD8<UInt16>.self) &+ unsafeBitCast(q01.oddHalf, to: SIMD8<UInt16>.self)
        let sum23 = unsafeBitCast(q23.evenHalf, to: SIMD8<UInt16>.self) &+ unsafeBitCast(q23.oddHalf, to: SIMD8<UInt16>.self)
        let rounded = (SIMD16<UInt16>(lowHalf: sum01, highHalf: sum23) &+ 64) &>> 7
        // X is cleared, as the vertical pass and the edge columns expect.
        let pixels = unsafeBitCast(SIMD16<UInt8>(truncatingIfNeeded: rounded), to: SIMD4<UInt32>.self) & 0x00FF_FFFF
        UnsafeMutableRawPointer(out + o).storeBytes(of: pixels, as: SIMD4<UInt32>.self)
        i &+= 4
        o &+= 4
        pair &+= 2
    }
}

/// Sixteen bytes zero-extended to sixteen 16-bit lanes.
@inline(__always)
private func widened(_ p: SIMD16<UInt8>) -> SIMD16<UInt16> {
    SIMD16<UInt16>(UInt16(p[0]), UInt16(p[1]), UInt16(p[2]), UInt16(p[3]), UInt16(p[4]), UInt16(p[5]), UInt16(p[6]), UInt16(p[7]),
                   UInt16(p[8]), UInt16(p[9]), UInt16(p[10]), UInt16(p[11]), UInt16(p[12]), UInt16(p[13]), UInt16(p[14]), UInt16(p[15]))
}

/// The portable vertical loop: a·(128 − t) + b·t per channel, rounded, four pixels at a time in 16-bit lanes:
/// (B, R) masked and (G, X) shifted down, weighted, and put back together. Both rows come from `resampleRow`, so X
/// is 0. `count` is a multiple of 4.
@inline(__always)
private func blendRows(_ a: UnsafeMutablePointer<UInt32>, _ b: UnsafeMutablePointer<UInt32>, _ t: UInt16,
                       into out: UnsafeMutablePointer<UInt32>, count: Int) {
    let wb = SIMD8<UInt16>(repeating: t), wa = SIMD8<UInt16>(repeating: 128 - t)
    let mask = SIMD8<UInt16>(repeating: 0xFF)
    let high = SIMD8<UInt16>(repeating: 0xFF00)
    var i = 0
    while i < count {
        let va = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD8<UInt16>.self)
        let vb = UnsafeRawPointer(b + i).loadUnaligned(as: SIMD8<UInt16>.self)
        let rb = ((va & mask) &* wa &+ (vb & mask) &* wb &+ 64) &>> 7
        // Green (and X, which is 0 in both rows) rounded: doubling the sum puts the channel in the high byte.
        let g = (((va &>> 8) &* wa &+ (vb &>> 8) &* wb &+ 64) &<< 1) & high
        UnsafeMutableRawPointer(out + i).storeBytes(of: rb | g, as: SIMD8<UInt16>.self)
        i &+= 4
    }
}

/// One pixel's a·(128 − t) + b·t per channel, rounded, two channels per multiply (red and blue share one, green
/// the other).
@inline(__always)
private func lerpPixel(_ a: UInt32, _ b: UInt32, _ t: UInt16) -> UInt32 {
    let t = UInt32(t), u = 128 - t
    let rb = ((a & 0xFF00FF) &* u &+ (b & 0xFF00FF) &* t &+ 0x400040) >> 7 & 0xFF00FF
    let g = ((a & 0xFF00) &* u &+ (b & 0xFF00) &* t &+ 0x4000) >> 7 & 0xFF00
    return rb | g
}
