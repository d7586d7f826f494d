import Physics
import TouchInput

/// Something on the kiosk's screen offered each touch in turn (each of the overlay's elements, then the map), as
/// UIKit's responders are: it claims a touch when its first finger comes down, or lets it go on down the chain. The
/// `TouchRouter` decides nothing else: whatever claims a touch gets every report of it until all its fingers are up.
/// One written outside the loop joins with `KioskLoop.addTouchResponder(_:)`.
public protocol TouchResponder: AnyObject {
    /// The first finger of a touch came down in `slot` at `point` (output pixels): true claims the touch.
    func touchBegan(slot: Int, at point: ScreenPoint, timeMicroseconds: Int64) -> Bool
    /// A hardware report of a touch this responder claimed: every finger's events in it, the first finger's down too.
    func touchReported(_ frame: TouchFrame)
}
