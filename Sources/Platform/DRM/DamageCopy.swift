import KioskCore
import Raster
/// Copies the damaged part of an upright shadow frame into a scanout buffer, turning and converting the pixels
/// on the way. Pure memory work: the same function fills a dumb buffer on a device and a byte array in a test.
///
/// The damage is copied in bands of upright rows (upright or turned 180°) or of upright columns (turned 90° or
/// 270°) over a `RenderPool`; a band writes scanout rows no other band writes, and every pixel is computed
/// alone, so the bytes do not depend on the number of threads.
public enum DamageCopy {
    /// Upright rows per task.
    static let bandHeight = 64

    /// - Parameters:
    ///   - damage: in upright coordinates; clipped to the frame here.
    ///   - destination: the scanout buffer's first byte; rows are `pitchBytes` apart (the kernel's pitch, which
    ///     may be wider than width × bytes per pixel).
    ///   - pool: threads to share the copy over; the kiosk's shared pool unless given.
    /// - Returns: the scanout rectangle that was written.
    @discardableResult
    public static func copy(from frame: ShadowFrame, damage: IntRect,
                            to destination: UnsafeMutableRawPointer, pitchBytes: Int,
                            format: ScanoutPixelFormat, rotation: OutputRotation,
                            pool: RenderPool = .shared) -> IntRect {
        let rect = damage.intersection(.full(width: frame.width, height: frame.height))
        if rect.isEmpty { return rect }
        if rotation.swapsAxes {
            // Turned a quarter, upright columns become scanout rows: each task writes whole scanout rows
            // (sequential stores), gathering its columns from every upright row.
            let groups = (rect.width + bandHeight - 1) / bandHeight
            pool.run(tasks: groups) { group, _ in
                let x0 = rect.x0 + group * bandHeight
                let part = IntRect(x0: x0, y0: rect.y0, x1: min(x0 + bandHeight, rect.x1), y1: rect.y1)
                turnedQuarter(frame, part, destination, pitchBytes, format, clockwise: rotation == .clockwise90)
            }
            return rotation.scanoutRect(rect, uprightWidth: frame.width, uprightHeight: frame.height)
        }
        let bands = (rect.height + bandHeight - 1) / bandHeight
        pool.run(tasks: bands) { band, _ in
            let y0 = rect.y0 + band * bandHeight
            let part = IntRect(x0: rect.x0, y0: y0, x1: rect.x1, y1: min(y0 + bandHeight, rect.y1))
            copyBand(frame, part, destination, pitchBytes, format, rotation)
        }
        return rotation.scanoutRect(rect, uprightWidth: frame.width, uprightHeight: frame.height)
    }

    private static func copyBand(_ frame: ShadowFrame, _ rect: IntRect, _ destination: UnsafeMutableRawPointer,
                                 _ pitchBytes: Int, _ format: ScanoutPixelFormat, _ rotation: OutputRotation) {
        let rows = rect.y0..<rect.y1
        switch (format, rotation) {
        case (.xrgb8888, .none):
            // Rows are contiguous on both sides: one memcpy per row.
            for y in rows {
                let source = frame.pixels + y * frame.stridePixels + rect.x0
                let target = destination + y * pitchBytes + rect.x0 * 4
                target.copyMemory(from: source, byteCount: rect.width * 4)
            }
        case (.rgb565, .none):
            for y in rows {
                let source = frame.pixels + y * frame.stridePixels + rect.x0
                let target = (destination + y * pitchBytes + rect.x0 * 2).assumingMemoryBound(to: UInt16.self)
                convertRowToRGB565(source, target, count: rect.width)
            }
        case (_, .clockwise90), (_, .clockwise270):
            turnedQuarter(frame, rect, destination, pitchBytes, format, clockwise: rotation == .clockwise90)  // not reached: copy() groups columns
        case (.xrgb8888, _):
            turned(frame, rect, rotation) { x, y, pixel in
                (destination + y * pitchBytes + x * 4).storeBytes(of: pixel, as: UInt32.self)
            }
        case (.rgb565, _):
            turned(frame, rect, rotation) { x, y, pixel in
                (destination + y * pitchBytes + x * 2).storeBytes(of: rgb565(fromXRGB: pixel), as: UInt16.self)
            }
        }
    }

