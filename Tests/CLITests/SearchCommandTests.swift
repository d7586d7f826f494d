import Foundation
import Testing
import TestSupport

/// `metro-kiosk search`: one JSON line per place, best first; located messages and exit codes for bad input.
struct SearchCommandTests {
    private func lines(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func printsRankedResultsOfTheDemoMap() throws {
        let result = try MetroKioskProcess.run(["search", "gate"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try lines(result.stdout)
        #expect(Set(rows.compactMap { $0["name"] as? String }) == ["North Gate", "Rampart Gate", "Eastern Gate"])
        #expect(rows.allSatisfy { $0["match"] as? String == "word_prefix" && $0["station"] is String })
        let scores = rows.compactMap { $0["score"] as? Double }
        #expect(scores.count == rows.count && scores == scores.sorted(by: >))
    }

    @Test func showsNamesInTheAskedLanguageAndHonoursTheLimit() throws {
        let result = try MetroKioskProcess.run(["search", "--language", "ru", "--limit", "1", "eastern"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try lines(result.stdout)
        #expect(rows.count == 1)
        #expect(rows.first?["name"] as? String == "Восточные ворота")
        #expect(rows.first?["station"] as? String == "eastern-gate")
    }

    @Test func findsCyrillicByItsRomanisationOnTheRealMoscowScheme() throws {
        let moscow = RepositoryPaths.sharedData("maps/pmetro-moscow").path
        let result = try MetroKioskProcess.run(["search", "--map", moscow, "--limit", "3", "tverskaya"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try lines(result.stdout).first?["name"] as? String == "Тверская")
    }

    @Test func badInputSaysWhatAndExitsWithItsCode() throws {
        let nothing = try MetroKioskProcess.run(["search", "zzzzqqq"])
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("matches \"zzzzqqq\""))
        let empty = try MetroKioskProcess.run(["search", " - "])
        #expect(empty.status == 64)
        #expect(empty.stderr.contains("no letters or digits"))
        #expect(try MetroKioskProcess.run(["search", "--limit", "0", "gate"]).status == 64)
        let unknownLanguage = try MetroKioskProcess.run(["search", "--language", "xx", "gate"])
        #expect(unknownLanguage.status == 0)
        #expect(unknownLanguage.stderr.contains("no station of") && unknownLanguage.stderr.contains("ru"))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-search-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("kiosk.toml")
        try "[map]\nfile = 7\n".write(to: config, atomically: true, encoding: .utf8)
        let badConfig = try MetroKioskProcess.run(["search", "--config", config.path, "gate"])
        #expect(badConfig.status == 78)
        #expect(badConfig.stderr.contains("kiosk.toml:2:"))
        let badMap = try MetroKioskProcess.run(["search", "--map", directory.appendingPathComponent("none.toml").path, "gate"])
        #expect(badMap.status == 65)
        #expect(badMap.stderr.contains("none.toml"))
    }
}
