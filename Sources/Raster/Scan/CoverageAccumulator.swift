/// Exact-area coverage of a set of line segments over a pixel rectangle, by signed-area accumulation
/// (font-rs; the same arithmetic as FreeType's gray rasterizer): each segment adds, to the cells it crosses,
/// the signed area it sweeps to its right within the cell and carries the rest to the next cell, so that a
/// running sum along a row is the winding-weighted coverage of each pixel. Non-zero fill is min(|sum|, 1).
///
/// The accumulation buffer is dense, but a bit per cell records which cells were touched, so the sweep jumps
/// from touched cell to touched cell: runs between them have constant coverage and are filled (or skipped)
/// as a whole. The sweep zeroes exactly what it read, so the buffers are clean for the next path with no clearing
/// pass.
final class CoverageAccumulator {
    private var cells: UnsafeMutablePointer<Float>
    private var touched: UnsafeMutablePointer<UInt64>
    private var rowFirstWord: UnsafeMutablePointer<Int32>
    private var rowLastWord: UnsafeMutablePointer<Int32>
    private var cellCapacity = 0
    private var wordCapacity = 0
    private var rowCapacity = 0

    // The current target rectangle, in device pixels.
    private(set) var originX = 0
    private(set) var originY = 0
    private(set) var width = 0
    private(set) var height = 0
    private var stride = 0         // cells per row: width + 2, room for the carry past the right edge
    private var wordsPerRow = 0
    private(set) var originXf: Float = 0
    private(set) var originYf: Float = 0
    private(set) var widthf: Float = 0
    private(set) var heightf: Float = 0
    private var firstRow = Int.max
    private var lastRow = -1

    init() {
        cells = .allocate(capacity: 1)
        touched = .allocate(capacity: 1)
        rowFirstWord = .allocate(capacity: 1)
        rowLastWord = .allocate(capacity: 1)
    }

    deinit {
        cells.deallocate()
        touched.deallocate()
        rowFirstWord.deallocate()
        rowLastWord.deallocate()
    }

    /// Starts a path whose coverage is wanted over `rect` (non-empty, already clipped to the target).
    func begin(_ rect: IntRect) {
        originX = rect.x0
        originY = rect.y0
        width = rect.width
        height = rect.height
        stride = width + 2
        wordsPerRow = (stride + 63) >> 6
        originXf = Float(originX)
        originYf = Float(originY)
        widthf = Float(width)
        heightf = Float(height)
        firstRow = Int.max
        lastRow = -1
        reserve(cells: stride * height, words: wordsPerRow * height, rows: height)
    }

    private func reserve(cells cellCount: Int, words: Int, rows: Int) {
        if cellCount > cellCapacity {
            cells.deallocate()
            cellCapacity = max(cellCount, cellCapacity * 2)
            cells = .allocate(capacity: cellCapacity)
            cells.initialize(repeating: 0, count: cellCapacity)
        }
        if words > wordCapacity {
            touched.deallocate()
            wordCapacity = max(words, wordCapacity * 2)
            touched = .allocate(capacity: wordCapacity)
            touched.initialize(repeating: 0, count: wordCapacity)
        }
        if rows > rowCapacity {
            rowFirstWord.deallocate()
            rowLastWord.deallocate()
            rowCapacity = max(rows, rowCapacity * 2)
            rowFirstWord = .allocate(capacity: rowCapacity)
            rowLastWord = .allocate(capacity: rowCapacity)
            rowFirstWord.initialize(repeating: Int32.max, count: rowCapacity)
            rowLastWord.initialize(repeating: -1, count: rowCapacity)
        }
    }

