import Physics

/// Where the search sheet's parts go on the screen, bottom up: the keyboard along the bottom (where a standing
/// passenger's hands are), the field it types into directly above it, and the result rows above the field. The
/// field is placed from the keyboard's frame, so the keyboard can never cover the text being typed; the rows get
/// what height is left, as many whole rows (at most `maximumRows`) as fit.
public struct SearchSheetLayout: Equatable, Sendable {
    /// The best results shown: a name is found within this many rows (the "among the first 8").
    public static let maximumRows = 8
    /// Field and row height: the minimum key size, so a row is as easy to hit as a key.
    public static let rowMillimetres = SearchKeyboardLayout.minimumKeyMillimetres
    /// Space between the parts and around the sheet.
    public static let marginMillimetres = 2.0

    public let keyboard: SearchKeyboardLayout
    /// The band showing the typed text, directly above the keyboard, as wide less the close button.
    public let field: ScreenRect
    /// The close button: a square key at the right end of the field's row, where a traveller who opened the sheet by
    /// mistake looks first (the field's own row, never covered, as the field is not).
    public let close: ScreenRect
    /// The result list's area above the field; nil when the screen leaves no room for one row.
    public let results: ScreenRect?
    public let rowHeight: Double
    /// The margin around the parts, pixels: the sheet's panel reaches this far beyond them.
    public let marginPixels: Double

    /// Lays the sheet out on `screen` for `script`; nil when the keyboard's minimum-size keys or the field do not
    /// fit (the search button then opens nothing rather than a sheet with keys too small to hit).
    public init?(script: KeyboardScript, screen: ScreenRect, pixelsPerMillimetre: Double) {
        guard pixelsPerMillimetre > 0 else { return nil }
        let margin = Self.marginMillimetres * pixelsPerMillimetre
        let row = Self.rowMillimetres * pixelsPerMillimetre
        guard let keyboard = SearchKeyboardLayout(script: script, minX: screen.minX + margin, width: screen.width - 2 * margin,
                                                  bottom: screen.maxY - margin, pixelsPerMillimetre: pixelsPerMillimetre)
        else { return nil }
        let fieldTop = keyboard.frame.minY - margin - row
        guard fieldTop - margin >= screen.minY else { return nil }
        field = ScreenRect(x: keyboard.frame.minX, y: fieldTop, width: keyboard.frame.width - row - margin, height: row)
        close = ScreenRect(x: keyboard.frame.maxX - row, y: fieldTop, width: row, height: row)
        let room = fieldTop - margin - (screen.minY + margin)
        let rows = min(Self.maximumRows, Int((room / row).rounded(.down)))
        results = rows > 0 ? ScreenRect(x: keyboard.frame.minX, y: fieldTop - margin - Double(rows) * row,
                                        width: keyboard.frame.width, height: Double(rows) * row) : nil
        rowHeight = row
        marginPixels = margin
        self.keyboard = keyboard
    }

    /// The whole sheet, for `OverlayLayout`: the camera and the controls keep out of it as they do of the card.
    public var occupiedRegion: ScreenRect {
        let top = results?.minY ?? field.minY
        return ScreenRect(minX: keyboard.frame.minX, minY: top, maxX: keyboard.frame.maxX, maxY: keyboard.frame.maxY)
    }
}
