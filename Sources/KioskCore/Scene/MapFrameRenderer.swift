import Raster

/// Draws frames of the map into the shadow buffer, reusing the previous frame where it can:
/// - panning at a constant scale shifts the last frame and draws only the strips that came into view;
/// - while the scale changes under the fingers (or a zoom animation), the last full-quality frame is scaled,
///   and the map is drawn at full quality again once the scale stops changing.
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

        /// The camera clamped to `CameraLimits` first, so the conversion to whole pixels cannot trap whatever the
        /// map or the animation produced (a map at 1e15 scheme units once overflowed `Int` here).
        public init(camera: Camera) {
            let camera = CameraLimits.clamp(camera)
            self.init(offsetX: Int(camera.offset.x.rounded()), offsetY: Int(camera.offset.y.rounded()), scale: camera.scale)
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
    @discardableResult
    public func render(_ view: View, scaleSettled: Bool, atRest: Bool = false) -> Frame {
        if isShowing(view, scaleSettled: scaleSettled, atRest: atRest) {
            return Frame(method: .unchanged, damage: nil)
        }
        if !atRest, let shown, shownIsFullQuality, shown.scale == view.scale,
           abs(view.offsetX - shown.offsetX) < buffer.width, abs(view.offsetY - shown.offsetY) < buffer.height {
            shift(from: shown, to: view)
            return finish(view, fullQuality: true, method: .shifted)
        }
        if !scaleSettled {
            if shownIsFullQuality, let shown {
                takeSnapshot(of: shown)
            }
            // Scaling only ever shows what the snapshot saw: zooming out past its edges would show blank
            // borders, so those frames are drawn in full instead.
            if let snapshot, let snapshotView, covers(snapshotView, view) {
                scale(snapshot, from: snapshotView, to: view)
                return finish(view, fullQuality: false, method: .scaled)
            }
        }
        draw(builder.scene(offsetX: view.offsetX, offsetY: view.offsetY, scale: view.scale, visible: buffer.bounds))
        return finish(view, fullQuality: true, method: .full)
    }

    /// Whether the buffer already holds what `render` would draw for these arguments: it would leave it alone.
    public func isShowing(_ view: View, scaleSettled: Bool, atRest: Bool = false) -> Bool {
        view == shown && (shownIsFullQuality || !scaleSettled) && (shownIsRedraw || !atRest)
    }

    /// What the buffer holds is no longer what `render` would draw for its view (the overlay's regions changed, so
    /// other labels are kept clear): the next `render` draws in full.
    public func invalidate() {
        shown = nil
        shownIsFullQuality = false
        shownIsRedraw = false
    }

    private func draw(_ scene: Scene) {
        for shaped in canvas.draw(scene).textsWithMissingGlyphs where reportedMissingGlyphs.insert(shaped.text).inserted {
            onMissingGlyphs?(shaped.text, shaped.missingCharacters)
        }
    }

    private func finish(_ view: View, fullQuality: Bool, method: Method) -> Frame {
        shown = view
        shownIsFullQuality = fullQuality
        shownIsRedraw = method == .full
        return Frame(method: method, damage: buffer.bounds)
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
    /// so the result is the full redraw's pixels.
    private func shift(from old: View, to new: View) {
        // The content moves by minus the change of offset.
        for strip in buffer.shiftContents(dx: old.offsetX - new.offsetX, dy: old.offsetY - new.offsetY, pool: pool) where !strip.isEmpty {
            draw(builder.scene(offsetX: new.offsetX, offsetY: new.offsetY, scale: new.scale, visible: strip))
        }
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
