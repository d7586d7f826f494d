import Physics
import TouchInput

/// The panel's physical size, upright (as the map is drawn), and where the kiosk learned it. Every size given in
/// millimetres (label cap height, line widths, the controls, the touch slop) is turned into pixels through this one
/// value, so they all agree on how big a millimetre is.
public struct PanelSize: Equatable, Sendable, CustomStringConvertible {
    public enum Source: String, Sendable {
        /// `[input] panel_size_mm`: the operator measured the glass, or knows the panel's datasheet.
        case configured
        /// The DRM connector's physical size (the display's EDID, or what the driver knows of a built-in panel).
        case connector
        /// Nothing said: a 96 dpi panel of the output's pixels, the desktop convention.
        case assumed
    }

    public var widthMillimetres: Double
    public var heightMillimetres: Double
    public var source: Source

    public static let assumedDotsPerInch = 96.0
    /// Sizes giving fewer dots per inch than this (a projector, a wall of TVs, or an EDID that reports centimetres
    /// or an aspect ratio such as 16×9 "mm") or more (a phone panel is ~500 dpi; an EDID with swapped or garbage
    /// fields gives thousands) are not a kiosk panel's size: the connector's value is ignored.
    public static let plausibleDotsPerInch = 30.0...1000.0

    public init(widthMillimetres: Double, heightMillimetres: Double, source: Source) {
        self.widthMillimetres = widthMillimetres
        self.heightMillimetres = heightMillimetres
        self.source = source
    }

    /// `[input] panel_size_mm` (the operator knows best), else the connector's size, else 96 dpi: the precedence.
    public static func resolve(configured: MillimetreSize?, connector: MillimetreSize?,
                               outputWidth: Int, outputHeight: Int) -> PanelSize {
        if let configured {
            return PanelSize(widthMillimetres: configured.width, heightMillimetres: configured.height, source: .configured)
        }
        if let connector {
            return PanelSize(widthMillimetres: connector.width, heightMillimetres: connector.height, source: .connector)
        }
        let millimetresPerPixel = 25.4 / assumedDotsPerInch
        return PanelSize(widthMillimetres: Double(outputWidth) * millimetresPerPixel,
                         heightMillimetres: Double(outputHeight) * millimetresPerPixel, source: .assumed)
    }

    /// A connector's `mmWidth`×`mmHeight` as the upright picture sees it, or nil when it says nothing usable: 0×0
    /// (no EDID, or one without a size) or a size implausible for the mode (see `plausibleDotsPerInch`). The
    /// connector measures the scanout; a panel mounted a quarter turn shows the picture with its axes swapped.
    public static func connectorMillimetres(width: Int, height: Int, scanoutWidth: Int, scanoutHeight: Int,
                                            rotation: OutputRotation) -> MillimetreSize? {
        guard width > 0, height > 0, scanoutWidth > 0, scanoutHeight > 0 else { return nil }
        let dpi = (x: Double(scanoutWidth) / (Double(width) / 25.4), y: Double(scanoutHeight) / (Double(height) / 25.4))
        guard plausibleDotsPerInch.contains(dpi.x), plausibleDotsPerInch.contains(dpi.y) else { return nil }
        return rotation.swapsAxes ? MillimetreSize(width: Double(height), height: Double(width))
            : MillimetreSize(width: Double(width), height: Double(height))
    }

    /// The size alone, without where it was learned.
    public var millimetres: MillimetreSize { MillimetreSize(width: widthMillimetres, height: heightMillimetres) }

    /// The touch panel as the gestures measure it on an output of `outputWidth`×`outputHeight`.
    public func geometry(outputWidth: Int, outputHeight: Int) -> PanelGeometry {
        PanelGeometry(outputSize: OutputSize(width: outputWidth, height: outputHeight),
                      widthMillimetres: widthMillimetres, heightMillimetres: heightMillimetres)
    }

    /// The log's and the status file's words: `477x268 mm from the DRM connector`.
    public var description: String {
        let size = "\(Self.millimetres(widthMillimetres))x\(Self.millimetres(heightMillimetres)) mm"
        switch source {
        case .configured: return "\(size) from [input] panel_size_mm"
        case .connector: return "\(size) from the DRM connector"
        case .assumed: return "\(size), assumed 96 dpi"
        }
    }

    private static func millimetres(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
    }
}
