import MetroMap

/// The sentences of the journey card in the language the map is shown in, so a traveller who switched the map to
/// their language reads the route in it too, not names in their script inside English sentences.
///
/// Each language words whole sentences (word order, and where the name goes, differ too much to assemble them from
/// English pieces) and phrases that would inflect a station or line name are avoided ("от ст. X", "X istasyonundan"):
/// names come from the map in their dictionary form. Counts use the language's CLDR plural categories.
/// A language without wording here (or none configured) gets English.
public struct JourneyWording: Sendable {
    /// Total minutes, whether they are an estimate (shown "≈24 min"), transfer count, origin name.
    public let summary: @Sendable (_ minutes: Int, _ estimated: Bool, _ transfers: Int, _ origin: String) -> String
    public let youAreHere: String
    public let noRoute: @Sendable (_ origin: String) -> String
    /// Line, boarding station, where it heads (`towards`, `clockwise` or `anticlockwise`), stops ridden.
    public let ride: @Sendable (_ line: String, _ from: String, _ heading: String, _ stops: Int) -> String
    /// The heading towards a station (or several termini, joined by " / ").
    public let towards: @Sendable (_ station: String) -> String
    public let clockwise: String
    public let anticlockwise: String
    /// A change of train: walking minutes (0: a change on the platform), the station, the line changed to (nil:
    /// out of the system).
    public let change: @Sendable (_ walkMinutes: Int, _ station: String, _ toLine: String?) -> String
    /// A walk that is not a change of train: to the first ride's line at a station, or after the last ride to a
    /// station (line nil).
    public let walk: @Sendable (_ walkMinutes: Int, _ station: String, _ toLine: String?) -> String
    /// Said of a ride on a line the map does not draw (it is shown as a dashed link).
    public let notOnMap: String
    /// How a line named by a bare number is called in this language (`LineNamePattern`).
    public let lineNamePattern: String
    public let arrive: @Sendable (_ destination: String) -> String
    /// The heading over the list of every stop.
    public let everyStop: String
    /// The row standing for the middle stops of a long ride the every-stop list folds (`JourneyCardPicture
    /// .listedStops`), with how many it stands for: "… 9,996 stops …".
    public let foldedStops: @Sendable (_ stops: Int) -> String

    /// The wording for a BCP 47 code ("ru", "zh-Hant", "de-AT"); English when the language has none.
    public init(language: String?) {
        self = Self.wording(for: language) ?? .english
    }

    init(summary: @escaping @Sendable (Int, Bool, Int, String) -> String, youAreHere: String,
         noRoute: @escaping @Sendable (String) -> String, ride: @escaping @Sendable (String, String, String, Int) -> String,
         towards: @escaping @Sendable (String) -> String, clockwise: String, anticlockwise: String,
         change: @escaping @Sendable (Int, String, String?) -> String,
         walk: @escaping @Sendable (Int, String, String?) -> String, notOnMap: String, lineNamePattern: String,
         arrive: @escaping @Sendable (String) -> String, everyStop: String,
         foldedStops: @escaping @Sendable (Int) -> String) {
        self.summary = summary
        self.youAreHere = youAreHere
        self.noRoute = noRoute
        self.ride = ride
        self.towards = towards
        self.clockwise = clockwise
        self.anticlockwise = anticlockwise
        self.change = change
        self.walk = walk
        self.notOnMap = notOnMap
        self.lineNamePattern = lineNamePattern
        self.arrive = arrive
        self.everyStop = everyStop
        self.foldedStops = foldedStops
    }

    /// The phrase for a ride's heading: round a loop its sense where the scheme shows it, else towards the
    /// station(s) named.
    public func heading(_ heading: RideHeading, name: (String) -> String) -> String {
        switch heading.rotation {
        case .clockwise?: clockwise
        case .anticlockwise?: anticlockwise
        case nil: towards(heading.stationIDs.map(name).joined(separator: " / "))
        }
    }

    /// "≈" before an estimated number of minutes.
    static func approximately(_ estimated: Bool) -> String { estimated ? "≈" : "" }

    /// The languages worded here, by primary subtag (Chinese also by script).
    public static let languages = ["en", "ru", "uk", "de", "fr", "es", "tr", "ja", "zh-Hans", "zh-Hant", "ko"]

    /// The worded language (one of `languages`) a BCP 47 code falls to: "de-AT" → "de", "zh-TW" → "zh-Hant";
    /// nil when none. `TimetableWording` and the keypad guide pick their language the same way.
    public static func wordedLanguage(_ language: String?) -> String? {
        guard let language else { return nil }
        let parts = language.split(separator: "-").map { $0.lowercased() }
        guard let primary = parts.first else { return nil }
        if primary == "zh" {
            // Traditional characters for the script subtag, or the regions that write them without one.
            let traditional = parts.contains("hant") || (!parts.contains("hans") && parts.contains { ["tw", "hk", "mo"].contains($0) })
            return traditional ? "zh-Hant" : "zh-Hans"
        }
        return languages.contains(primary) ? primary : nil
    }

    static func wording(for language: String?) -> JourneyWording? {
        switch wordedLanguage(language) {
        case "en": .english
        case "ru": .russian
        case "uk": .ukrainian
        case "de": .german
        case "fr": .french
        case "es": .spanish
        case "tr": .turkish
        case "ja": .japanese
        case "ko": .korean
        case "zh-Hans": .chineseSimplified
        case "zh-Hant": .chineseTraditional
        default: nil
        }
    }
}
