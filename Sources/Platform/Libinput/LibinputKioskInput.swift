import KioskCore
import Logging
import TouchInput

/// libinput as the run loop's input: whatever has arrived is read without blocking whenever the loop asks.
public final class LibinputKioskInput: KioskInput {
    public let libinput: LibinputInput
    private let logger: Logger
    private var pending: [InputEvent] = []

    public init(libinput: LibinputInput, logger: Logger) {
        self.libinput = libinput
        self.logger = logger
    }

    /// Reads what libinput has now; called when its descriptor polls readable and before each frame.
    public func pump() {
        for event in libinput.dispatch() {
            switch event {
            case .touch, .wheel, .key:
                break
            case let .deviceAdded(name, _):
                logger.info("input device added: \(name)")
            case let .keypadAttached(name, _):
                logger.info("keypad plugged in, audio mode starts: \(name)")
            case let .deviceRemoved(name, _):
                logger.info("input device removed: \(name)")
            }
            pending.append(event)
        }
    }

    /// Drops what arrived while nothing could use it (no display, an error panel).
    public func discardPending() {
        pump()
        pending = []
    }

    public func events(upTo time: Int64) -> [InputEvent] {
        pump()
        // Device events are already in the past; all of them are due.
        let due = pending
        pending = []
        return due
    }

    public var nextEventMicroseconds: Int64? { nil }
    public var isFinished: Bool { false }
}
