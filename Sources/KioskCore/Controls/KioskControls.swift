import Cartography
import MetroMap
import Overlay
import Physics
import Raster
import TouchInput

/// The on-screen controls of `[controls]` and the state they change that outlives a press: the language the map is
/// labelled in and accessible mode. The loop owns one, adds its elements to the overlay, and rebuilds the map's
/// look when `mapLookChanged` says so. Both reset to the configured defaults on the idle return.
public final class KioskControls {
    public let buttons: [ControlButton]
    public let idleWarning: IdleWarningElement?
    /// The whole network in a corner, shown once zoomed in.
    public let inset: OverviewInsetElement?
    /// `[map] languages` in the order the labels use now: the first is the main name.
    public private(set) var languages: [String]
    public private(set) var accessible = false
    /// `[controls] accessible_default`: the mode each passenger finds.
    private let configuredAccessible: Bool
    private let configuredLanguages: [String]
    private let pixelsPerMillimetre: Double
    /// Where the config puts each button; the layout moves them from there out of the card's way.
    private let homeRects: [ScreenRect]
    private let screen: ScreenRect
    /// The gap the column keeps from the card when it moves out of its way: the configured margin.
    private let marginPixels: Double
    /// The live-service strip across the top while it shows (nil: hidden): the column and the inset keep below it.
    public var band: ScreenRect?
    /// The key to the lines (`[map] legend`), laid out in the same pass: it keeps its corner unless the card or the
    /// column covers it, and the inset keeps out of it wherever it is.
    public var legend: LineLegendElement?

    /// What a passenger pressing the buttons in `config` gets on an output of `width`×`height`; nil when the column
    /// does not fit (check-config reports why; the kiosk then shows no controls rather than overlapping ones).
    /// `connectorMillimetres`: the output's physical size, for `KioskConfig.panelSize`.
    public init?(config: KioskConfig, map: MetroMap, fonts: FontStack?, width: Int, height: Int,
                 connectorMillimetres: MillimetreSize? = nil, home: Camera? = nil) {
        guard let settings = config.controls else { return nil }
        let panel = config.panelGeometry(width: width, height: height, connectorMillimetres: connectorMillimetres)
        let perMillimetre = (x: Double(width) / panel.widthMillimetres, y: Double(height) / panel.heightMillimetres)
        pixelsPerMillimetre = panel.pixelsPerMillimetre
        // The search button only where the sheet's keys fit at their minimum size: it must not open onto nothing.
        let kinds = settings.buttons(languages: config.map.languages).filter { kind in
            kind != .search || KioskSearch.fits(languages: config.map.languages,
                                                screen: ScreenRect(x: 0, y: 0, width: Double(width), height: Double(height)),
                                                pixelsPerMillimetre: panel.pixelsPerMillimetre)
        }
        guard case let .success(layout) = ControlsLayout.make(
            kinds, placement: settings.placement,
            panelMillimetres: MillimetreSize(width: panel.widthMillimetres, height: panel.heightMillimetres),
            insetAspect: settings.inset ? OverviewInsetElement.aspect(of: map) : nil)
        else { return nil }
        func pixels(_ rect: MillimetreRect) -> ScreenRect {
            // Round buttons stay round on a panel with non-square pixels: the smaller scale sets the diameter.
            let side = rect.width * min(perMillimetre.x, perMillimetre.y)
            return ScreenRect(x: rect.x * perMillimetre.x, y: rect.y * perMillimetre.y, width: side, height: side)
        }
        if settings.inset, let first = layout.insetCorners.first {
            let opposite = ControlCorner.allCases.first {
                $0.isLeft != settings.placement.corner.isLeft && $0.isTop != settings.placement.corner.isTop
            } ?? .topLeft
            let inset = OverviewInsetElement(
                map: map,
                corners: layout.insetCorners.map { ($0.corner, Raster.Point(Float($0.rect.x * perMillimetre.x), Float($0.rect.y * perMillimetre.y))) },
                size: RasterSize(width: Float(first.rect.width * perMillimetre.x), height: Float(first.rect.height * perMillimetre.y)),
                start: opposite,
                touchSlop: panel.pixels(millimetres: config.input.touchSlopMillimetres),
                rate: (try? DecelerationRate(perMillisecond: config.physics.decelerationRate)) ?? .normal,
                spring: config.physics.snapSpring)
            inset.screenSize = ScreenSize(width: Double(width), height: Double(height))
            let geometry = CameraGeometry(map: map, viewport: ScreenSize(width: Double(width), height: Double(height)))
            // Home around "you are here" shows a part of the network: the inset shows the whole of it there.
            if !config.homeIsHere(on: map) {
                let home = home ?? config.homeCamera(geometry: geometry)
                let corner = geometry.schemePoint(atScreen: ScreenPoint(x: 0, y: 0), camera: home)
                inset.homeArea = SchemeRect(x: corner.x, y: corner.y, width: Double(width) / home.scale, height: Double(height) / home.scale)
            }
            self.inset = inset
        } else {
            inset = nil
        }
        buttons = layout.buttons.map { ControlButton(kind: $0.kind, rect: pixels($0.rect), fonts: fonts) }
        homeRects = buttons.map(\.rect)
        screen = ScreenRect(x: 0, y: 0, width: Double(width), height: Double(height))
        marginPixels = settings.placement.marginMillimetres * min(perMillimetre.x, perMillimetre.y)
        idleWarning = settings.idleWarningSeconds > 0 && config.kiosk.idleTimeoutSeconds > 0
            ? IdleWarningElement(warningMicroseconds: Int64(settings.idleWarningSeconds * 1_000_000),
                                 screen: IntRect(x: 0, y: 0, width: width, height: height),
                                 barHeight: Float(10 * perMillimetre.y), fonts: fonts)
            : nil
        configuredLanguages = config.map.languages
        languages = config.map.languages
        configuredAccessible = settings.accessibleByDefault
        accessible = settings.accessibleByDefault
        updateButtons()
    }

