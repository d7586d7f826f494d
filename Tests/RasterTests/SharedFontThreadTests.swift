import Dispatch
import Testing
@testable import Raster

/// One `Font` (and one `FontStack`) shared by many threads (issue 35): a parallel test run once aborted inside the
/// label plan because cases shared a font whose FreeType face and caches were unguarded. Each thread shapes and draws
/// its own names at its own sizes, and every picture must equal the one a private font draws alone.
struct SharedFontThreadTests {
    static let names = ["Alexanderplatz", "Шоссе Энтузиастов", "Gare du Nord", "Königstraße", "Praça de Espanha",
                        "Kurfürstendamm", "Westminster", "Sloterdijk"]

    /// Every name drawn on its own canvas at `size`, with the font's glyph cache doing the rendering.
    static func pictures(font: Font, stack: FontStack, size: Float) -> [[UInt32]] {
        names.map { name in
            let canvas = Canvas(buffer: PixelBuffer(width: 320, height: 48))
            canvas.clear(.black)
            canvas.draw(font.shape(name, sizePixels: size), at: Point(2, 30), font: font, color: .white)
            canvas.draw(stack.shape(name + " 2", sizePixels: size * 0.8), at: Point(2, 44), color: .white, halo: .black)
            return (0..<48).flatMap { y in (0..<320).map { canvas.buffer.row(y)[$0] } }
        }
    }

    @Test func oneFontSharedByEightThreadsDrawsWhatAPrivateOneDraws() throws {
        let sizes: [Float] = (0..<16).map { 11 + Float($0) * 1.5 }
        // What each size looks like from fonts no other thread touches.
        let expected = try sizes.map { size in
            let font = try Font.loadDefault()
            return Self.pictures(font: font, stack: FontStack(fonts: [font]), size: size)
        }
        let shared = try Font.loadDefault()
        let stack = FontStack(fonts: [shared])
        let results = Results(count: sizes.count)
        // Several rounds, so the threads meet in the glyph cache, the shaping cache and FreeType's size changes.
        for _ in 0..<3 {
            DispatchQueue.concurrentPerform(iterations: sizes.count) { index in
                results.set(index, Self.pictures(font: shared, stack: stack, size: sizes[index]))
            }
            for index in sizes.indices { #expect(results.get(index) == expected[index], "size \(sizes[index])") }
        }
    }

    /// Per-index slots, each written by one thread; behind a lock ThreadSanitizer sees (`PthreadMutex`), or it reports
    /// the threads' writes as races.
    final class Results: Sendable {
        private let slots: PthreadMutex<[[[UInt32]]]>
        init(count: Int) { slots = PthreadMutex(Array(repeating: [], count: count)) }
        func set(_ index: Int, _ value: [[UInt32]]) { slots.withLock { $0[index] = value } }
        func get(_ index: Int) -> [[UInt32]] { slots.withLock { $0[index] } }
    }
}
