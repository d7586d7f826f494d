import MetroMap
import Raster

/// Turns the map and a camera into a draw list for one frame: the background layer, lines with their bends and
/// curves, interchanges (white with a dark outline), station marks, labels, in that order, with everything off
/// screen culled.
public final class MapSceneBuilder {
    public let drawing: MapDrawing
    public let style: MapStyle
    /// The label fonts; nil draws no labels.
    public let fonts: FontStack?
    private var layouts: [LabelLayout] = []
    private let widths: TextWidthCache?
    /// The label fonts' text widths (nil without fonts), shared with the audit so it measures captions as placed.
    var textWidths: TextWidthCache? { widths }
    /// The scales labels are planned for: the camera's zoom range.
    public let labelZoom: ClosedRange<Double>
    /// The home view's scale, twice which every interchange in view is named (nil: the bottom of `labelZoom`).
    public let homeScale: Double?
    private var plan: LabelPlan?
    /// Captions of the background that sit inside a small filled ellipse (a line's bullet: Singapore's "NE" roundel),
    /// by the caption's index, with the ellipse's centre; found once.
    private lazy var bulletCentres: [Int: SchemePoint] = Self.bulletCentres(of: drawing.background)

    static func bulletCentres(of background: [BackgroundShape]) -> [Int: SchemePoint] {
        let ellipses = background.compactMap { shape -> SchemeRect? in
            guard shape.kind == .ellipse, shape.fill != nil, shape.points.count >= 2 else { return nil }
            let a = shape.points[0], b = shape.points[1]
            return SchemeRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
        }
        var found: [Int: SchemePoint] = [:]
        for (index, shape) in background.enumerated() where shape.kind == .text && shape.size > 0 {
            guard let point = shape.points.first else { continue }
            // A bullet is about as tall as its text: at most three text sizes across, with the text's point inside.
            if let ellipse = ellipses.first(where: { e in
                e.width <= shape.size * 3 && e.height <= shape.size * 3 && e.x <= point.x && point.x <= e.maxX && e.y <= point.y && point.y <= e.maxY
            }) {
                found[index] = SchemePoint(x: ellipse.x + ellipse.width / 2, y: ellipse.y + ellipse.height / 2)
            }
        }
        return found
    }
    private var badges: LineBadges?
    /// The widest line stroke in scheme units, for the culling margin.
    private let widestLine: Double
    /// Screen regions (output pixels) the overlay's fixed elements occupy at rest: the card at its anchor, the control
    /// column, the inset, the legend, the "You are here" callout. No station name is drawn meeting one, since a name
    /// half under a button reads as another word (`MapSceneBuilder+OverlayRegions`). The loop sets them each frame.
    public var overlayRegions: [Rect] = []
    /// Stations the overlay names itself (the route's destination, on its plate): the map draws no label for them,
    /// so a traveller reads the name once, where the journey planner puts it (`MapSceneBuilder+OverlayRegions`).
    public var namedByOverlay: Set<SchemePoint> = []
    /// Scheme lines a live alert touches (`KioskLive`): drawn dashed, so a traveller sees which lines are affected
    /// without reading the strip. Whoever changes it redraws the map.
    public var dashedLines: Set<String> = []
    /// Scheme line id → the stations where a live alert names that line at that stop (GTFS-realtime route and
    /// stop together): the line's hops into and out of each are drawn dashed, the rest of the line whole.
    public var dashedStops: [String: Set<String>] = [:]

    /// The map's own line width and station diameter (pMetro `LinesWidth`, `StationDiameter`) replace the style's.
    /// `labelZoom`: the camera's zoom range, over which each label gets its place once (nil: from the scale that
    /// fits the map on a 1024×600 screen up to 4, the default `[map] max_scale`).
    public init(drawing: MapDrawing, style: MapStyle = MapStyle(), fonts: FontStack?, labelZoom: ClosedRange<Double>? = nil,
                homeScale: Double? = nil) {
        self.drawing = drawing
        var style = style
        if let width = drawing.lineWidth { style.lineWidth = width }
        if let diameter = drawing.stationDiameter { style.stationRadius = diameter / 2 }
        self.style = style
        widestLine = drawing.pieces.reduce(style.lineWidth) { max($0, $1.width ?? 0) } * style.lineScale
        self.fonts = fonts
        widths = fonts.map { TextWidthCache(fonts: $0) }
        self.labelZoom = labelZoom ?? MapSceneBuilder.defaultLabelZoom(drawing.bounds)
        self.homeScale = homeScale
    }

    /// Whether a live alert dashes `piece`: its whole line, or its line at one of its two stations.
    func isDashed(_ piece: MapDrawing.LinePiece) -> Bool {
        if dashedLines.contains(piece.lineID) { return true }
        guard let stations = dashedStops[piece.lineID] else { return false }
        return piece.stationIDs.contains { stations.contains($0) }
    }

