import CFreeType

/// A rendered glyph: its coverage mask and where the mask's top-left sits relative to the pen position
/// (left bearing, and height above the baseline).
struct RenderedGlyph {
    let mask: AlphaMask
    let left: Int
    let top: Int
}

/// Rendered glyph bitmaps keyed by glyph, size and horizontal sub-pixel phase (quarter pixels), so a label
/// drawn again costs only blits. FreeType renders unhinted outlines in 8-bit gray (FT_RENDER_MODE_NORMAL),
/// matching HarfBuzz's unhinted advances.
final class GlyphCache {
    struct Key: Hashable {
        let glyphID: UInt32
        let size26Dot6: Int32
        let phase: UInt8
    }

    static let phases = 4
    private let face: FT_Face
    private var currentSize: Int32 = 0
    private var glyphs: [Key: RenderedGlyph] = [:]

    init(face: FT_Face) {
        self.face = face
    }

    var count: Int { glyphs.count }

    func glyph(_ id: UInt32, size26Dot6: Int32, phase: Int) -> RenderedGlyph? {
        let key = Key(glyphID: id, size26Dot6: size26Dot6, phase: UInt8(truncatingIfNeeded: phase))
        if let cached = glyphs[key] { return cached }
        guard let rendered = render(id, size26Dot6: size26Dot6, phase: phase) else { return nil }
        if glyphs.count > 20_000 { glyphs.removeAll(keepingCapacity: true) }
        glyphs[key] = rendered
        return rendered
    }

    private func render(_ id: UInt32, size26Dot6: Int32, phase: Int) -> RenderedGlyph? {
        if size26Dot6 != currentSize {
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6(size26Dot6), 72, 72) == 0 else { return nil }
            currentSize = size26Dot6
        }
        let noHinting: Int32 = 1 << 1, noBitmap: Int32 = 1 << 3
        guard FT_Load_Glyph(face, id, noHinting | noBitmap) == 0, let slot = face.pointee.glyph else { return nil }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
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
                    for x in 0..<width { out[y * width + x] = src[x] }
                }
            }
        }
        return RenderedGlyph(mask: AlphaMask(width: width, height: rows, alphas: alphas),
                             left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
    }
}
