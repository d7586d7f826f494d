extension KioskConfig {
    /// `[network]`: the real timetable (`metro-kiosk import-gtfs`) and the links of the map's stations to it
    /// (`metro-kiosk link-gtfs`). Both or neither; relative paths are relative to the config file.
    public struct NetworkSettings: Equatable, Sendable {
        public var timetable: String?
        public var links: String?

        public init() {}
    }
}
