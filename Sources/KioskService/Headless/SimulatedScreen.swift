import KioskCore
import Raster

/// The headless service's screen: frames are presented at their predicted vblank on the simulated clock and kept
/// nowhere (the loop's last frame is the screenshot). Unlike `HeadlessOutput` it keeps no contact sheet, so a day
/// of frames costs no memory.
public final class SimulatedScreen: KioskOutput {
    public let width: Int
    public let height: Int
    public let refreshMillihertz: Int
    private let clock: SimulatedClock
    public private(set) var framesPresented = 0

    public init(width: Int, height: Int, refreshMillihertz: Int = 60_000, clock: SimulatedClock) {
        self.width = width
        self.height = height
        self.refreshMillihertz = refreshMillihertz
        self.clock = clock
    }

    public func present(_ frame: PixelBuffer, damage: IntRect?, predictedMicroseconds: Int64) throws -> Int64 {
        framesPresented += 1
        clock.advance(to: predictedMicroseconds)
        return predictedMicroseconds
    }
}
