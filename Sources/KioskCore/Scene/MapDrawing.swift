import MetroMap
import Raster

/// A metro map turned into what gets drawn, once per map, in scheme units: line pieces with their colours and
/// bounds (for culling), station marks, interchange connectors and labels ranked for the level of detail.
public struct MapDrawing: Sendable {
    /// One hop of a line, station to station through its bends, drawn as one stroke. Strokes end in round caps
    /// under the station marks, so hops culled one by one still look like one line.
    public struct LinePiece: Sendable {
        public var color: Color
        public var points: [SchemePoint]
        public var bounds: SchemeRect
    }

    public struct StationMark: Sendable {
        public var position: SchemePoint
        public var color: Color
        public var isInterchange: Bool
    }

    public struct Connector: Sendable {
        public var from: SchemePoint
        public var to: SchemePoint
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
    }

    public var bounds: SchemeRect
    public var pieces: [LinePiece]
    public var stations: [StationMark]
    public var connectors: [Connector]
    /// Highest rank first, map order within a rank: the order the level of detail places them in.
    public var labels: [Label]
    public var lineColors: [Color]
    /// Where the kiosk stands, marked so a passenger finds themselves first.
    public var youAreHere: SchemePoint?

    public init(map: MetroMap, language: String? = nil, youAreHere: String? = nil) {
        self.init(map: map, languages: language.map { [$0] } ?? [], youAreHere: youAreHere)
    }

    /// `languages`: the main name's language and, for bilingual labels, the second line's; a name missing in a
    /// language falls back to the station's primary name. `primaryLanguage`: what the primary names are written in
    /// (a Beijing scheme's Chinese, tagged so a pan-CJK font draws Chinese forms, not its default Japanese ones).
    public init(map: MetroMap, languages: [String], primaryLanguage: String? = nil, youAreHere: String? = nil) {
        self.youAreHere = youAreHere.flatMap { map.station(id: $0)?.position }
        bounds = map.bounds
        var pieces: [LinePiece] = []
        var stationColor: [String: Color] = [:]
        var linesAtStation: [String: Int] = [:]
        var terminusIDs = Set<String>()
        for line in map.lines {
            let color = Color(red: line.color.red, green: line.color.green, blue: line.color.blue)
            var degree: [String: Set<String>] = [:]
            for hop in line.hops {
                guard let a = map.station(id: hop.from)?.position, let b = map.station(id: hop.to)?.position else { continue }
                degree[hop.from, default: []].insert(hop.to)
                degree[hop.to, default: []].insert(hop.from)
                let link = line.link(from: hop.from, to: hop.to)
                let points = MapDrawing.path(from: a, to: b, through: link?.bendPoints ?? [], smooth: link?.isSpline ?? false)
                pieces.append(LinePiece(color: color, points: points, bounds: MapDrawing.bounds(of: points)))
            }
            for id in line.stationIDs {
                if stationColor[id] == nil { stationColor[id] = color }
                linesAtStation[id, default: 0] += 1
            }
            terminusIDs.formUnion(degree.filter { $0.value.count == 1 }.keys)
        }
        self.pieces = pieces
        lineColors = map.lines.map { Color(red: $0.color.red, green: $0.color.green, blue: $0.color.blue) }

        var interchangeIDs = Set(linesAtStation.filter { $0.value > 1 }.keys)
        var connectors: [Connector] = []
        for transfer in map.transfers where transfer.isVisible {
            let placed = transfer.stationIDs.compactMap { map.station(id: $0)?.position }
            guard placed.count >= 2 else { continue }
            interchangeIDs.formUnion(transfer.stationIDs)
            for (a, b) in zip(placed, placed.dropFirst()) where a != b {
                connectors.append(Connector(from: a, to: b))
            }
        }
        self.connectors = connectors

        var stations: [StationMark] = []
        var labels: [Label] = []
        for station in map.stations {
            guard let position = station.position else { continue }
            let isInterchange = interchangeIDs.contains(station.id)
            stations.append(StationMark(position: position, color: stationColor[station.id] ?? Color(rgb: 0x606060),
                                        isInterchange: isInterchange))
            let (text, language) = MapDrawing.name(of: station, in: languages.first, primary: primaryLanguage)
            guard !text.isEmpty else { continue }
            var second = languages.count > 1 ? MapDrawing.name(of: station, in: languages[1], primary: primaryLanguage) : nil
            if let line = second, line.text.isEmpty || line.text == text { second = nil }
            let rank: Label.Rank = isInterchange ? .interchange : terminusIDs.contains(station.id) ? .terminus : .ordinary
            labels.append(Label(text: text, language: language, secondText: second?.text, secondLanguage: second?.language,
                                station: position, box: station.labelBox, anchor: station.labelAnchor ?? .right, rank: rank))
        }
        self.stations = stations
        // A stable sort keeps map order within a rank, so placement is the same on every run.
        self.labels = labels.enumerated().sorted { a, b in
            a.element.rank != b.element.rank ? a.element.rank > b.element.rank : a.offset < b.offset
        }.map(\.element)
    }

    /// The station's name in `language` and that language, else its primary name in `primary` (nil: unknown).
    static func name(of station: Station, in language: String?, primary: String? = nil) -> (text: String, language: String?) {
        guard let language, let name = station.localizedNames[language] else { return (station.name, primary) }
        return (name, language)
    }

    /// Station to station through the bend points; a spline passes smoothly through them (Catmull-Rom).
    static func path(from a: SchemePoint, to b: SchemePoint, through bends: [SchemePoint], smooth: Bool) -> [SchemePoint] {
        let knots = [a] + bends + [b]
        guard smooth, knots.count >= 3 else { return knots }
        var points: [SchemePoint] = [a]
        let steps = 8
        for index in 0..<(knots.count - 1) {
            let p0 = knots[max(index - 1, 0)], p1 = knots[index], p2 = knots[index + 1]
            let p3 = knots[min(index + 2, knots.count - 1)]
            for step in 1...steps {
                let t = Double(step) / Double(steps), t2 = t * t, t3 = t2 * t
                func blend(_ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double) -> Double {
                    0.5 * (2 * c1 + (-c0 + c2) * t + (2 * c0 - 5 * c1 + 4 * c2 - c3) * t2 + (-c0 + 3 * c1 - 3 * c2 + c3) * t3)
                }
                points.append(SchemePoint(x: blend(p0.x, p1.x, p2.x, p3.x), y: blend(p0.y, p1.y, p2.y, p3.y)))
            }
        }
        return points
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
