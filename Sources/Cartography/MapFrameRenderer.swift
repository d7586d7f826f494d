import Raster

/// Draws frames of the map into the shadow buffer, reusing the previous frame where it can:
/// - panning at a constant scale shifts the last frame and draws only the strips that came into view;
/// - while the scale changes under the fingers (or a zoom animation), the last full-quality frame is scaled,
///   and the map is drawn at full quality again once the scale stops changing;
/// - under opaque layers the scanout lays over the frame (the journey card, `hidden`), nothing is drawn or
///   resampled: those pixels never reach the screen. What is left undrawn there is tracked and drawn when a layer
///   moves off it, a pan brings it out, or a pinch needs it in its snapshot. (A scaled frame is resampled whole.)
public final class MapFrameRenderer {
    public let buffer: PixelBuffer
    public let builder: MapSceneBuilder
    private let canvas: Canvas
    /// The last frame drawn at full quality, kept for scaling while a zoom is in progress.
    private var snapshot: PixelBuffer?
    private var snapshotView: View?
    private var shown: View?
    private var shownIsFullQuality = false
    /// Whether the buffer holds a full redraw of `shown`: a shifted frame can differ from one by a grey level on an
    /// anti-aliased edge (the rasterizer works in floats, so it is not exactly shift-invariant).
    private var shownIsRedraw = false
    /// Buffer pixels that do not hold the map of `shown` because layers hid them when it was drawn: within the
    /// layers' rectangles of the last `render` (`LayerHiddenPixels`).
    private var undrawn: [IntRect] = []
    /// Map pixels drawn or resampled by the current `render`.
    private var drawnPixels = 0
    private var reportedMissingGlyphs: Set<String> = []
    /// Called once per label whose characters the font lacks (those characters are left out, never drawn as boxes).
    public var onMissingGlyphs: ((_ text: String, _ missing: [Unicode.Scalar]) -> Void)?

    /// Offsets in whole pixels: a frame drawn at a fractional offset could never be shifted into place exactly.
    public struct View: Equatable, Sendable {
        public var offsetX: Int
        public var offsetY: Int
        public var scale: Double

        public init(offsetX: Int, offsetY: Int, scale: Double) {
            self.offsetX = offsetX
            self.offsetY = offsetY
            self.scale = scale
        }
    }

    /// How a frame came to be, for benchmarks and tests.
    public enum Method: String, Sendable {
        case unchanged, full, shifted, scaled
    }

    public struct Frame: Sendable {
        public var method: Method
        /// Pixels that changed, nil when none did.
        public var damage: IntRect?
        /// Map pixels rasterized or resampled for this frame (a pan's strips, a full frame less what layers hide):
        /// its drawing work as an area, which tests can hold to a figure where a time could not be.
        public var drawnPixels = 0
    }

    /// Threads that share out every frame kind (bands of rows; the same pixels with any number of threads).
    public let pool: RenderPool

    /// `pool`: the process's shared pool (sized by `[display] render_threads`) unless given.
    public init(width: Int, height: Int, builder: MapSceneBuilder, pool: RenderPool = .shared) {
        buffer = PixelBuffer(width: width, height: height)
        canvas = Canvas(buffer: buffer)
        canvas.renderPool = pool
        self.pool = pool
        self.builder = builder
    }