    /// Every element, in drawing order (the warning bar over the buttons).
    public var elements: [any OverlayElement] {
        (inset.map { [$0] } ?? []) + buttons + (idleWarning.map { [$0] } ?? [])
    }

    /// The regions the controls would occupy with the journey card covering `sheet` (nil: no card): the column
    /// moved out of its way or folded, and the inset in its first corner clear of both. Nothing moves: the camera
    /// asks this of the card's resting place before the card gets there.
    public func regions(clearOf sheet: ScreenRect?) -> [ScreenRect] {
        let column = OverlayLayout.controls(homeRects, clearOf: sheet, below: band, screen: screen, margin: marginPixels) ?? []
        let key = legendRegion(clearOf: sheet, column: column)
        return column + key + (insetRegion(clearOf: (sheet.map { [$0] } ?? []) + column + key + (band.map { [$0] } ?? [])) ?? [])
    }

    /// Where the legend rests beside a card over `sheet` and the column laid out around it: none while folded.
    private func legendRegion(clearOf sheet: ScreenRect?, column: [ScreenRect]) -> [ScreenRect] {
        legend?.region(clearOf: (sheet.map { [$0] } ?? []) + column).map { [$0] } ?? []
    }

    /// What the controls keep at rest beside a card resting over `sheet`, for the labels to keep clear of: the column
    /// where the layout puts it (none when folded) and the inset's corner while the inset is shown.
    public func labelRegions(clearOf sheet: ScreenRect?) -> [ScreenRect] {
        let column = OverlayLayout.controls(homeRects, clearOf: sheet, below: band, screen: screen, margin: marginPixels) ?? []
        let key = legendRegion(clearOf: sheet, column: column)
        guard inset?.frame != nil else { return column + key }
        return column + key + (insetRegion(clearOf: (sheet.map { [$0] } ?? []) + column + key + (band.map { [$0] } ?? [])) ?? [])
    }