    static func defaultLabelZoom(_ bounds: SchemeRect) -> ClosedRange<Double> {
        var fitting = min(1024 / bounds.width, 600 / bounds.height)
        if !fitting.isFinite || fitting <= 0 { fitting = 1 }
        let lower = min(fitting, 4)
        return lower...max(4, lower)
    }

    /// Labels in one font (no fallback).
    public convenience init(drawing: MapDrawing, style: MapStyle = MapStyle(), font: Font?, labelZoom: ClosedRange<Double>? = nil) {
        self.init(drawing: drawing, style: style, fonts: font.map { FontStack(fonts: [$0]) }, labelZoom: labelZoom)
    }

    /// `offsetX/Y`: whole-pixel content offset (UIScrollView's contentOffset); `visible`: the pixels to fill.
    public func scene(offsetX: Int, offsetY: Int, scale: Double, visible: IntRect) -> Scene {
        var scene = Scene(clip: visible, background: style.background)
        let origin = drawing.bounds
        let shiftX = Float(origin.x * scale + Double(offsetX)), shiftY = Float(origin.y * scale + Double(offsetY))
        let s = Float(scale)
        @inline(__always) func screen(_ p: SchemePoint) -> Raster.Point {
            Raster.Point(Float(p.x) * s - shiftX, Float(p.y) * s - shiftY)
        }
        // What part of the scheme the visible pixels show, grown by the widest thing drawn around a point.
        let reach = Double(max(style.stationRadiusPixels(scale: scale) * 2 + 2, style.youAreHereRadiusPixels(scale: scale) + 1,
                               Float(max(widestLine * scale, style.minimumLineWidthPixels)) / 2 + 1))
        let view = SchemeRect(
            x: (Double(visible.x0) + Double(offsetX) - reach) / scale + origin.x,
            y: (Double(visible.y0) + Double(offsetY) - reach) / scale + origin.y,
            width: (Double(visible.width) + 2 * reach) / scale, height: (Double(visible.height) + 2 * reach) / scale)
        func isVisible(_ point: SchemePoint) -> Bool { view.contains(point) }
        func isVisible(_ rect: SchemeRect) -> Bool {
            rect.x <= view.maxX && view.x <= rect.maxX && rect.y <= view.maxY && view.y <= rect.maxY
        }

        appendBackground(to: &scene, scale: scale, screen: screen, isVisible: isVisible)

        let lineWidthPixels = style.lineWidthPixels(scale: scale)
        for piece in drawing.pieces where isVisible(piece.bounds) {
            let width = piece.width.map { style.pieceWidthPixels($0, scale: scale) } ?? lineWidthPixels
            let knots = piece.knots.map(screen)
            let points = piece.isSmooth
                ? CurveFlattening.flatten(knots, lead: piece.lead.map(screen), trail: piece.trail.map(screen))
                : knots
            if isDashed(piece), let dash = DashPattern(intervals: [3 * max(width, 2), 2 * max(width, 2)]) {
                // Long dashes, gaps two thirds as long, both in proportion to the line's width; butt ends, so the
                // gaps stay as long as the pattern says.
                for dashed in Dasher.dashes(of: points, pattern: dash) {
                    scene.append(.strokePolyline(dashed, StrokeStyle(width: width, join: .round, cap: .butt), piece.color))
                }
                continue
            }
            scene.append(.strokePolyline(points, StrokeStyle(width: width, join: .round, cap: .round), piece.color))
        }

        let radius = style.stationRadiusPixels(scale: scale)
        // Interchanges: every outline first, then every white core over them, so joined stations read as one
        // white shape with one outline and no hole, never in a line's colour.
        let outline = max(radius * 0.3, 1.25)
        let core = StrokeStyle(width: radius * 1.1, join: .round, cap: .round)
        let rim = StrokeStyle(width: radius * 1.1 + 2 * outline, join: .round, cap: .round)
        let visibleInterchanges = drawing.interchanges.filter { isVisible($0.bounds) }
        for pass in 0..<2 {
            let color = pass == 0 ? style.interchangeRing : style.interchangeFill
            let grow: Float = pass == 0 ? outline : 0
            for interchange in visibleInterchanges {
                if !interchange.hull.isEmpty {
                    let hull = interchange.hull.map(screen)
                    var builder = PathBuilder()
                    builder.addPolygon(hull)
                    scene.append(.fillPath(builder.build(), color))
                    scene.append(.strokePolyline(hull + [hull[0]], pass == 0 ? rim : core, color))
                }
                for (a, b) in interchange.pairs {
                    scene.append(.strokePolyline([screen(a), screen(b)], pass == 0 ? rim : core, color))
                }
                for station in interchange.stations {
                    scene.append(.circle(center: screen(station), radius: radius + grow, color: color))
                }
            }
        }
        if style.stationMarksOverLines {
            // Outside the line on both sides, with the ring in the interchanges' colour: a mark a thick line cannot hide.
            let over = max(radius, lineWidthPixels / 2 + outline)
            for station in drawing.stations where !station.isInterchange && isVisible(station.position) {
                scene.append(.circle(center: screen(station.position), radius: over + outline, color: style.interchangeRing))
                scene.append(.circle(center: screen(station.position), radius: over, color: style.interchangeFill))
            }
        } else {
            for station in drawing.stations where !station.isInterchange && isVisible(station.position) {
                scene.append(.circle(center: screen(station.position), radius: radius, color: station.color))
            }
        }
        if let here = drawing.youAreHere, isVisible(here) {
            // A red target over the station: a halo ring and a solid centre, above every line and station.
            let centre = screen(here), outer = style.youAreHereRadiusPixels(scale: scale)
            scene.append(.circle(center: centre, radius: outer, color: style.youAreHereColor.withAlpha(70)))
            scene.append(.ring(center: centre, radius: outer * 0.62, width: max(outer * 0.18, 2), color: .white))
            scene.append(.circle(center: centre, radius: outer * 0.45, color: style.youAreHereColor))
        }
        guard let fonts, let widths else { return scene }
        let layout = labelLayout(scale: scale, fonts: fonts, widths: widths)
        // Label layouts live in world pixels: the visible pixels plus the offset.
        let labelView = Rect(minX: Float(visible.x0 + offsetX), minY: Float(visible.y0 + offsetY),
                             maxX: Float(visible.x1 + offsetX), maxY: Float(visible.y1 + offsetY))
        if let badges = lineBadges(widths: widths) {
            for command in badges.commands(scale: scale, origin: origin.origin, style: style, view: labelView,
                                           shift: Raster.Point(Float(offsetX), Float(offsetY)), fonts: fonts,
                                           background: labelPlan(fonts: fonts, widths: widths).background) {
                scene.append(command)
            }
        }
        for label in layout.placed
        where label.bounds.overlaps(labelView)
            && !Self.meets(label, regions: overlayRegions, offsetX: offsetX, offsetY: offsetY) && !isNamedByOverlay(label) {
            if let leader = label.leader {
                // A thin rule in the text's colour from the mark to a name that had to sit farther out, with a dot
                // where it leaves the mark so the eye finds which station it starts from.
                let shift = Raster.Point(Float(offsetX), Float(offsetY))
                let width = max(Float(style.minimumLineWidthPixels) / 2, 1)
                let start = Raster.Point(leader.from.x - shift.x, leader.from.y - shift.y)
                scene.append(.strokePolyline([start, Raster.Point(leader.to.x - shift.x, leader.to.y - shift.y)],
                                             StrokeStyle(width: width, join: .round, cap: .round), style.labelColor))
                scene.append(.circle(center: start, radius: width * 1.5, color: style.labelColor))
            }
            if label.onPlate {
                // The plate: the label's block with its margin in the background's colour, over the lines it crosses.
                let b = label.bounds
                scene.append(.rect(Rect(minX: b.minX - Float(offsetX), minY: b.minY - Float(offsetY),
                                        maxX: b.maxX - Float(offsetX), maxY: b.maxY - Float(offsetY)), style.background))
            }
            for line in label.lines {
                // Shaped once per name, language and size (the stack caches it); drawing re-uses cached glyphs.
                scene.append(.text(TextCommand(line: fonts.shape(line.text, sizePixels: line.sizePixels, language: line.language),
                                               origin: Raster.Point(line.origin.x - Float(offsetX), line.origin.y - Float(offsetY)),
                                               color: style.labelColor, halo: style.labelHalo)))
            }
        }
        return scene
    }

