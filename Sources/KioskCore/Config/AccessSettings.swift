import TOMLDocument

extension KioskConfig {
    /// `[access]`: how the kiosk's journeys serve travellers who cannot use stairs or escalators.
    public struct AccessSettings: Equatable, Sendable {
        /// Journeys from the timetable use only step-free pathways and stations whose boarding is not marked
        /// inaccessible (accessible mode asks for this too, whatever the key says).
        public var stepFree = false

        public init() {}
    }
}

extension KioskConfigLoader {
    static func readAccess(_ table: TOMLTable, into access: inout KioskConfig.AccessSettings, reader: inout ConfigReader) {
        reader.rejectUnknownKeys(in: table, allowed: ["step_free"], path: "access", subject: "[access]")
        access.stepFree = reader.bool(table, "step_free", path: "access", subject: "[access]") ?? access.stepFree
    }
}
