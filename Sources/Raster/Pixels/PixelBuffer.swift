/// XRGB8888 pixels (`UInt32` 0x00RRGGBB in native byte order, the DRM_FORMAT_XRGB8888 layout) with an explicit
/// row stride, so it can own its memory or view a DRM dumb buffer that pads its rows.
public final class PixelBuffer {
    public let width: Int
    public let height: Int
    /// Distance between the starts of two rows, in pixels (bytes / 4).
    public let stridePixels: Int
    public let pixels: UnsafeMutablePointer<UInt32>
    private let ownsMemory: Bool

    /// Allocates a zeroed (black) buffer. `stridePixels` defaults to `width`.
    public init(width: Int, height: Int, stridePixels: Int? = nil) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.stridePixels = max(self.width, stridePixels ?? self.width)
        let count = max(1, self.stridePixels * self.height)
        pixels = .allocate(capacity: count)
        pixels.initialize(repeating: 0, count: count)
        ownsMemory = true
    }

    /// Views memory owned elsewhere (a mapped dumb buffer). The caller keeps it alive while the buffer is used.
    public init(wrapping pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, strideBytes: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.stridePixels = max(self.width, strideBytes / 4)
        self.pixels = pixels
        ownsMemory = false
    }

    deinit {
        if ownsMemory { pixels.deallocate() }
    }

    public var strideBytes: Int { stridePixels * 4 }
    public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    /// The start of row `y`; `y` must be in 0..<height.
    @inline(__always)
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        pixels + y * stridePixels
    }

    /// Pixel access for tests and tools; nil outside the buffer.
    public func pixel(x: Int, y: Int) -> UInt32? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        return pixels[y * stridePixels + x]
    }

    public func setPixel(x: Int, y: Int, _ value: UInt32) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        pixels[y * stridePixels + x] = value
    }

    /// Fills every pixel of `rect ∩ bounds` with `value`.
    public func fill(_ rect: IntRect, with value: UInt32) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 {
            (row(y) + r.x0).update(repeating: value, count: r.width)
        }
    }
}
