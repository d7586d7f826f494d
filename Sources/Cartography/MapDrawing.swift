import MetroMap
import Raster

/// A metro map turned into what gets drawn, once per map, in scheme units: the background layer, line pieces
/// with their colours and bounds (for culling), interchanges, station marks and labels ranked for the level of
/// detail.
public struct MapDrawing: Sendable {
    /// One hop of a line, station to station through its bends, drawn as one stroke. Strokes end in round caps
    /// under the station marks, so hops culled one by one still look like one line.
    public struct LinePiece: Sendable {
        public var color: Color
        /// This line's own width in scheme units, when it has one.
        public var width: Double?
        /// Station, bend points, station.
        public var knots: [SchemePoint]
        /// A smooth curve through the knots rather than straight runs between them.
        public var isSmooth: Bool
        /// For a smooth piece, the knots just beyond either end on the same run of the line, so the curve keeps
        /// its direction through the station (nil at a terminus or junction: a free end).
        public var lead: SchemePoint?
        public var trail: SchemePoint?
        /// Holds the curve: a Catmull-Rom span stays within its Bézier control points.
        public var bounds: SchemeRect
        /// The scheme line this hop is of: what a live alert on the line dashes (`MapSceneBuilder.dashedLines`).
        public var lineID: String = ""
        /// The scheme stations at the hop's two ends: an alert on the line at one of them dashes the hop
        /// (`MapSceneBuilder.dashedStops`).
        public var stationIDs: [String] = []
    }

    public struct StationMark: Sendable {
        public var position: SchemePoint
        public var color: Color
        public var isInterchange: Bool
    }

    /// Stations a passenger walks between, drawn as one white shape with a dark outline: each station a disc,
    /// joined pairwise by bars, and three or more filled across their hull so no hole shows between them.
    public struct Interchange: Sendable {
        public var stations: [SchemePoint]
        public var pairs: [(SchemePoint, SchemePoint)]
        /// The convex hull of three or more stations (else empty).
        public var hull: [SchemePoint]
        public var bounds: SchemeRect
    }

    /// One end of a line: the station, the way the line runs out of it, and what the line is called on a badge.
    public struct Terminus: Sendable {
        public var lineIndex: Int
        public var shortName: String
        public var color: Color
        public var station: SchemePoint
        /// Unit vector from the last hop's previous knot to the station.
        public var direction: (x: Float, y: Float)
    }

    public struct Label: Sendable {
        public enum Rank: Int, Comparable, Sendable {
            case ordinary = 0, terminus = 1, interchange = 2
            public static func < (a: Rank, b: Rank) -> Bool { a.rawValue < b.rawValue }
        }

        public var text: String
        /// The language of `text` when it is a localized name (its OpenType language); nil for the primary name.
        public var language: String?
        /// A bilingual label's second line, drawn below in smaller type; nil when there is none or it would repeat.
        public var secondText: String?
        public var secondLanguage: String?
        public var station: SchemePoint
        /// The map's own box for the text, when it has one (pMetro does).
        public var box: SchemeRect?
        public var anchor: LabelAnchor
        public var rank: Rank
        /// Other platforms of the same name at this place (one interchange, or stops side by side), which the label
        /// may sit beside instead.
        public var otherStations: [SchemePoint] = []
        /// How many lines call here (at every platform of its interchange): a busier station is named first.
        public var linesServed = 1
        /// The station's other names (its primary name, its other languages), tried in order when no configured font
        /// can draw `text`.
        public var alternatives: [(text: String, language: String?)] = []
    }

    public var bounds: SchemeRect
    /// The map's line width and station diameter (scheme units), when it gives them.
    public var lineWidth: Double?
    public var stationDiameter: Double?
    public var background: [BackgroundShape]
    public var backgroundBounds: [SchemeRect]
    public var pieces: [LinePiece]
    public var stations: [StationMark]
    public var interchanges: [Interchange]
    /// Highest rank first, map order within a rank: the order the level of detail places them in.
    public var labels: [Label]
    public var lineColors: [Color]
    /// Each line's ends, where its badge goes.
    public var termini: [Terminus] = []
    /// Where the kiosk stands, marked so a passenger finds themselves first.
    public var youAreHere: SchemePoint?
    /// The frames of the extra schemes set beside the main one (`MetroMap.insets`): their names stay inside.
    public var insets: [SchemeRect] = []

