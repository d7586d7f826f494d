import Diagnostics
import Foundation
import Testing

/// The named statuses are the C library's sysexits.h numbers, which operators' scripts and the unit's
/// `RestartPreventExitStatus=` read: a renumbered case would silently change what a failure means.
struct SysexitTests {
    static func sysexits() throws -> [String: Int32] {
        let header = try String(contentsOfFile: "/usr/include/sysexits.h", encoding: .utf8)
        var values: [String: Int32] = [:]
        for line in header.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if words.count >= 3, words[0] == "#define", words[1].hasPrefix("EX_"), let value = Int32(words[2]) {
                values[String(words[1])] = value
            }
        }
        return values
    }

    @Test func everyNamedStatusIsItsSysexitsNumber() throws {
        let values = try Self.sysexits()
        let names: [Sysexit: String] = [
            .usage: "EX_USAGE", .dataError: "EX_DATAERR", .noInput: "EX_NOINPUT", .unavailable: "EX_UNAVAILABLE",
            .cannotCreate: "EX_CANTCREAT", .protocolError: "EX_PROTOCOL", .configError: "EX_CONFIG",
        ]
        for status in Sysexit.allCases where status != .findings {
            let name = try #require(names[status], "\(status) has no sysexits name")
            #expect(values[name] == status.rawValue, "\(status) is \(status.rawValue), \(name) is \(values[name] ?? -1)")
        }
    }
}
