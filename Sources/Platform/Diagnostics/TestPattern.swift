import Raster
/// A picture whose every pixel is known from a formula, so a screendump of the real scanout can be compared with
/// it exactly (the VM test does, in its own code): colour bars over the top three quarters, a grey ramp below,
/// and an orange square that moves 16 px per frame so that each frame only damages where the square was and is.
public struct TestPattern: Sendable {
    public let width: Int
    public let height: Int
    public static let barColours: [UInt32] = [
        0xFFFFFF, 0xFFFF00, 0x00FFFF, 0x00FF00, 0xFF00FF, 0xFF0000, 0x0000FF, 0x000000,
    ]
    public static let markerColour: UInt32 = 0xFF8000
    public static let markerSize = 64
    public static let markerStepPixels = 16

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The background, without the marker.
    public func background(x: Int, y: Int) -> UInt32 {
        if y < height * 3 / 4 {
            let bar = min(7, x * 8 / max(1, width))
            return TestPattern.barColours[bar]
        }
        let grey = UInt32(x * 255 / max(1, width - 1))
        return grey << 16 | grey << 8 | grey
    }

    /// Where the marker is on frame `frame` (0 = the first frame).
    public func marker(frame: Int) -> IntRect {
        let travel = max(1, width - TestPattern.markerSize)
        return IntRect(x: (frame * TestPattern.markerStepPixels) % travel, y: height / 4,
                       width: TestPattern.markerSize, height: TestPattern.markerSize)
    }

    public func pixel(x: Int, y: Int, frame: Int) -> UInt32 {
        let m = marker(frame: frame)
        if x >= m.x0, x < m.x1, y >= m.y0, y < m.y1 { return TestPattern.markerColour }
        return background(x: x, y: y)
    }

    /// Redraws `rect` of a width×height XRGB8888 buffer as frame `frame` shows it.
    public func draw(into pixels: UnsafeMutablePointer<UInt32>, stridePixels: Int, rect: IntRect, frame: Int) {
        let r = rect.intersection(.full(width: width, height: height))
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 {
            for x in r.x0..<r.x1 { pixels[y * stridePixels + x] = pixel(x: x, y: y, frame: frame) }
        }
    }
}