    public init(map: MetroMap, language: String? = nil, youAreHere: String? = nil) {
        self.init(map: map, languages: language.map { [$0] } ?? [], youAreHere: youAreHere)
    }

    /// `languages`: the main name's language and, for bilingual labels, the second line's; a name missing in a
    /// language falls back to the station's primary name. `primaryLanguage`: what the primary names are written in
    /// (a Beijing scheme's Chinese, tagged so a pan-CJK font draws Chinese forms, not its default Japanese ones).
    public init(map: MetroMap, languages: [String], primaryLanguage: String? = nil, youAreHere: String? = nil) {
        self.youAreHere = youAreHere.flatMap { map.station(id: $0)?.position }
        bounds = map.bounds
        lineWidth = map.lineWidth
        stationDiameter = map.stationDiameter
        background = map.background
        backgroundBounds = map.background.map(MapDrawing.bounds(of:))
        var pieces: [LinePiece] = []
        var stationColor: [String: Color] = [:]
        var linesAtStation: [String: Int] = [:]
        var linesAtPoint: [SchemePoint: Set<Int>] = [:]
        var terminusIDs = Set<String>()
        var pieceLines: [Int] = []
        var termini: [Terminus] = []
        for (lineNumber, line) in map.lines.enumerated() {
            let color = Color(red: line.color.red, green: line.color.green, blue: line.color.blue)
            var degree: [String: Set<String>] = [:]
            for segment in line.segments {
                let run = MapDrawing.pieces(of: segment, line: line, map: map, color: color, degree: &degree)
                pieces += run
                pieceLines += Array(repeating: lineNumber, count: run.count)
            }
            for id in line.stationIDs {
                if stationColor[id] == nil { stationColor[id] = color }
                linesAtStation[id, default: 0] += 1
                if let position = map.station(id: id)?.position { linesAtPoint[position, default: []].insert(lineNumber) }
            }
            let ends = degree.filter { $0.value.count == 1 }.keys
            terminusIDs.formUnion(ends)
            let shortName = LineBadges.shortName(name: line.name, id: line.id)
            var seen = Set<SchemePoint>()
            for id in line.stationIDs where ends.contains(id) {
                guard let end = map.station(id: id)?.position, seen.insert(end).inserted,
                      let piece = pieces.indices.last(where: { index in
                          pieceLines[index] == lineNumber && (pieces[index].knots.first == end || pieces[index].knots.last == end)
                      }).map({ pieces[$0] }),
                      piece.knots.count >= 2 else { continue }
                let before = piece.knots.first == end ? piece.knots[1] : piece.knots[piece.knots.count - 2]
                let dx: Double = end.x - before.x, dy: Double = end.y - before.y
                let length: Double = (dx * dx + dy * dy).squareRoot()
                guard length > 0, length.isFinite else { continue }
                termini.append(Terminus(lineIndex: lineNumber, shortName: shortName, color: color, station: end,
                                        direction: (Float(dx / length), Float(dy / length))))
            }
        }
        self.termini = termini
        let shared = SharedTrack.sideBySide(pieces, lineIndex: pieceLines, defaultWidth: map.lineWidth ?? 9)
        self.pieces = shared.pieces
        lineColors = map.lines.map { Color(red: $0.color.red, green: $0.color.green, blue: $0.color.blue) }

        var interchangeIDs = Set(linesAtStation.filter { $0.value > 1 }.keys)
        for transfer in map.transfers where transfer.isVisible {
            let placed = transfer.stationIDs.filter { map.station(id: $0)?.position != nil }
            if placed.count >= 2 { interchangeIDs.formUnion(placed) }
        }
        interchanges = MapDrawing.interchanges(map: map, ids: interchangeIDs)
        insets = map.insets
        // One marker across each end of a bundle of lines drawn side by side.
        for (a, b) in shared.markers {
            interchanges.append(Interchange(stations: [a, b], pairs: [(a, b)], hull: [], bounds: MapDrawing.bounds(of: [a, b])))
        }
        let bundleEnds = Set(shared.ends)

        var stations: [StationMark] = []
        var labels: [Label] = []
        for station in map.stations {
            guard let position = station.position else { continue }
            let isInterchange = interchangeIDs.contains(station.id) || bundleEnds.contains(position)
            stations.append(StationMark(position: position, color: stationColor[station.id] ?? Color(rgb: 0x606060),
                                        isInterchange: isInterchange))
            let (text, language) = MapDrawing.name(of: station, in: languages.first, primary: primaryLanguage)
            guard !text.isEmpty, !station.isLabelHidden else { continue }
            var second = languages.count > 1 ? MapDrawing.name(of: station, in: languages[1], primary: primaryLanguage) : nil
            if let line = second, line.text.isEmpty || line.text == text { second = nil }
            let rank: Label.Rank = isInterchange ? .interchange : terminusIDs.contains(station.id) ? .terminus : .ordinary
            var alternatives = [(text: station.name, language: primaryLanguage)]
            alternatives += station.localizedNames.keys.sorted().map { (text: station.localizedNames[$0]!, language: $0) }
            labels.append(Label(text: text, language: language, secondText: second?.text, secondLanguage: second?.language,
                                station: position, box: station.labelBox, anchor: station.labelAnchor ?? .right, rank: rank,
                                alternatives: alternatives.filter { !$0.text.isEmpty && $0.text != text }))
        }
        self.stations = stations
        // A stable sort keeps map order within a rank, so placement is the same on every run.
        let ranked = labels.enumerated().sorted { a, b in
            a.element.rank != b.element.rank ? a.element.rank > b.element.rank : a.offset < b.offset
        }.map(\.element)
        let merged = MapDrawing.oneNamePerPlace(ranked, interchanges: interchanges, near: 3 * (map.stationDiameter ?? 14))
        self.labels = MapDrawing.prioritized(merged, interchanges: interchanges, linesAtPoint: linesAtPoint,
                                             centre: youAreHere.flatMap { map.station(id: $0)?.position }
                                                 ?? SchemePoint(x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2),
                                             youAreHere: self.youAreHere)
    }

