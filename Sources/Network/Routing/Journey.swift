/// A journey found in the timetable: rides and walks, times on the query day's clock (seconds after its noon
/// minus 12 h).
public struct Journey: Sendable, Equatable {
    public enum Leg: Sendable, Equatable {
        case ride(Ride)
        case walk(Walk)
    }

    public struct Ride: Sendable, Equatable {
        public var trip: Int32
        public var fromStop: Int32
        public var toStop: Int32
        /// Positions of the boarding and alighting stops in the trip's pattern.
        public var boardPosition: Int32
        public var alightPosition: Int32
        public var departure: Int32
        public var arrival: Int32
    }

    public struct Walk: Sendable, Equatable {
        public var fromStop: Int32
        public var toStop: Int32
        public var departure: Int32
        public var arrival: Int32
    }

    public var legs: [Leg]
    public var departure: Int32
    public var arrival: Int32

    public var rides: [Ride] {
        legs.compactMap { if case .ride(let ride) = $0 { return ride } else { return nil } }
    }

    /// Changes between trips: one fewer than the rides.
    public var transfers: Int { max(0, rides.count - 1) }
}
