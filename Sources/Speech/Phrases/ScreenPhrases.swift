import MetroMap
import Overlay

/// The phrases for what the screen shows, built from the same models the overlay draws (`StationInfo`,
/// `JourneyCardContent`, `LineNaming`), so what is said is what is written, in the language it is written in.
public enum ScreenPhrases {
    /// A line in the lines list: its name as the card names it.
    public static func line(_ lineID: String, map: MetroMap, language: String?) -> [SpokenPhrase] {
        guard let line = map.lines.first(where: { $0.id == lineID }) else { return [] }
        return [SpokenPhrase(LineNaming.name(of: line, in: map, language: language), language: language)]
    }

    /// A station with the lines that stop there and its step-free access, as its callout and the card's header show them.
    public static func station(_ info: StationInfo, language: String?) -> [SpokenPhrase] {
        [SpokenPhrase(info.name, language: language)]
            + info.lines.map { SpokenPhrase($0.name, language: language) }
            + (info.access.map { [SpokenPhrase($0.text, language: language)] } ?? [])
    }

    /// The journey card as it reads from the top: the destination's name, its lines, the summary, the live notices
    /// (a closed station is said before anything else about the trip), the next departures, then every step. The
    /// other languages' names and the every-stop list are left out: the first is not in the voice's language, the
    /// second repeats the steps stop by stop (select on a ride says it: `stops(ofStep:of:language:)`).
    public static func journey(_ content: JourneyCardContent, language: String?) -> [SpokenPhrase] {
        var phrases = station(content.station, language: language)
        if !content.summary.isEmpty { phrases.append(SpokenPhrase(content.summary, language: language)) }
        let notices = content.spokenNotices.flatMap { $0.count == content.notices.count ? $0 : nil } ?? content.notices
        phrases += notices.map { SpokenPhrase($0, language: language) }
        for row in content.departures {
            phrases.append(SpokenPhrase(row.title, language: language))
            phrases.append(SpokenPhrase(row.times, language: language))
        }
        return phrases + content.steps.map { SpokenPhrase($0.text, language: language) }
    }

    /// A ride's stops, as the card's every-stop list shows them: its heading, then each stop (a ride folded on the
    /// card is folded here too, so a 20,000-stop line is not read to the end, and its fold row is said where the
    /// card shows it, "… 9,996 stops …" in the card's words: silently skipping it made the ride sound 40 stops
    /// long); nothing for a step that is not a ride.
    public static func stops(ofStep index: Int, of content: JourneyCardContent, language: String?) -> [SpokenPhrase] {
        guard content.steps.indices.contains(index), content.steps[index].kind == .ride else { return [] }
        let all = content.steps[index].stops
        let folded = JourneyCardPicture.foldedCount(all)
        let stops = JourneyCardPicture.listedStops(all).map { $0 ?? content.foldedStopsRow(folded) }
        return ([content.everyStopHeading] + stops).map { SpokenPhrase($0, language: language) }
    }

    /// One step of the journey, by its index on the card.
    public static func step(_ index: Int, of content: JourneyCardContent, language: String?) -> [SpokenPhrase] {
        guard content.steps.indices.contains(index) else { return [] }
        return [SpokenPhrase(content.steps[index].text, language: language)]
    }
}
