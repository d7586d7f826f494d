import Diagnostics
import Foundation
import TestSupport
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

    /// Every status a command exits with goes through `ExitCode(_: Sysexit)`: no number, no `rawValue` taken back
    /// out of a name, no ArgumentParser constant (its `validationFailure` is 64 under another name). The kiosk's own
    /// `run` returns a `Sysexit` too (it returned a bare 1).
    @Test func theCommandsExitOnlyWithNamedStatuses() throws {
        let folder = RepositoryPaths.file("Sources/metro-kiosk")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        var bare: [String] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard line.contains("ExitCode") else { continue }
                let named = line.replacingOccurrences(of: "ExitCode(_ status: Sysexit)", with: "")
                if named.contains("ExitCode.") || named.contains("rawValue")
                    || named.range(of: #"ExitCode\(\s*-?[0-9]"#, options: .regularExpression) != nil {
                    bare.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(bare.isEmpty, "exit statuses not named by Sysexit:\n\(bare.joined(separator: "\n"))")
    }
}
