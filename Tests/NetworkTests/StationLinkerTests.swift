import MetroMap
import Testing
import TestSupport
@testable import Network

@Test func stationNamesAgreeAcrossSpellings() {
    #expect(StationName("Powell St.").key == StationName("Powell Street").key)
    #expect(StationName("São Bento").key == StationName("SAO BENTO").key)
    #expect(StationName("12th St. Oakland City Center").similarity(to: StationName("Oakland City Center/12 Street")) == 1)
    #expect(StationName("Dupont Circle (Red)").key == "dupont circle")
    #expect(StationName("Tenleytown-AU").similarity(to: StationName("Tenleytown-American University")) >= StationLinker.minimumSimilarity)
    #expect(StationName("Macarthur").similarity(to: StationName("MacArthur")) == 1)
    #expect(StationName("16th St. Mission").similarity(to: StationName("19th Street Oakland")) < StationLinker.minimumSimilarity)
}

/// BART's 2019 feed (transitland-lib test data; BART developer terms) against pMetro's San Francisco scheme: at least
/// 90 % of BART's 48 stations are linked, Caltrain's Hayward Park is not taken for BART's Hayward, and every
/// unmatched station is reported.
@Test func bartLinksToTheSanFranciscoScheme() throws {
    let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-san-francisco").path).map
    let timetable = TimetableCompiler.compile(try GTFSReader.read(path: RepositoryPaths.sharedData("gtfs/bart-2019/gtfs.zip").path))
    let result = StationLinker.link(map: map, timetable: timetable)
    #expect(result.timetableStations == 48)
    #expect(result.matchedShare >= 0.9)
    let byStation = Dictionary(uniqueKeysWithValues: result.links.map { ($0.station, $0.stop) })
    #expect(byStation["line1/Powell Street"] == "POWL")
    #expect(byStation["line1/Oakland City Center/12 Street"] == "12TH")
    #expect(byStation["line9/Hayward Park"] == nil)
    #expect(result.report.contains { $0.hasPrefix("stop ANTC \"Antioch\"") })

    // Written and read back, then checked against the map: the file check-config validates.
    let text = LinksFile.text(links: result.links, pinned: [], report: result.report, header: "test")
    let contents = LinksFile.parse(text: text, file: "links.toml")
    #expect(contents.problems.isEmpty)
    #expect(contents.entries.count == result.links.count)
    #expect(LinksFile.problems(in: contents.entries, file: "links.toml", map: map, timetable: timetable).isEmpty)
}

@Test func linksFileProblemsAreLocated() throws {
    let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-san-francisco").path).map
    let text = """
        [[link]]
        station = "line1/Powell Street"
        stop = "POWL"

        [[link]]
        station = "line1/Powel Street"
        stop = "NOPE"

        [[link]]
        stop = "EMBR"

        """
    let contents = LinksFile.parse(text: text, file: "links.toml")
    #expect(contents.problems.map(\.description) == ["links.toml:9:1: link 3: missing 'station' (the scheme's station id, a string)"])
    let problems = LinksFile.problems(in: contents.entries, file: "links.toml", map: map, timetable: nil).map(\.description)
    #expect(problems == ["links.toml:6:1: no station \"line1/Powel Street\" in the map pmetro-san-francisco; did you mean \"line1/Powell Street\"?"])
}

@Test func pinnedLinksOverrideTheMatcher() throws {
    let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-san-francisco").path).map
    let timetable = TimetableCompiler.compile(try GTFSReader.read(path: RepositoryPaths.sharedData("gtfs/bart-2019/gtfs.zip").path))
    let pinned = [StationLinker.Link(station: "line9/Castro", stop: "CAST", similarity: 1),
                  StationLinker.Link(station: "no/such station", stop: "CAST", similarity: 1)]
    let links = StationLinker.link(map: map, timetable: timetable, pinned: pinned).links
    #expect(links.contains { $0.station == "line9/Castro" && $0.stop == "CAST" })
    #expect(!links.contains { $0.station == "no/such station" })
}
