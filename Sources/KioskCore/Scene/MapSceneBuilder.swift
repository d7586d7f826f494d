import MetroMap
import Raster

/// Turns the map and a camera into a draw list for one frame: interchange connectors, lines with their bends,
/// station marks (interchanges marked), labels, in that order, with everything off screen culled.
public final class MapSceneBuilder {
    public let drawing: MapDrawing
    public let style: MapStyle
    /// The label fonts; nil draws no labels.
    public let fonts: FontStack?
    private var layouts: [LabelLayout] = []
    private let widths: TextWidthCache?

    public init(drawing: MapDrawing, style: MapStyle = MapStyle(), fonts: FontStack?) {
        self.drawing = drawing
        self.style = style
        self.fonts = fonts
        widths = fonts.map { TextWidthCache(fonts: $0) }
    }

    /// Labels in one font (no fallback).
    public convenience init(drawing: MapDrawing, style: MapStyle = MapStyle(), font: Font?) {
        self.init(drawing: drawing, style: style, fonts: font.map { FontStack(fonts: [$0]) })
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
        let reach = Double(max(style.connectorWidthPixels(scale: scale), style.stationRadiusPixels(scale: scale) * 2 + 2,
                               style.youAreHereRadiusPixels(scale: scale) + 1))
        let view = SchemeRect(
            x: (Double(visible.x0) + Double(offsetX) - reach) / scale + origin.x,
            y: (Double(visible.y0) + Double(offsetY) - reach) / scale + origin.y,
            width: (Double(visible.width) + 2 * reach) / scale, height: (Double(visible.height) + 2 * reach) / scale)
        func isVisible(_ point: SchemePoint) -> Bool { view.contains(point) }
        func isVisible(_ rect: SchemeRect) -> Bool {
            rect.x <= view.maxX && view.x <= rect.maxX && rect.y <= view.maxY && view.y <= rect.maxY
        }

        let connectorStyle = StrokeStyle(width: style.connectorWidthPixels(scale: scale), join: .round, cap: .round)
        for connector in drawing.connectors
        where isVisible(MapDrawing.bounds(of: [connector.from, connector.to])) {
            scene.append(.strokePolyline([screen(connector.from), screen(connector.to)], connectorStyle, style.connectorColor))
        }
        let lineStyle = StrokeStyle(width: style.lineWidthPixels(scale: scale), join: .round, cap: .round)
        for piece in drawing.pieces where isVisible(piece.bounds) {
            scene.append(.strokePolyline(piece.points.map(screen), lineStyle, piece.color))
        }
        let radius = style.stationRadiusPixels(scale: scale)
        for station in drawing.stations where isVisible(station.position) {
            let centre = screen(station.position)
            if station.isInterchange {
                scene.append(.circle(center: centre, radius: radius, color: style.interchangeFill))
                scene.append(.ring(center: centre, radius: radius - max(radius * 0.15, 0.75), width: max(radius * 0.3, 1.5),
                                   color: style.interchangeRing))
            } else {
                scene.append(.circle(center: centre, radius: radius, color: station.color))
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
        for label in layout.placed
        where label.bounds.minX < labelView.maxX && labelView.minX < label.bounds.maxX
            && label.bounds.minY < labelView.maxY && labelView.minY < label.bounds.maxY {
            for line in label.lines {
                // Shaped once per name, language and size (the stack caches it); drawing re-uses cached glyphs.
                scene.append(.text(TextCommand(line: fonts.shape(line.text, sizePixels: line.sizePixels, language: line.language),
                                               origin: Raster.Point(line.origin.x - Float(offsetX), line.origin.y - Float(offsetY)),
                                               color: style.labelColor, halo: style.labelHalo)))
            }
        }
        return scene
    }

    /// Label placement is the costly part of a new scale; the last few scales are kept for zooming back and forth.
    private func labelLayout(scale: Double, fonts: FontStack, widths: TextWidthCache) -> LabelLayout {
        if let index = layouts.firstIndex(where: { $0.scale == scale }) { return layouts[index] }
        let layout = LabelLayout(drawing: drawing, style: style, fonts: fonts, scale: scale, widths: widths)
        layouts.append(layout)
        if layouts.count > 4 { layouts.removeFirst() }
        return layout
    }
}
