import KioskCore
import Raster

/// Copies the damaged part of an upright shadow frame into a scanout buffer, turning and converting the pixels
/// on the way. Pure memory work: the same function fills a dumb buffer on a device and a byte array in a test.
public enum DamageCopy {
    /// - Parameters:
    ///   - damage: in upright coordinates; clipped to the frame here.
    ///   - destination: the scanout buffer's first byte; rows are `pitchBytes` apart (the kernel's pitch, which
    ///     may be wider than width × bytes per pixel).
    /// - Returns: the scanout rectangle that was written.
    @discardableResult
    public static func copy(from frame: ShadowFrame, damage: IntRect,
                            to destination: UnsafeMutableRawPointer, pitchBytes: Int,
                            format: ScanoutPixelFormat, rotation: OutputRotation) -> IntRect {
        let rect = damage.intersection(.full(width: frame.width, height: frame.height))
        if rect.isEmpty { return rect }
        let w = frame.width, h = frame.height
        switch (format, rotation) {
        case (.xrgb8888, .none):
            // Rows are contiguous on both sides: one memcpy per row.
            for y in rect.y0..<rect.y1 {
                let source = frame.pixels + y * frame.stridePixels + rect.x0
                let target = destination + y * pitchBytes + rect.x0 * 4
                target.copyMemory(from: source, byteCount: rect.width * 4)
            }
        case (.xrgb8888, _):
            for y in rect.y0..<rect.y1 {
                let row = frame.pixels + y * frame.stridePixels
                for x in rect.x0..<rect.x1 {
                    let s = rotation.scanoutPixel(x: x, y: y, uprightWidth: w, uprightHeight: h)
                    (destination + s.y * pitchBytes + s.x * 4).storeBytes(of: row[x], as: UInt32.self)
                }
            }
        case (.rgb565, _):
            for y in rect.y0..<rect.y1 {
                let row = frame.pixels + y * frame.stridePixels
                for x in rect.x0..<rect.x1 {
                    let s = rotation.scanoutPixel(x: x, y: y, uprightWidth: w, uprightHeight: h)
                    (destination + s.y * pitchBytes + s.x * 2)
                        .storeBytes(of: rgb565(fromXRGB: row[x]), as: UInt16.self)
                }
            }
        }
        return rotation.scanoutRect(rect, uprightWidth: w, uprightHeight: h)
    }
}