    /// The background layer: fills and outlines of water and parks, curves, roundels and titles, in map order.
    private func appendBackground(to scene: inout Scene, scale: Double, screen: (SchemePoint) -> Raster.Point,
                                  isVisible: (SchemeRect) -> Bool) {
        for (index, shape) in drawing.background.enumerated() where isVisible(drawing.backgroundBounds[index]) {
            let stroke = StrokeStyle(width: Float(max(shape.width * scale, 0.75)), join: .round, cap: .round)
            func color(_ rgb: RGBColor) -> Color { Color(red: rgb.red, green: rgb.green, blue: rgb.blue) }
            switch shape.kind {
            case .polygon, .ellipse:
                let outline: [Raster.Point]
                if shape.kind == .ellipse {
                    let a = screen(shape.points[0]), b = screen(shape.points[1])
                    outline = CurveFlattening.ellipse(in: Rect(minX: min(a.x, b.x), minY: min(a.y, b.y),
                                                               maxX: max(a.x, b.x), maxY: max(a.y, b.y)))
                } else {
                    outline = shape.points.map(screen)
                }
                if let fill = shape.fill {
                    var builder = PathBuilder()
                    builder.addPolygon(outline)
                    scene.append(.fillPath(builder.build(), color(fill)))
                }
                if let line = shape.stroke, line != shape.fill {
                    scene.append(.strokePolyline(outline + [outline[0]], stroke, color(line)))
                }
            case .polyline:
                if let line = shape.stroke { scene.append(.strokePolyline(shape.points.map(screen), stroke, color(line))) }
            case .spline:
                if let line = shape.stroke {
                    let points = CurveFlattening.flatten(shape.points.map(screen), lead: nil, trail: nil)
                    scene.append(.strokePolyline(points, stroke, color(line)))
                }
            case .text:
                let size = Float(shape.size * scale)
                guard let fonts, let line = shape.stroke, Double(size) >= style.minimumLabelPixels * 0.6 else { continue }
                let corner = screen(shape.points[0])
                // pMetro's TextOut puts the text's cell at x, y as Windows sets it in Arial, the scheme's author's font:
                // the baseline is Arial's ascent below. The label font's own ascent (Noto Sans' is 1.069 em) set
                // the letters of the scheme's line bullets (Singapore's "NE", "CC", "NS") low in their roundels.
                let text = fonts.shape(shape.text, sizePixels: size)
                // A line's bullet (the caption inside a small filled ellipse) is centred in it by its ink.
                let baseline = bulletCentres[index].map { text.baseline(centringInkAt: screen($0).y) } ?? corner.y + size * Self.textOutAscent
                scene.append(.text(TextCommand(line: text, origin: Raster.Point(corner.x, baseline), color: color(line))))
            }
        }
    }

