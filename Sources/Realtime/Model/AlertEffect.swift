/// What an alert does to service (GTFS-realtime `Alert.Effect`); the kiosk's behaviour hangs on it: stops with no
/// service or moved are avoided by journeys, significant delays add the predicted delay, an accessibility issue
/// removes the named lift or pathway from step-free journeys.
public enum AlertEffect: String, Hashable, Sendable, CaseIterable {
    case noService = "NO_SERVICE"
    case reducedService = "REDUCED_SERVICE"
    case significantDelays = "SIGNIFICANT_DELAYS"
    case detour = "DETOUR"
    case additionalService = "ADDITIONAL_SERVICE"
    case modifiedService = "MODIFIED_SERVICE"
    case otherEffect = "OTHER_EFFECT"
    case unknownEffect = "UNKNOWN_EFFECT"
    case stopMoved = "STOP_MOVED"
    case noEffect = "NO_EFFECT"
    case accessibilityIssue = "ACCESSIBILITY_ISSUE"

    /// Whether a traveller cannot use the informed stops at all, so journeys must avoid them.
    public var closesStops: Bool { self == .noService || self == .stopMoved }
}

/// Why (GTFS-realtime `Alert.Cause`), kept for the card's wording and the logs.
public enum AlertCause: String, Hashable, Sendable, CaseIterable {
    case unknownCause = "UNKNOWN_CAUSE"
    case otherCause = "OTHER_CAUSE"
    case technicalProblem = "TECHNICAL_PROBLEM"
    case strike = "STRIKE"
    case demonstration = "DEMONSTRATION"
    case accident = "ACCIDENT"
    case holiday = "HOLIDAY"
    case weather = "WEATHER"
    case maintenance = "MAINTENANCE"
    case construction = "CONSTRUCTION"
    case policeActivity = "POLICE_ACTIVITY"
    case medicalEmergency = "MEDICAL_EMERGENCY"
    case specialEvent = "SPECIAL_EVENT"
}
