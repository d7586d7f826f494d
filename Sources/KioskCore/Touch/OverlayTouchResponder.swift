import Overlay
import Physics
import TouchInput

/// The overlay's elements, offered a touch topmost first (`OverlayLayer.touchDown`; every element hears of it, so a
/// callout hides when the map is touched). The element that takes the first finger gets that finger's moves and
/// lift; fingers joining the touch do nothing, and the map sees none of it.
final class OverlayTouchResponder: TouchResponder {
    private unowned let loop: KioskLoop
    /// The finger that landed on the element.
    private var slot: Int?
    /// Where that finger was last reported: a lift carries no position of its own.
    private var lastPoint = ScreenPoint.zero

    init(loop: KioskLoop) {
        self.loop = loop
    }

    func touchBegan(slot: Int, at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
        guard loop.overlay.touchDown(at: point, timeMicroseconds: timeMicroseconds) else { return false }
        self.slot = slot
        lastPoint = point
        return true
    }

    func touchReported(_ frame: TouchFrame) {
        let overlay = loop.overlay, time = frame.timeMicroseconds
        // A passenger pressing a control is at the screen: the idle return waits.
        loop.camera.tapped(at: time)
        for event in frame.events where event.slot == slot {
            switch event.phase {
            case .down:
                break
            case .move:
                guard let point = event.position else { continue }
                lastPoint = point
                overlay.touchMoved(to: point, timeMicroseconds: time)
            case .up:
                slot = nil
                overlay.touchUp(at: event.position ?? lastPoint, timeMicroseconds: time)
            case .cancel:
                slot = nil
                overlay.touchCancelled(timeMicroseconds: time)
            }
        }
        loop.perform(overlay.takeRequests(), time: time)
    }
}
