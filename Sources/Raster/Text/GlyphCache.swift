import CFreeType

/// A rendered glyph: its coverage mask and where the mask's top-left sits relative to the pen position
/// (left bearing, and height above the baseline).
struct RenderedGlyph {
    let mask: AlphaMask
    let left: Int
    let top: Int
}

/// Rendered glyph bitmaps per size, indexed by glyph and horizontal sub-pixel phase (quarter pixels), so a label
/// drawn again costs only blits and an array index per glyph. FreeType renders unhinted outlines in 8-bit gray
/// (FT_RENDER_MODE_NORMAL), matching HarfBuzz's unhinted advances.
final class GlyphCache {
    /// The glyphs of one size: `slots[glyphID * phases + phase]` is 0 (not rendered yet), -1 (FreeType failed),
    /// or 1 + an index into `glyphs`.
    final class SizeTable {
        let size26Dot6: Int32
        let tone: TextTone?
        fileprivate var slots: [Int32]
        fileprivate var glyphs: [RenderedGlyph] = []
        /// Halo masks, the same indexing as `slots`; allocated on the first halo drawn at this size.
        fileprivate var haloSlots: [Int32] = []
        fileprivate var halos: [RenderedGlyph] = []
        fileprivate let curve: [UInt8]?

        /// Glyphs × phases: the length of an array indexed like `slots`. Fixed at creation and kept apart from
        /// `slots`, which is written under the font's lock: a `GlyphMemo` reads it without the lock.
        let slotCount: Int

        fileprivate init(size26Dot6: Int32, tone: TextTone?, glyphCount: Int) {
            self.size26Dot6 = size26Dot6
            self.tone = tone
            curve = tone?.coverageCurve()
            slotCount = max(1, glyphCount) * GlyphCache.phases
            slots = [Int32](repeating: 0, count: slotCount)
        }
    }

    private struct TableKey: Hashable {
        let size26Dot6: Int32
        let tone: TextTone?
    }

    static let phaseShift = 2
    static let phases = 1 << phaseShift
    private let face: FT_Face
    private let glyphCount: Int
    private var currentSize: Int32 = 0
    private var tables: [TableKey: SizeTable] = [:]
    private var lastTable: SizeTable?

    init(face: FT_Face) {
        self.face = face
        glyphCount = Int(face.pointee.num_glyphs)
    }

    /// The halo's width around the glyphs at `sizePixels`: enough to part text from a line it crosses, not so much
    /// that neighbouring labels' halos swallow lines.
    static func haloRadius(sizePixels: Float) -> Float {
        min(3, max(1.25, sizePixels * 0.11))
    }

    /// The table for one size and tone (nil: plain coverage); look it up once per text run.
    func table(size26Dot6: Int32, tone: TextTone? = nil) -> SizeTable {
        if let last = lastTable, last.size26Dot6 == size26Dot6, last.tone == tone { return last }
        let key = TableKey(size26Dot6: size26Dot6, tone: tone)
        if let table = tables[key] {
            lastTable = table
            return table
        }
        // Continuous zoom makes many sizes; keep memory bounded by starting over. A pan-CJK face's tables index
        // 65 536 glyphs (1 MB of slots each, 2 with halos), so it keeps fewer.
        if tables.count >= (glyphCount > 16_384 ? 8 : 32) { tables.removeAll() }
        let table = SizeTable(size26Dot6: size26Dot6, tone: tone, glyphCount: glyphCount)
        tables[key] = table
        lastTable = table
        return table
    }

    @inline(__always)
    func glyph(_ id: UInt32, phase: Int, in table: SizeTable) -> RenderedGlyph? {
        let slot = Int(id) &* GlyphCache.phases &+ phase
        guard slot >= 0, slot < table.slots.count else { return nil }
        let entry = table.slots[slot]
        if entry > 0 { return table.glyphs[Int(entry) - 1] }
        if entry < 0 { return nil }
        guard let rendered = render(id, size26Dot6: table.size26Dot6, phase: phase, table: table) else {
            table.slots[slot] = -1
            return nil
        }
        table.glyphs.append(rendered)
        table.slots[slot] = Int32(table.glyphs.count)
        return rendered
    }

    /// The halo under glyph `id`: its coverage grown by `haloRadius` (a disc-shaped maximum filter with a soft
    /// edge), rendered once per glyph, size and phase like the glyph itself.
    func halo(_ id: UInt32, phase: Int, in table: SizeTable) -> RenderedGlyph? {
        let slot = Int(id) &* GlyphCache.phases &+ phase
        guard slot >= 0, slot < table.slots.count else { return nil }
        if table.haloSlots.isEmpty { table.haloSlots = [Int32](repeating: 0, count: table.slots.count) }
        let entry = table.haloSlots[slot]
        if entry > 0 { return table.halos[Int(entry) - 1] }
        if entry < 0 { return nil }
        guard let glyph = glyph(id, phase: phase, in: table) else {
            table.haloSlots[slot] = -1
            return nil
        }
        let halo = TextHaloMask.grow(glyph, radius: GlyphCache.haloRadius(sizePixels: Float(table.size26Dot6) / 64))
        table.halos.append(halo)
        table.haloSlots[slot] = Int32(table.halos.count)
        return halo
    }

    private func render(_ id: UInt32, size26Dot6: Int32, phase: Int, table: SizeTable) -> RenderedGlyph? {
        if size26Dot6 != currentSize {
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6(size26Dot6), 72, 72) == 0 else { return nil }
            currentSize = size26Dot6
        }
        let noHinting: Int32 = 1 << 1, noBitmap: Int32 = 1 << 3
        guard FT_Load_Glyph(face, id, noHinting | noBitmap) == 0, let slot = face.pointee.glyph else { return nil }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            // Text blended in linear light reads thinner than the same coverage blended in sRGB: stem darkening
            // (as FreeType's CFF driver and macOS do) thickens small sizes a little to keep the weight.
            if table.tone != nil {
                let strength = TextTone.stemDarkening26Dot6(size26Dot6: size26Dot6)
                if strength > 0 {
                    // Emboldening grows right and up; centre the growth on the original outline.
                    FT_Outline_EmboldenXY(&slot.pointee.outline, strength, strength / 2)
                    FT_Outline_Translate(&slot.pointee.outline, -strength / 2, -strength / 4)
                }
            }
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase * 64 / GlyphCache.phases), 0)
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var alphas = [UInt8](repeating: 0, count: width * rows)
        if let buffer = bitmap.buffer, width > 0, rows > 0, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            alphas.withUnsafeMutableBufferPointer { out in
                for y in 0..<rows {
                    let src = pitch >= 0 ? buffer + y * pitch : buffer + (rows - 1 - y) * (-pitch)
                    if let curve = table.curve {
                        for x in 0..<width { out[y * width + x] = curve[Int(src[x])] }
                    } else {
                        for x in 0..<width { out[y * width + x] = src[x] }
                    }
                }
            }
        }
        return RenderedGlyph(mask: AlphaMask(width: width, height: rows, alphas: alphas),
                             left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
    }
}
