import MetroMap
import Raster

/// Accessible mode's line colours: every two lines that meet (at a station, through a transfer, or with stations
/// within a few station widths of each other, as parallel lines do) stay at least `threshold` ΔE apart for normal,
/// protan, deutan and tritan vision (`ColourVision`). A fixed palette of 8 cannot do it where many lines meet
/// (Moscow, London, Tokyo), so colours are chosen per neighbourhood: a graph colouring over the lines that meet,
/// from a larger set of colours dark enough to read on white, keeping each line's own colour or the nearest safe one
/// so travellers still recognise "the red line".
///
/// Lines that share a colour on the scheme (New York's A, C and E; one line drawn as several pieces) are one
/// colour here too: the scheme itself asks the traveller to tell them apart by name, not colour.
public struct AccessiblePalette: Sendable {
    /// The smallest ΔE (CIE76, under each simulated vision) between two meeting lines' colours.
    public static let threshold = 10.0
    /// Stations this many station diameters apart or nearer count as one place for "lines that meet".
    static let nearDiameters = 3.0

    /// The scheme's colour → the accessible one.
    public let colors: [Color: Color]
    /// Pairs of the scheme's colours whose lines meet.
    public let meetings: Set<Pair>

    public struct Pair: Hashable, Sendable {
        public let a: Color, b: Color
        init(_ x: Color, _ y: Color) {
            (a, b) = x.xrgb < y.xrgb ? (x, y) : (y, x)
        }
    }

    /// Colours a line may take: an sRGB grid, lightness 25–70 in CIELAB so a line reads against the white
    /// background and under the white label halo; greys left out (they read as the connector's colour).
    static let candidates: [Color] = {
        let levels: [UInt8] = [0x00, 0x2B, 0x55, 0x80, 0xAA, 0xD5, 0xFF]
        var result: [Color] = []
        for r in levels { for g in levels { for b in levels {
            let color = Color(red: r, green: g, blue: b)
            let lab = ColourVision.normal.lab(color)
            let chroma = (lab.a * lab.a + lab.b * lab.b).squareRoot()
            if lab.l >= 25, lab.l <= 70, chroma >= 25, readsOnWhite(color) { result.append(color) }
        } } }
        return result
    }()

    /// At least 25 ΔE from the white background for every vision: a line that reads on the map for anyone.
    static func readsOnWhite(_ color: Color) -> Bool {
        ColourVision.allCases.allSatisfy { $0.difference(color, .white) >= 25 }
    }

    public init(map: MetroMap) {
        let meetings = Self.meetings(of: map)
        self.meetings = meetings
        var neighbours: [Color: Set<Color>] = [:]
        for pair in meetings {
            neighbours[pair.a, default: []].insert(pair.b)
            neighbours[pair.b, default: []].insert(pair.a)
        }
        var order: [Color] = []
        var seenColors = Set<Color>()
        for line in map.lines {
            let color = Color(red: line.color.red, green: line.color.green, blue: line.color.blue)
            if seenColors.insert(color).inserted { order.append(color) }
        }
        // Most-constrained first (most neighbours), then the map's order: the busiest hubs get the widest choice.
        order = order.enumerated().sorted { x, y in
            let dx = neighbours[x.element]?.count ?? 0, dy = neighbours[y.element]?.count ?? 0
            return dx != dy ? dx > dy : x.offset < y.offset
        }.map(\.element)
        var chosen: [Color: Color] = [:]
        var used = Set<Color>()
        for original in order {
            let placed = (neighbours[original] ?? []).compactMap { chosen[$0] }
            func separation(_ candidate: Color) -> Double {
                placed.map { ColourVision.worstDifference(candidate, $0) }.min() ?? .infinity
            }
            // The line's own colour when it already stands apart; else the safe candidate nearest it; else (no safe
            // candidate left) the one that stands furthest apart.
            let pool = used.contains(original) || !Self.readsOnWhite(original) ? Self.candidates : [original] + Self.candidates
            let safe = pool.filter { separation($0) >= Self.threshold }
            let pick = safe.min { ColourVision.normal.difference($0, original) < ColourVision.normal.difference($1, original) }
                ?? pool.max { separation($0) < separation($1) } ?? original
            chosen[original] = pick
            used.insert(pick)
        }
        colors = chosen
    }

    /// The accessible colour for a scheme colour (unknown colours, such as a station of no line, stay).
    public func color(for original: Color) -> Color { colors[original] ?? original }

    /// The smallest ΔE under any vision between the accessible colours of two meeting lines; nil for no meetings.
    public var worstMeetingDifference: Double? {
        meetings.map { ColourVision.worstDifference(color(for: $0.a), color(for: $0.b)) }.min()
    }

    /// Pairs of distinct scheme colours whose lines share a station, are joined by a transfer, or have stations within
    /// `nearDiameters` station diameters.
    static func meetings(of map: MetroMap) -> Set<Pair> {
        var colorsAt: [String: Set<Color>] = [:]
        for line in map.lines {
            let color = Color(red: line.color.red, green: line.color.green, blue: line.color.blue)
            for id in line.stationIDs { colorsAt[id, default: []].insert(color) }
        }
        var groups: [Set<Color>] = Array(colorsAt.values)
        for transfer in map.transfers {
            groups.append(transfer.stationIDs.reduce(into: Set<Color>()) { $0.formUnion(colorsAt[$1] ?? []) })
        }
        let placed = map.stations.compactMap { station in station.position.map { (point: $0, colors: colorsAt[station.id] ?? []) } }
        let reach = nearDiameters * (map.stationDiameter ?? 14)
        // Sorted by x, so each station is compared only with those within reach along x.
        let sorted = placed.sorted { $0.point.x < $1.point.x }
        for i in sorted.indices {
            var j = i + 1
            while j < sorted.count, sorted[j].point.x - sorted[i].point.x <= reach {
                let dx = sorted[j].point.x - sorted[i].point.x, dy = sorted[j].point.y - sorted[i].point.y
                if dx * dx + dy * dy <= reach * reach { groups.append(sorted[i].colors.union(sorted[j].colors)) }
                j += 1
            }
        }
        var pairs = Set<Pair>()
        for group in groups where group.count > 1 {
            let members = Array(group)
            for x in members.indices { for y in members.indices where x < y { pairs.insert(Pair(members[x], members[y])) } }
        }
        return pairs
    }
}
