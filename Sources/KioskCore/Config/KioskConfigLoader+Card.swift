import MetroMap
import Overlay
import Physics
import TOMLDocument

extension KioskConfigLoader {
    /// `[card]`: anchors as fractions of the screen height, strictly increasing and short of the top edge (the rubber
    /// band past `full` needs room to the edge); the spring with the settle-time rule of `[physics]`.
    static func readCard(_ table: TOMLTable, into card: inout CardSettings, shareURL: inout ShareURLTemplate?,
                         reader: inout ConfigReader) {
        let subject = "[card]"
        reader.rejectUnknownKeys(in: table, allowed: ["peek", "half", "full", "spring", "deceleration_rate", "rubber_band", "share_url"],
                                 path: "card", subject: subject)
        card.peek = reader.number(table, "peek", path: "card", subject: subject, in: 0.05...0.95) ?? card.peek
        card.half = reader.number(table, "half", path: "card", subject: subject, in: 0.05...0.95) ?? card.half
        card.full = reader.number(table, "full", path: "card", subject: subject, in: 0.05...0.95) ?? card.full
        if !(card.peek < card.half && card.half < card.full) {
            // At the first key that breaks the order, where the operator wrote it.
            let key = card.peek >= card.half ? (table["peek"] != nil ? "peek" : "half")
                : (table["full"] != nil ? "full" : "half")
            reader.error("\(subject): anchors must grow: peek < half < full, found peek \(TOMLText.number(card.peek)), "
                         + "half \(TOMLText.number(card.half)), full \(TOMLText.number(card.full))", at: "card." + key)
        }
        if let spring = reader.section(table, "spring", path: "card") {
            let path = "card.spring", springSubject = "[card] spring"
            reader.rejectUnknownKeys(in: spring, allowed: ["mass", "stiffness", "damping_ratio"], path: path, subject: springSubject)
            let value = card.spring
            let mass = reader.number(spring, "mass", path: path, subject: springSubject, in: 1e-9...1e9, exclusiveMinimum: true) ?? value.mass
            let stiffness = reader.number(spring, "stiffness", path: path, subject: springSubject, in: 1e-9...1e9, exclusiveMinimum: true)
                ?? value.stiffness
            let dampingRatio = reader.number(spring, "damping_ratio", path: path, subject: springSubject, in: 1e-9...100,
                                             exclusiveMinimum: true) ?? value.dampingRatio
            // The ranges above already reported a value the spring refuses; the default stays then.
            if let built = try? Spring(mass: mass, stiffness: stiffness, dampingRatio: dampingRatio) {
                do {
                    try SettleTimeLimit.check(built, parameter: springSubject)
                    card.spring = built
                } catch {
                    reader.error(error.description, at: path)
                }
            }
        }
        if let rate = reader.number(table, "deceleration_rate", path: "card", subject: subject) {
            if rate > 0, rate < 1, let rate = try? DecelerationRate(perMillisecond: rate) {
                card.rate = rate
            } else {
                reader.error("\(subject): 'deceleration_rate' must be between 0 and 1 (0.998 normal, 0.99 fast), found \(TOMLText.number(rate))",
                             at: "card.deceleration_rate")
            }
        }
        card.rubberBandCoefficient = reader.number(table, "rubber_band", path: "card", subject: subject, in: 0.01...1)
            ?? card.rubberBandCoefficient
        if let url = reader.string(table, "share_url", path: "card", subject: subject) {
            if let problem = ShareURLTemplate.problem(in: url) {
                reader.error("\(subject): 'share_url' \(problem)", at: "card.share_url")
            } else {
                shareURL = ShareURLTemplate(url)
            }
        }
    }
}
