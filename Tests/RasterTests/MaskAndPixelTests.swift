import Raster
import Testing

@Test func alphaMaskBlitScalesColourByMaskAlpha() {
    let canvas = makeCanvas(width: 16, height: 16)
    let mask = AlphaMask(width: 3, height: 2, alphas: [0, 128, 255, 64, 192, 255])
    canvas.blit(mask, x: 5, y: 7, color: .white)
    let expected: [UInt32] = [0, 128, 255, 64, 192, 255]
    for (i, level) in expected.enumerated() {
        let p = canvas.buffer.pixel(x: 5 + i % 3, y: 7 + i / 3)!
        #expect(abs(Int(p & 0xFF) - Int(level)) <= 1, "mask pixel \(i)")
        #expect(p & 0xFF == p >> 16 & 0xFF)
    }
    #expect(canvas.buffer.pixel(x: 4, y: 7) == 0)
    #expect(canvas.buffer.pixel(x: 8, y: 7) == 0)
}

@Test func alphaMaskBlitWithTranslucentColourHalvesIt() {
    let canvas = makeCanvas(width: 8, height: 8)
    canvas.blit(AlphaMask(width: 1, height: 1, alphas: [255]), x: 2, y: 2, color: Color(rgb: 0xFF0000, alpha: 128))
    #expect(abs(Int(canvas.buffer.pixel(x: 2, y: 2)! >> 16) - 128) <= 1)
}

@Test func alphaMaskBlitPartlyOutsideIsClipped() {
    let canvas = makeCanvas(width: 8, height: 8)
    let mask = AlphaMask(width: 4, height: 4, alphas: [UInt8](repeating: 255, count: 16))
    canvas.blit(mask, x: -2, y: 6, color: .white)
    #expect(canvas.buffer.pixel(x: 0, y: 6) == 0xFFFFFF)
    #expect(canvas.buffer.pixel(x: 1, y: 7) == 0xFFFFFF)
    #expect(canvas.buffer.pixel(x: 2, y: 7) == 0)
}

@Test func rgb565ConversionRoundsEachChannelToTheNearestLevel() {
    let buffer = PixelBuffer(width: 4, height: 2)
    // 0x80: 128·31/255 = 15.56 → 16 and 128·63/255 = 31.6 → 32 (truncation gives 15 and 32);
    // 0x07: 7·31/255 = 0.85 → 1 (truncation gives 0); 0x04 in red: 0.49 → 0.
    let values: [UInt32: UInt16] = [0xFFFFFF: 0xFFFF, 0xFF0000: 0xF800, 0x00FF00: 0x07E0, 0x0000FF: 0x001F,
                                    0x808080: 16 << 11 | 32 << 5 | 16, 0x000000: 0x0000, 0x070307: 0x0821,
                                    0xFF040000: 0x0000]
    for (value, expected) in values { #expect(rgb565(fromXRGB: value) == expected, "0x\(String(value, radix: 16))") }
    let ordered = Array(values.keys).sorted()
    for (i, v) in ordered.enumerated() { buffer.setPixel(x: i % 4, y: i / 4, v) }
    // The destination has its own, wider stride; pixels outside the region keep their value.
    let strideBytes = 6 * 2
    var destination = [UInt16](repeating: 0xBEEF, count: 6 * 2)
    destination.withUnsafeMutableBytes { raw in
        convertToRGB565(from: buffer, region: IntRect(x0: 1, y0: 0, x1: 4, y1: 2), into: raw.baseAddress!,
                        destinationStrideBytes: strideBytes)
    }
    for i in ordered.indices {
        let (x, y) = (i % 4, i / 4)
        let expected = x == 0 ? 0xBEEF : values[ordered[i]]!
        #expect(destination[y * 6 + x] == expected, "pixel \(x),\(y)")
    }
    #expect(destination[4] == 0xBEEF && destination[5] == 0xBEEF)
}

@Test func pixelBufferHonoursItsStride() {
    let buffer = PixelBuffer(width: 5, height: 3, stridePixels: 8)
    #expect(buffer.strideBytes == 32)
    let canvas = Canvas(buffer: buffer)
    canvas.clear(.white)
    #expect(buffer.pixels[7] == 0)  // padding past the width is not part of the image
    #expect(buffer.pixels[8] == 0xFFFFFF)
}

@Test func rgb565RoundingIsExactForEveryChannelValue() {
    for v in UInt32(0)...255 {
        let expected5 = UInt16((v * 31 + 127) / 255), expected6 = UInt16((v * 63 + 127) / 255)
        #expect(rgb565(fromXRGB: v << 16) == expected5 << 11, "red \(v)")
        #expect(rgb565(fromXRGB: v << 8) == expected6 << 5, "green \(v)")
        #expect(rgb565(fromXRGB: v) == expected5, "blue \(v)")
    }
}
