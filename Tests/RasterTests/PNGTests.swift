import Raster
import Testing

private func temporaryPath(_ name: String) -> String {
    "/tmp/raster-tests-\(name)-\(UInt32.random(in: 0...UInt32.max)).png"
}

@Test func pngWriteThenReadGivesTheSamePixels() throws {
    let buffer = PixelBuffer(width: 37, height: 23, stridePixels: 40)
    for y in 0..<23 {
        for x in 0..<37 { buffer.setPixel(x: x, y: y, UInt32(x * 7) << 16 | UInt32(y * 11) << 8 | UInt32((x ^ y) & 0xFF)) }
    }
    let path = temporaryPath("roundtrip")
    try writePNG(buffer, to: path)
    let read = try readPNG(path: path)
    #expect(read.width == 37 && read.height == 23)
    for y in 0..<23 {
        for x in 0..<37 where read.pixel(x: x, y: y) != buffer.pixel(x: x, y: y) {
            Issue.record("pixel \(x),\(y) differs")
        }
    }
}

@Test func pngRegionIsWrittenAlone() throws {
    let buffer = PixelBuffer(width: 10, height: 10)
    buffer.setPixel(x: 3, y: 4, 0x123456)
    let path = temporaryPath("region")
    try writePNG(buffer, region: IntRect(x: 3, y: 4, width: 2, height: 3), to: path)
    let read = try readPNG(path: path)
    #expect(read.width == 2 && read.height == 3)
    #expect(read.pixel(x: 0, y: 0) == 0x123456)
}

@Test func readingAMissingPNGNamesTheFile() {
    do {
        _ = try readPNG(path: "/nonexistent/frame.png")
        Issue.record("expected an error")
    } catch {
        #expect(error.description.hasPrefix("/nonexistent/frame.png"))
    }
}
