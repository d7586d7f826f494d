/// A line of the network: its colour and the runs of stations it is drawn through.
///
/// `segments` are unbranched runs of station ids, each drawn as one polyline. A branch is a second segment
/// starting at a station of the first; a loop is a segment whose last station is its first.
public struct MetroLine: Hashable, Sendable {
    public var id: String
    public var name: String
    public var localizedNames: [String: String]
    public var color: RGBColor
    public var segments: [[String]]
    /// Bend points and travel times for consecutive pairs of `segments`; a pair without a link is drawn straight.
    public var links: [LineLink]
    /// This line's own stroke width in scheme units (pMetro `Width=`); nil: the map's `lineWidth`.
    public var width: Double?

    public init(id: String, name: String, localizedNames: [String: String] = [:], color: RGBColor,
                segments: [[String]], links: [LineLink] = [], width: Double? = nil) {
        self.id = id
        self.name = name
        self.localizedNames = localizedNames
        self.color = color
        self.segments = segments
        self.links = links
        self.width = width
    }

    public func name(in language: String) -> String {
        localizedNames[language] ?? name
    }

    /// Every station the line serves, each once, in order of first appearance.
    public var stationIDs: [String] {
        var seen = Set<String>()
        return segments.joined().filter { seen.insert($0).inserted }
    }

    /// Consecutive station pairs of every segment, in drawing order.
    public var hops: [(from: String, to: String)] {
        segments.flatMap { segment in zip(segment, segment.dropFirst()).map { (from: $0, to: $1) } }
    }

    /// The link between two consecutive stations, turned to run from `a` to `b`.
    public func link(from a: String, to b: String) -> LineLink? {
        guard let link = links.first(where: { $0.joins(a, b) }) else { return nil }
        if link.from == a { return link }
        return LineLink(from: a, to: b, bendPoints: link.bendPoints.reversed(), isSpline: link.isSpline,
                        travelSeconds: link.travelSeconds)
    }

    /// The line closes on itself somewhere: a segment ends where it started, or its hops form a cycle.
    public var hasLoop: Bool {
        if segments.contains(where: { $0.count > 2 && $0.first == $0.last }) { return true }
        // Hops form a cycle when a forest over the stations cannot hold them all (union-find).
        var parent: [String: String] = [:]
        func root(_ id: String) -> String {
            var current = id
            while let next = parent[current], next != current { current = next }
            return current
        }
        var seenPairs = Set<[String]>()
        for hop in hops where hop.from != hop.to {
            guard seenPairs.insert([hop.from, hop.to].sorted()).inserted else { continue }
            let a = root(hop.from), b = root(hop.to)
            if a == b { return true }
            parent[a] = b
        }
        return false
    }

    /// Some station of the line has three or more distinct neighbours on it.
    public var hasBranch: Bool {
        var neighbours: [String: Set<String>] = [:]
        for hop in hops where hop.from != hop.to {
            neighbours[hop.from, default: []].insert(hop.to)
            neighbours[hop.to, default: []].insert(hop.from)
        }
        return neighbours.values.contains { $0.count >= 3 }
    }
}
