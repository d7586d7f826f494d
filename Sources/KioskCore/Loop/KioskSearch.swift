import MetroMap
import Overlay
import Physics
import Raster
import StationSearch

/// Station search on the kiosk's screen: the sheet the search button opens, laid out for the shown language's
/// keyboard, and the search over every name of the map (`StationSearch`, the ranking `metro-kiosk search` prints)
/// that fills its list with the best places for what is typed. The loop opens and closes it and acts on its choice.
final class KioskSearch {
    let sheet: SearchSheetElement
    private let map: MetroMap
    private let screen: ScreenRect
    private let pixelsPerMillimetre: Double
    /// One index per language the names were shown in (the language button switches it; ICU romanising every name
    /// again at each opening would cost a frame on a large scheme).
    private var engines: [String: StationSearch] = [:]
    /// The colours of the lines serving each station, in map order of the lines: a result row's roundels.
    private let lineColors: [String: [Color]]

    init(map: MetroMap, screen: ScreenRect, pixelsPerMillimetre: Double, rate: DecelerationRate, fonts: FontStack?) {
        self.map = map
        self.screen = screen
        self.pixelsPerMillimetre = pixelsPerMillimetre
        sheet = SearchSheetElement(rate: rate, fonts: fonts)
        var colors: [String: [Color]] = [:]
        for line in map.lines {
            let color = Color(red: line.color.red, green: line.color.green, blue: line.color.blue)
            for id in line.stationIDs where colors[id]?.contains(color) != true { colors[id, default: []].append(color) }
        }
        // Schemes that draw a circle per line at an interchange (pMetro) join them by transfers: a station shows
        // the lines of the same-named stations it transfers to as well, as the place it is part of.
        var joined = colors
        for transfer in map.transfers {
            for id in transfer.stationIDs {
                guard let name = map.station(id: id)?.name else { continue }
                for other in transfer.stationIDs where other != id && map.station(id: other)?.name == name {
                    for color in colors[other] ?? [] where joined[id]?.contains(color) != true { joined[id, default: []].append(color) }
                }
            }
        }
        lineColors = joined
    }

    /// The sheet for `language`'s keyboard on `screen`; nil when its keys or field would not fit.
    static func layout(language: String?, screen: ScreenRect, pixelsPerMillimetre: Double) -> SearchSheetLayout? {
        SearchSheetLayout(script: KeyboardScript.forLanguage(language), screen: screen, pixelsPerMillimetre: pixelsPerMillimetre)
    }

    /// Whether the sheet fits for every language the passenger can switch to: the search button is shown only then,
    /// so it never opens onto nothing.
    static func fits(languages: [String], screen: ScreenRect, pixelsPerMillimetre: Double) -> Bool {
        let shown: [String?] = languages.isEmpty ? [nil] : languages
        return shown.allSatisfy { layout(language: $0, screen: screen, pixelsPerMillimetre: pixelsPerMillimetre) != nil }
    }

    var isOpen: Bool { sheet.isOpen }

    /// Opens the sheet empty (listing the lines), with the keyboard and the names of `language`. False when it
    /// does not fit.
    @discardableResult
    func open(language: String?) -> Bool {
        guard let layout = Self.layout(language: language, screen: screen, pixelsPerMillimetre: pixelsPerMillimetre) else { return false }
        sheet.open(layout, find: find(language: language), browse: browse(language: language),
                   noMatch: SearchWording(language: language).noMatch)
        return true
    }

    /// The passenger switched the shown language with the sheet open: the keyboard of the new language, the text
    /// typed so far kept, the list in the new language's names. False (the sheet closed) when the new keyboard
    /// does not fit, which `fits` rules out for the languages the button cycles through.
    @discardableResult
    func languageChanged(to language: String?) -> Bool {
        guard sheet.isOpen else { return true }
        guard let layout = Self.layout(language: language, screen: screen, pixelsPerMillimetre: pixelsPerMillimetre) else {
            sheet.close()
            return false
        }
        sheet.relayout(layout, find: find(language: language), browse: browse(language: language),
                       noMatch: SearchWording(language: language).noMatch)
        return true
    }

    /// The best places for a typed text, each with the roundels of the lines serving its stations.
    private func find(language: String?) -> (String) -> [SearchResultsElement.Row] {
        let engine = engine(for: language)
        let lineColors = lineColors
        return { text in
            engine.results(for: text, limit: SearchSheetLayout.maximumRows).map { result in
                var colors: [Color] = []
                for id in result.stationIDs { for color in lineColors[id] ?? [] where !colors.contains(color) { colors.append(color) } }
                return SearchResultsElement.Row(stationID: result.stationID, name: result.name, lineColors: colors)
            }
        }
    }

    /// Browsing by line: the lines in map order (those with a placed station), or one line's placed stations in
    /// the order it runs through them (branches after the trunk, as `MetroLine.stationIDs` gives them), after a row
    /// leading back to the lines.
    private func browse(language: String?) -> (String?) -> [SearchResultsElement.Row] {
        let map = map, lineColors = lineColors
        func name(_ line: MetroLine) -> String { language.map(line.name(in:)) ?? line.name }
        func color(_ line: MetroLine) -> Color { Color(red: line.color.red, green: line.color.green, blue: line.color.blue) }
        return { lineID in
            guard let lineID, let line = map.lines.first(where: { $0.id == lineID }) else {
                return map.lines.filter { $0.stationIDs.contains { map.station(id: $0)?.isPlaced == true } }.map {
                    SearchResultsElement.Row(target: .line($0.id), name: name($0), lineColors: [color($0)])
                }
            }
            let stations = line.stationIDs.compactMap { map.station(id: $0) }.filter(\.isPlaced).map { station in
                SearchResultsElement.Row(stationID: station.id, name: language.map(station.name(in:)) ?? station.name,
                                         lineColors: lineColors[station.id] ?? [])
            }
            return [SearchResultsElement.Row(target: .lines, name: name(line), lineColors: [color(line)])] + stations
        }
    }

    /// Closes the sheet and forgets the text (a choice, the close button, a tap on the map, the idle return).
    func close() { sheet.close() }

    private func engine(for language: String?) -> StationSearch {
        let key = language ?? ""
        if let engine = engines[key] { return engine }
        let engine = StationSearch(map: map, language: language)
        engines[key] = engine
        return engine
    }
}

extension FrameRecord.SearchRecord {
    init?(_ search: KioskSearch) {
        guard search.isOpen else { return nil }
        let pressed: String? = switch search.sheet.keyboard.pressed?.key {
        case let .character(letter)?: letter
        case .space?: "space"
        case .backspace?: "backspace"
        case nil: search.sheet.isClosePressed ? "close" : nil
        }
        let results = search.sheet.results
        let focused = results.focusedIndex.flatMap { index in
            results.rows.indices.contains(index) ? FrameRecord.FocusedRow(index, results.rows[index].target) : nil
        }
        self.init(query: search.sheet.query, results: results.rows.compactMap(\.stationID), pressed: pressed,
                  line: search.sheet.browsedLine, focused: focused)
    }
}

extension FrameRecord.FocusedRow {
    init(_ row: Int, _ target: SearchResultsElement.Row.Target) {
        switch target {
        case let .station(id): self.init(row: row, target: .station, id: id)
        case let .line(id): self.init(row: row, target: .line, id: id)
        case .lines: self.init(row: row, target: .lines, id: nil)
        }
    }
}
