import CFreeType
import CHarfBuzz

/// A font file opened for shaping (HarfBuzz) and rendering (FreeType), with its glyph and shaping caches.
/// Safe to share across threads by construction (issue 35: parallel test cases sharing one font once aborted inside
/// the label plan): a FreeType face, the HarfBuzz buffer and the caches are not, so every use of them goes through
/// `gate`, one lock per font. Shapes and glyph masks handed out are values, never changed after.
public final class Font: @unchecked Sendable {
    /// Where `Font.loadDefault(bold:)` looks, in order: Noto Sans (fonts-noto-core), then DejaVu Sans.
    public static let defaultRegularPaths = [
        "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    ]
    public static let defaultBoldPaths = [
        "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    ]

    public let path: String
    /// Which face of a collection (`.ttc`) this is; 0 for a single-face file.
    public let faceIndex: Int
    let freetypeFace: FT_Face
    private let library: FT_Library
    private let harfbuzzFace: OpaquePointer
    private let shapingBuffer: OpaquePointer
    private var harfbuzzFonts: [Int32: OpaquePointer] = [:]
    private var shapedCache: [ShapeKey: ShapedText] = [:]
    private let glyphCache: GlyphCache
    /// Held for every use of the face, the HarfBuzz objects and the caches; never taken twice on one path (the
    /// public entries lock, the private helpers assume it held). A pthread mutex so that ThreadSanitizer can check
    /// the caches behind it (`PthreadLock`).
    private let gate = PthreadLock()

    /// Hashes the UTF-8 bytes: String's own hashing normalises (NFC) non-ASCII text first, which costs more than
    /// shaping a short label. Strings that differ only in normalisation shape differently anyway.
    private struct ShapeKey: Hashable {
        let text: String
        let size26Dot6: Int32
        /// The run shaped, in UTF-8 bytes of `text`, and its segment properties; nil: the whole text, guessed.
        var run: TextRun? = nil

        func hash(into hasher: inout Hasher) {
            hasher.combine(size26Dot6)
            hasher.combine(run)
            for byte in text.utf8 { hasher.combine(byte) }
        }

        static func == (a: ShapeKey, b: ShapeKey) -> Bool {
            a.size26Dot6 == b.size26Dot6 && a.run == b.run && a.text.utf8.elementsEqual(b.text.utf8)
        }
    }

    public convenience init(path: String) throws(FontError) {
        try self.init(path: path, faceIndex: 0)
    }

    public init(path: String, faceIndex: Int) throws(FontError) {
        if let problem = FontFileCheck.problem(path: path, faceIndex: faceIndex) { throw problem }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw .unreadableFont(path: path, freetypeError: -1)
        }
        var face: FT_Face?
        let error = FT_New_Face(library, path, FT_Long(faceIndex), &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            // FT_Err_Cannot_Open_Resource = 1
            throw error == 1 ? .fileNotFound(path: path) : .unreadableFont(path: path, freetypeError: error)
        }
        let blob = hb_blob_create_from_file(path)
        let hbFace = hb_face_create(blob, UInt32(max(0, faceIndex)))
        hb_blob_destroy(blob)
        guard let hbFace, let buffer = hb_buffer_create() else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .unreadableFont(path: path, freetypeError: -1)
        }
        self.path = path
        self.faceIndex = faceIndex
        self.library = library
        self.freetypeFace = face
        self.harfbuzzFace = hbFace
        self.shapingBuffer = buffer
        self.glyphCache = GlyphCache(face: face)
    }

    /// The first default font that exists (regular or bold).
    public static func loadDefault(bold: Bool = false) throws(FontError) -> Font {
        try loadFirst(of: bold ? defaultBoldPaths : defaultRegularPaths)
    }

    /// The first of `paths` that exists; a file that exists but is not a font is an error, not skipped.
    public static func loadFirst(of paths: [String]) throws(FontError) -> Font {
        for path in paths {
            do {
                return try Font(path: path)
            } catch .fileNotFound {
                continue
            }
        }
        throw .noDefaultFont(searched: paths)
    }

    deinit {
        for font in harfbuzzFonts.values { hb_font_destroy(font) }
        hb_buffer_destroy(shapingBuffer)
        hb_face_destroy(harfbuzzFace)
        FT_Done_Face(freetypeFace)
        FT_Done_FreeType(library)
    }

    static func size26Dot6(_ sizePixels: Float) -> Int32 {
        Int32(max(1, min(sizePixels, 1000)) * 64 + 0.5)
    }

    /// Shapes `text` at `sizePixels` (the em size in pixels). Cached: labels are re-shaped only when they change.
    public func shape(_ text: String, sizePixels: Float) -> ShapedText {
        let size = Font.size26Dot6(sizePixels)
        return cachedShape(ShapeKey(text: text, size26Dot6: size), run: nil)
    }

    private func cachedShape(_ key: ShapeKey, run: TextRun?) -> ShapedText {
        gate.withLock {
            if let cached = shapedCache[key] { return cached }
            let shaped = shapeUncached(key.text, size26Dot6: key.size26Dot6, run: run)
            if shapedCache.count > 8_192 { shapedCache.removeAll(keepingCapacity: true) }
            shapedCache[key] = shaped
            return shaped
        }
    }

