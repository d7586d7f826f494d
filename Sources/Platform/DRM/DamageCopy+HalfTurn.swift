import KioskCore
import Raster

/// The scanout copy turned 180°: upright row y is scanout row h−1−y read backwards, so both sides stay contiguous
/// and each 16-byte run only has its lanes reversed in a register.
extension DamageCopy {
    static func turnedHalf(_ frame: ShadowFrame, _ rect: IntRect, _ destination: UnsafeMutableRawPointer,
                           _ pitchBytes: Int, _ format: ScanoutPixelFormat) {
        let w = frame.width, h = frame.height, stride = frame.stridePixels
        for y in rect.y0..<rect.y1 {
            let source = frame.pixels + y &* stride
            // Scanout pixel w−1−x of this row is upright pixel x.
            let target = destination + (h &- 1 &- y) &* pitchBytes
            var x = rect.x0
            switch format {
            case .xrgb8888:
                while x &+ 4 <= rect.x1 {
                    let run = UnsafeRawPointer(source + x).loadUnaligned(as: SIMD4<UInt32>.self)
                    target.storeBytes(of: PixelTranspose.reversed(run), toByteOffset: (w &- 4 &- x) &* 4, as: SIMD4<UInt32>.self)
                    x &+= 4
                }
                while x < rect.x1 {
                    target.storeBytes(of: source[x], toByteOffset: (w &- 1 &- x) &* 4, as: UInt32.self)
                    x &+= 1
                }
            case .rgb565:
                while x &+ 8 <= rect.x1 {
                    let run = rgb565(fromXRGB: UnsafeRawPointer(source + x).loadUnaligned(as: SIMD8<UInt32>.self))
                    target.storeBytes(of: PixelTranspose.reversed(run), toByteOffset: (w &- 8 &- x) &* 2, as: SIMD8<UInt16>.self)
                    x &+= 8
                }
                while x < rect.x1 {
                    target.storeBytes(of: rgb565(fromXRGB: source[x]), toByteOffset: (w &- 1 &- x) &* 2, as: UInt16.self)
                    x &+= 1
                }
            }
        }
    }
}
