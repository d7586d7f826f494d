/// A metro scheme: everything the kiosk draws and routes over. Built by `MapFileLoader` (our TOML format)
/// or `PMetroImporter`; a value that exists has passed validation, so ids it references resolve.
public struct MetroMap: Hashable, Sendable {
    public var name: String
    public var localizedNames: [String: String]
    /// The drawable area in scheme units; the camera fits this on screen.
    public var bounds: SchemeRect
    public var stations: [Station]
    public var lines: [MetroLine]
    public var transfers: [Transfer]
    /// Width of a line's stroke in scheme units (pMetro `LinesWidth`); nil: the renderer's default.
    public var lineWidth: Double?
    /// Diameter of a station circle in scheme units (pMetro `StationDiameter`); nil: the renderer's default.
    public var stationDiameter: Double?
    /// Drawn under the lines, in order: water, parks, legends, titles.
    public var background: [BackgroundShape]
    /// How lines named by a bare number are called, by language code (`"en": "{n} train"`); where the map gives
    /// none, the card's wording for that language (`LineNamePattern`).
    public var lineNamePatterns: [String: String]
    /// The main scheme's area when extra schemes (pMetro `LineMap=`: suburban railways, airport trains) are placed
    /// beside it as insets; nil when the map is one scheme. The home view frames this, so insets never dominate.
    public var mainScheme: SchemeRect?
    /// The frames of those insets (an extra scheme's area beside the main one): a name of a station inside one is
    /// set inside its frame, never spilling over the frame's edge onto the map beside it.
    public var insets: [SchemeRect] = []

    private var stationIndexByID: [String: Int]
    private var lineIndexByID: [String: Int]

    public init(name: String, localizedNames: [String: String] = [:], bounds: SchemeRect, stations: [Station],
                lines: [MetroLine], transfers: [Transfer] = [], lineWidth: Double? = nil, stationDiameter: Double? = nil,
                background: [BackgroundShape] = [], lineNamePatterns: [String: String] = [:]) {
        self.name = name
        self.localizedNames = localizedNames
        self.bounds = bounds
        self.stations = stations
        self.lines = lines
        self.transfers = transfers
        self.lineWidth = lineWidth
        self.stationDiameter = stationDiameter
        self.background = background
        self.lineNamePatterns = lineNamePatterns
        // First occurrence wins; duplicates are rejected by validation before a map is built from a file.
        var stationIndex: [String: Int] = [:]
        for (index, station) in stations.enumerated() where stationIndex[station.id] == nil {
            stationIndex[station.id] = index
        }
        var lineIndex: [String: Int] = [:]
        for (index, line) in lines.enumerated() where lineIndex[line.id] == nil {
            lineIndex[line.id] = index
        }
        self.stationIndexByID = stationIndex
        self.lineIndexByID = lineIndex
    }

    public func name(in language: String) -> String {
        localizedNames[language] ?? name
    }

    public func station(id: String) -> Station? {
        stationIndexByID[id].map { stations[$0] }
    }

    public func line(id: String) -> MetroLine? {
        lineIndexByID[id].map { lines[$0] }
    }

    /// Lines that pass through a station, in map order.
    public func lines(servingStation id: String) -> [MetroLine] {
        lines.filter { $0.segments.contains { $0.contains(id) } }
    }

    /// Stations where a traveller can change: those in a transfer and those several lines serve.
    public var interchangeStationIDs: Set<String> {
        var result = Set(transfers.flatMap(\.stationIDs))
        var servedBy: [String: String] = [:]
        for line in lines {
            for id in line.stationIDs {
                if let other = servedBy[id], other != line.id { result.insert(id) } else { servedBy[id] = line.id }
            }
        }
        return result
    }

    /// The union of every placed station and label box: what is actually drawn.
    public var drawnExtent: SchemeRect? {
        var extent: SchemeRect?
        for station in stations {
            guard let position = station.position else { continue }
            let dot = SchemeRect(x: position.x, y: position.y, width: 0, height: 0)
            extent = extent?.union(dot) ?? dot
            if let box = station.labelBox { extent = extent?.union(box) ?? box }
        }
        return extent
    }
}
