/// A wall-clock time of day ("01:00"), read in the system's time zone when it is used: the schedule follows the
/// station's local time through daylight saving changes.
public struct LocalTimeOfDay: Equatable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes since local midnight, 0..<1440.
    public let minutes: Int

    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        minutes = hour * 60 + minute
    }

    /// `HH:MM`, 24-hour clock, two digits each, as the config documents it: "1:00" is refused rather than guessed
    /// (it may be a cut "11:00" or "21:00").
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    public static func < (a: LocalTimeOfDay, b: LocalTimeOfDay) -> Bool { a.minutes < b.minutes }
}

/// One nightly dark period: the screen goes off at `off` and comes back at `on` (the next day when `on` is earlier).
public struct ScreenOffRange: Equatable, Sendable {
    public var off: LocalTimeOfDay
    public var on: LocalTimeOfDay

    public init(off: LocalTimeOfDay, on: LocalTimeOfDay) {
        self.off = off
        self.on = on
    }
}

extension KioskConfig {
    /// `[screen]`: when the panel is dark, and how the picture is kept from burning in.
    public struct ScreenSettings: Equatable, Sendable {
        /// Dark periods (empty: always on).
        public var offRanges: [ScreenOffRange] = []
        /// How long a touch on a dark screen lights it.
        public var wakeMinutes = 5.0
        /// Radius of the burn-in orbit in whole pixels; 0 keeps the picture still.
        public var orbitPixels = 0
        /// One trip round the orbit takes this long.
        public var orbitMinutes = 10.0

        public init() {}
    }

    /// `[status]`: where the running kiosk reports itself, and where it listens for a screenshot request.
    public struct StatusSettings: Equatable, Sendable {
        public var file: String? = "/run/metro-kiosk/status.json"
        /// node_exporter's textfile collector format; nil writes none.
        public var prometheusFile: String?
        public var socket: String? = "/run/metro-kiosk/control.sock"
        /// Seconds between two status writes (a change of state writes at once).
        public var intervalSeconds = 60.0

        public init() {}
    }
}