    /// `scaleSettled`: false while a pinch or zoom animation is changing the scale, when a scaled copy of the last
    /// full-quality frame is good enough and a full redraw would miss frames. `atRest`: the map has stopped, so the
    /// picture it keeps showing is drawn in full once, pixel for pixel what `snapshot` and a screenshot give.
    /// `hidden`: screen rectangles opaque layers cover where the frame is scanned out (`ScanoutLayer`); the map is
    /// not drawn there, and those pixels of the buffer are undefined until a later `render` without them.
    @discardableResult
    public func render(_ view: View, scaleSettled: Bool, atRest: Bool = false, hidden: [IntRect] = []) -> Frame {
        let hidden = hidden.map { $0.intersection(buffer.bounds) }.filter { !$0.isEmpty }
        drawnPixels = 0
        if holds(view, scaleSettled: scaleSettled, atRest: atRest), let shown {
            // A layer moved off (or went): the map it hid is drawn now, and nothing else.
            let exposed = LayerHiddenPixels.visibleParts(of: undrawn, hiddenBy: hidden)
            for part in exposed { drawMap(shown, in: part, partOf: undrawnWhole) }
            undrawn = LayerHiddenPixels.hiddenParts(of: undrawn, hiddenBy: hidden)
            let damage = exposed.reduce(IntRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
            return Frame(method: .unchanged, damage: damage.isEmpty ? nil : damage, drawnPixels: drawnPixels)
        }
        if !atRest, let shown, shownIsFullQuality, shown.scale == view.scale,
           abs(view.offsetX - shown.offsetX) < buffer.width, abs(view.offsetY - shown.offsetY) < buffer.height {
            shift(from: shown, to: view, hidden: hidden)
            return finish(view, fullQuality: true, method: .shifted)
        }
        if !scaleSettled {
            if shownIsFullQuality, let shown {
                // The snapshot is scaled whole, so it needs the map under the layers too.
                for rect in undrawn { drawMap(shown, in: rect, partOf: undrawnWhole) }
                undrawn = []
                takeSnapshot(of: shown)
            }
            // Scaling only ever shows what the snapshot saw: zooming out past its edges would show blank
            // borders, so those frames are drawn in full instead.
            // Scaled whole, layers or not: a layer moving off a scaled frame shows its resampled pixels, which only
            // a snapshot and a scale could give again.
            if let snapshot, let snapshotView, covers(snapshotView, view) {
                scale(snapshot, from: snapshotView, to: view)
                drawnPixels += buffer.width * buffer.height
                undrawn = []
                return finish(view, fullQuality: false, method: .scaled)
            }
        }
        // Each part as part of the whole frame: the bytes a frame drawn without layers has there.
        for part in LayerHiddenPixels.visibleParts(of: [buffer.bounds], hiddenBy: hidden) {
            drawMap(view, in: part, partOf: buffer.bounds)
        }
        undrawn = hidden
        return finish(view, fullQuality: true, method: .full)
    }

    /// Whether the buffer already holds what `render` would draw for these arguments: it would leave it alone.
    public func isShowing(_ view: View, scaleSettled: Bool, atRest: Bool = false, hidden: [IntRect] = []) -> Bool {
        let hidden = hidden.map { $0.intersection(buffer.bounds) }.filter { !$0.isEmpty }
        return holds(view, scaleSettled: scaleSettled, atRest: atRest)
            && LayerHiddenPixels.visibleParts(of: undrawn, hiddenBy: hidden).isEmpty
    }

    /// Whether layers left pixels of the buffer undrawn (`render(..., hidden:)`).
    public var hasUndrawnPixels: Bool { !undrawn.isEmpty }

    /// Draws the map of the view the buffer shows wherever layers left it undrawn: before what the map is drawn
    /// with changes (the labels' overlay regions while the map moves), so that those pixels, when a layer moves off
    /// them, are the ones a buffer drawn everywhere holds.
    public func drawUndrawn() {
        if let shown { for rect in undrawn { drawMap(shown, in: rect, partOf: undrawnWhole) } }
        undrawn = []
    }

    /// Whether the buffer holds `view` as `render` would draw it, wherever it was drawn.
    private func holds(_ view: View, scaleSettled: Bool, atRest: Bool) -> Bool {
        view == shown && (shownIsFullQuality || !scaleSettled) && (shownIsRedraw || !atRest)
    }

    /// What the buffer holds is no longer what `render` would draw for its view (the overlay's regions changed, so
    /// other labels are kept clear): the next `render` draws in full.
    public func invalidate() {
        shown = nil
        undrawn = []
        shownIsFullQuality = false
        shownIsRedraw = false
    }

    private func draw(_ scene: Scene) {
        for shaped in canvas.draw(scene).textsWithMissingGlyphs where reportedMissingGlyphs.insert(shaped.text).inserted {
            onMissingGlyphs?(shaped.text, shaped.missingCharacters)
        }
    }

    /// Draws the map of `view` in `rect` of the buffer, counting its pixels. `whole`: the rectangle a drawing
    /// without layers would have drawn at once (`Canvas.coverageFrame`), so `rect`'s bytes are that drawing's.
    private func drawMap(_ view: View, in rect: IntRect, partOf whole: IntRect? = nil) {
        canvas.coverageFrame = whole == rect ? nil : whole
        defer { canvas.coverageFrame = nil }
        draw(builder.scene(offsetX: view.offsetX, offsetY: view.offsetY, scale: view.scale, visible: rect))
        drawnPixels += rect.width * rect.height
    }

    /// What the pixels still undrawn were to be part of when layers hid them: the whole frame while the buffer holds
    /// a full drawing of `shown` (they were cut from it); after a pan they were strips, shifted since, and no
    /// drawing gives their bytes again exactly (`shownIsRedraw`), so they are drawn as they are.
    private var undrawnWhole: IntRect? { shownIsRedraw ? buffer.bounds : nil }

    private func finish(_ view: View, fullQuality: Bool, method: Method) -> Frame {
        shown = view
        shownIsFullQuality = fullQuality
        shownIsRedraw = method == .full
        return Frame(method: method, damage: buffer.bounds, drawnPixels: drawnPixels)
    }

    private func takeSnapshot(of view: View) {
        let copy = snapshot ?? PixelBuffer(width: buffer.width, height: buffer.height)
        let rows = BandedRows(height: buffer.height)
        pool.run(tasks: rows.count) { band, _ in
            for y in rows[band] { copy.row(y).update(from: buffer.row(y), count: buffer.width) }
        }
        snapshot = copy
        snapshotView = view
    }

    /// Whether every pixel of `new` maps inside the frame drawn for `old`.
    private func covers(_ old: View, _ new: View) -> Bool {
        let ratio = old.scale / new.scale
        func inside(_ offset: Int, _ oldOffset: Int, _ length: Int) -> Bool {
            let start = Double(offset) * ratio - Double(oldOffset)
            let end = Double(offset + length) * ratio - Double(oldOffset)
            return start >= -0.5 && end <= Double(length) + 0.5
        }
        return inside(new.offsetX, old.offsetX, buffer.width) && inside(new.offsetY, old.offsetY, buffer.height)
    }

    /// Moves the pixels that stay on screen, then draws the exposed strips with the same scene clipped to them,
    /// so the result is the full redraw's pixels. What was undrawn under layers moves with the pixels: where it
    /// comes out from under them (the rows a pan brings out from under the card) it is drawn like a strip.
    private func shift(from old: View, to new: View, hidden: [IntRect]) {
        // The content moves by minus the change of offset.
        let dx = old.offsetX - new.offsetX, dy = old.offsetY - new.offsetY
        let moved = undrawn.map {
            IntRect(x0: $0.x0 + dx, y0: $0.y0 + dy, x1: $0.x1 + dx, y1: $0.y1 + dy).intersection(buffer.bounds)
        }
        // Rows a layer covers from edge to edge and to the top or bottom of the screen (the portrait card) are not
        // moved: what the pan would bring into them stays hidden, and what it brings out of them is a strip.
        var area = buffer.bounds
        for layer in hidden where layer.x0 <= area.x0 && layer.x1 >= area.x1 {
            if layer.y0 > area.y0 && layer.y1 >= area.y1 {
                area = IntRect(x0: area.x0, y0: area.y0, x1: area.x1, y1: layer.y0)
            } else if layer.y0 <= area.y0 && layer.y1 < area.y1 {
                area = IntRect(x0: area.x0, y0: layer.y1, x1: area.x1, y1: area.y1)
            }
        }
        let stale = buffer.shiftContents(dx: dx, dy: dy, within: area, pool: pool).filter { !$0.isEmpty }
            + moved.filter { !$0.isEmpty } + buffer.bounds.subtracting(area)
        // Each part of a strip as part of that strip: the bytes a pan without layers draws there.
        var drawn: [IntRect] = []
        for rect in stale {
            let parts = LayerHiddenPixels.visibleParts(of: [rect], hiddenBy: hidden + drawn)
            for part in parts { drawMap(new, in: part, partOf: rect) }
            drawn += parts
        }
        undrawn = LayerHiddenPixels.hiddenParts(of: stale, hiddenBy: hidden)
    }

    /// Resamples the snapshot for a new camera. A pixel's world point is (screen + offset)/scale, so new screen
    /// point p shows old screen point p·(old scale/new scale) + new offset·(old scale/new scale) − old offset.
    private func scale(_ source: PixelBuffer, from old: View, to new: View) {
        let ratio = old.scale / new.scale
        canvas.drawResampled(from: source, scale: Float(ratio),
                             offset: Point(Float(Double(new.offsetX) * ratio - Double(old.offsetX)),
                                           Float(Double(new.offsetY) * ratio - Double(old.offsetY))),
                             outside: builder.style.background)
    }
}
