/// The result of importing a pMetro city: the map, and every entry that was skipped or guessed.
public struct PMetroImport: Sendable {
    public var map: MetroMap
    /// Each names its file and line; the map is complete apart from what these describe.
    public var warnings: [MapDiagnostic]
    /// How each file read was encoded, by file name (`Metro.trp`, `Metro.map`, `S-Bahn.trp`, …).
    public var encodings: [String: PMetroTextEncoding]
    /// What was read and what was left out, counted.
    public var report = Report()

    public struct Report: Hashable, Sendable {
        /// Transport (`.trp`), scheme (`.map`) and vector (`.vec`) files read.
        public var transportFiles = 0, schemeFiles = 0, vectorFiles = 0
        /// `[LineN]` sections read, and those left out (no usable station list, or connecting nothing).
        public var linesRead = 0, linesDropped = 0
        /// Lines kept for routing whose stations have no coordinates on any scheme (so nothing of them is drawn).
        public var linesUndrawn = 0
        /// `[Transfers]` entries read, and those skipped (unknown stations, a station to itself, bad shape).
        public var transfersRead = 0, transfersDropped = 0
        /// Extra schemes placed beside the main one (New York's AirTrain JFK and Staten Island).
        public var insets = 0
        /// Background shapes kept, and `.vec` commands that draw something but were skipped.
        public var shapes = 0, shapesDropped = 0
    }

    /// One line: what was read, what was dropped, how many warnings.
    public var summary: String {
        let placed = map.stations.filter(\.isPlaced).count
        let labelled = map.stations.filter { $0.isPlaced && !$0.isLabelHidden }.count
        let visible = map.transfers.filter(\.isVisible).count
        return "read \(report.transportFiles) .trp, \(report.schemeFiles) .map, \(report.vectorFiles) .vec; "
            + "\(map.lines.count) lines (\(report.linesUndrawn) not drawn, \(report.linesDropped) dropped), "
            + "\(map.stations.count) stations (\(placed) placed, \(labelled) labelled), "
            + "\(map.transfers.count) transfers (\(visible) visible, \(report.transfersDropped) dropped), "
            + "background \(report.shapes) shapes (\(report.shapesDropped) dropped), \(report.insets) insets; "
            + "\(warnings.count) warnings"
    }
}
