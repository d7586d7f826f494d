/// One line of the benchmark's output: our time per frame beside the peer's, when there is a peer.
struct BenchmarkRow {
    var name: String
    let oursMilliseconds: Double
    let peerMilliseconds: Double?
    /// The frame size the row draws, to set it beside a memcpy of that frame.
    var sizeName: String?
    /// One memcpy of a frame of this size, timed in the same run.
    var memcpyMilliseconds: Double?
    /// The same case on one thread (rows on several threads): timed in turns with this row's frames where the row
    /// did so, else the one-thread row of the same run.
    var singleThreadMilliseconds: Double?

    init(name: String, oursMilliseconds: Double, peerMilliseconds: Double?, sizeName: String? = nil) {
        self.name = name
        self.oursMilliseconds = oursMilliseconds
        self.peerMilliseconds = peerMilliseconds
        self.sizeName = sizeName
    }

    var memcpyRatio: Double? {
        guard let memcpyMilliseconds, memcpyMilliseconds > 0 else { return nil }
        return oursMilliseconds / memcpyMilliseconds
    }

    /// How many times faster than on one thread.
    var speedUp: Double? {
        guard let singleThreadMilliseconds, oursMilliseconds > 0 else { return nil }
        return singleThreadMilliseconds / oursMilliseconds
    }

    /// Gives rows on several threads (names ending in " tN") that did not time one thread themselves the time of
    /// the same case on one thread.
    static func linkThreadCounts(_ rows: inout [BenchmarkRow]) {
        func split(_ name: String) -> (case: Substring, threads: Int)? {
            guard let space = name.lastIndex(of: " "), name[name.index(after: space)...].first == "t",
                  let n = Int(name[name.index(space, offsetBy: 2)...]) else { return nil }
            return (name[..<space], n)
        }
        var single: [Substring: Double] = [:]
        for row in rows { if let (name, n) = split(row.name), n == 1 { single[name] = row.oursMilliseconds } }
        for i in rows.indices {
            if let (name, n) = split(rows[i].name), n > 1, rows[i].singleThreadMilliseconds == nil {
                rows[i].singleThreadMilliseconds = single[name]
            }
        }
    }

    var ratio: Double? {
        guard let peer = peerMilliseconds, peer > 0 else { return nil }
        return oursMilliseconds / peer
    }

    var json: String {
        func number(_ v: Double?) -> String {
            guard let v, v.isFinite else { return "null" }
            return String(format3: v)
        }
        let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "{\"case\": \"\(escaped)\", \"ours_ms\": \(number(oursMilliseconds)), "
            + "\"peer_ms\": \(number(peerMilliseconds)), \"ratio\": \(number(ratio)), \"peer\": "
            + (peerMilliseconds == nil ? "null" : "\"cairo\"") + ", \"memcpy_ratio\": \(number(memcpyRatio)), "
            + "\"speedup_vs_t1\": \(number(speedUp))}"
    }

    static func table(_ rows: [BenchmarkRow]) -> String {
        let headers = ["case", "ours ms", "cairo ms", "ratio", "x memcpy", "x t1"]
        let cells = rows.map { row in
            [row.name, String(format3: row.oursMilliseconds),
             row.peerMilliseconds.map { String(format3: $0) } ?? "-", row.ratio.map { String(format3: $0) } ?? "-",
             row.memcpyRatio.map { String(format3: $0) } ?? "-", row.speedUp.map { String(format3: $0) } ?? "-"]
        }
        var widths = headers.map(\.count)
        for line in cells {
            for (i, cell) in line.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        func format(_ line: [String]) -> String {
            line.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return i == 0 ? cell + pad : pad + cell
            }.joined(separator: " | ")
        }
        var out = [format(headers), widths.map { String(repeating: "-", count: $0) }.joined(separator: "-|-")]
        out += cells.map(format)
        return out.joined(separator: "\n")
    }
}

extension String {
    /// Three decimals without Foundation's String(format:).
    init(format3 value: Double) {
        let scaled = (value * 1000).rounded()
        let negative = scaled < 0
        let magnitude = Int(abs(scaled))
        let fraction = magnitude % 1000
        let pad = fraction < 10 ? "00" : fraction < 100 ? "0" : ""
        self = (negative ? "-" : "") + "\(magnitude / 1000).\(pad)\(fraction)"
    }

    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
