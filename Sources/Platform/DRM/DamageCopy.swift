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
    public static func copy(from frame: ShadowFrame, damage: DamageRect,
                            to destination: UnsafeMutableRawPointer, pitchBytes: Int,
                            format: ScanoutPixelFormat, rotation: OutputRotation,
                            pool: RenderPool = .shared) -> DamageRect {
        let rect = damage.clipped(width: frame.width, height: frame.height)
        if rect.isEmpty { return rect }
        if rotation.swapsAxes {
            // Turned a quarter, upright columns become scanout rows: each task writes whole scanout rows
            // (sequential stores), gathering its columns from every upright row.
            let groups = (rect.width + bandHeight - 1) / bandHeight
            pool.run(tasks: groups) { group, _ in
                let x0 = rect.x + group * bandHeight
                let part = DamageRect(x: x0, y: rect.y, width: min(bandHeight, rect.x + rect.width - x0), height: rect.height)
                turnedQuarter(frame, part, destination, pitchBytes, format, clockwise: rotation == .clockwise90)
            }
            return rotation.scanoutRect(rect, uprightWidth: frame.width, uprightHeight: frame.height)
        }
        let bands = (rect.height + bandHeight - 1) / bandHeight
        pool.run(tasks: bands) { band, _ in
            let y0 = rect.y + band * bandHeight
            let part = DamageRect(x: rect.x, y: y0, width: rect.width, height: min(bandHeight, rect.y + rect.height - y0))
            copyBand(frame, part, destination, pitchBytes, format, rotation)
        }
        return rotation.scanoutRect(rect, uprightWidth: frame.width, uprightHeight: frame.height)
    }

    private static func copyBand(_ frame: ShadowFrame, _ rect: DamageRect, _ destination: UnsafeMutableRawPointer,
                                 _ pitchBytes: Int, _ format: ScanoutPixelFormat, _ rotation: OutputRotation) {
        let rows = rect.y..<(rect.y + rect.height)
        switch (format, rotation) {
        case (.xrgb8888, .none):
            // Rows are contiguous on both sides: one memcpy per row.
            for y in rows {
                let source = frame.pixels + y * frame.stridePixels + rect.x
                let target = destination + y * pitchBytes + rect.x * 4
                target.copyMemory(from: source, byteCount: rect.width * 4)
            }
        case (.rgb565, .none):
            for y in rows {
                let source = frame.pixels + y * frame.stridePixels + rect.x
                let target = (destination + y * pitchBytes + rect.x * 2).assumingMemoryBound(to: UInt16.self)
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
    private static func turnedQuarter(_ frame: ShadowFrame, _ rect: DamageRect, _ destination: UnsafeMutableRawPointer,
                                      _ pitchBytes: Int, _ format: ScanoutPixelFormat, clockwise: Bool) {
        // 64×64 tiles: a tile's 64 source rows and 64 scanout rows stay within the TLB and L1, which a whole
        // column (thousands of rows, each on its own page) would not.
        var tileY = rect.y
        while tileY < rect.y + rect.height {
            let tile = DamageRect(x: rect.x, y: tileY, width: rect.width, height: min(bandHeight, rect.y + rect.height - tileY))
            turnedTile(frame, tile, destination, pitchBytes, format, clockwise: clockwise)
            tileY += tile.height
        }
    }

    @inline(__always)
    private static func turnedTile(_ frame: ShadowFrame, _ rect: DamageRect, _ destination: UnsafeMutableRawPointer,
                                   _ pitchBytes: Int, _ format: ScanoutPixelFormat, clockwise: Bool) {
        let w = frame.width, h = frame.height, stride = frame.stridePixels
        let bytes = format.bytesPerPixel
        let rows = rect.height
        for x in rect.x..<(rect.x + rect.width) {
            let scanRow = clockwise ? x : w - 1 - x
            // The scanout column where this run starts, and the upright row that lands there first.
            let firstColumn = clockwise ? h - rect.y - rows : rect.y
            let target = destination + scanRow * pitchBytes + firstColumn * bytes
            let column = frame.pixels + x
            @inline(__always) func upright(_ i: Int) -> UInt32 {
                column[(clockwise ? rect.y + rows - 1 - i : rect.y + i) * stride]
            }
            var i = 0
            while i + 8 <= rows {
                let gathered = SIMD8<UInt32>(upright(i), upright(i + 1), upright(i + 2), upright(i + 3),
                                             upright(i + 4), upright(i + 5), upright(i + 6), upright(i + 7))
                if format == .rgb565 {
                    (target + i * 2).storeBytes(of: rgb565(fromXRGB: gathered), as: SIMD8<UInt16>.self)
                } else {
                    (target + i * 4).storeBytes(of: gathered, as: SIMD8<UInt32>.self)
                }
                i += 8
            }
            while i < rows {
                if format == .rgb565 {
                    (target + i * 2).storeBytes(of: rgb565(fromXRGB: upright(i)), as: UInt16.self)
                } else {
                    (target + i * 4).storeBytes(of: upright(i), as: UInt32.self)
                }
                i += 1
            }
        }
    }

    /// Visits the pixels of `rect` row by row, handing each to `store` at its scanout position (turned 180°: rows
    /// stay rows, reversed).
    @inline(__always)
    private static func turned(_ frame: ShadowFrame, _ rect: DamageRect, _ rotation: OutputRotation,
                               _ store: (_ x: Int, _ y: Int, _ pixel: UInt32) -> Void) {
        let w = frame.width, h = frame.height
        for y in rect.y..<(rect.y + rect.height) {
            let row = frame.pixels + y * frame.stridePixels
            for x in rect.x..<(rect.x + rect.width) {
                let s = rotation.scanoutPixel(x: x, y: y, uprightWidth: w, uprightHeight: h)
                store(s.x, s.y, row[x])
            }
        }
    }
}
