/// Stations a passenger can walk between without leaving the network: an interchange.
public struct Transfer: Hashable, Sendable {
    /// Two or more station ids; walking is possible between any two of them.
    public var stationIDs: [String]
    public var walkSeconds: Double?
    /// Whether the scheme draws the connection; pMetro marks some transfers invisible (routing only).
    public var isVisible: Bool

    public init(stationIDs: [String], walkSeconds: Double? = nil, isVisible: Bool = true) {
        self.stationIDs = stationIDs
        self.walkSeconds = walkSeconds
        self.isVisible = isVisible
    }
}
