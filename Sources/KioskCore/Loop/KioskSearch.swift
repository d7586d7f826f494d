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

    init(map: MetroMap, screen: ScreenRect, pixelsPerMillimetre: Double, rate: DecelerationRate, fonts: FontStack?) {
        self.map = map
        self.screen = screen
        self.pixelsPerMillimetre = pixelsPerMillimetre
        sheet = SearchSheetElement(rate: rate, fonts: fonts)
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

    /// Opens the sheet empty, with the keyboard and the names of `language`. False when it does not fit.
    @discardableResult
    func open(language: String?) -> Bool {
        guard let layout = Self.layout(language: language, screen: screen, pixelsPerMillimetre: pixelsPerMillimetre) else { return false }
        let engine = engine(for: language)
        sheet.open(layout) { text in
            engine.results(for: text, limit: SearchSheetLayout.maximumRows).map {
                SearchResultsElement.Row(stationID: $0.stationID, name: $0.name)
            }
        }
        return true
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
        self.init(query: search.sheet.query, results: search.sheet.results.rows.map(\.stationID), pressed: pressed)
    }
}
