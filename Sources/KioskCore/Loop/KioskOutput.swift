import Physics
import Raster

/// Where frames go: a DRM/KMS display or the headless recorder.
public protocol KioskOutput: AnyObject {
    var width: Int { get }
    var height: Int { get }
    var refreshMillihertz: Int { get }
    /// Shows `frame` (only `damage` changed since the previous one; nil: nothing did) for presentation at
    /// `predictedMicroseconds`, and returns when it was actually presented.
    func present(_ frame: PixelBuffer, damage: IntRect?, predictedMicroseconds: Int64) throws -> Int64
    /// Whether `present(_ frame: LayeredFrame, ...)` composes opaque layers itself as it scans out (a DRM display);
    /// false: the loop draws every overlay element into the frame it presents.
    var composesLayers: Bool { get }
    /// Shows a frame with opaque layers over its base (only when `composesLayers`; else it has none).
    func present(_ frame: LayeredFrame, damage: IntRect?, predictedMicroseconds: Int64) throws -> Int64
    /// The screen's physical size in millimetres, upright (width along `width`): a DRM connector's size when it
    /// reports a plausible one (`PanelSize.connectorMillimetres`); nil for an output that does not know it.
    var physicalSizeMillimetres: MillimetreSize? { get }
    /// How long the last `present` spent making its frame ready to flip after the loop drew it (a DRM display's
    /// damage copy into the scanout buffer), µs: a frame's cost before its vblank as much as drawing is
    /// (`FrameBudget`).
    var scanoutCopyMicroseconds: Int64 { get }
}

extension KioskOutput {
    public var composesLayers: Bool { false }

    /// An output that keeps whole pictures is given frames without layers: it shows the base.
    public func present(_ frame: LayeredFrame, damage: IntRect?, predictedMicroseconds: Int64) throws -> Int64 {
        precondition(frame.layers.isEmpty, "layers given to an output that does not compose them")
        return try present(frame.base, damage: damage, predictedMicroseconds: predictedMicroseconds)
    }

    /// Headless and recorded outputs have no glass: the config's size or 96 dpi applies.
    public var physicalSizeMillimetres: MillimetreSize? { nil }

    /// An output that keeps pictures (a file, a test's record) costs the frame nothing before its vblank.
    public var scanoutCopyMicroseconds: Int64 { 0 }
}

/// Time as the loop sees it: CLOCK_MONOTONIC on a kiosk, a simulated clock in a replay.
public protocol KioskClock: AnyObject {
    var nowMicroseconds: Int64 { get }
    /// Sleeps until `deadline` (nil: until input arrives), or less when input arrives first.
    func wait(until deadline: Int64?)
}

/// A replay's clock: waiting jumps straight to the deadline, so hours of idle cost nothing.
public final class SimulatedClock: KioskClock {
    public private(set) var nowMicroseconds: Int64

    public init(startMicroseconds: Int64) {
        nowMicroseconds = startMicroseconds
    }

    public func wait(until deadline: Int64?) {
        if let deadline, deadline > nowMicroseconds { nowMicroseconds = deadline }
    }

    public func advance(to time: Int64) {
        if time > nowMicroseconds { nowMicroseconds = time }
    }
}
