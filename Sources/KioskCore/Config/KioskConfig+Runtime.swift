import MetroMap
import Physics
import Raster
import TouchInput

/// What the runtime builds from a config: the camera's feel, the gesture limits, the home view, the label font.
extension KioskConfig {
    public func cameraSettings(geometry: CameraGeometry) throws(PhysicsError) -> CameraSettings {
        let minimum = map.minimumScale ?? min(geometry.fittingScale, map.maximumScale)
        return CameraSettings(
            zoomLimits: try ZoomLimits(minimumScale: minimum, maximumScale: max(map.maximumScale, minimum),
                                       coefficient: physics.rubberBand),
            decelerationRate: try DecelerationRate(perMillisecond: physics.decelerationRate),
            bounceSpring: physics.bounceSpring,
            springBackSpring: physics.springBackSpring,
            zoomSpring: physics.zoomSpring,
            snapSpring: physics.snapSpring,
            maximumBounceVelocity: physics.maximumBounceVelocity,
            maximumFlingVelocity: physics.maximumFlingVelocity,
            carriedMomentum: physics.carriedMomentum,
            rubberBandCoefficient: physics.rubberBand,
            doubleTapZoomFactor: physics.doubleTapZoom,
            idleTimeoutMicroseconds: kiosk.idleTimeoutSeconds > 0 ? Int64(kiosk.idleTimeoutSeconds * 1_000_000) : nil)
    }

    /// The configured home view, or the whole map fitted; kept within the scale limits and the map's bounds.
    public func homeCamera(geometry: CameraGeometry) -> Camera {
        guard let home = map.home else { return geometry.fittedCamera }
        var camera = geometry.camera(centredOn: home.centre, scale: home.scale)
        if let bounds = try? geometry.offsetBounds(scale: home.scale) { camera.offset = bounds.clamped(camera.offset) }
        return camera
    }

    public func gestureConfiguration() -> GestureConfiguration {
        GestureConfiguration(
            touchSlopMillimetres: input.touchSlopMillimetres,
            tapMaximumDurationMicroseconds: Int64(input.tapMaximumMilliseconds * 1000),
            doubleTapMaximumIntervalMicroseconds: Int64(input.doubleTapMaximumIntervalMilliseconds * 1000),
            doubleTapMaximumDistanceMillimetres: input.doubleTapMaximumDistanceMillimetres,
            flingLimits: FlingLimits(minimumSpeed: physics.minimumFlingVelocity, maximumSpeed: physics.maximumFlingVelocity),
            velocityStrategy: physics.velocityStrategy)
    }

    /// The panel's size in millimetres for the touch slop; without one, a 96 dpi panel of the output's size.
    public func panelGeometry(width: Int, height: Int) -> PanelGeometry {
        let size = input.panelSizeMillimetres ?? (Double(width) * 25.4 / 96, Double(height) * 25.4 / 96)
        return PanelGeometry(outputSize: OutputSize(width: width, height: height),
                             widthMillimetres: size.width, heightMillimetres: size.height)
    }

    /// The map as this kiosk draws it: names in the configured languages, the kiosk's own station marked.
    public func drawing(of metroMap: MetroMap) -> MapDrawing {
        MapDrawing(map: metroMap, languages: map.languages, primaryLanguage: map.primaryLanguage, youAreHere: map.youAreHere)
    }

    /// How labels look, sized for the panel: the cap height `[text] min_cap_height_mm` at least (and
    /// `min_size_px`), lines and station marks never thinner than a legible fraction of a millimetre; the second
    /// language's size and the halo from `[text]`. Without an output size the panel is taken as 96 dpi.
    public func mapStyle(outputWidth: Int? = nil, outputHeight: Int? = nil) -> MapStyle {
        var style = MapStyle()
        let perMillimetre = pixelsPerMillimetre(outputWidth: outputWidth, outputHeight: outputHeight)
        style.minimumLabelPixels = text.minimumSizePixels
        style.minimumCapHeightPixels = text.minimumCapHeightMillimetres * perMillimetre
        style.minimumLineWidthPixels = max(style.minimumLineWidthPixels, 0.6 * perMillimetre)
        style.minimumStationRadiusPixels = max(style.minimumStationRadiusPixels, 0.8 * perMillimetre)
        style.secondLanguageScale = text.secondLanguageScale
        style.labelHalo = text.halo
        return style
    }

    /// `[input] panel_size_mm` over the output's pixels; 96 dpi when either is unknown.
    public func pixelsPerMillimetre(outputWidth: Int?, outputHeight: Int?) -> Double {
        guard let panel = input.panelSizeMillimetres, let outputWidth, let outputHeight, outputWidth > 0, outputHeight > 0
        else { return 96 / 25.4 }
        return (Double(outputWidth) / panel.width + Double(outputHeight) / panel.height) / 2
    }

    /// The scales the camera allows, which labels are planned over: the fitted scale (or `min_scale`) to `max_scale`.
    public func zoomRange(geometry: CameraGeometry) -> ClosedRange<Double> {
        let minimum = map.minimumScale ?? min(geometry.fittingScale, map.maximumScale)
        return minimum...max(map.maximumScale, minimum)
    }

    /// The label fonts: `[map] font` if set, then `[text] fonts`, resolved through fontconfig.
    public func labelFonts() throws(FontError) -> FontStack {
        try FontStack(preferences: (map.font.map { [$0] } ?? []) + text.fonts)
    }

    /// The first font of the stack, for single-font text (the error panel, plots).
    public func labelFont() throws(FontError) -> Font {
        try labelFonts().primary
    }
}

extension CameraGeometry {
    /// The map's bounds as the content the camera scrolls over.
    public init(map: MetroMap, viewport: Size) {
        self.init(contentOrigin: map.bounds.origin,
                  contentSize: Size(width: map.bounds.width, height: map.bounds.height), viewport: viewport)
    }
}
