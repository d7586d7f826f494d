import Foundation

/// Counts taken straight from a pMetro folder's raw files, sharing nothing with the importer: bytes are read as
/// Latin-1 (one character per byte, so names compare exactly whatever the real encoding), sections and keys are
/// found by plain string matching. The importer's results are checked against these.
struct RawPMetroCounts {
    var lines = 0
    var placedStations = 0
    var labels = 0
    var visibleTransfers = 0

    init(directory: URL) throws {
        let trp = try Self.lines(of: directory.appendingPathComponent("Metro.trp"))
        let map = try Self.lines(of: directory.appendingPathComponent("Metro.map"))

        var section = ""
        var lineNames: Set<String> = []
        for line in trp {
            if line.hasPrefix("[") { section = line; continue }
            if section.range(of: #"^\[Line[0-9]+\]"#, options: .regularExpression) != nil, line.hasPrefix("Name=") {
                lineNames.insert(String(line.dropFirst(5)))
            }
            if section.hasPrefix("[Transfers]"), line.contains("="), !line.hasPrefix(";"),
               !line.lowercased().contains("invisible") {
                visibleTransfers += 1
            }
        }
        lines = lineNames.count

        var coordinates: [String: [Double]] = [:]
        var rects: [String: [Double]] = [:]
        for line in map {
            if line.hasPrefix("[") {
                section = String(line.dropFirst().prefix { $0 != "]" })
                continue
            }
            guard lineNames.contains(section) else { continue }
            if line.hasPrefix("Coordinates=") { coordinates[section] = Self.numbers(line) }
            if line.hasPrefix("Rects=") { rects[section] = Self.numbers(line) }
        }
        for (name, numbers) in coordinates {
            let boxes = rects[name] ?? []
            for pair in 0..<(numbers.count / 2) {
                let x = numbers[2 * pair], y = numbers[2 * pair + 1]
                guard x >= 0, y >= 0, x != 0 || y != 0 else { continue }
                placedStations += 1
                if 4 * pair + 3 < boxes.count, boxes[4 * pair + 2] > 0, boxes[4 * pair + 3] > 0 { labels += 1 }
            }
        }
    }

    private static func lines(of url: URL) throws -> [String] {
        let data = try Data(contentsOf: url)
        let text = String(data.map { Character(Unicode.Scalar($0)) })
        return text.components(separatedBy: .newlines).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func numbers(_ line: String) -> [Double] {
        line.split(separator: "=", maxSplits: 1).last.map {
            $0.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        } ?? []
    }
}
