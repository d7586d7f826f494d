import Physics

/// The letters of the search sheet's keyboard for the script of the shown language, as the national layouts a
/// traveller knows place them (QWERTY, ЙЦУКЕН, the Greek and the Korean two-set layouts, the Arabic and Persian
/// (ISIRI 9147) layouts, the Israeli SI 1452); Hangul keys are jamo, composed into syllables as they are typed
/// (`HangulComposer`). Rows are listed left to right as the keys sit on a hardware keyboard, whichever way the
/// script is read.
public enum KeyboardScript: String, CaseIterable, Sendable {
    case latin, cyrillic, greek, hangul, arabic, persian, hebrew

    /// The layout for a language code (BCP 47); Latin for every language without a layout of its own (its names
    /// are then found through their romanisation).
    public static func forLanguage(_ code: String?) -> KeyboardScript {
        let language = code?.split(separator: "-").first.map { $0.lowercased() } ?? ""
        switch language {
        case "ru", "uk", "be", "bg", "sr", "mk", "kk", "ky", "mn", "tg": return .cyrillic
        case "el": return .greek
        case "ko": return .hangul
        case "ar": return .arabic
        // Dari is Persian as Afghanistan writes it, on the same layout.
        case "fa", "prs": return .persian
        // "iw" is the code Hebrew had before 1989, still sent by some systems.
        case "he", "iw", "yi": return .hebrew
        default: return .latin
        }
    }

    /// Whether the script is read right to left: the field then grows from its right edge.
    public var isRightToLeft: Bool {
        switch self {
        case .arabic, .persian, .hebrew: true
        case .latin, .cyrillic, .greek, .hangul: false
        }
    }

    var rows: [[String]] {
        switch self {
        case .latin: return Self.letters(["qwertyuiop", "asdfghjkl", "zxcvbnm"])
        case .cyrillic: return Self.letters(["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"])
        case .greek: return Self.letters(["ερτυθιοπ", "ασδφγηξκλ", "ζχψωβνμ"])
        case .hangul: return Self.letters(["ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ", "ㅁㄴㅇㄹㅎㅗㅓㅏㅣ", "ㅋㅌㅊㅍㅠㅜㅡ"])
        case .arabic:
            // ذ sits left of the digits on the hardware layout, where this keyboard has no row: it starts the
            // bottom row. The lam-alef key types both letters, as it does on the hardware keyboard. Alef with
            // hamza or madda (shifted there) needs no key: the search folds it to alef.
            return [Self.letters("ضصثقفغعهخحجد"), Self.letters("شسيبلاتنمكط"),
                    ["ذ", "ئ", "ء", "ؤ", "ر", "لا", "ى", "ة", "و", "ز", "ظ"]]
        case .persian:
            // ژ is shifted on the hardware layout; a key of its own here, as the letter is common in names.
            return Self.letters(["ضصثقفغعهخحجچ", "شسیبلاتنمکگ", "ظطژزرذدپو"])
        case .hebrew: return Self.letters(["קראטוןםפ", "שדגכעיחלךף", "זסבהנמצתץ"])
        }
    }

    /// Where each row's first key sits, in keys from the left of the widest row; nil: the row is centred, as phones
    /// centre QWERTY's shorter rows. Hebrew follows the phone grid of Android's keyboard (AOSP LatinIME's
    /// `rows_hebrew.xml`, which Gboard keeps), every key a tenth of the width: the top row holds ' and - on its
    /// first two places, as SI 1452 holds / and ' on Q and W, so ק sits on the third (E) and פ on the last (P);
    /// the middle row fills all ten (ש … ף); the bottom row starts at the left edge, ז under ש, and the phone's
    /// erase key fills the rest. Centred, the top row would put ק over ד rather than ג and the bottom row ז half a
    /// key right of where a Hebrew phone user's thumb goes.
    var rowStarts: [Double?] {
        switch self {
        case .hebrew: [2, nil, 0]
        case .latin, .cyrillic, .greek, .hangul, .arabic, .persian: rows.map { _ in nil }
        }
    }

    private static func letters(_ row: String) -> [String] { row.map(String.init) }
    private static func letters(_ rows: [String]) -> [[String]] { rows.map(letters) }
}

/// What a key does.
public enum KeyboardKey: Hashable, Sendable {
    case character(String)
    case space
    case backspace
}

/// The keys of one keyboard placed on screen: every key at least `minimumKeyMillimetres` square on the panel (the
/// touch-target size for public kiosks this project holds its buttons to), rows centred, a space bar and a
/// backspace key below the letters.
public struct SearchKeyboardLayout: Equatable, Sendable {
    public struct PlacedKey: Equatable, Sendable {
        public var key: KeyboardKey
        /// What a finger must land on: the key's cell, gaps included, so no touch between keys is lost.
        public var cell: ScreenRect
        /// What is drawn: the cell less the gap.
        public var face: ScreenRect
    }

    public static let minimumKeyMillimetres = 11.6
    /// Keys grow to fill a wide screen up to this size (beyond, a finger travels too far between letters).
    public static let maximumKeyMillimetres = 16.0
    public static let gapMillimetres = 1.2

    public let script: KeyboardScript
    public let keys: [PlacedKey]
    /// The keyboard's whole area, its bottom at the bottom it was given.
    public let frame: ScreenRect

    /// Lays `script` out across `width` pixels starting at `minX`, its bottom at `bottom`; nil when even keys of the
    /// minimum size do not fit that width (the sheet then offers no keyboard rather than keys too small to hit).
    public init?(script: KeyboardScript, minX: Double, width: Double, bottom: Double, pixelsPerMillimetre: Double) {
        guard pixelsPerMillimetre > 0, width > 0 else { return nil }
        let rows = script.rows
        let columns = Double(rows.map(\.count).max() ?? 1)
        let gap = Self.gapMillimetres * pixelsPerMillimetre
        let smallest = Self.minimumKeyMillimetres * pixelsPerMillimetre + gap
        let largest = Self.maximumKeyMillimetres * pixelsPerMillimetre + gap
        let pitch = min(largest, width / columns)
        guard pitch >= smallest else { return nil }
        let height = pitch * Double(rows.count + 1)
        let top = bottom - height
        var keys: [PlacedKey] = []
        func place(_ key: KeyboardKey, x: Double, y: Double, span: Double) {
            let cell = ScreenRect(x: x, y: y, width: pitch * span, height: pitch)
            keys.append(PlacedKey(key: key, cell: cell, face: ScreenRect(x: x + gap / 2, y: y + gap / 2,
                                                                          width: cell.width - gap, height: pitch - gap)))
        }
        let centre = minX + width / 2
        let starts = script.rowStarts
        for (row, letters) in rows.enumerated() {
            let centred = centre - pitch * Double(letters.count) / 2
            let start = starts[row].map { centre - pitch * columns / 2 + pitch * $0 } ?? centred
            for (column, letter) in letters.enumerated() {
                place(.character(letter), x: start + pitch * Double(column), y: top + pitch * Double(row), span: 1)
            }
        }
        // The space bar five keys wide and backspace two, together centred under the letters.
        let bottomRow = top + pitch * Double(rows.count)
        place(.space, x: centre - pitch * 3.5, y: bottomRow, span: 5)
        place(.backspace, x: centre + pitch * 1.5, y: bottomRow, span: 2)
        self.script = script
        self.keys = keys
        let span = pitch * columns
        frame = ScreenRect(x: centre - span / 2, y: top, width: span, height: height)
    }

    /// The key whose cell holds `point`, if any.
    public func key(at point: ScreenPoint) -> PlacedKey? {
        keys.first { $0.cell.contains(point) }
    }
}
