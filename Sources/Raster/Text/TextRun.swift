/// Which way a run of text reads: the parity of its bidi embedding level.
public enum TextDirection: Hashable, Sendable {
    case leftToRight, rightToLeft
}

/// A piece of a label that one font shapes in one go: one script, one direction, one language, as UTF-8 byte
/// offsets into the label's text (HarfBuzz clusters count bytes, and the rest of the text is kept as context).
public struct TextRun: Hashable, Sendable {
    public var utf8Range: Range<Int>
    public var direction: TextDirection
    /// The script as HarfBuzz's ISO 15924 tag (`hb_script_t`), e.g. 'Arab', 'Hani'.
    public var script: UInt32
    /// BCP 47 tag (`ja`, `zh-Hans`, `fa`): picks the language's own glyph forms (OpenType `locl`); nil: the font's
    /// defaults.
    public var language: String?

    public init(utf8Range: Range<Int>, direction: TextDirection, script: UInt32, language: String?) {
        self.utf8Range = utf8Range
        self.direction = direction
        self.script = script
        self.language = language
    }
}
