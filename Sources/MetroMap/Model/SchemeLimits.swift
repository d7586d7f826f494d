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

    /// The largest width, diameter or text size (`line_width`, `station_diameter`, a line's `width`, a shape's `width`
    /// and `size`), in scheme units. Each is multiplied by the scale into a stroke width, a mark's radius or a glyph's
    /// pixel size, so a text 10⁶ units tall asked FreeType for a glyph millions of pixels square and a mark that size
    /// filled every frame (issue 38). pMetro's own sizes stop at 1000 too (`LinesWidth`, `StationDiameter`, `Width`);
    /// real schemes use a few units to a few dozen.
    public static let maximumSize = 1000.0

    /// Whether `value` is a size the map format accepts: finite, at least 0 and at most `maximumSize`.
    public static func isSize(_ value: Double) -> Bool { value.isFinite && value >= 0 && value <= maximumSize }
}
