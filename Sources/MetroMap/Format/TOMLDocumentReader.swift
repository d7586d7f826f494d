import TOMLDocument

/// Reads typed values out of a parsed TOML document (a map file, the kiosk config), recording a located diagnostic for every value that is
/// missing, of the wrong type, or out of range, and carrying on so one pass reports every problem.
public struct TOMLDocumentReader {
    public let file: String
    public let locator: TOMLSourceLocator
    public private(set) var diagnostics: [MapDiagnostic] = []

    public init(file: String, locator: TOMLSourceLocator) {
        self.file = file
        self.locator = locator
    }

    public mutating func error(_ message: String, at path: String) {
        error(message, at: locator.bestPosition(for: path))
    }

    public mutating func error(_ message: String, at position: SourcePosition) {
        diagnostics.append(MapDiagnostic(file: file, position: position, message: message))
    }

    /// Reports keys the format does not define (usually typos), at the key itself.
    public mutating func rejectUnknownKeys(in table: TOMLTable, allowed: Set<String>, path: String, subject: String) {
        for key in table.keys.sorted() where !allowed.contains(key) {
            let keyPath = path.isEmpty ? key : path + "." + key
            let expected = allowed.sorted().joined(separator: ", ")
            if let nearest = NearestName.suggestion(for: key, among: allowed) {
                error("\(subject): unknown key '\(TOMLText.excerpt(key))', did you mean '\(TOMLText.excerpt(nearest))'? (expected one of: \(expected))", at: keyPath)
            } else {
                error("\(subject): unknown key '\(TOMLText.excerpt(key))' (expected one of: \(expected))", at: keyPath)
            }
        }
    }

    public mutating func string(_ table: TOMLTable, _ key: String, path: String, subject: String,
                         required: Bool) -> String? {
        guard let value = table[key] else {
            if required { error("\(subject): missing '\(TOMLText.excerpt(key))' (a string)", at: path) }
            return nil
        }
        guard let text = value.string else {
            error("\(subject): '\(TOMLText.excerpt(key))' must be a string, found \(value.type)", at: join(path, key))
            return nil
        }
        return text
    }

    public mutating func number(_ table: TOMLTable, _ key: String, path: String, subject: String,
                         minimum: Double? = nil, maximum: Double? = nil) -> Double? {
        guard let value = table[key] else { return nil }
        guard let number = Self.number(value), number.isFinite else {
            error("\(subject): '\(TOMLText.excerpt(key))' must be a finite number, found \(Self.describe(value))", at: join(path, key))
            return nil
        }
        if let minimum, number < minimum {
            error("\(subject): '\(TOMLText.excerpt(key))' must be at least \(TOMLText.number(minimum)), found \(TOMLText.number(number))",
                  at: join(path, key))
            return nil
        }
        if let maximum, number > maximum {
            error("\(subject): '\(TOMLText.excerpt(key))' must be at most \(TOMLText.number(maximum)), found \(TOMLText.number(number))",
                  at: join(path, key))
            return nil
        }
        return number
    }

    public mutating func bool(_ table: TOMLTable, _ key: String, path: String, subject: String) -> Bool? {
        guard let value = table[key] else { return nil }
        guard let flag = value.bool else {
            error("\(subject): '\(TOMLText.excerpt(key))' must be true or false, found \(value.type)", at: join(path, key))
            return nil
        }
        return flag
    }

    /// The `[x, y]` scheme points of an array value (a link's `via`, a shape's `points`): each must be two finite
    /// numbers within `SchemeLimits`; every bad point is reported at `location` and left out.
    mutating func schemePoints(_ value: TOMLValueConvertible, key: String, pointName: String, at location: String,
                               subject: String) -> [SchemePoint] {
        guard let array = value.array else {
            error("\(subject): '\(key)' must be an array of [x, y] points, found \(value.type)", at: location)
            return []
        }
        var points: [SchemePoint] = []
        for index in array.indices {
            guard let xy = Self.numbers(array[index], count: 2) else {
                error("\(subject): \(pointName) \(index + 1) must be [x, y], found " + Self.describe(array[index]),
                      at: location)
                continue
            }
            guard SchemeLimits.contains(xy) else {
                error("\(subject): \(pointName) \(index + 1) " + SchemeLimits.outOfRange, at: location)
                continue
            }
            points.append(SchemePoint(x: xy[0], y: xy[1]))
        }
        return points
    }

    /// An array of exactly `count` finite numbers, such as `[x, y]` or `[x, y, width, height]`.
    public mutating func numbers(_ table: TOMLTable, _ key: String, count: Int, meaning: String, path: String,
                          subject: String) -> [Double]? {
        guard let value = table[key] else { return nil }
        guard let numbers = Self.numbers(value, count: count) else {
            error("\(subject): '\(TOMLText.excerpt(key))' must be \(meaning), found \(Self.describe(value))", at: join(path, key))
            return nil
        }
        return numbers
    }

    /// A table of language code → name, such as `names = { ru = "Центральная" }`.
    public mutating func localizedNames(_ table: TOMLTable, path: String, subject: String) -> [String: String] {
        guard let value = table["names"] else { return [:] }
        guard let names = value.table else {
            error("\(subject): 'names' must be a table of language = \"name\", found \(value.type)",
                  at: join(path, "names"))
            return [:]
        }
        var result: [String: String] = [:]
        for key in names.keys {
            guard let name = names[key]?.string else {
                error("\(subject): names.\(TOMLText.excerpt(key)) must be a string", at: join(path, "names." + key))
                continue
            }
            result[key] = name
        }
        return result
    }

    /// The entries of an array of tables (`[[station]]`), each with its path; reports non-table entries.
    public mutating func tables(_ root: TOMLTable, _ key: String, path: String = "") -> [(table: TOMLTable, path: String)] {
        guard let value = root[key] else { return [] }
        let keyPath = join(path, key)
        guard let array = value.array else {
            error("'\(TOMLText.excerpt(key))' must be an array of tables ([[\(keyPath)]]), found \(value.type)", at: keyPath)
            return []
        }
        var result: [(TOMLTable, String)] = []
        for index in array.indices {
            let elementPath = "\(keyPath)[\(index)]"
            guard let table = array[index].table else {
                error("\(TOMLText.excerpt(key)) \(index + 1) must be a table, found \(array[index].type)", at: keyPath)
                continue
            }
            result.append((table, elementPath))
        }
        return result
    }

    public func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    public static func number(_ value: TOMLValueConvertible) -> Double? {
        value.double ?? value.int.map(Double.init)
    }

    public static func numbers(_ value: TOMLValueConvertible, count: Int) -> [Double]? {
        guard let array = value.array, array.count == count else { return nil }
        var result: [Double] = []
        for element in array {
            guard let number = number(element), number.isFinite else { return nil }
            result.append(number)
        }
        return result
    }

    /// A short description of a wrong value for a message: its type, and for arrays their length.
    public static func describe(_ value: TOMLValueConvertible) -> String {
        if let array = value.array { return "an array of \(array.count)" }
        if let number = number(value) { return TOMLText.number(number) }
        return "a \(value.type)"
    }
}
