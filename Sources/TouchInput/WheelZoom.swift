import Foundation
import Physics

/// One wheel movement as the device counts it: `steps` detents (fractions on hi-res wheels), positive zooming in
/// (the wheel pushed away from the user), at the pointer's `focus`. How far a detent zooms is the kiosk's feel
/// (`FeelDefaults.wheelZoomPerDetent`), not the device's.
public struct WheelZoom: Sendable, Equatable {
    public var steps: Double
    public var focus: ScreenPoint
    public var timeMicroseconds: Int64

    public init(steps: Double, focus: ScreenPoint, timeMicroseconds: Int64) {
        self.steps = steps
        self.focus = focus
        self.timeMicroseconds = timeMicroseconds
    }

    /// The scale factor the map zooms by: `FeelDefaults.wheelZoomPerDetent` for each detent.
    public var factor: Double { pow(FeelDefaults.wheelZoomPerDetent, steps) }
}