    /// The layout pass for the card covering `sheet` now (nil: none): the buttons move out of its way or fold, the
    /// legend takes a corner neither covers or folds, the inset leaves a corner the card, the buttons, the legend or
    /// the strip (`band`) took.
    public func layOut(clearOf sheet: ScreenRect?) {
        let column = OverlayLayout.controls(homeRects, clearOf: sheet, below: band, screen: screen, margin: marginPixels)
        for (index, button) in buttons.enumerated() {
            button.isFolded = column == nil
            button.rect = column?[index] ?? homeRects[index]
        }
        legend?.layOut(clearOf: (sheet.map { [$0] } ?? []) + (column ?? []))
        guard let inset else { return }
        let occupied = (sheet.map { [$0] } ?? []) + (column ?? []) + (legend?.frame.map { [$0] } ?? []) + (band.map { [$0] } ?? [])
        guard let current = inset.rect(in: inset.corner), occupied.contains(where: { OverlayLayout.overlaps($0, current) }) else {
            inset.isFolded = false
            return
        }
        // Every corner taken: the inset folds as the column does, rather than lie under the card or the legend.
        if let corner = freeInsetCorner(clearOf: occupied) {
            inset.place(in: corner)
            inset.isFolded = false
        } else {
            inset.isFolded = true
        }
    }

    /// The inset's corners, its current one first, then the others in the order the layout made them.
    private func freeInsetCorner(clearOf occupied: [ScreenRect]) -> ControlCorner? {
        guard let inset else { return nil }
        let order = [inset.corner] + inset.corners.map(\.corner).filter { $0 != inset.corner }
        return OverlayLayout.freeCorner(order.compactMap { corner in inset.rect(in: corner).map { (corner, $0) } }, clearOf: occupied)
    }

    private func insetRegion(clearOf occupied: [ScreenRect]) -> [ScreenRect]? {
        guard let inset, let corner = freeInsetCorner(clearOf: occupied) else { return nil }
        return inset.rect(in: corner).map { [$0] }
    }

    /// Labels in the next language: `[a, b, c]` becomes `[b, c, a]`, so each press makes the next one the main name.
    public func nextLanguage() {
        guard languages.count > 1 else { return }
        languages = Array(languages.dropFirst()) + [languages[0]]
        updateButtons()
    }

    public func toggleAccessible() {
        accessible.toggle()
        updateButtons()
    }

    /// Neither language nor accessible mode changed from the config.
    public var isAsConfigured: Bool { accessible == configuredAccessible && languages == configuredLanguages }

    /// The idle return: the next passenger finds the kiosk as configured. Returns whether the map's look changed.
    public func resetForIdleReturn() -> Bool {
        let changed = !isAsConfigured
        accessible = configuredAccessible
        languages = configuredLanguages
        updateButtons()
        return changed
    }

    private func updateButtons() {
        let palette: ControlPalette = accessible ? .highContrast : .standard
        for button in buttons {
            button.palette = palette
            if button.kind == .accessible { button.isActive = accessible }
            if button.kind == .language { button.caption = languages.first.map { String($0.prefix(2)).uppercased() } }
        }
        idleWarning?.palette = palette
        inset?.palette = palette
    }

    /// The map's look for the current state: labels in `languages`, and in accessible mode labels ×1.5 with a cap
    /// height of at least 5 mm, lines ×1.5, and the high-contrast palette.
    public func style(from base: MapStyle) -> MapStyle {
        guard accessible else { return base }
        return AccessibleMapStyle.make(from: base, pixelsPerMillimetre: pixelsPerMillimetre)
    }

    /// The gestures for the current state: accessible mode has no double tap (two taps of a tremor zoom no map).
    public func gestures(from base: GestureConfiguration) -> GestureConfiguration {
        guard accessible else { return base }
        var gestures = base
        gestures.doubleTapMaximumIntervalMicroseconds = 0
        return gestures
    }
}
