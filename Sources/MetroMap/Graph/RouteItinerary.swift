/// A route as a traveller reads it: rides along one line each, and the changes between them.
///
/// Consecutive ride edges on the same line form one ride; the walks between two rides (or a change of line at a
/// station both lines serve) form one change. A walk before the first ride or after the last is a change too
/// (from or to no line), so every edge of the route belongs to exactly one step.
public struct RouteItinerary: Hashable, Sendable {
    public struct Ride: Hashable, Sendable {
        public var lineID: String
        /// Where the train is heading: the first station of `heading` (the terminus, or round a loop the next
        /// interchange).
        public var towardsStationID: String
        /// Which way the train runs on the path ridden: termini, or clockwise/anticlockwise round a loop.
        public var heading: RideHeading
        /// Boarding station, every stop passed, and the alighting station.
        public var stationIDs: [String]
        public var seconds: Double
        /// A hop's running time was missing or a scheme-wide placeholder, so `seconds` is an estimate.
        public var isEstimated: Bool
        /// Some hop runs between stations the map does not place: this part of the line is not drawn.
        public var isUndrawn: Bool = false

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

        /// A change of train: from one ride to the next. A walk before the first ride or after the last is not
        /// one (the traveller walks to or from the train), and the card words it as a walk.
        public var isTransfer: Bool { fromLineID != nil && toLineID != nil }
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

    /// Changes of train: the change steps between two rides (one fewer than the rides), not the walks that lead
    /// to the first or from the last, so a count stated beside the steps always agrees with them.
    public var transferCount: Int {
        steps.filter { if case .change(let change) = $0 { change.isTransfer } else { false } }.count
    }

    /// Lines ridden along stretches the map does not draw, in route order, each once.
    public var undrawnLineIDs: [String] {
        rides.filter(\.isUndrawn).map(\.lineID).reduce(into: []) { ids, id in if !ids.contains(id) { ids.append(id) } }
    }

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
                    ride.isUndrawn = ride.isUndrawn || !edge.isDrawn
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
                    steps.append(.ride(Ride(lineID: lineID, towardsStationID: edge.to,
                                            heading: RideHeading(stationIDs: [edge.to]), stationIDs: [edge.from, edge.to],
                                            seconds: edge.seconds, isEstimated: edge.isEstimated,
                                            isUndrawn: !edge.isDrawn)))
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
        let interchanges = map.interchangeStationIDs
        for index in steps.indices {
            guard case .ride(var ride) = steps[index], let line = linesByID[ride.lineID] else { continue }
            ride.heading = RideHeading.of(ride: ride.stationIDs, on: line, in: map, interchanges: interchanges)
            ride.towardsStationID = ride.heading.stationIDs.first ?? ride.alightingStationID
            steps[index] = .ride(ride)
        }
        self.steps = steps
        stationIDs = route.stationIDs
        totalSeconds = route.totalSeconds
    }
}
