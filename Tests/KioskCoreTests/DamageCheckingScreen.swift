import Foundation
import KioskCore
import Raster

/// A screen that compares each presented frame with the one before, pixel by pixel: every pixel that changed must
/// lie inside the damage the frame came with, since the DRM output copies nothing else to the panel.
final class DamageCheckingScreen: KioskOutput {
    let width: Int, height: Int, refreshMillihertz = 60_000
    private let clock: SimulatedClock
    /// The last frame presented, copied at its present (the loop may draw into the buffer it gave since).
    private let previous: PixelBuffer
    private var presentedAny = false
    /// Frames with a changed pixel outside their damage, with the first such pixel.
    private(set) var leaks: [(frame: Int, x: Int, y: Int)] = []
    private(set) var frames = 0
    /// Set: the screen composes opaque layers at scanout as the DRM output does, so the loop hands it the journey
    /// card as a layer; each such frame is flattened (base, then layers) before it is checked.
    var composesLayers = false
    /// Frames that came with layers.
    private(set) var layeredFrames = 0
    /// Per frame, the screen pixels its layers covered (0 without).
    private(set) var layerAreas: [Int] = []
    /// A checksum of each picture presented, in order: two replays that must look alike compare these.
    private(set) var checksums: [Int] = []
    private var flattened: PixelBuffer?

    init(width: Int, height: Int, clock: SimulatedClock) {
        self.width = width
        self.height = height
        self.clock = clock
        previous = PixelBuffer(width: width, height: height)
    }

    func present(_ frame: LayeredFrame, damage: IntRect?, predictedMicroseconds: Int64) throws -> Int64 {
        layerAreas.append(frame.layers.reduce(0) { $0 + $1.rect.width * $1.rect.height })
        guard !frame.layers.isEmpty else { return try present(frame.base, damage: damage, predictedMicroseconds: predictedMicroseconds) }
        layeredFrames += 1
        let picture = flattened ?? PixelBuffer(width: width, height: height)
        flattened = picture
        frame.flatten(into: picture)
        return try present(picture, damage: damage, predictedMicroseconds: predictedMicroseconds)
    }

    func present(_ frame: PixelBuffer, damage: IntRect?, predictedMicroseconds: Int64) throws -> Int64 {
        frames += 1
        var hasher = Hasher()
        for y in 0..<height { hasher.combine(bytes: UnsafeRawBufferPointer(start: frame.row(y), count: width * 4)) }
        checksums.append(hasher.finalize())
        let area = presentedAny ? (damage ?? IntRect(x: 0, y: 0, width: 0, height: 0)).intersection(previous.bounds)
                                : previous.bounds
        for y in 0..<height where memcmp(previous.row(y), frame.row(y), width * 4) != 0 {
            let inside = y >= area.y0 && y < area.y1
            let segments = inside ? [(0, area.x0), (area.x1, width)] : [(0, width)]
            for (x0, x1) in segments where x1 > x0 && memcmp(previous.row(y) + x0, frame.row(y) + x0, (x1 - x0) * 4) != 0 {
                let x = (x0..<x1).first { previous.row(y)[$0] != frame.row(y)[$0] } ?? x0
                if leaks.last?.frame != frames { leaks.append((frames, x, y)) }
            }
        }
        for y in 0..<height { previous.row(y).update(from: frame.row(y), count: width) }
        presentedAny = true
        clock.advance(to: predictedMicroseconds)
        return predictedMicroseconds
    }
}