    /// font-rs's line accumulation for a segment inside [0, w] × [0, h] (relative to the origin) with y0 < y1;
    /// `direction` is +1 for a downward segment, −1 for an upward one. `EdgeClipper` guarantees the bounds.
    @inline(__always)
    func accumulate(_ px0: Float, _ py0: Float, _ px1: Float, _ py1: Float, _ direction: Float) {
        let dxdy = (px1 - px0) / (py1 - py0)
        var x = px0
        let rowStart = Int(py0)
        let rowEnd = min(height, Int(py1.rounded(.up)))
        guard rowStart < rowEnd else { return }
        if rowStart < firstRow { firstRow = rowStart }
        if rowEnd - 1 > lastRow { lastRow = rowEnd - 1 }
        let cells = self.cells
        let touched = self.touched
        let stride = self.stride
        let wordsPerRow = self.wordsPerRow
        let lastCell = stride - 1
        var y = rowStart
        while y < rowEnd {
            let yf = Float(y)
            let dy = min(yf + 1, py1) - max(yf, py0)
            // Clamped: accumulated rounding must not step outside the row's cells.
            let xNext = min(max(x + dxdy * dy, 0), widthf)
            let d = dy * direction
            let (xa, xb) = x < xNext ? (x, xNext) : (xNext, x)
            let xaFloor = xa.rounded(.down)
            let xaI = Int(xaFloor)
            let xbCeil = xb.rounded(.up)
            let xbI = Int(xbCeil)
            let line = cells + y * stride
            var lastTouched: Int
            if xbI <= xaI + 1 {
                let xmf = 0.5 * (x + xNext) - xaFloor
                line[xaI] += d - d * xmf
                line[min(xaI + 1, lastCell)] += d * xmf
                lastTouched = min(xaI + 1, lastCell)
            } else {
                let s = 1 / (xb - xa)
                let xaFrac = xa - xaFloor
                let a0 = 0.5 * s * (1 - xaFrac) * (1 - xaFrac)
                let xbFrac = xb - xbCeil + 1
                let am = 0.5 * s * xbFrac * xbFrac
                line[xaI] += d * a0
                if xbI == xaI + 2 {
                    line[xaI + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - xaFrac)
                    line[xaI + 1] += d * (a1 - a0)
                    let ds = d * s
                    var xi = xaI + 2
                    while xi < xbI - 1 {
                        line[xi] += ds
                        xi += 1
                    }
                    let a2 = a1 + Float(xbI - xaI - 3) * s
                    line[xbI - 1] += d * (1 - a2 - am)
                }
                line[xbI] += d * am
                lastTouched = xbI
            }
            markTouched(row: y, from: xaI, through: lastTouched, touched: touched, wordsPerRow: wordsPerRow)
            x = xNext
            y += 1
        }
    }

    @inline(__always)
    private func markTouched(row: Int, from first: Int, through last: Int, touched: UnsafeMutablePointer<UInt64>,
                             wordsPerRow: Int) {
        let words = touched + row * wordsPerRow
        let firstWord = first >> 6, lastWord = last >> 6
        let lowMask = ~UInt64(0) << UInt64(first & 63)
        let highMask = ~UInt64(0) >> UInt64(63 - (last & 63))
        if firstWord == lastWord {
            words[firstWord] |= lowMask & highMask
        } else {
            words[firstWord] |= lowMask
            var w = firstWord + 1
            while w < lastWord { words[w] = ~0; w += 1 }
            words[lastWord] |= highMask
        }
        if Int32(firstWord) < rowFirstWord[row] { rowFirstWord[row] = Int32(firstWord) }
        if Int32(lastWord) > rowLastWord[row] { rowLastWord[row] = Int32(lastWord) }
    }

    /// Sweeps the touched rows, handing each run of equal coverage to `spans`, and leaves the buffers zeroed.
    func sweep<Spans: SpanSink>(into spans: inout Spans) {
        guard firstRow <= lastRow else { return }
        let cells = self.cells, touched = self.touched
        let width = self.width
        for row in firstRow...lastRow {
            let firstWord = Int(rowFirstWord[row])
            let lastWord = Int(rowLastWord[row])
            guard firstWord <= lastWord else { continue }
            rowFirstWord[row] = Int32.max
            rowLastWord[row] = -1
            let line = cells + row * stride
            let words = touched + row * wordsPerRow
            let y = originY + row
            spans.beginRow(y)
            var sum: Float = 0
            var next = 0  // first pixel (relative) not yet handed out
            for w in firstWord...lastWord {
                var bits = words[w]
                words[w] = 0
                while bits != 0 {
                    let i = (w << 6) | bits.trailingZeroBitCount
                    bits &= bits &- 1
                    let runEnd = min(i, width)
                    if runEnd > next {
                        let c = min(abs(sum), 1)
                        if c > 0 { spans.run(x: originX + next, count: runEnd - next, coverage: c) }
                    }
                    sum += line[i]
                    line[i] = 0
                    if i < width {
                        let c = min(abs(sum), 1)
                        if c > 0 { spans.pixel(x: originX + i, coverage: c) }
                    }
                    next = i + 1
                }
            }
            if next < width {
                let c = min(abs(sum), 1)
                if c > 0 { spans.run(x: originX + next, count: width - next, coverage: c) }
            }
        }
        firstRow = Int.max
        lastRow = -1
    }
}

/// Receives coverage from the sweep, one row at a time, left to right.
protocol SpanSink {
    mutating func beginRow(_ y: Int)
    /// `count` pixels from `x` all with coverage `coverage` in (0, 1].
    mutating func run(x: Int, count: Int, coverage: Float)
    mutating func pixel(x: Int, coverage: Float)
}