    /// Columns turned a quarter: upright column x becomes scanout row x (90°, bottom row first) or row w−1−x
    /// (270°, top row first), so each column is gathered eight pixels at a time and stored as one contiguous run.
    /// The cache lines a column reads serve the next fifteen columns from L2.
    private static func turnedQuarter(_ frame: ShadowFrame, _ rect: IntRect, _ destination: UnsafeMutableRawPointer,
                                      _ pitchBytes: Int, _ format: ScanoutPixelFormat, clockwise: Bool) {
        // 64×64 tiles: a tile's 64 source rows and 64 scanout rows stay within the TLB and L1, which a whole
        // column (thousands of rows, each on its own page) would not.
        var tileY = rect.y0
        while tileY < rect.y1 {
            let tile = IntRect(x0: rect.x0, y0: tileY, x1: rect.x1, y1: min(tileY + bandHeight, rect.y1))
            turnedTile(frame, tile, destination, pitchBytes, format, clockwise: clockwise)
            tileY = tile.y1
        }
    }

    /// One tile: blocks of 8 upright rows × 4 columns are loaded as eight 16-byte rows and transposed in
    /// registers into four 8-pixel scanout runs; what is left at the edges goes pixel by pixel.
    @inline(__always)
    private static func turnedTile(_ frame: ShadowFrame, _ rect: IntRect, _ destination: UnsafeMutableRawPointer,
                                   _ pitchBytes: Int, _ format: ScanoutPixelFormat, clockwise: Bool) {
        let w = frame.width, h = frame.height, stride = frame.stridePixels
        let bytes = format.bytesPerPixel
        // Scanout position of upright (x, y): row x or w−1−x, column h−1−y or y.
        @inline(__always) func target(_ x: Int, _ y: Int) -> UnsafeMutableRawPointer {
            destination + (clockwise ? x : w - 1 - x) * pitchBytes + (clockwise ? h - 1 - y : y) * bytes
        }
        @inline(__always) func store(_ x: Int, _ y: Int, _ pixel: UInt32) {
            if format == .rgb565 {
                target(x, y).storeBytes(of: rgb565(fromXRGB: pixel), as: UInt16.self)
            } else {
                target(x, y).storeBytes(of: pixel, as: UInt32.self)
            }
        }
        let x1 = rect.x1, y1 = rect.y1
        let blockX1 = rect.x0 + rect.width / 4 * 4, blockY1 = rect.y0 + rect.height / 8 * 8
        var x = rect.x0
        while x < blockX1 {
            var y = rect.y0
            while y < blockY1 {
                let source = UnsafeRawPointer(frame.pixels + y * stride + x)
                @inline(__always) func row(_ k: Int) -> SIMD4<UInt32> {
                    source.loadUnaligned(fromByteOffset: k * stride * 4, as: SIMD4<UInt32>.self)
                }
                let r0 = row(0), r1 = row(1), r2 = row(2), r3 = row(3), r4 = row(4), r5 = row(5), r6 = row(6), r7 = row(7)
                for j in 0..<4 {
                    // Turned clockwise the run goes bottom row first; counter-clockwise top row first.
                    let run = clockwise
                        ? SIMD8<UInt32>(r7[j], r6[j], r5[j], r4[j], r3[j], r2[j], r1[j], r0[j])
                        : SIMD8<UInt32>(r0[j], r1[j], r2[j], r3[j], r4[j], r5[j], r6[j], r7[j])
                    let start = target(x + j, clockwise ? y + 7 : y)
                    if format == .rgb565 {
                        start.storeBytes(of: rgb565(fromXRGB: run), as: SIMD8<UInt16>.self)
                    } else {
                        start.storeBytes(of: run, as: SIMD8<UInt32>.self)
                    }
                }
                y += 8
            }
            for yy in blockY1..<y1 {
                for j in 0..<4 { store(x + j, yy, frame.pixels[yy * stride + x + j]) }
            }
            x += 4
        }
        for xx in blockX1..<x1 {
            for y in rect.y0..<y1 { store(xx, y, frame.pixels[y * stride + xx]) }
        }
    }

    /// Visits the pixels of `rect` row by row, handing each to `store` at its scanout position (turned 180°: rows
    /// stay rows, reversed).
    @inline(__always)
    private static func turned(_ frame: ShadowFrame, _ rect: IntRect, _ rotation: OutputRotation,
                               _ store: (_ x: Int, _ y: Int, _ pixel: UInt32) -> Void) {
        let w = frame.width, h = frame.height
        for y in rect.y0..<rect.y1 {
            let row = frame.pixels + y * frame.stridePixels
            for x in rect.x0..<rect.x1 {
                let s = rotation.scanoutPixel(x: x, y: y, uprightWidth: w, uprightHeight: h)
                store(s.x, s.y, row[x])
            }
        }
    }
}
