/// Draws anti-aliased shapes, masks and text into a `PixelBuffer`, inside a clip rectangle.
/// Holds the rasterizer's scratch memory, so keep one canvas per buffer and reuse it across frames.
public final class Canvas {
    public let buffer: PixelBuffer
    /// Nothing outside this rectangle is ever written. Always inside the buffer.
    public var clip: IntRect {
        didSet { clip = clip.intersection(buffer.bounds) }
    }
    /// The rectangle whose drawing the clip is a part of (it contains the clip); nil: the clip itself. Coverage is
    /// accumulated as if the scene were drawn into all of it, and only the clip's pixels are written: the
    /// accumulator's origin and the edges it cuts at its left side depend on the rectangle it works over, so a part
    /// drawn alone under a smaller clip can differ from the whole by a grey level on an anti-aliased edge. Set, the
    /// part gets the whole's bytes (the map drawn around an opaque layer, `MapFrameRenderer.render(..., hidden:)`).
    /// Used by banded drawing (`renderPool` set), the way frames are drawn.
    public var coverageFrame: IntRect?
    /// Set by banded drawing on its workers: the band's rows of `coverageFrame`, where coverage is accumulated.
    var accumulationArea: IntRect?
    /// Maximum distance, in pixels, between a curve and the segments that approximate it.
    public var flatteningTolerance: Float = 0.1 {
        didSet { stamps = StampCache() }  // stamps were made with the old tolerance
    }

    /// Small discs and rings (station markers) are drawn from cached masks, centres snapped to quarter pixels.
    /// Turn off for exact positioning.
    public var usesStampCache = true

    /// Set, scenes are drawn in fixed bands of rows, the bands shared out over the pool's threads (`draw(_:)`).
    /// The bands do not depend on the number of threads, so a pool of one thread gives the same pixels as a pool
    /// of four; nil draws a scene in one piece, as before (which differs from banded drawing in rounding only).
    public var renderPool: RenderPool?
    var bandedDrawer: BandedSceneDrawer?
    /// Set on the banded drawer's worker canvases, one per thread: glyphs looked up without a font's lock once seen.
    var glyphMemo: GlyphMemo?

    let accumulator = CoverageAccumulator()
    private var stamps = StampCache()
    private var outline: [Point] = []
    private var strokeScratch: [Point] = []

    public init(buffer: PixelBuffer) {
        self.buffer = buffer
        self.clip = buffer.bounds
    }

    /// Sets every pixel inside the clip to `color` (its alpha ignored: the buffer has none).
    public func clear(_ color: Color) {
        buffer.fill(clip, with: color.xrgb)
    }

    /// Fills `path` with the non-zero winding rule.
    public func fill(_ path: Path, color: Color) {
        guard !path.isEmpty, begin(path.bounds, color: color) else { return }
        var sink = accumulator
        flatten(path, tolerance: flatteningTolerance, into: &sink)
        finish(color)
    }

    /// Strokes an open polyline (its outline filled non-zero, so self-overlaps paint once).
    public func stroke(polyline: [Point], style: StrokeStyle, color: Color) {
        // Cull before building the outline: when drawing only exposed strips most polylines miss the clip.
        guard strokeIsVisible(polyline: polyline, style: style, color: color) else { return }
        guard let rect = strokeOutline(polyline: polyline, style: style) else { return }
        accumulator.begin(rect)
        outline.withUnsafeBufferPointer { addPolygon($0) }
        finish(color)
    }

    /// Strokes the dashes `pattern` cuts an open polyline into (`Dasher`), each with the style's caps.
    public func stroke(polyline: [Point], style: StrokeStyle, dash pattern: DashPattern, color: Color) {
        for piece in Dasher.dashes(of: polyline, pattern: pattern) {
            stroke(polyline: piece, style: style, color: color)
        }
    }

