/// GTFS times of day: `H:MM:SS` or `HH:MM:SS`, seconds after "noon minus 12 h" of the service day, so a trip
/// running past midnight says `25:10:00`.
public enum GTFSTime {
    /// A trip that ends more than a week after its service day began is a typo, not a timetable; refusing it
    /// keeps every time well inside Int32 and every day window bounded.
    public static let maximumSeconds: Int32 = 7 * 86_400

    /// Parses the bytes of a time field; nil when they are not one.
    static func seconds(_ bytes: ArraySlice<UInt8>) -> Int32? {
        var parts: [Int] = [0, 0, 0]
        var part = 0
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ":") {
                guard digits > 0, part < 2 else { return nil }
                part += 1
                digits = 0
                continue
            }
            guard byte >= 0x30, byte <= 0x39, digits < 4 else { return nil }
            parts[part] = parts[part] * 10 + Int(byte - 0x30)
            digits += 1
        }
        guard part == 2, digits == 2, parts[1] < 60, parts[2] < 60 else { return nil }
        let total = parts[0] * 3600 + parts[1] * 60 + parts[2]
        guard total <= Int(maximumSeconds) else { return nil }
        return Int32(total)
    }

    /// `HH:MM:SS`, hours past 24 kept.
    public static func text(_ seconds: Int32) -> String {
        let s = Int(seconds)
        return format2(s / 3600) + ":" + format2(s / 60 % 60) + ":" + format2(s % 60)
    }
}
