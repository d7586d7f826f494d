/// The comma lists of pMetro files.
///
/// `Stations=A,B(C,D),E` lists a line's stations in order. A plain station is joined to the one after it.
/// A station followed by a parenthesised list is joined to exactly the stations listed there, and not to the
/// one after it; the list alternates next and previous neighbour (`B(next,previous,next,previous,…)`) and may
/// leave a place empty. `Driving=` has the same shape, giving minutes to the next station, or a parenthesised
/// list of minutes matching the neighbour list. Names may be double-quoted to hold commas.
enum PMetroList {
    struct Item: Equatable {
        var name: String
        /// The parenthesised list after the name, if any; empty strings are places left empty.
        var group: [String]?
    }

    /// Splits at commas outside quotes and parentheses; nil when parentheses or quotes do not balance.
    static func items(_ text: String) -> [Item]? {
        guard let parts = split(text, keepingParentheses: true) else { return nil }
        var items: [Item] = []
        for part in parts {
            guard let open = part.firstIndex(of: "(") else {
                items.append(Item(name: unquoted(part), group: nil))
                continue
            }
            guard part.last == ")" else { return nil }
            let inside = String(part[part.index(after: open)..<part.index(before: part.endIndex)])
            guard let group = split(inside, keepingParentheses: false) else { return nil }
            items.append(Item(name: unquoted(String(part[..<open])), group: group.map(unquoted)))
        }
        return items
    }

    /// Comma-separated fields, quote-aware (`Piccadilly,"Heathrow Terminals 1,2,3",x`), each trimmed.
    static func fields(_ text: String) -> [String] {
        (split(text, keepingParentheses: false) ?? text.split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0) }).map(unquoted)
    }

    enum Minutes: Equatable {
        case empty
        case seconds(Double)
        case invalid
        /// Beyond `JourneyTimeLimits` (a day), which the map format refuses.
        case tooLong
    }

    /// pMetro writes times as minutes.seconds: `2.30` is two and a half minutes, `1.5` one minute fifty.
    /// Zero means "not given" in practice (parallel tracks drawn as separate stations), so it is empty too.
    static func minutes(_ token: String) -> Minutes {
        let text = token.trimmingPMetroWhitespace()
        if text.isEmpty { return .empty }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let minutes = Int(parts[0]), minutes >= 0 else { return .invalid }
        // Checked before `minutes * 60`, which would trap on a huge count.
        guard Double(minutes) * 60 <= JourneyTimeLimits.maximumSeconds else { return .tooLong }
        var seconds = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard !digits.isEmpty, digits.count <= 2, let value = Int(digits), value >= 0 else { return .invalid }
            seconds = digits.count == 1 ? value * 10 : value
            guard seconds < 60 else { return .invalid }
        }
        let total = Double(minutes * 60 + seconds)
        if total == 0 { return .empty }
        return JourneyTimeLimits.contains(total) ? .seconds(total) : .tooLong
    }

    private static func unquoted(_ text: String) -> String {
        let trimmed = text.trimmingPMetroWhitespace()
        if trimmed.count >= 2, trimmed.first == "\"", trimmed.last == "\"" {
            return String(trimmed.dropFirst().dropLast())
        }
        return String(trimmed)
    }

    private static func split(_ text: String, keepingParentheses: Bool) -> [String]? {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var quoted = false
        for character in text {
            switch character {
            case "\"":
                quoted.toggle()
                current.append(character)
            case "(" where !quoted:
                depth += 1
                if !keepingParentheses { return nil }
                current.append(character)
            case ")" where !quoted:
                depth -= 1
                if depth < 0 || !keepingParentheses { return nil }
                current.append(character)
            case "," where !quoted && depth == 0:
                parts.append(current)
                current = ""
            default:
                current.append(character)
            }
        }
        guard depth == 0, !quoted else { return nil }
        parts.append(current)
        return parts.map { String($0.trimmingPMetroWhitespace()) }
    }
}
