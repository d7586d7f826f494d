import Physics

/// The range every camera the renderer sees is clamped to, chosen so each conversion downstream is exact:
/// offsets below 2^30 pixels round to `Int` exactly and stay far inside `Float`'s 2^24-pixel-per-unit range once
/// divided into 96-pixel label cells; scales stay where scheme coordinates within the map format's bounds
/// (|x|, |y| ≤ 1e6, docs/map-format.md) times the scale stay below 2^30 pixels. Documented in configs/kiosk.toml.
public enum CameraLimits {
    /// Largest |offset| in output pixels.
    public static let maximumOffsetPixels = 1_073_741_824.0  // 2^30
    /// Output pixels per scheme unit.
    public static let minimumScale = 1e-6
    public static let maximumScale = 1_000.0

    /// Whether `camera` is inside the limits (for refusing `--camera` with a message rather than clamping it).
    public static func contains(_ camera: Camera) -> Bool {
        abs(camera.offset.x) <= maximumOffsetPixels && abs(camera.offset.y) <= maximumOffsetPixels
            && camera.scale >= minimumScale && camera.scale <= maximumScale
    }

    /// The nearest camera inside the limits; NaN (which no animation should produce, but a hostile map might)
    /// becomes the origin at the smallest scale rather than a trap.
    public static func clamp(_ camera: Camera) -> Camera {
        Camera(offset: ScreenPoint(x: clamp(camera.offset.x, maximumOffsetPixels), y: clamp(camera.offset.y, maximumOffsetPixels)),
               scale: camera.scale.isNaN ? minimumScale : min(max(camera.scale, minimumScale), maximumScale))
    }

    private static func clamp(_ value: Double, _ limit: Double) -> Double {
        value.isNaN ? 0 : min(max(value, -limit), limit)
    }
}
