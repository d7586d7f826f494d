import KioskCore
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// libinput as the run loop's input: whatever has arrived is read without blocking whenever the loop asks.
public final class LibinputKioskInput: KioskInput {
    public let libinput: LibinputInput
    private let logger: Logger
    private var pending: [KioskInputEvent] = []
    /// Each wheel detent zooms by this factor around the pointer.
    static let zoomPerDetent = 1.25

    public init(libinput: LibinputInput, logger: Logger) {
        self.libinput = libinput
        self.logger = logger
    }

    /// Reads what libinput has now; called when its descriptor polls readable and before each frame.
    public func pump() {
        for event in libinput.dispatch() {
            switch event {
            case let .touch(frame):
                pending.append(.touch(frame))
            case let .zoom(wheel):
                pending.append(.zoom(factor: pow(Self.zoomPerDetent, wheel.steps), x: wheel.focusX, y: wheel.focusY,
                                     timeMicroseconds: wheel.timeMicroseconds))
            case let .key(key):
                pending.append(.key(key))
            case let .deviceAdded(name):
                logger.info("input device added: \(name)")
            case let .keypadAttached(name, time):
                logger.info("keypad plugged in, audio mode starts: \(name)")
                pending.append(.keypadAttached(timeMicroseconds: time))
            case let .deviceRemoved(name):
                logger.info("input device removed: \(name)")
            }
        }
    }

    /// Drops what arrived while nothing could use it (no display, an error panel).
    public func discardPending() {
        pump()
        pending = []
    }

    public func events(upTo time: Int64) -> [KioskInputEvent] {
        pump()
        // Device events are already in the past; all of them are due.
        let due = pending
        pending = []
        return due
    }

    public var nextEventMicroseconds: Int64? { nil }
    public var isFinished: Bool { false }
}
