/// The caller's frame in RAM: XRGB8888 pixels the renderer drew, upright (before any rotation).
/// Rendering goes here rather than into the dumb buffer because dumb buffers are often uncached memory
/// where read-modify-write is slow (DRM_CAP_DUMB_PREFER_SHADOW).
public struct ShadowFrame {
    public var pixels: UnsafePointer<UInt32>
    public var width: Int
    public var height: Int
    public var stridePixels: Int

    public init(pixels: UnsafePointer<UInt32>, width: Int, height: Int, stridePixels: Int) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.stridePixels = stridePixels
    }
}

/// A rectangle of pixels that changed since the last frame, in the shadow frame's (upright) coordinates.
public struct DamageRect: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static func full(width: Int, height: Int) -> DamageRect {
        DamageRect(x: 0, y: 0, width: width, height: height)
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The part inside a width×height frame; a rectangle hanging off the edge is cut, never trusted.
    public func clipped(width frameWidth: Int, height frameHeight: Int) -> DamageRect {
        let left = max(0, x), top = max(0, y)
        let right = min(frameWidth, x + max(0, width)), bottom = min(frameHeight, y + max(0, height))
        return DamageRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// The bounding box of both (an empty rectangle adds nothing).
    public func union(_ other: DamageRect) -> DamageRect {
        if other.isEmpty { return self }
        if isEmpty { return other }
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return DamageRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
