import KioskCore
import Raster
import Testing
@testable import Platform

/// A shadow frame whose every pixel is distinct, so a misplaced copy cannot go unnoticed.
private func numberedFrame(width: Int, height: Int) -> [UInt32] {
    (0..<(width * height)).map { UInt32(0x10_0000 + $0) }
}

private func copyAll(_ pixels: [UInt32], width: Int, height: Int, damage: IntRect, rotation: OutputRotation,
                     format: ScanoutPixelFormat = .xrgb8888, padBytes: Int = 12) -> (bytes: [UInt8], pitch: Int, written: IntRect) {
    let scan = rotation.scanoutSize(uprightWidth: width, uprightHeight: height)
    let pitch = scan.width * format.bytesPerPixel + padBytes
    var bytes = [UInt8](repeating: 0xAA, count: pitch * scan.height)
    let written = pixels.withUnsafeBufferPointer { source in
        bytes.withUnsafeMutableBytes { target in
            DamageCopy.copy(from: ShadowFrame(pixels: source.baseAddress!, width: width, height: height, stridePixels: width),
                            damage: damage, to: target.baseAddress!, pitchBytes: pitch, format: format, rotation: rotation)
        }
    }
    return (bytes, pitch, written)
}

private func scanoutPixel32(_ bytes: [UInt8], pitch: Int, x: Int, y: Int) -> UInt32 {
    let i = y * pitch + x * 4
    return UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
}