    /// Arial's ascent over its em (1854 / 2048, its hhea and Windows ascender): where Windows puts a TextOut's baseline
    /// below the point given.
    static let textOutAscent: Float = 1854 / 2048

    /// The lines' badges at their termini (nil when the style draws none).
    func lineBadges(widths: TextWidthCache) -> LineBadges? {
        guard style.lineBadges else { return nil }
        if let badges { return badges }
        let made = LineBadges(drawing: drawing, style: style, widths: widths)
        badges = made
        return made
    }

    /// The line (an index into the map's lines) whose badge is drawn over `point` at `scale`; nil without badges
    /// (or without fonts, when none are drawn).
    public func lineBadge(at point: SchemePoint, scale: Double) -> Int? {
        guard let fonts, let widths, let badges = lineBadges(widths: widths) else { return nil }
        return badges.line(at: point, scale: scale, style: style, background: labelPlan(fonts: fonts, widths: widths).background)
    }

    /// Where each drawn badge's centre is at `scale`, with its line (an index into the map's lines): what a tap
    /// must land on to browse the line, for tests and audits to find.
    func lineBadgeCentres(scale: Double) -> [(line: Int, centre: SchemePoint)] {
        guard let fonts, let widths, let badges = lineBadges(widths: widths), scale > 0 else { return [] }
        let origin = SchemePoint(x: 0, y: 0), background = labelPlan(fonts: fonts, widths: widths).background
        return badges.badges.compactMap { badge in
            let box = badges.box(badge, scale: scale, origin: origin, style: style)
            guard !background.hits(box, scale: scale, origin: origin) else { return nil }
            return (badge.lineIndex, SchemePoint(x: Double(box.minX + box.maxX) / 2 / scale, y: Double(box.minY + box.maxY) / 2 / scale))
        }
    }

    /// Where every label goes and from which scale on: worked out once, on the first frame with labels.
    func labelPlan(fonts: FontStack, widths: TextWidthCache) -> LabelPlan {
        if let plan { return plan }
        let made = LabelPlan(drawing: drawing, style: style, fonts: fonts, widths: widths, zoom: labelZoom, home: homeScale,
                             badges: lineBadges(widths: widths))
        plan = made
        return made
    }

    /// The labels placed at `scale`, in world pixels (nil: no fonts, no labels).
    public func placedLabels(scale: Double) -> [LabelLayout.PlacedLabel]? {
        guard let fonts, let widths else { return nil }
        return labelLayout(scale: scale, fonts: fonts, widths: widths).placed
    }

    /// Label placement is the costly part of a new scale; the last few scales are kept for zooming back and forth.
    private func labelLayout(scale: Double, fonts: FontStack, widths: TextWidthCache) -> LabelLayout {
        if let index = layouts.firstIndex(where: { $0.scale == scale }) { return layouts[index] }
        let plan = labelPlan(fonts: fonts, widths: widths)
        let layout = LabelLayout(plan: plan, drawing: drawing, style: style, scale: scale)
        layouts.append(layout)
        if layouts.count > 4 { layouts.removeFirst() }
        return layout
    }
}
