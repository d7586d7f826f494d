/// What a keypad key asks of the kiosk: the touch interface's functions, one key each, so a traveller who cannot
/// see the screen reaches every one of them (WCAG 2.2's single-pointer alternative, ADA §707's tactile keys).
public enum KeyAction: String, Sendable, Hashable, CaseIterable {
    /// 8 and 2: the previous or next entry of the list in focus (lines, a line's stations, a journey's steps).
    case previousItem, nextItem
    /// 4 and 6: the previous or next list of the same kind (the neighbouring line's stations; the journey's
    /// previous or next step, read whole).
    case previousList, nextList
    /// 5: into the entry in focus (a line's stations; a station's journey).
    case select
    /// Enter: act on the entry in focus at once (a station's journey from any list).
    case confirm
    /// Clear: out to the list this one was entered from.
    case back
    /// Cancel: the map's home view, the lists at their start.
    case home
    case zoomIn, zoomOut
    /// 0: the last phrase again.
    case repeatPhrase
    case nextLanguage
    /// *: the search sheet (a second press closes it); in it the keys move over the keyboard and the results
    /// (`SearchKeypadFocus`).
    case search
    case toggleAccessible
    case toggleSpeech
    case volumeUp, volumeDown
}
