import KioskCore
import Physics
import Raster

/// The DRM display as the run loop's output: a frame is copied (damage only) and flipped, and `present` returns
/// when it is on screen, with the flip's own timestamp; frames are paced from CLOCK_MONOTONIC where the driver
/// has no real vblank (all of it in `DRMOutput.presentAndWait`).
public final class DRMKioskOutput: KioskOutput {
    public let output: DRMOutput
    public let display: DRMOutput.Display
    /// Called with every flip completion, for the frame statistics.
    public var onFlip: ((FlipCompletion) -> Void)?
    /// Flips in a row that did not complete within a second: the watchdog stops being fed past a few.
    public private(set) var consecutiveFlipTimeouts = 0

    public init?(output: DRMOutput) {
        guard let display = output.display else { return nil }
        self.output = output
        self.display = display
    }

    public var width: Int { display.uprightWidth }
    public var height: Int { display.uprightHeight }
    public var refreshMillihertz: Int { display.mode.refreshMillihertz }
    /// The chosen connector's `mmWidth`×`mmHeight`, turned as the picture is, when plausible for the mode.
    public var physicalSizeMillimetres: MillimetreSize? {
        PanelSize.connectorMillimetres(width: display.connector.widthMillimetres, height: display.connector.heightMillimetres,
                                       scanoutWidth: display.mode.width, scanoutHeight: display.mode.height,
                                       rotation: output.configuration.rotation)
    }

    public func present(_ frame: PixelBuffer, damage: IntRect?, predictedMicroseconds: Int64) throws -> Int64 {
        try present(LayeredFrame(base: frame), damage: damage, predictedMicroseconds: predictedMicroseconds)
    }

    /// The scanout copy composes the layers: the card over a panning map is copied from its own picture.
    public var composesLayers: Bool { true }

    /// The damage copy into the dumb buffer: the loop counts it into the time a frame needs before its vblank.
    public var scanoutCopyMicroseconds: Int64 { output.lastCopyMicroseconds }

    public func present(_ frame: LayeredFrame, damage: IntRect?, predictedMicroseconds: Int64) throws -> Int64 {
        guard let damage, !damage.isEmpty else { return predictedMicroseconds }
        switch try output.presentAndWait(frame, damage: damage, earlierFlip: { onFlip?($0) }) {
        case let .shown(completion, byModeSet):
            if !byModeSet { consecutiveFlipTimeouts = 0 }
            onFlip?(completion)
            return completion.timestampMicroseconds
        case .flipTimedOut:
            consecutiveFlipTimeouts += 1
            return MonotonicClock.nowMicroseconds()
        case .busy, .noDisplay:
            return predictedMicroseconds
        }
    }
}
