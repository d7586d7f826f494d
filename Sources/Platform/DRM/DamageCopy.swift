import KioskCore
import Raster
/// Copies the damaged part of an upright shadow frame into a scanout buffer, turning and converting the pixels
/// on the way. Pure memory work: the same function fills a dumb buffer on a device and a byte array in a test.
///
/// The damage is copied in bands of upright rows (upright or turned 180°) or strips of upright columns (turned
/// 90° or 270°, `DamageCopy+QuarterTurn`) over a `RenderPool`; a band or strip writes scanout rows no other one
/// writes, and every pixel is computed alone, so the bytes do not depend on the number of threads.
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
            // Turned a quarter, upright columns become scanout rows: each task writes a band of whole scanout rows.
            let strips = (rect.width + columnsPerTask - 1) / columnsPerTask
            pool.run(tasks: strips) { strip, _ in
                let x0 = rect.x0 + strip * columnsPerTask
                let part = IntRect(x0: x0, y0: rect.y0, x1: min(x0 + columnsPerTask, rect.x1), y1: rect.y1)
                turnedQuarter(frame, part, destination, pitchBytes, format, clockwise: rotation == .clockwise90)
            }
        } else {
            let bands = (rect.height + bandHeight - 1) / bandHeight
            pool.run(tasks: bands) { band, _ in
                let y0 = rect.y0 + band * bandHeight
                let part = IntRect(x0: rect.x0, y0: y0, x1: rect.x1, y1: min(y0 + bandHeight, rect.y1))
                if rotation == .upsideDown180 {
                    turnedHalf(frame, part, destination, pitchBytes, format)
                } else {
                    copyUpright(frame, part, destination, pitchBytes, format)
                }
            }
        }
        return rotation.scanoutRect(rect, uprightWidth: frame.width, uprightHeight: frame.height)
    }

    private static func copyUpright(_ frame: ShadowFrame, _ rect: IntRect, _ destination: UnsafeMutableRawPointer,
                                    _ pitchBytes: Int, _ format: ScanoutPixelFormat) {
        switch format {
        case .xrgb8888:
            // Rows are contiguous on both sides: one memcpy per row.
            for y in rect.y0..<rect.y1 {
                let source = frame.pixels + y * frame.stridePixels + rect.x0
                let target = destination + y * pitchBytes + rect.x0 * 4
                target.copyMemory(from: source, byteCount: rect.width * 4)
            }
        case .rgb565:
            for y in rect.y0..<rect.y1 {
                let source = frame.pixels + y * frame.stridePixels + rect.x0
                let target = (destination + y * pitchBytes + rect.x0 * 2).assumingMemoryBound(to: UInt16.self)
                convertRowToRGB565(source, target, count: rect.width)
            }
        }
    }
}