@Test func uprightCopyPlacesEveryPixelAndRespectsThePitch() {
    let w = 5, h = 3
    let frame = numberedFrame(width: w, height: h)
    let r = copyAll(frame, width: w, height: h, damage: .full(width: w, height: h), rotation: .none)
    for y in 0..<h { for x in 0..<w { #expect(scanoutPixel32(r.bytes, pitch: r.pitch, x: x, y: y) == frame[y * w + x]) } }
    // The padding past each row's pixels is the kernel's, never written.
    #expect(r.bytes[w * 4] == 0xAA && r.bytes[r.pitch - 1] == 0xAA)
}

@Test func onlyTheDamagedRectangleIsWritten() {
    let w = 6, h = 4
    let frame = numberedFrame(width: w, height: h)
    let damage = IntRect(x: 2, y: 1, width: 3, height: 2)
    let r = copyAll(frame, width: w, height: h, damage: damage, rotation: .none)
    for y in 0..<h {
        for x in 0..<w {
            let inside = x >= 2 && x < 5 && y >= 1 && y < 3
            let value = scanoutPixel32(r.bytes, pitch: r.pitch, x: x, y: y)
            #expect(value == (inside ? frame[y * w + x] : 0xAAAA_AAAA))
        }
    }
    #expect(r.written == damage)
}

@Test func damageHangingOffTheFrameIsClippedNotTrusted() {
    let w = 4, h = 4
    let frame = numberedFrame(width: w, height: h)
    let r = copyAll(frame, width: w, height: h, damage: IntRect(x: -3, y: 2, width: 100, height: 100), rotation: .none)
    #expect(r.written == IntRect(x: 0, y: 2, width: 4, height: 2))
    #expect(scanoutPixel32(r.bytes, pitch: r.pitch, x: 3, y: 3) == frame[15])
    #expect(scanoutPixel32(r.bytes, pitch: r.pitch, x: 0, y: 1) == 0xAAAA_AAAA)
}

@Test(arguments: OutputRotation.allCases)
func rotatedCopyTurnsTheImageClockwise(rotation: OutputRotation) {
    let w = 4, h = 3
    let frame = numberedFrame(width: w, height: h)
    let r = copyAll(frame, width: w, height: h, damage: .full(width: w, height: h), rotation: rotation)
    let scan = rotation.scanoutSize(uprightWidth: w, uprightHeight: h)
    // By hand: where the upright top-left pixel must land for a clockwise turn.
    let expectedCorner: (Int, Int) = switch rotation {
    case .none: (0, 0)
    case .clockwise90: (scan.width - 1, 0)          // top-left goes to top-right
    case .upsideDown180: (scan.width - 1, scan.height - 1)
    case .clockwise270: (0, scan.height - 1)        // top-left goes to bottom-left
    }
    #expect(scanoutPixel32(r.bytes, pitch: r.pitch, x: expectedCorner.0, y: expectedCorner.1) == frame[0])
    // Every upright pixel appears exactly once.
    var seen: [UInt32] = []
    for y in 0..<scan.height { for x in 0..<scan.width { seen.append(scanoutPixel32(r.bytes, pitch: r.pitch, x: x, y: y)) } }
    #expect(seen.sorted() == frame.sorted())
}

@Test func rotatedDamageLandsInTheRotatedRectangle() {
    let w = 8, h = 5
    let frame = numberedFrame(width: w, height: h)
    let damage = IntRect(x: 1, y: 2, width: 3, height: 2)
    let r = copyAll(frame, width: w, height: h, damage: damage, rotation: .clockwise90)
    // 90° clockwise: upright (x, y) -> scanout (h-1-y, x); rows 2...3 become columns 1...2, columns 1...3 rows 1...3.
    #expect(r.written == IntRect(x: 1, y: 1, width: 2, height: 3))
    for sy in 0..<w {
        for sx in 0..<h {
            let inside = sx >= 1 && sx < 3 && sy >= 1 && sy < 4
            let value = scanoutPixel32(r.bytes, pitch: r.pitch, x: sx, y: sy)
            #expect(value == (inside ? frame[(h - 1 - sx) * w + sy] : 0xAAAA_AAAA))
        }
    }
}


@Test func rgb565CopyWritesTwoBytesPerPixelLittleEndian() {
    let w = 2, h = 1
    let frame: [UInt32] = [0x00FF_0000, 0x0000_00FF]
    let r = copyAll(frame, width: w, height: h, damage: .full(width: w, height: h), rotation: .none, format: .rgb565, padBytes: 2)
    #expect(Array(r.bytes[0..<4]) == [0x00, 0xF8, 0x1F, 0x00])
    #expect(r.bytes[4] == 0xAA)
}

/// A frame tall enough for several bands, with a width that leaves vector tails, copied in every format and
/// rotation with 1, 2 and 4 threads: the same bytes each time, and each pixel where the plain mapping puts it.
@Test func bandedCopiesAreTheSameBytesWithAnyThreadCount() {
    let w = 203, h = 150
    let frame = (0..<(w * h)).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) & 0xFF_FFFF }
    let pools = [RenderPool(threads: 1), RenderPool(threads: 2), RenderPool(threads: 4)]
    for format in ScanoutPixelFormat.allCases {
        for rotation in OutputRotation.allCases {
            let scan = rotation.scanoutSize(uprightWidth: w, uprightHeight: h)
            let pitch = scan.width * format.bytesPerPixel + 8
            var results: [[UInt8]] = []
            for pool in pools {
                var bytes = [UInt8](repeating: 0xAA, count: pitch * scan.height)
                frame.withUnsafeBufferPointer { source in
                    bytes.withUnsafeMutableBytes { target in
                        _ = DamageCopy.copy(from: ShadowFrame(pixels: source.baseAddress!, width: w, height: h, stridePixels: w),
                                            damage: IntRect(x: 1, y: 3, width: w - 2, height: h - 4), to: target.baseAddress!,
                                            pitchBytes: pitch, format: format, rotation: rotation, pool: pool)
                    }
                }
                results.append(bytes)
            }
            #expect(results[1] == results[0] && results[2] == results[0], "\(format) \(rotation)")
            var wrong = 0
            for y in 3..<(h - 1) {
                for x in 1..<(w - 1) {
                    let s = rotation.scanoutPixel(x: x, y: y, uprightWidth: w, uprightHeight: h)
                    let i = s.y * pitch + s.x * format.bytesPerPixel
                    let p = frame[y * w + x]
                    if format == .rgb565 {
                        if UInt16(results[0][i]) | UInt16(results[0][i + 1]) << 8 != rgb565(fromXRGB: p) { wrong += 1 }
                    } else if scanoutPixel32(results[0], pitch: pitch, x: s.x, y: s.y) != p {
                        wrong += 1
                    }
                }
            }
            #expect(wrong == 0, "\(format) \(rotation): \(wrong) pixels misplaced")
        }
    }
}

