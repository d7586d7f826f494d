/// The fonts labels are drawn with, in order of preference: each run of a label goes to the first font that
/// covers it (fontconfig's character sets), so one station name can mix Latin, Arabic and Han and every part finds
/// its font. Shaping results are cached per name and size: a label is itemized once and shaped once per size.
/// Safe to share across threads (issue 35): the fonts lock their own faces and caches, and the stack's caches are
/// looked up and filled under `caches`' lock (a result computed twice by two threads is the same value).
public final class FontStack: @unchecked Sendable {
    /// Families of Debian's fonts-noto-core and fonts-noto-cjk covering the scripts station names are written in,
    /// then DejaVu Sans. The CJK face comes after the others so Latin digits and punctuation keep Noto Sans.
    public static let defaultFamilies = [
        "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai", "Noto Sans Devanagari",
        "Noto Sans Bengali", "Noto Sans Tamil", "Noto Sans Telugu", "Noto Sans Kannada", "Noto Sans Malayalam",
        "Noto Sans Gujarati", "Noto Sans Gurmukhi", "Noto Sans Sinhala", "Noto Sans Georgian", "Noto Sans Armenian",
        "Noto Sans Ethiopic", "Noto Sans Khmer", "Noto Sans Lao", "Noto Sans Myanmar", "Noto Sans CJK JP",
        "Noto Sans Symbols", "DejaVu Sans",
    ]

    /// A configured name and the face it resolved to.
    public struct Member: Sendable, Equatable {
        public let name: String
        public let path: String
        public let faceIndex: Int
    }

    public let members: [Member]
    /// Configured names no installed font answers to (fontconfig found no such family, or the file is unreadable).
    public let unavailable: [String]
    public let fonts: [Font]
    private let charsets: [OpaquePointer?]
    private struct Caches {
        var itemized: [ItemKey: [TextItemizer.Item]] = [:]
        var lines: [LineKey: ShapedLine] = [:]
    }
    private let caches = PthreadMutex(Caches())

    private struct ItemKey: Hashable {
        let text: String
        let language: String?
    }

    private struct LineKey: Hashable {
        let item: ItemKey
        let size26Dot6: Int32
    }

    /// Resolves `preferences` in order: a name with a "/" is a font file, anything else a fontconfig family
    /// ("Noto Sans CJK JP", "Noto Sans:weight=bold"). Names that resolve to nothing are listed in `unavailable`;
    /// only a list where nothing resolves is an error.
    public init(preferences: [String]) throws(FontError) {
        var members: [Member] = [], fonts: [Font] = [], charsets: [OpaquePointer?] = [], unavailable: [String] = []
        // Files that exist but cannot be used: reported as broken, not as "install fonts".
        var broken: [String] = []
        for name in preferences {
            if name.contains("/") {
                let font: Font
                do {
                    font = try Font(path: name)
                } catch {
                    unavailable.append(name)
                    if case .fileNotFound = error {} else { broken.append(error.description) }
                    continue
                }
                members.append(Member(name: name, path: name, faceIndex: 0))
                fonts.append(font)
                charsets.append(nil)
                continue
            }
            guard let match = FontconfigLookup.match(name),
                  !members.contains(where: { $0.path == match.path && $0.faceIndex == match.faceIndex }),
                  let font = try? Font(path: match.path, faceIndex: match.faceIndex) else {
                if !members.contains(where: { $0.name == name }) { unavailable.append(name) }
                continue
            }
            members.append(Member(name: name, path: match.path, faceIndex: match.faceIndex))
            fonts.append(font)
            charsets.append(match.charset)
        }
        guard !fonts.isEmpty else {
            if broken.isEmpty { throw .noDefaultFont(searched: preferences) }
            throw .noUsableFont(reasons: broken)
        }
        self.members = members
        self.fonts = fonts
        self.charsets = charsets
        self.unavailable = unavailable
    }

    /// A stack of fonts already open, in order (tests, the error panel's single font).
    public init(fonts: [Font]) {
        precondition(!fonts.isEmpty, "a font stack needs a font")
        self.fonts = fonts
        members = fonts.map { Member(name: $0.path, path: $0.path, faceIndex: $0.faceIndex) }
        charsets = fonts.map { _ in nil }
        unavailable = []
    }

    deinit {
        for case let charset? in charsets { FontconfigLookup.release(charset) }
    }

    /// The default families (`defaultFamilies`).
    public static func loadDefault() throws(FontError) -> FontStack {
        try FontStack(preferences: defaultFamilies)
    }

    public var primary: Font { fonts[0] }

    public func covers(_ scalar: Unicode.Scalar, font index: Int) -> Bool {
        if let charset = charsets[index] { return FontconfigLookup.charset(charset, covers: scalar) }
        return fonts[index].covers(scalar)
    }

    /// The preferred font when it covers `scalar`, else the first of the stack that does.
    func font(for scalar: Unicode.Scalar, preferred: Int?) -> Int? {
        if let preferred, covers(scalar, font: preferred) { return preferred }
        return fonts.indices.first { covers(scalar, font: $0) }
    }

    /// The primary font's ascent, descent and line gap.
    public func metrics(sizePixels: Float) -> FontMetrics { primary.metrics(sizePixels: sizePixels) }

    /// `text` itemized (bidi, script, font), shaped run by run with `language` as the OpenType language, laid out
    /// left to right in display order.
    public func shape(_ text: String, sizePixels: Float, language: String? = nil) -> ShapedLine {
        let item = ItemKey(text: text, language: language)
        let key = LineKey(item: item, size26Dot6: Font.size26Dot6(sizePixels))
        let (line, known) = caches.withLock { ($0.lines[key], $0.itemized[item]) }
        if let line { return line }
        let items: [TextItemizer.Item]
        if let known {
            items = known
        } else {
            items = TextItemizer.itemize(text, language: language) { font(for: $0, preferred: $1) }
            caches.withLock {
                if $0.itemized.count > 8_192 { $0.itemized.removeAll(keepingCapacity: true) }
                $0.itemized[item] = items
            }
        }
        var runs: [ShapedRun] = []
        var pen: Float = 0
        for entry in items {
            let font = fonts[entry.font]
            let shaped = font.shape(text, run: entry.run, sizePixels: sizePixels)
            runs.append(ShapedRun(font: font, shaped: shaped, x: pen))
            pen += shaped.advance
        }
        let shapedLine = ShapedLine(text: text, sizePixels: sizePixels, runs: runs, metrics: metrics(sizePixels: sizePixels))
        caches.withLock {
            if $0.lines.count > 8_192 { $0.lines.removeAll(keepingCapacity: true) }
            $0.lines[key] = shapedLine
        }
        return shapedLine
    }

    /// The advance width of `text` as `shape` lays it out.
    public func measure(_ text: String, sizePixels: Float, language: String? = nil) -> Float {
        shape(text, sizePixels: sizePixels, language: language).advance
    }
}
