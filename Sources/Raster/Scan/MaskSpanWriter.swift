/// Writes sweep coverage into an 8-bit mask (row-major, `width` bytes per row, origin at pixel 0,0) instead of
/// blending it: how stamps are made once and blitted many times.
struct MaskSpanWriter: SpanSink {
    private let bytes: UnsafeMutablePointer<UInt8>
    private let width: Int
    private var row: UnsafeMutablePointer<UInt8>

    init(bytes: UnsafeMutablePointer<UInt8>, width: Int) {
        self.bytes = bytes
        self.width = width
        row = bytes
    }

    mutating func beginRow(_ y: Int) { row = bytes + y * width }

    mutating func run(x: Int, count: Int, coverage: Float) {
        (row + x).update(repeating: UInt8(coverage * 255 + 0.5), count: count)
    }

    mutating func pixel(x: Int, coverage: Float) {
        row[x] = UInt8(coverage * 255 + 0.5)
    }
}
