import Testing
@testable import Raster

/// Labels prepared in chunks on every thread of the pool (each thread through its own glyph memo) give the pixels
/// and the missing-glyph report of one thread, on the first frame and on a frame drawn again from the memos.
struct ParallelTextPrepareTests {
    /// Many labels at quarter-pixel phases, two sizes, half with halos, interleaved with rectangles so every chunk
    /// of commands mixes text and shapes; some name characters the font lacks.
    static func scene(font: Font) -> Scene {
        var commands: [SceneCommand] = []
        for i in 0..<240 {
            let x = Float(i % 12) * 33.25 + Float(i % 4) * 0.25, y = Float(i / 12) * 15 + 12
            let name = i % 37 == 0 ? "Tōkyō 東京 \(i)" : "Station \(i) Ål"
            let line = ShapedLine(font.shape(name, sizePixels: i % 3 == 0 ? 12 : 14.5), font: font)
            commands.append(.text(TextCommand(line: line, origin: Point(x, y), color: Color(rgb: 0x202020),
                                              halo: i % 2 == 0 ? .white : nil)))
            if i % 5 == 0 { commands.append(.rect(Rect(x: x, y: y - 8, width: 9, height: 4), Color(rgb: 0xE03020, alpha: 160))) }
        }
        return Scene(background: Color(rgb: 0xF4F1EA), commands: commands)
    }

    static func draw(_ scene: Scene, threads: Int, times: Int) -> (PixelBuffer, [[String]]) {
        let canvas = Canvas(buffer: PixelBuffer(width: 400, height: 300))
        canvas.renderPool = RenderPool(threads: threads)
        var reports: [[String]] = []
        for _ in 0..<times {
            reports.append(canvas.draw(scene).textsWithMissingGlyphs.map(\.text))
        }
        return (canvas.buffer, reports)
    }

    @Test(arguments: [2, 4])
    func labelsPreparedOnEveryThreadMatchOneThread(threads: Int) throws {
        let font = try Font.loadDefault()
        let scene = Self.scene(font: font)
        let (one, oneReports) = Self.draw(scene, threads: 1, times: 1)
        let (many, manyReports) = Self.draw(scene, threads: threads, times: 2)
        let differing = (0..<one.height).filter { y in (0..<one.width).contains { one.pixel(x: $0, y: y) != many.pixel(x: $0, y: y) } }
        #expect(differing.isEmpty, "\(threads) threads: rows \(differing.prefix(8)) differ from one thread")
        #expect(!oneReports[0].isEmpty)
        #expect(manyReports == [oneReports[0], oneReports[0]])
    }
}