    /// The order labels are placed in, what a traveller needs first: the "you are here" station, then interchanges,
    /// then termini, then the rest; within a rank the station served by more lines, then the one nearer `centre`
    /// (the kiosk's station, else the map's middle), then map order, so central interchanges are named before outer
    /// stations at every zoom.
    static func prioritized(_ labels: [Label], interchanges: [Interchange], linesAtPoint: [SchemePoint: Set<Int>],
                            centre: SchemePoint, youAreHere: SchemePoint?) -> [Label] {
        var group: [SchemePoint: Int] = [:]
        for (index, interchange) in interchanges.enumerated() {
            for station in interchange.stations { group[station] = index }
        }
        // Each interchange's lines and whether it holds "you are here", worked out once: per label they would cost
        // the group's size, and a transfer of 10,000 platforms made that 10^8 set insertions (issue 38).
        let groupLines = interchanges.map { linesServed(at: $0.stations, linesAtPoint: linesAtPoint).lines }
        let groupHere = interchanges.map { interchange in youAreHere.map { interchange.stations.contains($0) } ?? false }
        let keyed = labels.enumerated().map { offset, label -> (label: Label, here: Bool, distance: Double, offset: Int) in
            var label = label
            let own = [label.station] + label.otherStations
            let groups = Set(own.compactMap { group[$0] })
            // A grouped point's lines are in its group's union already. The usual label (one point, or one group)
            // takes its count as it is: copying a union per label would again cost the group's size per label.
            let loose = Set(own.filter { group[$0] == nil })
            let served: Int
            if loose.isEmpty, groups.count == 1, let only = groups.first {
                served = groupLines[only].count
            } else if groups.isEmpty, loose.count == 1, let point = loose.first {
                served = linesAtPoint[point]?.count ?? 0
            } else {
                var lines = loose.reduce(into: Set<Int>()) { $0.formUnion(linesAtPoint[$1] ?? []) }
                for index in groups { lines.formUnion(groupLines[index]) }
                served = lines.count
            }
            label.linesServed = max(served, 1)
            let here = youAreHere.map { point in own.contains(point) } ?? false || groups.contains { groupHere[$0] }
            let dx = label.station.x - centre.x, dy = label.station.y - centre.y
            let distance = (dx * dx + dy * dy).squareRoot()
            return (label, here, distance.isFinite ? distance : .infinity, offset)
        }
        return keyed.sorted { a, b in
            if a.here != b.here { return a.here }
            if a.label.rank != b.label.rank { return a.label.rank > b.label.rank }
            if a.label.linesServed != b.label.linesServed { return a.label.linesServed > b.label.linesServed }
            if a.distance != b.distance { return a.distance < b.distance }
            return a.offset < b.offset
        }.map(\.label)
    }

