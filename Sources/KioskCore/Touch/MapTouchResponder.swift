import Physics
import TouchInput

/// The map, last in the chain: it takes every touch the overlay declines. Its fingers become gestures that move the
/// camera; a single tap is held until the double tap can no longer come, then offered to the map's tap responders.
final class MapTouchResponder: TouchResponder {
    private unowned let loop: KioskLoop
    /// Fingers into gestures (a new one when accessible mode changes the gestures' timing, between touches).
    var touch: TouchPipeline
    /// The touch under way landed on a moving map and stopped it: as on iOS, that touch is consumed (no tap).
    private var touchStoppedMotion = false
    /// A single tap on the map waiting for the double tap to fail, as UIKit holds a single tap that requires the
    /// double tap's failure: acted on (a station's callout or card) once the double-tap interval after its lift has
    /// passed with no second touch, dropped when the second tap makes it a double tap (which only zooms).
    private(set) var pendingTap: (location: ScreenPoint, deadline: Int64)?

    init(loop: KioskLoop, touch: TouchPipeline) {
        self.loop = loop
        self.touch = touch
    }

    /// The fingers on the map now.
    var fingerCount: Int { touch.recognizer.fingerCount }

    /// The held tap, once the double tap can no longer come (no second touch within the interval, nor one still
    /// down): it is the caller's to act on, and no longer held.
    func takeTap(dueAt time: Int64) -> ScreenPoint? {
        guard let pending = pendingTap, time >= pending.deadline, fingerCount == 0 else { return nil }
        pendingTap = nil
        return pending.location
    }

    func touchBegan(slot: Int, at point: ScreenPoint, timeMicroseconds: Int64) -> Bool { true }

    func touchReported(_ frame: TouchFrame) {
        if frame.events.contains(where: { $0.phase == .down }) {
            if fingerCount == 0 {
                touchStoppedMotion = loop.camera.isAnimating
                if let journey = loop.journey, let point = frame.events.first(where: { $0.phase == .down })?.position {
                    journey.fingerDown(over: loop.station(at: point))
                }
            }
            loop.camera.touchedDown(at: frame.timeMicroseconds)
            // A finger joining a touch on the map hides the callout too (the first one was offered to the overlay).
            if fingerCount > 0 { loop.showCallout(nil, at: frame.timeMicroseconds) }
        }
        for gesture in touch.process(frame) {
            if touchStoppedMotion, case .tapped = gesture { continue }
            if touchStoppedMotion, case .doubleTapped = gesture { continue }
            if loop.keypad.isAudioMode, loop.handleInAudioMode(gesture) { continue }
            loop.camera.apply(gesture)
            switch gesture {
            case let .tapped(location, time):
                pendingTap = (location, time + touch.recognizer.configuration.doubleTapMaximumIntervalMicroseconds)
            case .doubleTapped, .panBegan, .pinchBegan:
                // A double tap only zooms; a second touch that moves the map ends the wait without a callout
                // (the tapped point has moved from under where the tap was).
                pendingTap = nil
            default:
                break
            }
        }
        if fingerCount == 0 {
            loop.journey?.fingersLifted()
            loop.camera.touchesLifted(at: frame.timeMicroseconds)
        } else if !frame.events.contains(where: { $0.phase == .up || $0.phase == .cancel }) {
            loop.camera.fingersReported(at: frame.timeMicroseconds)
        }
    }
}