    /// Shapes one run of `text` (UTF-8 byte range `run.utf8Range`) with the run's direction, script and language,
    /// the rest of the text given to HarfBuzz as context (so Arabic joins across a run boundary). Glyph positions
    /// are relative to the run's own origin, left to right in visual order. Cached like `shape(_:sizePixels:)`.
    public func shape(_ text: String, run: TextRun, sizePixels: Float) -> ShapedText {
        let size = Font.size26Dot6(sizePixels)
        return cachedShape(ShapeKey(text: text, size26Dot6: size, run: run), run: run)
    }

    /// Whether the font's character map has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        gate.withLock { FT_Get_Char_Index(freetypeFace, FT_ULong(scalar.value)) != 0 }
    }

    /// The glyph cache's table for a size and tone (`GlyphCache.table`), under the font's lock.
    func glyphTable(size26Dot6: Int32, tone: TextTone?) -> GlyphCache.SizeTable {
        gate.withLock { glyphCache.table(size26Dot6: size26Dot6, tone: tone) }
    }

    /// A glyph's mask at a phase, or its halo's (`GlyphCache.glyph`, `halo`), rendered under the font's lock.
    func glyph(_ id: UInt32, phase: Int, in table: GlyphCache.SizeTable, halo: Bool) -> RenderedGlyph? {
        gate.withLock {
            halo ? glyphCache.halo(id, phase: phase, in: table) : glyphCache.glyph(id, phase: phase, in: table)
        }
    }

    private func harfbuzzFont(size26Dot6 size: Int32) -> OpaquePointer? {
        if let font = harfbuzzFonts[size] { return font }
        guard let font = hb_font_create(harfbuzzFace) else { return nil }
        // hb_font_create installs the OpenType functions (hmtx advances, GPOS kerning) by default.
        // Positions then come out in 26.6 pixels.
        hb_font_set_scale(font, size, size)
        harfbuzzFonts[size] = font
        return font
    }

    private func shapeUncached(_ text: String, size26Dot6 size: Int32, run: TextRun?) -> ShapedText {
        let sizePixels = Float(size) / 64
        guard let font = harfbuzzFont(size26Dot6: size) else {
            let bytes = run.map { Array(text.utf8)[$0.utf8Range.clamped(to: 0..<text.utf8.count)] } ?? Array(text.utf8)[...]
            return ShapedText(text: text, sizePixels: sizePixels, glyphs: [], advance: 0,
                              missingCharacters: Array(String(decoding: bytes, as: UTF8.self).unicodeScalars),
                              metrics: headerMetrics(sizePixels: sizePixels))
        }
        let buffer = shapingBuffer
        hb_buffer_clear_contents(buffer)
        let utf8 = Array(text.utf8)
        let range = run.map { $0.utf8Range.clamped(to: 0..<utf8.count) } ?? 0..<utf8.count
        utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), UInt32(range.lowerBound), Int32(range.count))
            }
        }
        if let run {
            hb_buffer_set_direction(buffer, run.direction == .rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, hb_script_t(rawValue: run.script))
            if let language = run.language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        }
        // Fills in whatever the run did not set (a plain `shape(_:sizePixels:)` guesses everything).
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else {
            return ShapedText(text: text, sizePixels: sizePixels, glyphs: [], advance: 0, missingCharacters: [],
                              metrics: headerMetrics(sizePixels: sizePixels))
        }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        var missing: [Unicode.Scalar] = []
        var penX: Int32 = 0, penY: Int32 = 0
        for i in 0..<Int(count) {
            let info = infos[i], position = positions[i]
            if info.codepoint == 0 {
                if let scalar = Font.scalar(in: utf8, atByte: Int(info.cluster)) { missing.append(scalar) }
            } else {
                glyphs.append(ShapedGlyph(glyphID: info.codepoint,
                                          x: Float(penX + position.x_offset) / 64,
                                          y: -Float(penY + position.y_offset) / 64, cluster: info.cluster))
            }
            penX += position.x_advance
            penY += position.y_advance
        }
        return ShapedText(text: text, sizePixels: sizePixels, glyphs: glyphs, advance: Float(penX) / 64,
                          missingCharacters: missing, metrics: headerMetrics(sizePixels: sizePixels))
    }

    private static func scalar(in utf8: [UInt8], atByte offset: Int) -> Unicode.Scalar? {
        guard offset >= 0, offset < utf8.count else { return nil }
        var decoder = UTF8()
        var iterator = utf8[offset...].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    /// Ascent, descent and line gap at `sizePixels`, from the font's horizontal header.
    public func metrics(sizePixels: Float) -> FontMetrics {
        gate.withLock { headerMetrics(sizePixels: sizePixels) }
    }

    /// `metrics` with the lock held (the face record is read whole, and FreeType writes its size field).
    private func headerMetrics(sizePixels: Float) -> FontMetrics {
        let face = freetypeFace.pointee
        let scale = sizePixels / Float(max(1, face.units_per_EM))
        let ascent = Float(face.ascender) * scale
        let descent = -Float(face.descender) * scale
        return FontMetrics(ascent: ascent, descent: descent, lineGap: max(0, Float(face.height) * scale - ascent - descent))
    }

    /// The advance width of `text` at `sizePixels`, kerning included.
    public func measure(_ text: String, sizePixels: Float) -> Float {
        shape(text, sizePixels: sizePixels).advance
    }
}
