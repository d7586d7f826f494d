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
    /// Outgoing ride edges per station; every ride is usable in both directions. Walks are kept per transfer
    /// group (`edges(from:)` lists them pairwise).
    public private(set) var edgesByStation: [String: [Edge]]

    /// A `[[transfer]]`: every station of it is a walk of `seconds` from every other. Kept as one group rather than
    /// N² edges: one transfer of 3,000 stations made 9 million edges, 1.37 GB and a 13.7 s tap (issue 38).
    struct TransferGroup: Sendable {
        var stationIDs: [String]
        var seconds: Double
        var isEstimated: Bool
    }
    private var groups: [TransferGroup] = []
    private var groupsByStation: [String: [Int]] = [:]
    private var stationSet: Set<String>
    /// Stations placed on the scheme: a walk or ride between two of them can be followed on the map.
    private var placed: Set<String>

    /// - Parameters:
    ///   - defaultRideSeconds: cost of a hop whose running time the map does not give (2 min, a typical
    ///     metro hop; pMetro schemes without `Driving=` fall back to it).
    ///   - defaultWalkSeconds: cost of a transfer without a walking time: the transfer penalty.
    public init(map: MetroMap, defaultRideSeconds: Double = 120, defaultWalkSeconds: Double = 180) {
        stationIDs = map.stations.map(\.id)
        stationSet = Set(stationIDs)
        let placed = Set(map.stations.filter(\.isPlaced).map(\.id))
        self.placed = placed
        let placeholders = map.runningTimesArePlaceholders
        var edges: [String: [Edge]] = [:]
        for line in map.lines {
            // Looked up by pair: `line.link(from:to:)` scans the links, quadratic along a 50,000-station line.
            var linkSeconds: [[String]: Double?] = [:]
            for link in line.links where linkSeconds[[link.from, link.to].sorted()] == nil {
                linkSeconds[[link.from, link.to].sorted()] = .some(link.travelSeconds)
            }
            var seen = Set<[String]>()
            for hop in line.hops where hop.from != hop.to && seen.insert([hop.from, hop.to].sorted()).inserted {
                let given = linkSeconds[[hop.from, hop.to].sorted()] ?? nil
                let seconds = given ?? defaultRideSeconds, estimated = given == nil || placeholders
                let kind = EdgeKind.ride(lineID: line.id)
                let drawn = placed.contains(hop.from) && placed.contains(hop.to)
                edges[hop.from, default: []].append(Edge(from: hop.from, to: hop.to, kind: kind, seconds: seconds,
                                                         isEstimated: estimated, isDrawn: drawn))
                edges[hop.to, default: []].append(Edge(from: hop.to, to: hop.from, kind: kind, seconds: seconds,
                                                       isEstimated: estimated, isDrawn: drawn))
            }
        }
        for transfer in map.transfers {
            var seen = Set<String>()
            let ids = transfer.stationIDs.filter { seen.insert($0).inserted }
            guard ids.count > 1 else { continue }
            let index = groups.count
            groups.append(TransferGroup(stationIDs: ids, seconds: transfer.walkSeconds ?? defaultWalkSeconds,
                                        isEstimated: transfer.walkSeconds == nil))
            for id in ids { groupsByStation[id, default: []].append(index) }
        }
        edgesByStation = edges
    }

    /// Every edge leaving `stationID`: its rides, and a walk to each other station of each of its transfers.
    public func edges(from stationID: String) -> [Edge] {
        var result = edgesByStation[stationID] ?? []
        for index in groupsByStation[stationID] ?? [] {
            let group = groups[index]
            for other in group.stationIDs where other != stationID {
                result.append(walk(from: stationID, to: other, in: group))
            }
        }
        return result
    }

    private func walk(from a: String, to b: String, in group: TransferGroup) -> Edge {
        Edge(from: a, to: b, kind: .walk, seconds: group.seconds, isEstimated: group.isEstimated,
             isDrawn: placed.contains(a) && placed.contains(b))
    }

    /// The quickest way between two stations over what the map draws, so the traveller can follow it; only when
    /// the drawn network does not connect them, the quickest over every line (the route then says which of its
    /// rides the map does not draw). Nil when either is unknown or they are not connected at all.
    public func quickestRoute(from start: String, to goal: String) -> Route? {
        quickestRoute(from: start, to: goal, drawnOnly: true) ?? quickestRoute(from: start, to: goal, drawnOnly: false)
    }

    /// The quickest way between two stations (Dijkstra), over drawn edges alone or over every edge.
    public func quickestRoute(from start: String, to goal: String, drawnOnly: Bool) -> Route? {
        search(from: start, to: goal, drawnOnly: drawnOnly).route
    }

    /// The search itself, with how many edges it relaxed: the scaling tests' work count.
    /// A transfer group is relaxed once, from its first station settled (over drawn edges: its first placed station
    /// settled, as a walk from an unplaced one is never drawn): every later one arrived no earlier, so a walk from
    /// it could never be quicker. Routing is O((stations + hops + group members) log stations).
    func search(from start: String, to goal: String, drawnOnly: Bool = false) -> (route: Route?, relaxations: Int) {
        guard stationSet.contains(start), stationSet.contains(goal) else { return (nil, 0) }
        var relaxations = 0
        var best: [String: Double] = [start: 0]
        var arrivedBy: [String: Edge] = [:]
        var settled = Set<String>()
        var expanded = Set<Int>()
        var queue = MinimumQueue()
        queue.push(start, priority: 0)
        while let (station, seconds) = queue.pop() {
            guard settled.insert(station).inserted else { continue }
            if station == goal { break }
            func relax(_ edge: Edge) {
                relaxations += 1
                guard !settled.contains(edge.to) else { return }
                let candidate = seconds + edge.seconds
                if candidate < best[edge.to] ?? .infinity {
                    best[edge.to] = candidate
                    arrivedBy[edge.to] = edge
                    queue.push(edge.to, priority: candidate)
                }
            }
            for edge in edgesByStation[station] ?? [] where edge.isDrawn || !drawnOnly { relax(edge) }
            if drawnOnly && !placed.contains(station) { continue }
            for index in groupsByStation[station] ?? [] where expanded.insert(index).inserted {
                let group = groups[index]
                for other in group.stationIDs where other != station {
                    let edge = walk(from: station, to: other, in: group)
                    if edge.isDrawn || !drawnOnly { relax(edge) }
                }
            }
        }
        guard let total = best[goal] else { return (nil, relaxations) }
        var legs: [Edge] = []
        var current = goal
        while current != start, let edge = arrivedBy[current] {
            legs.append(edge)
            current = edge.from
        }
        return (Route(legs: legs.reversed(), totalSeconds: total, start: start), relaxations)
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
