/// One thread's memo of the glyph masks it has looked up, in front of the fonts' shared caches: the prepare pass
/// of banded drawing resolves labels on every thread at once, and a font's cache is behind one lock that every
/// glyph of every label would otherwise take. A mask, once rendered, never changes (`RenderedGlyph` is a value
/// over an immutable array), so a thread may keep the ones it got and share them with the draw pass as they are.
///
/// Indexed like `GlyphCache.SizeTable` (glyph × phase), one table of its own per shared table it has seen.
final class GlyphMemo {
    private final class Table {
        /// Held so that its identifier names no other table while this one is in the memo.
        let shared: GlyphCache.SizeTable
        /// 0: not looked up yet, -1: the font has no mask for it, else 1 + an index into `masks`.
        var slots: [Int32]
        var haloSlots: [Int32] = []
        var masks: [RenderedGlyph] = []

        init(_ shared: GlyphCache.SizeTable) {
            self.shared = shared
            slots = [Int32](repeating: 0, count: shared.slotCount)
        }
    }

    /// As many tables as the shared cache keeps for a face with many glyphs: a zoom makes many sizes.
    static let tableLimit = 8
    private var tables: [ObjectIdentifier: Table] = [:]
    private var last: Table?

    /// The mask `font.glyph(id, phase:, in:, halo:)` gives, from the memo when this thread looked it up before.
    @inline(__always)
    func glyph(_ id: UInt32, phase: Int, in shared: GlyphCache.SizeTable, halo: Bool, font: Font) -> RenderedGlyph? {
        let table = self.table(for: shared)
        let slot = Int(id) &* GlyphCache.phases &+ phase
        guard slot >= 0, slot < table.slots.count else { return font.glyph(id, phase: phase, in: shared, halo: halo) }
        if halo, table.haloSlots.isEmpty { table.haloSlots = [Int32](repeating: 0, count: table.slots.count) }
        let entry = halo ? table.haloSlots[slot] : table.slots[slot]
        if entry > 0 { return table.masks[Int(entry) - 1] }
        if entry < 0 { return nil }
        let found = font.glyph(id, phase: phase, in: shared, halo: halo)
        var value: Int32 = -1
        if let found {
            table.masks.append(found)
            value = Int32(table.masks.count)
        }
        if halo { table.haloSlots[slot] = value } else { table.slots[slot] = value }
        return found
    }

    private func table(for shared: GlyphCache.SizeTable) -> Table {
        if let last, last.shared === shared { return last }
        let key = ObjectIdentifier(shared)
        if let table = tables[key] {
            last = table
            return table
        }
        if tables.count >= Self.tableLimit { tables.removeAll() }
        let table = Table(shared)
        tables[key] = table
        last = table
        return table
    }
}