    /// Builds the outline of a visible stroke into `outline` and returns the pixels it can touch inside the clip;
    /// nil when it touches none. The first half of `stroke`, shared with banded drawing.
    func strokeOutline(polyline: [Point], style: StrokeStyle) -> IntRect? {
        Stroker.appendOutline(polyline: polyline, style: style, tolerance: flatteningTolerance,
                              into: &outline, scratch: &strokeScratch)
        guard let start = outline.first else { return nil }
        var outlineBounds = (minX: start.x, minY: start.y, maxX: start.x, maxY: start.y)
        for p in outline {
            outlineBounds.minX = min(outlineBounds.minX, p.x); outlineBounds.maxX = max(outlineBounds.maxX, p.x)
            outlineBounds.minY = min(outlineBounds.minY, p.y); outlineBounds.maxY = max(outlineBounds.maxY, p.y)
        }
        return coverageRect(Rect(minX: outlineBounds.minX, minY: outlineBounds.minY, maxX: outlineBounds.maxX,
                                 maxY: outlineBounds.maxY))
    }

    /// The outline `strokeOutline` built last.
    var lastOutline: [Point] { outline }

    /// Adds a closed polygon's edges (last point back to the first) to the accumulator.
    func addPolygon(_ points: UnsafeBufferPointer<Point>) {
        guard let last = points.last else { return }
        var previous = last
        for p in points {
            accumulator.addLine(previous.x, previous.y, p.x, p.y)
            previous = p
        }
    }

    /// Fills recorded edges over `rect ∩ clip`: `rect` is what the direct call computed for the whole clip, so a
    /// band gets the same accumulator arithmetic (the same origin columns) as any other band.
    func fillRecorded(_ points: UnsafeBufferPointer<Point>, closed: Bool, rect: IntRect, color: Color) {
        let area = rect.intersection(accumulationArea ?? clip)
        guard !area.isEmpty, !rect.intersection(clip).isEmpty else { return }
        accumulator.begin(area)
        if closed {
            addPolygon(points)
        } else {
            var i = 0
            while i + 1 < points.count {
                accumulator.addLine(points[i].x, points[i].y, points[i + 1].x, points[i + 1].y)
                i += 2
            }
        }
        finish(color)
    }

    public func fillCircle(center: Point, radius: Float, color: Color) {
        guard isVisible(center, radius) else { return }
        if usesStampCache, radius > 0, radius <= StampCache.maximumRadius {
            drawStamp(.disc, center: center, radius: radius, width: 0, color: color)
            return
        }
        guard radius > 0, begin(circleBounds(center, radius), color: color) else { return }
        var sink = accumulator
        addCircle(center: center, radius: radius, clockwise: true, tolerance: flatteningTolerance, into: &sink)
        finish(color)
    }

    /// The annulus between `radius - width/2` and `radius + width/2`: a stroked circle.
    public func strokeCircle(center: Point, radius: Float, width: Float, color: Color) {
        let outer = radius + width / 2, inner = radius - width / 2
        guard isVisible(center, outer) else { return }
        if usesStampCache, width > 0, outer > 0, outer <= StampCache.maximumRadius {
            drawStamp(.ring, center: center, radius: radius, width: width, color: color)
            return
        }
        guard width > 0, outer > 0, begin(circleBounds(center, outer), color: color) else { return }
        var sink = accumulator
        addCircle(center: center, radius: outer, clockwise: true, tolerance: flatteningTolerance, into: &sink)
        if inner > 0 {
            addCircle(center: center, radius: inner, clockwise: false, tolerance: flatteningTolerance, into: &sink)
        }
        finish(color)
    }

