import KioskCore
import TouchInput

/// The device's input as the map sees it while the service cares for the screen: read always (a dark kiosk must
/// still notice a passenger), but a touch on a dark screen only wakes it and is never the map's, down to its last
/// lift: a passenger's first tap must not send the map flying. Counts touches for the status file.
public final class ScreenGateInput: KioskInput {
    private let source: KioskInput
    /// The panel is dark: touches are swallowed. A touch under way as it goes dark is swallowed to its last lift too
    /// (the loop cancels it then: `KioskLoop.cancelTouch`).
    public var isDark = false {
        didSet { if isDark, !fingers.isEmpty { swallowing = true } }
    }
    /// A touch landed on the dark screen.
    public var onTouchWhileDark: () -> Void = {}
    /// A touch began on the lit screen (it keeps a wake going).
    public var onTouchWhileLit: (_ timeMicroseconds: Int64) -> Void = { _ in }
    /// Fingers down now on the device (the loop's router sees only those not swallowed).
    private var fingers = FingersDown()
    /// The touch under way began on a dark screen: it is swallowed until every finger is up.
    private var swallowing = false
    /// Touches begun (a first finger down), for the status file.
    public private(set) var touches = 0
    public private(set) var lastTouchMicroseconds: Int64?

    public init(_ source: KioskInput) {
        self.source = source
    }

    public var isTouching: Bool { !fingers.isEmpty }

    public func events(upTo time: Int64) -> [InputEvent] {
        var passed: [InputEvent] = []
        for event in source.events(upTo: time) {
            switch event {
            case let .touch(frame):
                let began = fingers.begins(frame)
                fingers.take(frame)
                if began {
                    touches += 1
                    lastTouchMicroseconds = frame.timeMicroseconds
                    if isDark {
                        swallowing = true
                        onTouchWhileDark()
                    } else {
                        onTouchWhileLit(frame.timeMicroseconds)
                    }
                }
                if swallowing {
                    if fingers.isEmpty { swallowing = false }
                    continue
                }
                passed.append(event)
            case .key:
                // A key on a dark screen wakes it as a touch does and is dropped (the traveller's next key acts);
                // on a lit one it keeps the wake going.
                if isDark {
                    lastTouchMicroseconds = event.timeMicroseconds
                    onTouchWhileDark()
                    continue
                }
                onTouchWhileLit(event.timeMicroseconds)
                passed.append(event)
            case .keypadAttached:
                // A keypad plugged in: someone is at the kiosk. It wakes a dark screen as a touch does and still
                // reaches the loop, whose audio mode does not need the screen.
                if isDark {
                    lastTouchMicroseconds = event.timeMicroseconds
                    onTouchWhileDark()
                } else {
                    onTouchWhileLit(event.timeMicroseconds)
                }
                passed.append(event)
            case .wheel:
                // A wheel turn is maintenance with a mouse: it wakes the screen as a touch does, and is dropped.
                if isDark {
                    lastTouchMicroseconds = event.timeMicroseconds
                    onTouchWhileDark()
                    continue
                }
                passed.append(event)
            case .deviceAdded, .deviceRemoved:
                // A device plugged in or out is no one at the kiosk.
                passed.append(event)
            }
        }
        return passed
    }

    public var nextEventMicroseconds: Int64? { source.nextEventMicroseconds }
    public var isFinished: Bool { source.isFinished }
}
