import Dispatch
import Testing
@testable import Raster

/// Threads drawing through glyph memos of their own over one font's shared cache (issue 35), as banded drawing's
/// prepare pass does: a memo sizes its table from the shared one outside the font's lock while another thread renders
/// new glyphs into it under the lock. ThreadSanitizer (`swift test --sanitize=thread`) reported that read as a race
/// on `GlyphCache.SizeTable.slots`; the pictures must match a private font's either way.
struct GlyphMemoThreadTests {
    /// Each thread's own words, so that every thread renders glyphs no other has yet (new slots written) at the
    /// one size all share (one shared table).
    static let words = ["Alexanderplatz", "Wyndham", "Quayside", "Jubilee", "Vauxhall", "Fountainbridge",
                        "Kolomenskaya", "Zoologischer", "Bahnhof", "Yerba Buena", "Mxyz", "Oxford Circus"]

    static func picture(_ word: String, font: Font, memo: GlyphMemo?) -> [UInt32] {
        let canvas = Canvas(buffer: PixelBuffer(width: 240, height: 32))
        canvas.glyphMemo = memo
        canvas.clear(.black)
        canvas.draw(ShapedLine(font.shape(word, sizePixels: 17.25), font: font), at: Point(2.25, 22), color: .white,
                    halo: .black)
        return (0..<32).flatMap { y in (0..<240).map { canvas.buffer.row(y)[$0] } }
    }

    @Test func memosOverOneSharedCacheDrawWhatAPrivateFontDraws() throws {
        let expected = try Self.words.map { Self.picture($0, font: try Font.loadDefault(), memo: nil) }
        let shared = try Font.loadDefault()
        let results = SharedFontThreadTests.Results(count: Self.words.count)
        DispatchQueue.concurrentPerform(iterations: Self.words.count) { index in
            results.set(index, [Self.picture(Self.words[index], font: shared, memo: GlyphMemo())])
        }
        for index in Self.words.indices {
            #expect(results.get(index) == [expected[index]], "\(Self.words[index])")
        }
    }
}
