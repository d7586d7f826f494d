import Cartography
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
            idleTimeoutMicroseconds: kiosk.idleTimeoutMicroseconds)
    }

    /// The configured home view, or the whole map fitted; kept within the scale limits and the map's bounds.
    public func homeCamera(geometry: CameraGeometry) -> Camera {
        guard let home = map.home else { return geometry.homeFittedCamera }
        var camera = geometry.camera(centredOn: home.centre, scale: home.scale)
        if let bounds = try? geometry.offsetBounds(scale: home.scale) { camera.offset = bounds.clamped(camera.offset) }
        return camera
    }

    /// Whether home is the view around the kiosk's station: `home = "here"`, or no home set with `you_are_here`
    /// naming a place on `metroMap`.
    public func homeIsHere(on metroMap: MetroMap) -> Bool {
        map.home == nil && map.homeMode != .fit && youAreHerePlace(in: metroMap) != nil
    }

    /// The home view on the kiosk's screen: with `homeIsHere`, around the kiosk's station (`HomeAroundHere`) in the
    /// part of the screen `free` leaves (the controls' column), named as `builder` labels it; else `homeCamera`.
    public func homeCamera(geometry: CameraGeometry, map metroMap: MetroMap, builder: MapSceneBuilder, free: ScreenRect? = nil) -> Camera {
        guard homeIsHere(on: metroMap), let place = youAreHerePlace(in: metroMap) else { return homeCamera(geometry: geometry) }
        let screen = ScreenRect(x: 0, y: 0, width: geometry.viewport.width, height: geometry.viewport.height)
        let labels = builder.drawing.labels
        return HomeAroundHere.camera(place: place, map: metroMap, geometry: geometry, zoom: zoomRange(geometry: geometry),
                                     free: free ?? screen) { scale in
            (builder.placedLabels(scale: scale) ?? []).flatMap(\.labelIndices).map { labels[$0].station }
        }
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

    /// The panel's physical size on an output of `width`×`height` pixels whose connector reports `connectorMillimetres`
    /// (upright, see `PanelSize.connectorMillimetres`): `[input] panel_size_mm`, else the connector's, else 96 dpi.
    /// The one place that decides; the touch slop, the map's look and the controls all take their millimetres from it.
    public func panelSize(width: Int, height: Int, connectorMillimetres: MillimetreSize? = nil) -> PanelSize {
        PanelSize.resolve(configured: input.panelSizeMillimetres, connector: connectorMillimetres,
                          outputWidth: width, outputHeight: height)
    }

    /// The panel as the gestures measure it (the touch slop, the double-tap radius in millimetres).
    public func panelGeometry(width: Int, height: Int, connectorMillimetres: MillimetreSize? = nil) -> PanelGeometry {
        panelSize(width: width, height: height, connectorMillimetres: connectorMillimetres).geometry(outputWidth: width, outputHeight: height)
    }

    /// The map as this kiosk draws it: names in the configured languages, the kiosk's own station marked.
    public func drawing(of metroMap: MetroMap) -> MapDrawing {
        var drawing = MapDrawing(map: metroMap, languages: map.languages, primaryLanguage: map.primaryLanguage)
        drawing.youAreHere = youAreHerePlace(in: metroMap)?.position
        return drawing
    }

    /// The map's scene as the loop builds it on a `width`×`height` output: this drawing, this style, labels planned
    /// over the camera's zoom range.
    public func sceneBuilder(of metroMap: MetroMap, fonts: FontStack?, width: Int, height: Int,
                             connectorMillimetres: MillimetreSize? = nil) -> MapSceneBuilder {
        let geometry = CameraGeometry(map: metroMap, viewport: ScreenSize(width: Double(width), height: Double(height)))
        return MapSceneBuilder(drawing: drawing(of: metroMap),
                               style: mapStyle(outputWidth: width, outputHeight: height, connectorMillimetres: connectorMillimetres),
                               fonts: fonts, labelZoom: zoomRange(geometry: geometry), homeScale: labelHomeScale(geometry: geometry))
    }

    /// The scale labels are planned around: the configured or fitted home view's. With `home = "here"` the home view
    /// is chosen from the names the plan shows, so the fitted view stands in for it.
    public func labelHomeScale(geometry: CameraGeometry) -> Double {
        homeCamera(geometry: geometry).scale
    }

    /// The place `[map] you_are_here` names on `metroMap` (a station name or a platform's id); nil when unset or
    /// unknown (check-config reports the latter).
    public func youAreHerePlace(in metroMap: MetroMap) -> YouAreHerePlace? {
        map.youAreHere.flatMap { YouAreHerePlace(naming: $0, in: metroMap) }
    }

    /// How labels look, sized for the panel: the cap height `[text] min_cap_height_mm` at least (and
    /// `min_size_px`), lines and station marks never thinner than a legible fraction of a millimetre; the second
    /// language's size and the halo from `[text]`. The panel's size is `panelSize`'s; without an output size the
    /// panel is taken as 96 dpi.
    public func mapStyle(outputWidth: Int? = nil, outputHeight: Int? = nil,
                         connectorMillimetres: MillimetreSize? = nil) -> MapStyle {
        var style = MapStyle()
        let perMillimetre = pixelsPerMillimetre(outputWidth: outputWidth, outputHeight: outputHeight,
                                                connectorMillimetres: connectorMillimetres)
        style.minimumLabelPixels = text.minimumSizePixels
        style.minimumCapHeightPixels = text.minimumCapHeightMillimetres * perMillimetre
        style.minimumLineWidthPixels = max(style.minimumLineWidthPixels, 0.6 * perMillimetre)
        style.minimumStationRadiusPixels = max(style.minimumStationRadiusPixels, 0.8 * perMillimetre)
        style.secondLanguageScale = text.secondLanguageScale
        style.labelHalo = text.halo
        style.lineBadges = map.lineBadges
        return style
    }

    /// The output's pixels over `panelSize`'s millimetres (the mean of both axes); 96 dpi without an output size.
    public func pixelsPerMillimetre(outputWidth: Int?, outputHeight: Int?,
                                    connectorMillimetres: MillimetreSize? = nil) -> Double {
        guard let outputWidth, let outputHeight, outputWidth > 0, outputHeight > 0 else { return PanelSize.assumedDotsPerInch / 25.4 }
        return panelGeometry(width: outputWidth, height: outputHeight, connectorMillimetres: connectorMillimetres).pixelsPerMillimetre
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
    public init(map: MetroMap, viewport: ScreenSize) {
        self.init(contentOrigin: map.bounds.origin,
                  contentSize: ContentSize(width: map.bounds.width, height: map.bounds.height), viewport: viewport)
        mainScheme = map.mainScheme
    }
}
