@testable import Raster
import Testing

/// Every resampling kernel this CPU can run gives the portable kernel's bytes, so a frame does not depend on the
/// machine: scales from a deep zoom-out (where four columns no longer fit AVX2's eight-pixel window) to a deep
/// zoom-in, offsets that clamp at every border, widths that leave every remainder of the vector loops, and noise,
/// where any slip in a weight or a lane shows.
@Test(arguments: [1 / 1.15, 1 / 1.01, 1, 1.15, 1.99, 2.01, 2.6, 0.31, 1 / 3.7] as [Float])
func everyKernelGivesThePortableKernelsBytes(scale: Float) throws {
    let kernels = ResampleKernel.available.filter { $0 != .portable }
    try #require(!kernels.isEmpty, "this CPU runs no kernel but the portable one: nothing to compare")
    for (sw, sh, width, height) in [(257, 61, 250, 59), (130, 40, 131, 41), (1024, 9, 1021, 7), (7, 5, 13, 6)] {
        let source = PixelBuffer(width: sw, height: sh)
        var seed = UInt64(sw * 7919 + sh)
        for y in 0..<sh {
            for x in 0..<sw {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                // X is set too: the kernels must not let it leak into the channels or the result.
                source.setPixel(x: x, y: y, UInt32(truncatingIfNeeded: seed >> 31))
            }
        }
        for offset in [Point(0.3, 0.6), Point(-5.7, -3.2), Point(Float(sw) * 0.4, Float(sh) * 0.3), Point(9.5, -1)] {
            let expected = Canvas(buffer: PixelBuffer(width: width, height: height))
            expected.drawResampled(from: source, scale: scale, offset: offset, outside: Color(rgb: 0x102030), kernel: .portable)
            for kernel in kernels {
                let canvas = Canvas(buffer: PixelBuffer(width: width, height: height))
                canvas.drawResampled(from: source, scale: scale, offset: offset, outside: Color(rgb: 0x102030), kernel: kernel)
                var differing = 0
                for y in 0..<height {
                    for x in 0..<width where canvas.buffer.pixel(x: x, y: y) != expected.buffer.pixel(x: x, y: y) { differing += 1 }
                }
                #expect(differing == 0, "\(kernel) at scale \(scale), \(sw)×\(sh) → \(width)×\(height), offset \(offset)")
            }
        }
    }
}

/// The AVX2 kernel's window really covers a pinch's columns; a table that never qualified would pass the test
/// above while running the SSSE3 loop.
@Test func aPinchRunsOnAVX2WindowsWhereTheCPUHasThem() throws {
    try #require(ResampleKernel.available.contains(.avx2), "this CPU has no AVX2")
    let map = ResampleColumns(area: IntRect(x0: 0, y0: 0, x1: 1920, y1: 1), sourceWidth: 1920, scale: 1 / 1.15,
                              offsetX: 125, kernel: .avx2)
    defer { map.deallocate() }
    #expect(map.windowEnd - map.firstInterior >= 1900)
}
