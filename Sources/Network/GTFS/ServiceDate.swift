/// A calendar day as GTFS writes it (`YYYYMMDD`), counted as days since 1970-01-01 so ranges and weekdays are
/// arithmetic (Howard Hinnant's days-from-civil algorithm).
public struct ServiceDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var dayNumber: Int32

    public init(dayNumber: Int32) {
        self.dayNumber = dayNumber
    }

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
              day <= ServiceDate.daysIn(month: month, year: year) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        dayNumber = Int32(era * 146097 + dayOfEra - 719468)
    }

    /// `YYYYMMDD`, as in calendar.txt; also accepts `YYYY-MM-DD`.
    public init?(_ text: some StringProtocol) {
        let digits = String(text).filter { $0 != "-" }
        guard digits.count == 8, digits.allSatisfy(\.isASCII), let value = Int(digits) else { return nil }
        self.init(year: value / 10000, month: value / 100 % 100, day: value % 100)
    }

    public var components: (year: Int, month: Int, day: Int) {
        let z = Int(dayNumber) + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 0 = Monday … 6 = Sunday, the order of calendar.txt's columns. 1970-01-01 was a Thursday.
    public var weekday: Int {
        Int(((Int64(dayNumber) % 7) + 7 + 3) % 7)
    }

    public func adding(days: Int32) -> ServiceDate { ServiceDate(dayNumber: dayNumber + days) }

    public var description: String {
        let (y, m, d) = components
        return String(format4(y)) + "-" + format2(m) + "-" + format2(d)
    }

    public static func < (a: ServiceDate, b: ServiceDate) -> Bool { a.dayNumber < b.dayNumber }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

func format2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
func format4(_ value: Int) -> String { String(repeating: "0", count: max(0, 4 - String(value).count)) + String(value) }
