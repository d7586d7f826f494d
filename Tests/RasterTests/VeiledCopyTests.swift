import Testing
@testable import Raster

/// The copy of the map with the route's veil laid in the same pass gives the bytes of a copy followed by
/// `fillRect` of the veil, on any number of threads, and touches nothing outside its rectangle.
struct VeiledCopyTests {
    static func painted(_ width: Int, _ height: Int, seed: UInt32) -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { buffer.setPixel(x: x, y: y, (UInt32(x) &* 2_654_435_761 ^ UInt32(y) &* 40_503 &+ seed) & 0xFF_FFFF) }
        }
        return buffer
    }

    @Test(arguments: [1, 2, 4])
    func aVeiledCopyIsACopyThenTheVeilFilled(threads: Int) {
        let pool = RenderPool(threads: threads)
        let map = Self.painted(301, 203, seed: 7)
        let rects = [map.bounds, IntRect(x: 13, y: 61, width: 190, height: 97), IntRect(x: -20, y: 150, width: 400, height: 90),
                     IntRect(x: 5, y: 5, width: 0, height: 10)]
        let veils: [Color?] = [nil, Color(rgb: 0xFFFFFF, alpha: 150), Color(rgb: 0x1A4D8F, alpha: 1),
                               Color(rgb: 0xE0301E, alpha: 254), Color(rgb: 0x102030), Color(rgb: 0x102030, alpha: 0)]
        for rect in rects {
            for veil in veils {
                let ours = Self.painted(301, 203, seed: 99)
                ours.copy(from: map, rect: rect, veil: veil, pool: pool)
                let expected = Self.painted(301, 203, seed: 99)
                let area = rect.intersection(expected.bounds)
                for y in area.y0..<area.y1 {
                    for x in area.x0..<area.x1 { expected.setPixel(x: x, y: y, map.pixel(x: x, y: y)!) }
                }
                if let veil, !area.isEmpty {
                    let canvas = Canvas(buffer: expected)
                    canvas.fillRect(Rect(x: Float(area.x0), y: Float(area.y0), width: Float(area.width), height: Float(area.height)),
                                    color: veil)
                }
                let differing = (0..<203).filter { y in (0..<301).contains { ours.pixel(x: $0, y: y) != expected.pixel(x: $0, y: y) } }
                #expect(differing.isEmpty, "\(rect) under \(String(describing: veil)): rows \(differing.prefix(5)) differ")
            }
        }
    }
}
