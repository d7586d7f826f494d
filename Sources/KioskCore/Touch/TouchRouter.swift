import TouchInput

/// Who gets each touch: the responders are offered its first finger in order (those added, then the overlay's
/// elements), and the first to claim it gets every report of that touch (the fingers that join it too) until all its
/// fingers are up; the map, last, takes every touch the others decline. The kiosk's one table of the fingers down.
final class TouchRouter {
    /// Offered each touch before the elements and the map, topmost first.
    private(set) var responders: [any TouchResponder]
    /// The overlay's elements as responders, topmost first, as they stand when a touch begins (cards and sheets come
    /// and go).
    private let elements: () -> [any TouchResponder]
    /// The last responder: a touch nothing above claims moves the map.
    let map: any TouchResponder
    /// The fingers down now on the kiosk's screen (those the screen's gate swallowed never reach it).
    private(set) var fingers = FingersDown()
    /// Whoever claimed the touch under way; every finger of it is theirs.
    private var owner: (any TouchResponder)?

    init(responders: [any TouchResponder], elements: @escaping () -> [any TouchResponder] = { [] }, map: any TouchResponder) {
        self.responders = responders
        self.elements = elements
        self.map = map
    }

    /// Puts `responder` over the ones already there: it is offered each touch first.
    func add(_ responder: any TouchResponder) {
        responders.insert(responder, at: 0)
    }

    /// Hands one hardware report to the touch's owner, offering a new touch down the chain first. A report while no
    /// finger is down that starts nothing (a stray lift) goes to the map, which tracks its own gestures.
    func route(_ frame: TouchFrame) {
        let owner = fingers.isEmpty ? claimant(of: frame) : self.owner ?? map
        self.owner = owner
        owner.touchReported(frame)
        fingers.take(frame)
        if fingers.isEmpty { self.owner = nil }
    }

    /// Cancels the touch under way (every finger down, to whoever owns it): the kiosk stops listening to those
    /// fingers, and their lifts will not come here.
    func cancelTouch(atMicroseconds time: Int64) {
        guard let cancellation = fingers.cancellation(atMicroseconds: time) else { return }
        route(cancellation)
    }

    /// The first responder that claims the frame's first finger down (the elements are asked only if none added
    /// does), else the map.
    private func claimant(of frame: TouchFrame) -> any TouchResponder {
        guard let first = frame.events.first(where: { $0.phase == .down }), let point = first.position else { return map }
        let claims = { (responder: any TouchResponder) in
            responder.touchBegan(slot: first.slot, at: point, timeMicroseconds: frame.timeMicroseconds)
        }
        return responders.first(where: claims) ?? elements().first(where: claims) ?? map
    }
}