    /// The lines at any of `points`, each distinct point's lines added once, and how many set insertions that took.
    /// An interchange's platforms often share one point (a transfer of 10,000 platforms at one point: 10,000 lines
    /// there), and adding that point's lines once per platform cost 10^8 insertions, minutes per drawing (issue 38);
    /// once per point it costs what the lines list.
    static func linesServed(at points: [SchemePoint], linesAtPoint: [SchemePoint: Set<Int>]) -> (lines: Set<Int>, insertions: Int) {
        var lines = Set<Int>(), insertions = 0
        for point in Set(points) {
            guard let here = linesAtPoint[point] else { continue }
            insertions += here.count
            lines.formUnion(here)
        }
        return (lines, insertions)
    }

    /// The platforms of one interchange, or the stops of several lines side by side, that share a name get one
    /// label (the first by rank): pMetro gives each line its own copy of a shared station, and three copies of
    /// one name would crowd out their neighbours.
    static func oneNamePerPlace(_ labels: [Label], interchanges: [Interchange], near distance: Double) -> [Label] {
        var group: [SchemePoint: Int] = [:]
        for (index, interchange) in interchanges.enumerated() {
            for station in interchange.stations { group[station] = index }
        }
        var result: [Label] = []
        var sameName: [String: [Int]] = [:]
        for label in labels {
            let twin = sameName[label.text, default: []].first { index in
                let other = result[index]
                if let a = group[label.station], a == group[other.station] { return true }
                let dx = other.station.x - label.station.x, dy = other.station.y - label.station.y
                return dx * dx + dy * dy <= distance * distance
            }
            if let twin {
                if label.station != result[twin].station && !result[twin].otherStations.contains(label.station) {
                    result[twin].otherStations.append(label.station)
                }
                continue
            }
            sameName[label.text, default: []].append(result.count)
            result.append(label)
        }
        return result
    }

    /// The station's name in `language` and that language, else its primary name in `primary` (nil: unknown).
    static func name(of station: Station, in language: String?, primary: String? = nil) -> (text: String, language: String?) {
        guard let language, let name = station.localizedNames[language] else { return (station.name, primary) }
        return (name, language)
    }

    /// The hops of one run of a line. A smooth hop takes its end tangents from the knots next to it on the run:
    /// through a station between two smooth hops the curve is one Catmull-Rom curve; next to a straight hop it
    /// leaves in that hop's direction.
    private static func pieces(of segment: [String], line: MetroLine, map: MetroMap, color: Color,
                               degree: inout [String: Set<String>]) -> [LinePiece] {
        var hops: [(knots: [SchemePoint], smooth: Bool, ends: [String])?] = []
        for (from, to) in zip(segment, segment.dropFirst()) {
            guard let a = map.station(id: from)?.position, let b = map.station(id: to)?.position else {
                hops.append(nil)
                continue
            }
            degree[from, default: []].insert(to)
            degree[to, default: []].insert(from)
            let link = line.link(from: from, to: to)
            let bends = link?.bendPoints ?? []
            hops.append(([a] + bends + [b], (link?.isSpline ?? false) && !bends.isEmpty, [from, to]))
        }
        var pieces: [LinePiece] = []
        // A ring's run ends where it started: its first and last hops are neighbours.
        let isRing = segment.count > 2 && segment.first == segment.last
        for (index, hop) in hops.enumerated() {
            guard let hop else { continue }
            var lead: SchemePoint?, trail: SchemePoint?
            if hop.smooth {
                let previousIndex = index > 0 ? index - 1 : isRing ? hops.count - 1 : nil
                let nextIndex = index + 1 < hops.count ? index + 1 : isRing ? 0 : nil
                if let previousIndex, let previous = hops[previousIndex] {
                    lead = previous.knots[previous.knots.count - 2]
                    if !previous.smooth { lead = reflected(lead!, through: hop.knots[0], toward: hop.knots[1]) }
                }
                if let nextIndex, let next = hops[nextIndex] {
                    trail = next.knots[1]
                    let last = hop.knots[hop.knots.count - 1], before = hop.knots[hop.knots.count - 2]
                    if !next.smooth { trail = reflected(trail!, through: last, toward: before) }
                }
            }
            var extent = hop.knots
            if let lead { extent.append(lead) }
            if let trail { extent.append(trail) }
            pieces.append(LinePiece(color: color, width: line.width, knots: hop.knots, isSmooth: hop.smooth, lead: lead,
                                    trail: trail, bounds: bounds(of: extent), lineID: line.id, stationIDs: hop.ends))
        }
        return pieces
    }

