import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Testing
import TestSupport
@testable import KioskCore

/// `[network] timetable` and `links` reach the running kiosk: loaded with the session, reloaded when their files
/// change, and kept when new ones fail; `[access] step_free` reaches its journeys.
struct TimetableSessionTests {
    /// A folder with BART 2019 compiled, its links to pMetro's San Francisco scheme and a config naming both.
    static func bartKiosk() throws -> (config: String, timetable: String, links: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timetable-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mapPath = RepositoryPaths.sharedData("maps/pmetro-san-francisco").path
        let map = try PMetroImporter.importCity(directory: mapPath).map
        let timetable = TimetableCompiler.compile(try GTFSReader.read(path: RepositoryPaths.sharedData("gtfs/bart-2019/gtfs.zip").path))
        let result = StationLinker.link(map: map, timetable: timetable)
        let timetablePath = folder.appendingPathComponent("bart.timetable").path
        try TimetableFile.write(timetable, to: timetablePath)
        let linksPath = folder.appendingPathComponent("links.toml").path
        try LinksFile.text(links: result.links, pinned: [], report: [], header: "test").write(toFile: linksPath, atomically: true, encoding: .utf8)
        let config = folder.appendingPathComponent("kiosk.toml").path
        try """
            [map]
            file = "\(mapPath)"
            you_are_here = "line1/Powell Street"

            [network]
            timetable = "bart.timetable"
            links = "links.toml"

            [access]
            step_free = true
            """.write(toFile: config, atomically: true, encoding: .utf8)
        return (config, timetablePath, linksPath)
    }

    @Test func theSessionLoadsTheTimetableAndKeepsItWhenANewOneFails() throws {
        let files = try Self.bartKiosk()
        let session = try KioskSession(configPath: files.config)
        let loaded = try #require(session.timetable)
        #expect(loaded.links["line1/Powell Street"] == "POWL")
        #expect(session.config.access.stepFree)
        // Unchanged files: the same timetable, nothing to rebuild.
        #expect(session.reload() == .unchanged)
        #expect(session.timetable === loaded)
        // A damaged timetable: refused with its file named, the running one kept.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: files.timetable)))
        bytes[bytes.count / 2] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: files.timetable))
        guard case let .kept(problems) = session.reload() else {
            Issue.record("a damaged timetable must be refused")
            return
        }
        #expect(problems.contains { $0.contains("bart.timetable") }, "\(problems)")
        #expect(session.timetable === loaded)
        // The links file changed (an operator pinned a link): a new timetable is loaded and applied.
        let links = try String(contentsOfFile: files.links, encoding: .utf8)
        try (links + "\n").write(toFile: files.links, atomically: true, encoding: .utf8)
        try Data(TimetableFile.encode(loaded.timetable)).write(to: URL(fileURLWithPath: files.timetable))
        #expect(session.reload() == .applied)
        #expect(session.timetable !== loaded && session.timetable != nil)
    }

    @Test func accessKeysAreReadAndUnknownOnesAreLocated() throws {
        #expect(try KioskConfigLoader.parse(text: "[access]\nstep_free = true\n", fileName: "k.toml").access.stepFree)
        #expect(try !KioskConfigLoader.parse(text: "", fileName: "k.toml").access.stepFree)
        #expect(throws: KioskConfigError.self) { try KioskConfigLoader.parse(text: "[access]\nstepfree = true\n", fileName: "k.toml") }
    }

    /// WMATA 2026 against pMetro's Washington scheme: Navy Yard → Smithsonian at 10:00 changes at L'Enfant Plaza by
    /// escalator at its fastest; with `[access] step_free` the kiosk's card gives the step-free journey instead.
    @Test func stepFreeJourneysDifferWhereTheFastestUsesAnEscalator() throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-washington").path).map
        let compiled = TimetableCompiler.compile(try GTFSReader.read(path: RepositoryPaths.sharedData("gtfs/wmata-2026/gtfs.zip").path))
        let links = StationLinker.link(map: map, timetable: compiled).links
        let timetable = KioskTimetable(timetable: compiled, links: Dictionary(links.map { ($0.station, $0.stop) }, uniquingKeysWith: { a, _ in a }))
        // Navy Yard (STN_F05) and Smithsonian (STN_D02), as the Network layer's step-free test takes them.
        let navyYard = try #require(compiled.stopIndex(id: "STN_F05")), smithsonian = try #require(compiled.stopIndex(id: "STN_D02"))
        let from = try #require(timetable.schemeStation(of: navyYard)), to = try #require(timetable.schemeStation(of: smithsonian))
        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        let at = try #require(timetable.instant(local: "2026-05-06 10:00"))
        let fastest = try #require(card.content(destination: to, origin: from, language: nil, at: at, stepFree: false))
        let stepFree = try #require(card.content(destination: to, origin: from, language: nil, at: at, stepFree: true))
        #expect(fastest.summary.hasPrefix("leave ") && !fastest.summary.contains("step-free"))
        #expect(stepFree.summary.hasPrefix("leave ") && stepFree.summary.hasSuffix("step-free"), "\(stepFree.summary)")
        #expect(stepFree.steps != fastest.steps, "the step-free journey is another: \(stepFree.steps.map(\.text))")
    }
}
