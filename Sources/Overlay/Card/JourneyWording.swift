/// The sentences of the journey card in the language the map is shown in, so a traveller who switched the map to
/// their language reads the route in it too, not names in their script inside English sentences.
///
/// Each language words whole sentences (word order, and where the name goes, differ too much to assemble them from
/// English pieces) and phrases that would inflect a station or line name are avoided ("от ст. X", "X istasyonundan"):
/// names come from the map in their dictionary form. Counts use the language's CLDR plural categories.
/// A language without wording here (or none configured) gets English.
public struct JourneyWording: Sendable {
    /// Total minutes, transfer count, origin name.
    public let summary: @Sendable (_ minutes: Int, _ transfers: Int, _ origin: String) -> String
    public let youAreHere: String
    public let noRoute: @Sendable (_ origin: String) -> String
    /// Line, boarding station, the terminus it runs towards, stops ridden.
    public let ride: @Sendable (_ line: String, _ from: String, _ towards: String, _ stops: Int) -> String
    /// Walking minutes (0: a change on the platform), the station, the line changed to (nil: out of the system).
    public let change: @Sendable (_ walkMinutes: Int, _ station: String, _ toLine: String?) -> String
    public let arrive: @Sendable (_ destination: String) -> String
    /// The heading over the list of every stop.
    public let everyStop: String

    /// The wording for a BCP 47 code ("ru", "zh-Hant", "de-AT"); English when the language has none.
    public init(language: String?) {
        self = Self.wording(for: language) ?? .english
    }

    init(summary: @escaping @Sendable (Int, Int, String) -> String, youAreHere: String,
         noRoute: @escaping @Sendable (String) -> String, ride: @escaping @Sendable (String, String, String, Int) -> String,
         change: @escaping @Sendable (Int, String, String?) -> String, arrive: @escaping @Sendable (String) -> String,
         everyStop: String) {
        self.summary = summary
        self.youAreHere = youAreHere
        self.noRoute = noRoute
        self.ride = ride
        self.change = change
        self.arrive = arrive
        self.everyStop = everyStop
    }

    /// The languages worded here, by primary subtag (Chinese also by script).
    public static let languages = ["en", "ru", "uk", "de", "fr", "es", "tr", "ja", "zh-Hans", "zh-Hant", "ko"]

    static func wording(for language: String?) -> JourneyWording? {
        guard let language else { return nil }
        let parts = language.split(separator: "-").map { $0.lowercased() }
        guard let primary = parts.first else { return nil }
        switch primary {
        case "en": return .english
        case "ru": return .russian
        case "uk": return .ukrainian
        case "de": return .german
        case "fr": return .french
        case "es": return .spanish
        case "tr": return .turkish
        case "ja": return .japanese
        case "ko": return .korean
        case "zh":
            // Traditional characters for the script subtag, or the regions that write them without one.
            let traditional = parts.contains("hant") || (!parts.contains("hans") && parts.contains { ["tw", "hk", "mo"].contains($0) })
            return traditional ? .chineseTraditional : .chineseSimplified
        default: return nil
        }
    }
}
