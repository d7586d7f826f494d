/// A route as a traveller reads it: rides along one line each, and the changes between them.
///
/// Consecutive ride edges on the same line form one ride; the walks between two rides (or a change of line at a
/// station both lines serve) form one change. A walk before the first ride or after the last is a change too
/// (from or to no line), so every edge of the route belongs to exactly one step.
public struct RouteItinerary: Hashable, Sendable {
    public struct Ride: Hashable, Sendable {
        public var lineID: String
        /// Where the train is heading: the end of the line in the direction of travel.
        public var towardsStationID: String
        /// Boarding station, every stop passed, and the alighting station.
        public var stationIDs: [String]
        public var seconds: Double
        /// A hop's running time was missing and the graph's default ride time stood in.
        public var isEstimated: Bool

        public var boardingStationID: String { stationIDs.first ?? "" }
        public var alightingStationID: String { stationIDs.last ?? "" }
        /// Stops travelled, the alighting station included.
        public var stopCount: Int { stationIDs.count - 1 }
    }

    public struct Change: Hashable, Sendable {
        public var fromLineID: String?
        public var toLineID: String?
        /// The stations walked through; one station when the lines share it (no walk).
        public var stationIDs: [String]
        public var walkSeconds: Double
        /// A transfer had no walking time and the transfer penalty stood in.
        public var isEstimated: Bool
    }

    public enum Step: Hashable, Sendable {
        case ride(Ride)
        case change(Change)
    }

    public var steps: [Step]
    public var stationIDs: [String]
    public var totalSeconds: Double

    public var rides: [Ride] {
        steps.compactMap { if case .ride(let ride) = $0 { ride } else { nil } }
    }

    /// Changes of train: one fewer than the rides, whatever walks lead to the first or from the last.
    public var transferCount: Int { max(0, rides.count - 1) }

    public var isEstimated: Bool {
        steps.contains { step in
            switch step {
            case .ride(let ride): ride.isEstimated
            case .change(let change): change.isEstimated
            }
        }
    }

    public init(route: Route, map: MetroMap) {
        let linesByID = Dictionary(map.lines.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var steps: [Step] = []
        var previousLine: String?
        for edge in route.legs {
            switch edge.kind {
            case .ride(let lineID):
                if case .ride(var ride)? = steps.last, ride.lineID == lineID {
                    ride.stationIDs.append(edge.to)
                    ride.seconds += edge.seconds
                    ride.isEstimated = ride.isEstimated || edge.isEstimated
                    steps[steps.count - 1] = .ride(ride)
                } else {
                    if case .ride(let last)? = steps.last {
                        // Two lines serving one station: the change is made there, without a walk.
                        steps.append(.change(Change(fromLineID: last.lineID, toLineID: lineID,
                                                    stationIDs: [edge.from], walkSeconds: 0, isEstimated: false)))
                    } else if case .change(var change)? = steps.last {
                        change.toLineID = lineID
                        steps[steps.count - 1] = .change(change)
                    }
                    steps.append(.ride(Ride(lineID: lineID, towardsStationID: edge.to, stationIDs: [edge.from, edge.to],
                                            seconds: edge.seconds, isEstimated: edge.isEstimated)))
                }
                previousLine = lineID
            case .walk:
                if case .change(var change)? = steps.last {
                    change.stationIDs.append(edge.to)
                    change.walkSeconds += edge.seconds
                    change.isEstimated = change.isEstimated || edge.isEstimated
                    steps[steps.count - 1] = .change(change)
                } else {
                    steps.append(.change(Change(fromLineID: previousLine, toLineID: nil, stationIDs: [edge.from, edge.to],
                                                walkSeconds: edge.seconds, isEstimated: edge.isEstimated)))
                }
            }
        }
        for index in steps.indices {
            guard case .ride(var ride) = steps[index], let line = linesByID[ride.lineID] else { continue }
            ride.towardsStationID = Self.terminus(of: line, leaving: ride.stationIDs[ride.stationIDs.count - 2],
                                                  for: ride.alightingStationID)
            steps[index] = .ride(ride)
        }
        self.steps = steps
        stationIDs = route.stationIDs
        totalSeconds = route.totalSeconds
    }

    /// The end of the line in the direction of the last hop: the end of the drawn segment it runs along,
    /// continued into the next segment where the line is merely drawn in pieces (exactly one other segment
    /// starts or ends there). Where the line forks, the fork is named, since trains continue to more than one
    /// terminus from there; a loop is named by the station its segment starts and ends at.
    static func terminus(of line: MetroLine, leaving from: String, for to: String) -> String {
        var used = Set<Int>()
        var end = to
        search: for (number, segment) in line.segments.enumerated() {
            for index in segment.indices.dropLast() {
                if segment[index] == from && segment[index + 1] == to { end = segment[segment.count - 1] }
                else if segment[index] == to && segment[index + 1] == from { end = segment[0] }
                else { continue }
                used.insert(number)
                break search
            }
        }
        while used.count < line.segments.count {
            let touching = line.segments.indices.filter { !used.contains($0) && line.segments[$0].contains(end) }
            guard touching.count == 1, let next = touching.first else { break }
            let segment = line.segments[next]
            guard segment.first != segment.last else { break }
            if segment.first == end, let last = segment.last { end = last }
            else if segment.last == end, let first = segment.first { end = first }
            else { break }
            used.insert(next)
        }
        return end
    }
}
