import KioskCore

/// A clock whose waits never pass the service's own next deadline (a schedule edge, an orbit step, a status write):
/// the map's loop sleeps on it without knowing of them.
public final class DeadlineClock: KioskClock {
    public let base: KioskClock
    public var deadline: () -> Int64? = { nil }

    public init(base: KioskClock) {
        self.base = base
    }

    public var nowMicroseconds: Int64 { base.nowMicroseconds }

    public func wait(until requested: Int64?) {
        base.wait(until: [requested, deadline()].compactMap { $0 }.min())
    }
}
