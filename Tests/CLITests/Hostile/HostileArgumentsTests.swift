import Foundation
import Testing

/// Command-line numbers that used to trap, hang or print NaN as null with exit 0.
struct HostileArgumentsTests {
    @Test func snapshotRefusesACameraOutsideTheExactRange() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        for camera in ["1e19,0,1", "0,0,1e18", "0,0,1e-300", "nan,0,1"] {
            let result = try MetroKioskProcess.run(["snapshot", "--size", "80x40", "--camera", camera, "--out", out])
            #expect(result.status == 64, "\(camera): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let edge = try MetroKioskProcess.run(["snapshot", "--size", "80x40", "--camera", "1073741824,-1073741824,1000", "--out", out])
        #expect(edge.status == 0, "\(edge.stderr)")
    }

    /// Accepted extremes made `physics` run for ever, buffering gigabytes before printing anything: a motion with
    /// more samples than the documented limit is refused before the first line.
    @Test func physicsRefusesTrajectoriesLongerThanTheSampleLimit() throws {
        for arguments in [["fling", "--position", "0", "--velocity", "1000", "--rate", "0.9999999999"],
                          ["fling", "--position", "0", "--velocity", "1e308", "--threshold", "5e-324"],
                          ["spring", "--displacement", "100", "--velocity", "0", "--fps", "1e9"]] {
            let result = try MetroKioskProcess.run(["physics"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("samples"), "\(result.stderr)")
        }
    }

    @Test func physicsNeverPrintsNull() throws {
        for arguments in [["fling", "--position", "1e308", "--velocity", "1e308", "--min", "-1e308", "--max", "1e308"],
                          ["project", "--position", "1e308", "--velocity", "1e308", "--anchors", "0,1e308"],
                          ["rubberband", "--value", "1e308", "--min", "-1e308", "--max", "1e308", "--dimension", "1e308"]] {
            let result = try MetroKioskProcess.run(["physics"] + arguments)
            #expect(!result.stdout.contains("null"), "\(arguments): \(result.stdout.prefix(200))")
            #expect(result.status == 0 || result.status == 64 || result.status == 65, "\(arguments): \(result.status)")
        }
    }
}

/// The hidden soak command trapped on a NaN or huge --hours or --start (issue 38): refused as a usage error.
struct SoakArgumentTests {
    @Test(arguments: [["--hours", "nan"], ["--hours", "1e300"], ["--hours", "0"], ["--start", "nan"], ["--start", "1e300"],
                      ["--start", "-1"]])
    func soakRefusesTimesItCannotSimulate(arguments: [String]) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("soak-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try MetroKioskProcess.run(["soak", "--directory", directory] + arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(arguments[0]), "\(result.stderr)")
    }
}

/// Ids from the command line are quoted through the one excerpt helper (issue 38, item 6): a 120,000-character id
/// was echoed whole, and an escape sequence in one reached the terminal raw.
struct EchoedIdTests {
    @Test func routeAndSnapshotQuoteAnUnknownIdEscapedAndCut() throws {
        let long = String(repeating: "x", count: 120_000)
        let route = try MetroKioskProcess.run(["route", "--from", long, "--to", "\u{1B}[2J"])
        #expect(route.status == 65)
        #expect(route.stderr.contains("\"" + String(repeating: "x", count: 80) + "…\""), "\(route.stderr.prefix(300))")
        #expect(route.stderr.count < 1_000)
        let escaped = try MetroKioskProcess.run(["route", "--from", "\u{1B}[2J", "--to", "\u{1B}[2J"])
        #expect(escaped.stderr.contains("\"\\u{1B}[2J\"") && !escaped.stderr.contains("\u{1B}"), "\(escaped.stderr)")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("echo-\(UUID().uuidString).png").path
        let snapshot = try MetroKioskProcess.run(["snapshot", "--size", "64x40", "--route", "\u{7}bell,\u{1B}]0;title\u{7}",
                                                  "--out", out])
        #expect(snapshot.status == 65 && !snapshot.stderr.contains("\u{1B}") && !snapshot.stderr.contains("\u{7}"),
                "\(snapshot.stderr)")
    }

    /// audit-screen echoed its --route and --anchor raw (robust7's hostile pass): an escape sequence reached the
    /// terminal and a 3,000-character id was printed whole.
    @Test func auditScreenQuotesItsRouteAndAnchorEscapedAndCut() throws {
        let long = String(repeating: "y", count: 3_000)
        let unknown = try MetroKioskProcess.run(["audit-screen", "--size", "64x40", "--route", "a\u{1B}[31mb\u{7}," + long])
        #expect(unknown.status == 65, "\(unknown.stderr.prefix(300))")
        #expect(unknown.stderr.hasPrefix("audit-screen: --route: no place \"a\\u{1B}[31mb\\u{7}\" or no station with id \""
                                         + String(repeating: "y", count: 80) + "…\""), "\(unknown.stderr.prefix(300))")
        #expect(unknown.stderr.count < 1_000)
        for arguments in [["--route", "\u{1B}[2J"], ["--route", "a,b", "--anchor", "\u{1B}[2J"]] {
            let refused = try MetroKioskProcess.run(["audit-screen", "--size", "64x40"] + arguments)
            #expect(refused.status == 64 && refused.stderr.contains("\\u{1B}[2J") && !refused.stderr.contains("\u{1B}"),
                    "\(refused.stderr)")
        }
    }
}