    /// Next to a straight hop the tangent at `knot` must run along it: the neighbour knot is put on the far side,
    /// on the straight hop's line, as far as `toward` is, so Catmull-Rom's tangent `(toward − lead)/2` is parallel
    /// to the straight run.
    private static func reflected(_ straightNeighbour: SchemePoint, through knot: SchemePoint,
                                  toward next: SchemePoint) -> SchemePoint {
        let dx = knot.x - straightNeighbour.x, dy = knot.y - straightNeighbour.y
        let length = (dx * dx + dy * dy).squareRoot()
        let reach = ((next.x - knot.x) * (next.x - knot.x) + (next.y - knot.y) * (next.y - knot.y)).squareRoot()
        guard length > 0 else { return knot }
        return SchemePoint(x: next.x - 2 * reach * dx / length, y: next.y - 2 * reach * dy / length)
    }

    /// Stations joined by visible transfers (or shared by several lines), grouped into connected interchanges.
    private static func interchanges(map: MetroMap, ids: Set<String>) -> [Interchange] {
        var parent: [String: String] = [:]
        // Path compression: one transfer listing N stations chains them, and walking the chain from each station
        // cost N² lookups (10,000 stations: minutes; issue 38).
        func root(_ id: String) -> String {
            var current = id
            while let next = parent[current], next != current { current = next }
            var walker = id
            while let next = parent[walker], next != current {
                parent[walker] = current
                walker = next
            }
            return current
        }
        var pairs: [(String, String)] = []
        for transfer in map.transfers where transfer.isVisible {
            let placed = transfer.stationIDs.filter { map.station(id: $0)?.position != nil }
            for (a, b) in zip(placed, placed.dropFirst()) where a != b {
                pairs.append((a, b))
                let ra = root(a), rb = root(b)
                if ra != rb { parent[ra] = rb }
            }
        }
        var groups: [String: [String]] = [:]
        var order: [String] = []
        for station in map.stations where ids.contains(station.id) && station.position != nil {
            let key = root(station.id)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(station.id)
        }
        var pairsByGroup: [String: [(SchemePoint, SchemePoint)]] = [:]
        for (a, b) in pairs {
            guard let pa = map.station(id: a)?.position, let pb = map.station(id: b)?.position else { continue }
            pairsByGroup[root(a), default: []].append((pa, pb))
        }
        return order.map { key in
            let points = groups[key]!.compactMap { map.station(id: $0)?.position }
            let hull = points.count >= 3 ? convexHull(points) : []
            return Interchange(stations: points, pairs: pairsByGroup[key] ?? [], hull: hull.count >= 3 ? hull : [],
                               bounds: bounds(of: points))
        }
    }

    /// Andrew's monotone chain.
    static func convexHull(_ points: [SchemePoint]) -> [SchemePoint] {
        // Deduplicated through SchemePoint's own Hashable: the same through [x, y] arrays took the type checker
        // over 4 s in every build.
        let sorted = Set(points).sorted { (a: SchemePoint, b: SchemePoint) -> Bool in a.x != b.x ? a.x < b.x : a.y < b.y }
        guard sorted.count >= 3 else { return sorted }
        func cross(_ o: SchemePoint, _ a: SchemePoint, _ b: SchemePoint) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [SchemePoint] = [], upper: [SchemePoint] = []
        for p in sorted {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    static func bounds(of shape: BackgroundShape) -> SchemeRect {
        var box = bounds(of: shape.points)
        if shape.kind == .text {
            // Generous: the real width depends on the font.
            box.width = shape.size * Double(shape.text.count)
            box.height = shape.size * 1.5
        }
        let grow = shape.width / 2
        return SchemeRect(x: box.x - grow, y: box.y - grow, width: box.width + 2 * grow, height: box.height + 2 * grow)
    }

    static func bounds(of points: [SchemePoint]) -> SchemeRect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for point in points {
            minX = min(minX, point.x); maxX = max(maxX, point.x)
            minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        return SchemeRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
