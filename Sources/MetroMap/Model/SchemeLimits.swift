/// The range every scheme coordinate and size must lie in (docs/map-format.md). The renderer multiplies them by
/// a scale of at most 1000 (the camera's limit) and rounds to pixels; within ±1e6 the product stays below 2^30
/// and every conversion is exact. Real schemes span a few thousand units.
public enum SchemeLimits {
    public static let maximumMagnitude = 1_000_000.0

    /// Whether every value is finite and within ±`maximumMagnitude`.
    public static func contains(_ values: [Double]) -> Bool {
        values.allSatisfy { $0.isFinite && abs($0) <= maximumMagnitude }
    }

    static let outOfRange = "values must lie between -1000000 and 1000000 scheme units"
}
