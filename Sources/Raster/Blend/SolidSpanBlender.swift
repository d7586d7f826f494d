/// Paints coverage runs from the sweep in one colour: fully covered opaque runs are stored directly, the rest are
/// blended source-over.
struct SolidSpanBlender: SpanSink {
    private let buffer: UnsafeMutablePointer<UInt32>
    private let stridePixels: Int
    private let value: UInt32
    private let redBlue: UInt32
    private let green: UInt32
    private let alphaScale: Float
    private var row: UnsafeMutablePointer<UInt32>

    init(buffer: PixelBuffer, color: Color) {
        self.buffer = buffer.pixels
        stridePixels = buffer.stridePixels
        value = color.xrgb
        redBlue = value & 0xFF00FF
        green = value & 0x00FF00
        alphaScale = Float(color.alpha)
        row = buffer.pixels
    }

    @inline(__always)
    mutating func beginRow(_ y: Int) {
        row = buffer + y * stridePixels
    }

    @inline(__always)
    private func alpha(_ coverage: Float) -> UInt32 {
        UInt32(coverage * alphaScale + 0.5)
    }

    @inline(__always)
    mutating func run(x: Int, count: Int, coverage: Float) {
        let a = alpha(coverage)
        if a == 0 { return }
        let p = row + x
        if a >= 255 {
            p.update(repeating: value, count: count)
            return
        }
        let a256 = alpha256(a)
        var i = 0
        while i < count {
            p[i] = blendSourceOver(p[i], redBlue: redBlue, green: green, alpha256: a256)
            i &+= 1
        }
    }

    @inline(__always)
    mutating func pixel(x: Int, coverage: Float) {
        let a = alpha(coverage)
        if a == 0 { return }
        let p = row + x
        p.pointee = a >= 255 ? value : blendSourceOver(p.pointee, redBlue: redBlue, green: green, alpha256: alpha256(a))
    }
}
