import ArgumentParser
import Foundation
import KioskCore
import MetroMap
import StationSearch
import Diagnostics
import JSONText
import TOMLDocument

/// Station search from the command line: the same ranking the search sheet shows, one JSON line per place, so an
/// operator can check how a scheme's names are found before deploying it.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the map's stations by name and print the ranked results, one JSON line each.",
        discussion: """
            Every name of every station in every language is searched, folded (case, diacritics, punctuation) and \
            romanised through ICU ("tverskaya" finds Тверская, "seoul" 서울, "xizhi" 西直门); a match is the start \
            of a name, then the start of a later word ("gate" finds Eastern Gate), then one letter wrong. \
            Same-named stations joined by transfers (one per line at an interchange) are one result. Each line: \
            {"station": id, "name": the name in --language, "match": exact|prefix|word_prefix|fuzzy, "score": \
            rank, higher first}. Exit 1 when nothing matches, 64 when the query has no letters or digits.
            """)

    @Option(help: "Kiosk config file (TOML): its [map] file and language are used.") var config: String?
    @Option(help: "Map file (TOML) or pMetro city folder; without it the configured map (or the demo).") var map: String?
    @Option(help: "Language the names are shown in (default: the config's [map] language, else the map's own names).")
    var language: String?
    @Option(help: "Print at most this many results (the kiosk's sheet shows 8 at a time).") var limit: Int?
    @Argument(help: "What a traveller types.") var query: String

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit \(limit): expected 1 or more") }
    }

    func run() throws {
        let settings = try KioskSettingsArgument.load(config)
        let metroMap = try KioskSettingsArgument.map(override: map, settings: settings)
        let language = self.language ?? settings.map.language
        if let language, language != settings.map.primaryLanguage,
           !metroMap.stations.contains(where: { $0.localizedNames[language] != nil }) {
            let known = Set(metroMap.stations.flatMap(\.localizedNames.keys)).sorted()
            warn("no station of \(TOMLText.excerpt(metroMap.name)) has a name in \"\(TOMLText.excerpt(language))\"; "
                 + "names are shown as the map writes them" + (known.isEmpty ? "" : " (its languages: \(known.joined(separator: ", ")))"))
        }
        guard !SearchText.fold(query).isEmpty else {
            warn("the query \"\(TOMLText.excerpt(query))\" has no letters or digits to search for")
            throw ExitCode(Sysexit.usage)
        }
        let results = StationSearch(map: metroMap, language: language).results(for: query, limit: limit)
        guard !results.isEmpty else {
            warn("no station of \(TOMLText.excerpt(metroMap.name)) matches \"\(TOMLText.excerpt(query))\"")
            throw ExitCode(Sysexit.findings)
        }
        let writer = JSONWriter([.sortedKeys])
        for result in results {
            let line = ResultJSON(station: result.stationID, name: result.name, match: result.match.description, score: result.score)
            print(try writer.text(encoding: line))
        }
    }

    private func warn(_ message: String) {
        FileHandle.standardError.write(Data(("search: " + message + "\n").utf8))
    }
}

private struct ResultJSON: Encodable {
    var station: String
    var name: String
    var match: String
    var score: Double
}
