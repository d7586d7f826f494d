/// A station as drawn on the scheme. Schemes that draw one circle per line at an interchange (pMetro does)
/// have one station per line joined by a `Transfer`; a station may also be shared by several lines.
public struct Station: Hashable, Sendable {
    public var id: String
    /// The name in the map's primary language.
    public var name: String
    /// Names in other languages, keyed by language code (`"ru"`, `"en"`).
    public var localizedNames: [String: String]
    /// Centre of the station's circle; nil for a station that exists in the network but is not drawn
    /// (pMetro places such stations at 0,0).
    public var position: SchemePoint?
    /// Where the label's text goes, when the map says so exactly.
    public var labelBox: SchemeRect?
    /// Which side the label goes, when the map gives no box.
    public var labelAnchor: LabelAnchor?
    /// The scheme shows no name beside this station (pMetro: a zero-sized label box); it is still named in
    /// callouts and routes.
    public var isLabelHidden: Bool

    public init(id: String, name: String, localizedNames: [String: String] = [:], position: SchemePoint?,
                labelBox: SchemeRect? = nil, labelAnchor: LabelAnchor? = nil, isLabelHidden: Bool = false) {
        self.id = id
        self.name = name
        self.localizedNames = localizedNames
        self.position = position
        self.labelBox = labelBox
        self.labelAnchor = labelAnchor
        self.isLabelHidden = isLabelHidden
    }

    public var isPlaced: Bool { position != nil }

    /// The name in `language` if the map has one, else the primary name.
    public func name(in language: String) -> String {
        localizedNames[language] ?? name
    }
}
