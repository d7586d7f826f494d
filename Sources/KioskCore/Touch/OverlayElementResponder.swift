import Overlay
import Physics
import TouchInput

/// One of the overlay's elements as a responder of its own (`TouchRouter` offers them topmost first, and every one
/// the touch passes hears of it, so a callout hides when the map is touched). When the element takes the first
/// finger it gets that finger's moves and lift; fingers joining the touch do nothing, and the map sees none of it.
final class OverlayElementResponder: TouchResponder {
    private unowned let loop: KioskLoop
    let element: any OverlayElement
    /// The finger that landed on the element.
    private var slot: Int?
    /// Where that finger was last reported: a lift carries no position of its own.
    private var lastPoint = ScreenPoint.zero

    init(element: any OverlayElement, loop: KioskLoop) {
        self.element = element
        self.loop = loop
    }

    func touchBegan(slot: Int, at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
        guard element.touchDown(at: point, timeMicroseconds: timeMicroseconds) else { return false }
        self.slot = slot
        lastPoint = point
        return true
    }

    func touchReported(_ frame: TouchFrame) {
        let time = frame.timeMicroseconds
        // A passenger pressing a control is at the screen: the idle return waits.
        loop.camera.tapped(at: time)
        for event in frame.events where event.slot == slot {
            switch event.phase {
            case .down:
                break
            case .move:
                guard let point = event.position else { continue }
                lastPoint = point
                element.touchMoved(to: point, timeMicroseconds: time)
            case .up:
                slot = nil
                element.touchUp(at: event.position ?? lastPoint, timeMicroseconds: time)
            case .cancel:
                slot = nil
                element.touchCancelled(timeMicroseconds: time)
            }
        }
        loop.perform(loop.overlay.takeRequests(), time: time)
    }
}
