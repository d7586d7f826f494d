import Raster
import Testing

/// A part of a frame drawn alone, as part of the whole (`Canvas.coverageFrame`), has the bytes of the whole frame's
/// drawing: the map drawn around an opaque layer (the journey card) must scan out as a frame drawn without it.
/// Drawn under a smaller clip alone, an edge crossing the clip's left side is cut there and its coverage summed from
/// there, which can differ from the whole by a grey level (the kiosk's replay found one such pixel in a frame).
struct CoverageFrameTests {
    static let width = 320, height = 200

    /// Many anti-aliased edges at odd angles and fractional positions, crossing every part's sides.
    static func scene() -> Scene {
        var commands: [SceneCommand] = []
        var seed: UInt32 = 12345
        func next() -> Float {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return Float(seed >> 8) / Float(1 << 24)
        }
        for i in 0..<60 {
            let points = (0..<4).map { _ in Point(next() * Float(width + 40) - 20, next() * Float(height + 40) - 20) }
            let color = Color(rgb: UInt32(0x203040 + i * 0x030507))
            if i % 3 == 0 {
                var builder = PathBuilder()
                builder.addPolygon(points)
                commands.append(.fillPath(builder.build(), color))
            } else {
                commands.append(.strokePolyline(points, StrokeStyle(width: 1 + next() * 6), color))
            }
        }
        return Scene(background: Color(rgb: 0xF4F1EA), commands: commands)
    }

    func canvas() -> Canvas {
        let canvas = Canvas(buffer: PixelBuffer(width: Self.width, height: Self.height))
        canvas.renderPool = .serial
        return canvas
    }

    @Test(arguments: [IntRect(x0: 12, y0: 100, x1: 172, y1: 200), IntRect(x0: 0, y0: 70, x1: 320, y1: 200),
                      IntRect(x0: 101, y0: 33, x1: 257, y1: 141)])
    func partsAroundALayerHaveTheWholeFramesBytes(layer: IntRect) {
        let scene = Self.scene()
        let whole = canvas()
        whole.draw(scene)
        let parts = canvas()
        let untouched: UInt32 = 0x00AB_CDEF
        parts.buffer.fill(parts.buffer.bounds, with: untouched)
        let bounds = parts.buffer.bounds
        for part in bounds.subtracting(layer) {
            parts.clip = part
            parts.coverageFrame = bounds
            parts.draw(scene)
        }
        var differing = 0, drawnUnder = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                if layer.contains(x: x, y: y) {
                    if parts.buffer.row(y)[x] != untouched { drawnUnder += 1 }
                } else if parts.buffer.row(y)[x] != whole.buffer.row(y)[x] {
                    differing += 1
                }
            }
        }
        #expect(differing == 0, "pixels around \(layer) differing from the whole frame")
        #expect(drawnUnder == 0, "pixels under \(layer) written")
    }
}