    /// Axis-aligned rectangle with exact fractional-edge coverage, without going through the edge rasterizer.
    public func fillRect(_ rect: Rect, color: Color) {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return }
        let pixels = rect.enclosingPixels.intersection(clip)
        guard !pixels.isEmpty, color.alpha > 0 else { return }
        var spans = SolidSpanBlender(buffer: buffer, color: color)
        func overlap(_ i: Int, _ lo: Float, _ hi: Float) -> Float {
            max(0, min(Float(i + 1), hi) - max(Float(i), lo))
        }
        let leftCoverage = overlap(pixels.x0, rect.minX, rect.maxX)
        let rightCoverage = overlap(pixels.x1 - 1, rect.minX, rect.maxX)
        let innerStart = leftCoverage < 1 ? pixels.x0 + 1 : pixels.x0
        let innerEnd = rightCoverage < 1 ? pixels.x1 - 1 : pixels.x1
        for y in pixels.y0..<pixels.y1 {
            let cy = overlap(y, rect.minY, rect.maxY)
            guard cy > 0 else { continue }
            spans.beginRow(y)
            if innerStart > pixels.x0 { spans.pixel(x: pixels.x0, coverage: leftCoverage * cy) }
            if innerEnd > innerStart { spans.run(x: innerStart, count: innerEnd - innerStart, coverage: cy) }
            if innerEnd < pixels.x1, pixels.x1 - 1 >= innerStart {
                spans.pixel(x: pixels.x1 - 1, coverage: rightCoverage * cy)
            }
        }
    }

    /// Blends `color` through `mask` with the mask's top-left pixel at (`x`, `y`).
    public func blit(_ mask: AlphaMask, x: Int, y: Int, color: Color) {
        blitMask(mask, x: x, y: y, color: color, clip: clip, into: buffer)
    }

    private func drawStamp(_ shape: StampCache.Shape, center: Point, radius: Float, width: Float, color: Color) {
        let phases = Float(StampCache.phases)
        let qx = center.x * phases, qy = center.y * phases
        guard qx.isFinite, qy.isFinite, abs(qx) < 1e8, abs(qy) < 1e8, color.alpha > 0 else { return }
        let ix = Int(qx.rounded()), iy = Int(qy.rounded())
        let stamp = stamps.stamp(shape, radius: radius, width: width, phaseX: ix & 3, phaseY: iy & 3,
                                 accumulator: accumulator, tolerance: flatteningTolerance)
        blit(stamp.mask, x: (ix >> 2) + stamp.offset, y: (iy >> 2) + stamp.offset, color: color)
    }

    /// Whether a circle can touch the clip; false for non-finite input too.
    @inline(__always)
    private func isVisible(_ c: Point, _ r: Float) -> Bool {
        let reach = r + 1
        return c.x + reach > Float(clip.x0) && c.x - reach < Float(clip.x1)
            && c.y + reach > Float(clip.y0) && c.y - reach < Float(clip.y1)
    }

    private func circleBounds(_ c: Point, _ r: Float) -> Rect {
        // The area-corrected polygon reaches slightly outside r; one pixel of margin covers it.
        Rect(minX: c.x - r - 1, minY: c.y - r - 1, maxX: c.x + r + 1, maxY: c.y + r + 1)
    }

    private func begin(_ bounds: Rect, color: Color) -> Bool {
        guard color.alpha > 0, let rect = coverageRect(bounds) else { return false }
        accumulator.begin(rect)
        return true
    }

    /// The pixels a shape with these bounds can cover inside the clip (one pixel of margin right and below);
    /// nil when none.
    func coverageRect(_ bounds: Rect) -> IntRect? {
        let pixels = bounds.enclosingPixels
        let whole = IntRect(x0: pixels.x0, y0: pixels.y0, x1: pixels.x1 + 1, y1: pixels.y1 + 1)
        guard !whole.intersection(clip).isEmpty else { return nil }
        let rect = whole.intersection(accumulationArea ?? clip)
        return rect.isEmpty ? nil : rect
    }

    func finish(_ color: Color) {
        let spans = SolidSpanBlender(buffer: buffer, color: color)
        if let accumulationArea, accumulationArea != clip {
            var clipped = ClippedSpanSink(spans, clip: clip)
            accumulator.sweep(into: &clipped)
        } else {
            var spans = spans
            accumulator.sweep(into: &spans)
        }
    }
}
