import Overlay
import Speech

/// The search sheet from the keypad: the search key opens it (a second press closes it, as the button does), and
/// while it is open the keys move a focus over its keyboard and then its results (`SearchKeypadFocus`), each key
/// said as the focus lands on it; 5 types, Clear deletes, Enter goes to the results, and 5 or Enter on a result opens
/// its journey as a tap on the row does.
extension KioskLoop {
    func toggleSearchFromKeypad(at time: Int64) {
        guard let search else {
            // No sheet on this kiosk (`[controls] search = false`, or no room): the focus is said again.
            say(phrases(for: keypad.focus.target))
            return
        }
        perform([.openSearch], time: time)
        keypad.searchFocus.reset()
        guard search.isOpen, let layout = search.sheet.keyboard.layout, let key = keypad.searchFocus.key(on: layout) else {
            search.sheet.keyboard.focused = nil
            say(phrases(for: keypad.focus.target))
            return
        }
        keypad.ring.focus(nil)
        search.sheet.keyboard.focused = key
        say(SearchPhrases.opened(focus: key.key, language: shownLanguage))
    }

    /// A key while the sheet is open; false when the key is not the sheet's (Cancel, zoom, volume, repeat…), which
    /// the kiosk then handles as ever.
    func handleInSearch(_ action: KeyAction, at time: Int64) -> Bool {
        guard let search, search.isOpen, let layout = search.sheet.keyboard.layout else { return false }
        // Keys typed since the last frame have not been listed yet: list them now, so what is counted and said is
        // what the next frame shows.
        search.sheet.refreshList()
        let rows = search.sheet.results.rows
        guard let move = keypad.searchFocus.apply(action, layout: layout, resultCount: rows.count) else { return false }
        let language = shownLanguage
        switch move {
        case let .focusedKey(key), let .backToKeys(key):
            search.sheet.results.focusedIndex = nil
            search.sheet.keyboard.focused = keypad.searchFocus.key(on: layout)
            say(SearchPhrases.key(key, language: language))
        case let .type(key):
            search.sheet.keyboard.type(key)
            say(SearchPhrases.field(search.sheet.keyboard.text, language: language))
        case .deleteLetter:
            search.sheet.keyboard.type(.backspace)
            say(SearchPhrases.field(search.sheet.keyboard.text, language: language))
        case let .focusedResult(index):
            search.sheet.keyboard.focused = nil
            // Ringed on the screen and scrolled into view, for whoever stands beside the traveller.
            search.sheet.results.focusedIndex = index
            // Browsing with an empty field lists lines: a line row is said by its name.
            if let stationID = rows[index].stationID {
                say(SearchPhrases.result(stationID: stationID, shown: rows[index].name, map: map, language: language))
            } else {
                say([SpokenPhrase(rows[index].name, language: language)])
            }
        case .noResults:
            say(SearchPhrases.noResults(shown: search.sheet.results.emptyText, language: language))
        case let .chooseResult(index):
            // As a tap on the row: the sheet goes and the station's journey comes, and the keypad's lists now stand
            // on that station, so Clear leaves the journey for its line's stations.
            // A line row lists its stations, as a tap does, and the focus stays in the list.
            guard let stationID = search.sheet.choose(rows[index].target) else {
                // The line's stations (or the lines) are listed now; the ring stays on the row the focus stands on.
                let at = keypad.searchFocus.resultIndex
                search.sheet.results.focusedIndex = search.sheet.results.rows.indices.contains(at) ? at : nil
                break
            }
            search.close()
            keypad.searchFocus.reset()
            keypad.focus.focus(stationID: stationID)
            openJourney(to: stationID, at: time)
        }
        return true
    }
}
