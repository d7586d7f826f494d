/// The network as a weighted graph for routing: ride edges along lines and walk edges of transfers.
public struct StationGraph: Sendable {
    public enum EdgeKind: Hashable, Sendable {
        case ride(lineID: String)
        case walk
    }

    public struct Edge: Hashable, Sendable {
        public var from: String
        public var to: String
        public var kind: EdgeKind
        public var seconds: Double
        /// The map gave no time for this hop or transfer (`seconds` is the graph's default), or its running
        /// times are a scheme-wide placeholder.
        public var isEstimated: Bool = false
        /// Both ends are placed on the scheme, so the traveller can follow this edge on the map.
        public var isDrawn: Bool = true
    }

    public private(set) var stationIDs: [String]
    /// Outgoing edges per station; every ride and walk is usable in both directions.
    public private(set) var edgesByStation: [String: [Edge]]

    /// - Parameters:
    ///   - defaultRideSeconds: cost of a hop whose running time the map does not give (2 min, a typical
    ///     metro hop; pMetro schemes without `Driving=` fall back to it).
    ///   - defaultWalkSeconds: cost of a transfer without a walking time: the transfer penalty.
    public init(map: MetroMap, defaultRideSeconds: Double = 120, defaultWalkSeconds: Double = 180) {
        stationIDs = map.stations.map(\.id)
        let placed = Set(map.stations.filter(\.isPlaced).map(\.id))
        var edges: [String: [Edge]] = [:]
        func add(_ a: String, _ b: String, _ kind: EdgeKind, _ given: Double?, default fallback: Double,
                 placeholder: Bool = false) {
            guard a != b else { return }
            let seconds = given ?? fallback, estimated = given == nil || placeholder
            let drawn = placed.contains(a) && placed.contains(b)
            edges[a, default: []].append(Edge(from: a, to: b, kind: kind, seconds: seconds, isEstimated: estimated,
                                              isDrawn: drawn))
            edges[b, default: []].append(Edge(from: b, to: a, kind: kind, seconds: seconds, isEstimated: estimated,
                                              isDrawn: drawn))
        }
        let placeholders = map.runningTimesArePlaceholders
        for line in map.lines {
            var seen = Set<[String]>()
            for hop in line.hops where seen.insert([hop.from, hop.to].sorted()).inserted {
                add(hop.from, hop.to, .ride(lineID: line.id), line.link(from: hop.from, to: hop.to)?.travelSeconds,
                    default: defaultRideSeconds, placeholder: placeholders)
            }
        }
        for transfer in map.transfers {
            let ids = transfer.stationIDs
            for i in ids.indices {
                for j in ids.indices where j > i {
                    add(ids[i], ids[j], .walk, transfer.walkSeconds, default: defaultWalkSeconds)
                }
            }
        }
        edgesByStation = edges
    }

    public func edges(from stationID: String) -> [Edge] {
        edgesByStation[stationID] ?? []
    }

    /// The quickest way between two stations over what the map draws, so the traveller can follow it; only when
    /// the drawn network does not connect them, the quickest over every line (the route then says which of its
    /// rides the map does not draw). Nil when either is unknown or they are not connected at all.
    public func quickestRoute(from start: String, to goal: String) -> Route? {
        quickestRoute(from: start, to: goal, drawnOnly: true) ?? quickestRoute(from: start, to: goal, drawnOnly: false)
    }

    /// The quickest way between two stations (Dijkstra), over drawn edges alone or over every edge.
    public func quickestRoute(from start: String, to goal: String, drawnOnly: Bool) -> Route? {
        guard stationIDs.contains(start), stationIDs.contains(goal) else { return nil }
        var best: [String: Double] = [start: 0]
        var arrivedBy: [String: Edge] = [:]
        var settled = Set<String>()
        var queue = MinimumQueue()
        queue.push(start, priority: 0)
        while let (station, seconds) = queue.pop() {
            guard settled.insert(station).inserted else { continue }
            if station == goal { break }
            for edge in edges(from: station) where !settled.contains(edge.to) && (edge.isDrawn || !drawnOnly) {
                let candidate = seconds + edge.seconds
                if candidate < best[edge.to] ?? .infinity {
                    best[edge.to] = candidate
                    arrivedBy[edge.to] = edge
                    queue.push(edge.to, priority: candidate)
                }
            }
        }
        guard let total = best[goal] else { return nil }
        var legs: [Edge] = []
        var current = goal
        while current != start, let edge = arrivedBy[current] {
            legs.append(edge)
            current = edge.from
        }
        return Route(legs: legs.reversed(), totalSeconds: total, start: start)
    }
}

/// A binary min-heap of station ids keyed by arrival time: enough for Dijkstra on a few thousand stations.
private struct MinimumQueue {
    private var heap: [(id: String, priority: Double)] = []

    mutating func push(_ id: String, priority: Double) {
        heap.append((id, priority))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].priority < heap[parent].priority else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (String, Double)? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < heap.count, heap[left].priority < heap[smallest].priority { smallest = left }
                if right < heap.count, heap[right].priority < heap[smallest].priority { smallest = right }
                if smallest == parent { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return (top.id, top.priority)
    }
}
