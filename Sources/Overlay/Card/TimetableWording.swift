/// The card's words for times from the real timetable and the live service ("leave 14:03 · arrive 14:31", "3 min",
/// "due", "last train", "Station closed"…), in the languages `JourneyWording` words the ride and change sentences
/// in, and chosen the same way: a Russian card says "отправление 14:03", never "leave 14:03". Each language words
/// whole phrases (times before or after the word, counts with its plural rules); a language without wording here
/// gets English, as for `JourneyWording`.
public struct TimetableWording: Sendable {
    /// "leave 14:03": the first ride's departure.
    public let leave: @Sendable (_ clock: String) -> String
    /// "arrive 14:31": the journey's arrival (with any predicted delay).
    public let arrive: @Sendable (_ clock: String) -> String
    /// "+4 min": a predicted delay after the arrival, or a departure's against the timetable.
    public let late: @Sendable (_ minutes: Int) -> String
    /// No change of train.
    public let direct: String
    /// "2 changes".
    public let changes: @Sendable (_ count: Int) -> String
    /// The journey uses only step-free pathways and stations.
    public let stepFree: String
    /// "3 min" to go before a departure.
    public let minutes: @Sendable (_ minutes: Int) -> String
    /// A departure leaving now.
    public let due: String
    /// After the day's last departure of a line and direction.
    public let lastTrain: String
    /// A line and direction with nothing left today.
    public let noMoreService: String
    /// "+2 min, timetable 14:05": a predicted departure's delay and the time the timetable gives.
    public let delayed: @Sendable (_ late: String, _ timetableClock: String) -> String
    public let stationClosed: String
    /// Said on the card and the status strip when live sources are configured but none is fresh.
    public let liveUnavailable: String
    /// A station's step-free access as the callout and the card state it (`StationAccessFact`): the feed says the
    /// trains can be boarded step-free; says they cannot; says nothing (GTFS `wheelchair_boarding` 0 or empty).
    public let stepFreeAccess: String
    public let noStepFreeAccess: String
    public let stepFreeAccessUnknown: String
    /// "1 h 5 min": a wait, ride or delay of an hour or more (`duration`), so a traveller never has to divide
    /// "1442 min" by sixty; the minutes left out when zero ("2 h").
    let hoursAndMinutes: @Sendable (_ hours: Int, _ minutes: Int) -> String
    /// "tomorrow 05:03": a departure on the next calendar day, where a count of hours would make the traveller
    /// work out the clock.
    public let tomorrow: @Sendable (_ clock: String) -> String
    /// The heading of a train round a circle line whose headsign names the station it is boarded at ("to <here>"
    /// tells nothing): "circle line, via X", X the next station, which tells the two directions apart.
    public let circleVia: @Sendable (_ station: String) -> String

    /// The summary of a timed journey: "leave 14:03 · arrive 14:31 (+4 min) · 1 change · step-free".
    public func summary(leave leaveClock: String, arrive arriveClock: String, delayMinutes: Int, transfers: Int,
                        stepFree isStepFree: Bool) -> String {
        var text = leave(leaveClock) + " · " + arrive(arriveClock)
        if delayMinutes > 0 { text += " (" + lateBy(delayMinutes) + ")" }
        text += " · " + (transfers == 0 ? direct : changes(transfers))
        if isStepFree { text += " · " + stepFree }
        return text
    }

    /// A departure's minutes to go: "due" at zero or less, "3 min" after.
    public func toGo(_ minutes: Int) -> String { minutes <= 0 ? due : duration(minutes) }

    /// A span of minutes as a traveller reads it: "45 min" under an hour, "1 h 5 min" from an hour on.
    public func duration(_ minutes: Int) -> String {
        minutes < 60 ? self.minutes(minutes) : hoursAndMinutes(minutes / 60, minutes % 60)
    }

    /// "+4 min", "+1 h 5 min": a delay, in hours from an hour on.
    public func lateBy(_ minutes: Int) -> String { minutes < 60 ? late(minutes) : "+" + duration(minutes) }

    /// The wording for a BCP 47 code, chosen as `JourneyWording(language:)` chooses; English when none.
    public init(language: String?) {
        self = Self.wording(for: language) ?? .english
    }

    init(leave: @escaping @Sendable (String) -> String, arrive: @escaping @Sendable (String) -> String,
         late: @escaping @Sendable (Int) -> String, direct: String, changes: @escaping @Sendable (Int) -> String,
         stepFree: String, minutes: @escaping @Sendable (Int) -> String, due: String, lastTrain: String,
         noMoreService: String, delayed: @escaping @Sendable (String, String) -> String, stationClosed: String,
         liveUnavailable: String, stepFreeAccess: String, noStepFreeAccess: String, stepFreeAccessUnknown: String,
         hoursAndMinutes: @escaping @Sendable (Int, Int) -> String, tomorrow: @escaping @Sendable (String) -> String,
         circleVia: @escaping @Sendable (String) -> String) {
        self.leave = leave
        self.arrive = arrive
        self.late = late
        self.direct = direct
        self.changes = changes
        self.stepFree = stepFree
        self.minutes = minutes
        self.due = due
        self.lastTrain = lastTrain
        self.noMoreService = noMoreService
        self.delayed = delayed
        self.stationClosed = stationClosed
        self.liveUnavailable = liveUnavailable
        self.stepFreeAccess = stepFreeAccess
        self.noStepFreeAccess = noStepFreeAccess
        self.stepFreeAccessUnknown = stepFreeAccessUnknown
        self.hoursAndMinutes = hoursAndMinutes
        self.tomorrow = tomorrow
        self.circleVia = circleVia
    }

    /// The language `JourneyWording` picks for the code (primary subtag, Chinese by script or region).
    static func wording(for language: String?) -> TimetableWording? {
        switch JourneyWording.wordedLanguage(language) {
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
