import Foundation
import MetroMap
import TOMLDocument

/// `[card] share_url`: the link a journey card's QR code carries, with `{from}` and `{to}` (station ids) and `{time}`
/// (the moment the card was worded, "YYYY-MM-DDTHH:MM" in UTC) filled in, each percent-encoded as a query value.
public struct ShareURLTemplate: Equatable, Sendable {
    public let text: String

    public static let placeholders = ["{from}", "{to}", "{time}"]
    /// A QR code of byte mode at level M holds 2331 bytes; a link that long is no longer one a phone opens happily.
    public static let maximumLength = 1000

    /// Why `text` is not a template: not http(s), an unknown `{…}`, too long; nil when it is one.
    public static func problem(in text: String) -> String? {
        guard text.hasPrefix("https://") || text.hasPrefix("http://") else {
            return "must start with https:// or http:// (a phone opens the link), found \"\(TOMLText.excerpt(text))\""
        }
        guard text.utf8.count <= maximumLength else { return "is \(text.utf8.count) bytes long; at most \(maximumLength) fit a QR code a phone reads" }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) else {
            return "must not contain spaces or control characters"
        }
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return "has a '{' without its '}'" }
            let name = String(rest[open...close])
            guard placeholders.contains(name) else {
                return "knows \(placeholders.joined(separator: ", ")), not \(name)"
            }
            rest = rest[rest.index(after: close)...]
        }
        return nil
    }

    public init?(_ text: String) {
        guard Self.problem(in: text) == nil else { return nil }
        self.text = text
    }

    /// The link for the journey from station `from` to station `to` worded at `time`.
    public func url(from: String, to: String, at time: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return text.replacingOccurrences(of: "{from}", with: Self.queryValue(from))
            .replacingOccurrences(of: "{to}", with: Self.queryValue(to))
            .replacingOccurrences(of: "{time}", with: Self.queryValue(formatter.string(from: time)))
    }

    /// `value` as it may stand in a query: unreserved characters kept, everything else percent-encoded.
    static func queryValue(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
