/// A journey through the station graph: the edges taken, in order.
public struct Route: Hashable, Sendable {
    public var legs: [StationGraph.Edge]
    public var totalSeconds: Double
    public var start: String

    /// Every station passed, start and end included.
    public var stationIDs: [String] {
        [start] + legs.map(\.to)
    }

    /// How many times the passenger walks between stations.
    public var walkCount: Int {
        legs.filter { $0.kind == .walk }.count
    }
}
