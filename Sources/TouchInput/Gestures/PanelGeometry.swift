/// The touch panel's physical size and the pixels it is mapped onto: distances people feel (a slop, a double-tap
/// radius) are millimetres on the glass, whatever the resolution.
public struct PanelGeometry: Sendable, Equatable {
    public var outputSize: OutputSize
    public var widthMillimetres: Double
    public var heightMillimetres: Double

    public init(outputSize: OutputSize, widthMillimetres: Double, heightMillimetres: Double) {
        self.outputSize = outputSize
        self.widthMillimetres = widthMillimetres
        self.heightMillimetres = heightMillimetres
    }

    /// A common 10.1" 1280×800 kiosk panel (217 × 136 mm).
    public static let kioskDefault = PanelGeometry(outputSize: .kioskDefault, widthMillimetres: 217, heightMillimetres: 136)

    /// Pixels per millimetre, the mean of both axes (panels are near enough square-pixelled); falls back to
    /// 96 dpi when the size is unknown (zero or negative), so a missing config value never divides by zero.
    public var pixelsPerMillimetre: Double {
        guard widthMillimetres > 0, heightMillimetres > 0, outputSize.width > 0, outputSize.height > 0 else {
            return 96 / 25.4
        }
        return (Double(outputSize.width) / widthMillimetres + Double(outputSize.height) / heightMillimetres) / 2
    }

    public func pixels(millimetres: Double) -> Double { millimetres * pixelsPerMillimetre }
}
