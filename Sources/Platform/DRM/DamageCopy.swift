import Raster
/// Copies the damaged part of an upright shadow frame into a scanout buffer, turning and converting the pixels
/// on the way. Pure memory work: the same function fills a dumb buffer on a device and a byte array in a test.
///
/// The damage is copied in bands of upright rows over a `RenderPool`; a band writes scanout rows (upright or
/// turned 180°) or scanout columns (turned 90°/270°) that no other band writes, and every pixel is computed
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

    /// Visits the pixels of `rect` in 16×16 blocks, handing each to `store` at its scanout position: turned 90°
    /// a block's upright rows become scanout columns, and the block keeps both sides' cache lines in cache.
    @inline(__always)
    private static func turned(_ frame: ShadowFrame, _ rect: DamageRect, _ rotation: OutputRotation,
                               _ store: (_ x: Int, _ y: Int, _ pixel: UInt32) -> Void) {
        let w = frame.width, h = frame.height
        let block = 16
        var by = rect.y
        while by < rect.y + rect.height {
            let yEnd = min(by + block, rect.y + rect.height)
            var bx = rect.x
            while bx < rect.x + rect.width {
                let xEnd = min(bx + block, rect.x + rect.width)
                switch rotation {
                case .clockwise90:
                    // Scanout row x holds upright column x, bottom row first.
                    for x in bx..<xEnd {
                        for y in by..<yEnd { store(h - 1 - y, x, frame.pixels[y * frame.stridePixels + x]) }
                    }
                case .clockwise270:
                    for x in bx..<xEnd {
                        for y in by..<yEnd { store(y, w - 1 - x, frame.pixels[y * frame.stridePixels + x]) }
                    }
                case .upsideDown180, .none:
                    for y in by..<yEnd {
                        for x in bx..<xEnd {
                            let s = rotation.scanoutPixel(x: x, y: y, uprightWidth: w, uprightHeight: h)
                            store(s.x, s.y, frame.pixels[y * frame.stridePixels + x])
                        }
                    }
                }
                bx = xEnd
            }
            by = yEnd
        }
    }
}