/// The blocked copies (4×4 and 8×8 transposes, 16-byte reversed runs, strips and bands over threads) against the
/// plainest statement of the copy: every damaged pixel, one at a time, to where `OutputRotation.scanoutPixel` puts
/// it, and nothing else written. Sizes and damage that leave partial blocks, strips and tiles on every side, padded
/// upright rows, pitches that pad scanout rows by byte counts no block divides, and X bytes that must be ignored.
@Test(arguments: ScanoutPixelFormat.allCases)
func blockedCopiesWriteExactlyThePerPixelCopy(format: ScanoutPixelFormat) {
    let sizes = [(1, 1), (3, 2), (9, 17), (70, 139), (139, 70), (21, 261)]
    let pools = [RenderPool(threads: 1), RenderPool(threads: 2), RenderPool(threads: 4)]
    for (w, h) in sizes {
        // Rows padded by three pixels that must never be read into the scanout.
        let stride = w + 3
        let frame = (0..<(stride * h)).map { $0 % stride >= w ? 0xDEAD_BEEF : UInt32(truncatingIfNeeded: ($0 &+ 1) &* 2_654_435_761) }
        let damages = [IntRect.full(width: w, height: h),
                       IntRect(x: 3, y: 5, width: w - 7, height: h - 6),     // may be empty or clipped
                       IntRect(x: w / 2, y: 1, width: 1, height: h),          // one column, off the bottom
                       IntRect(x: -2, y: h / 3, width: w + 9, height: 1),     // one row, hanging off both sides
                       IntRect(x: 1, y: 7, width: min(w, 66), height: 130)]
        for rotation in OutputRotation.allCases {
            let scan = rotation.scanoutSize(uprightWidth: w, uprightHeight: h)
            for padBytes in [0, 6] {
                let pitch = scan.width * format.bytesPerPixel + padBytes
                for damage in damages {
                    let rect = damage.intersection(.full(width: w, height: h))
                    var expected = [UInt8](repeating: 0xAA, count: pitch * scan.height)
                    for y in rect.y0..<rect.y1 {
                        for x in rect.x0..<rect.x1 {
                            let s = rotation.scanoutPixel(x: x, y: y, uprightWidth: w, uprightHeight: h)
                            let i = s.y * pitch + s.x * format.bytesPerPixel
                            let p = frame[y * stride + x]
                            if format == .rgb565 {
                                let v = rgb565(fromXRGB: p)
                                expected[i] = UInt8(v & 0xFF)
                                expected[i + 1] = UInt8(v >> 8)
                            } else {
                                for k in 0..<4 { expected[i + k] = UInt8((p >> (8 * UInt32(k))) & 0xFF) }
                            }
                        }
                    }
                    for pool in pools {
                        var bytes = [UInt8](repeating: 0xAA, count: pitch * scan.height)
                        let written = frame.withUnsafeBufferPointer { source in
                            bytes.withUnsafeMutableBytes { target in
                                DamageCopy.copy(from: ShadowFrame(pixels: source.baseAddress!, width: w, height: h, stridePixels: stride),
                                                damage: damage, to: target.baseAddress!, pitchBytes: pitch, format: format,
                                                rotation: rotation, pool: pool)
                            }
                        }
                        let label = "\(w)×\(h) \(rotation) pad \(padBytes) damage \(damage) \(pool.threadCount) threads"
                        let differing = zip(bytes, expected).filter { $0 != $1 }.count
                        #expect(differing == 0, "\(label): \(differing) bytes differ")
                        if !rect.isEmpty {
                            #expect(written == rotation.scanoutRect(rect, uprightWidth: w, uprightHeight: h), "\(label)")
                        }
                    }
                }
            }
        }
    }
}
