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

        public init(camera: Camera) {
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

    public init(width: Int, height: Int, builder: MapSceneBuilder) {
        buffer = PixelBuffer(width: width, height: height)
        canvas = Canvas(buffer: buffer)
        self.builder = builder
    }

    /// `scaleSettled`: false while a pinch or zoom animation is changing the scale, when a scaled copy of the last
    /// full-quality frame is good enough and a full redraw would miss frames.
    @discardableResult
    public func render(_ view: View, scaleSettled: Bool) -> Frame {
        if view == shown, shownIsFullQuality || !scaleSettled { return Frame(method: .unchanged, damage: nil) }
        if let shown, shownIsFullQuality, shown.scale == view.scale,
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
        canvas.draw(builder.scene(offsetX: view.offsetX, offsetY: view.offsetY, scale: view.scale, visible: buffer.bounds))
        return finish(view, fullQuality: true, method: .full)
    }

    private func finish(_ view: View, fullQuality: Bool, method: Method) -> Frame {
        shown = view
        shownIsFullQuality = fullQuality
        return Frame(method: method, damage: buffer.bounds)
    }

    private func takeSnapshot(of view: View) {
        let copy = snapshot ?? PixelBuffer(width: buffer.width, height: buffer.height)
        for y in 0..<buffer.height {
            copy.row(y).update(from: buffer.row(y), count: buffer.width)
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
        let dx = old.offsetX - new.offsetX, dy = old.offsetY - new.offsetY  // content moves by −Δoffset
        let width = buffer.width, height = buffer.height
        let rows = dy >= 0 ? Array((0..<height).reversed()) : Array(0..<height)
        let count = width - abs(dx)
        for y in rows {
            let sourceY = y - dy
            guard sourceY >= 0, sourceY < height, count > 0 else { continue }
            let destination = buffer.row(y) + max(dx, 0)
            let source = buffer.row(sourceY) + max(-dx, 0)
            // Rows may be the same row (dy = 0): memmove semantics.
            UnsafeMutableRawPointer(destination).copyMemory(from: UnsafeRawPointer(source), byteCount: count * 4)
        }
        var strips: [IntRect] = []
        if dy > 0 { strips.append(IntRect(x0: 0, y0: 0, x1: width, y1: dy)) }
        if dy < 0 { strips.append(IntRect(x0: 0, y0: height + dy, x1: width, y1: height)) }
        let y0 = max(dy, 0), y1 = height + min(dy, 0)
        if dx > 0 { strips.append(IntRect(x0: 0, y0: y0, x1: dx, y1: y1)) }
        if dx < 0 { strips.append(IntRect(x0: width + dx, y0: y0, x1: width, y1: y1)) }
        for strip in strips where !strip.isEmpty {
            canvas.draw(builder.scene(offsetX: new.offsetX, offsetY: new.offsetY, scale: new.scale, visible: strip))
        }
    }

    /// Resamples the snapshot for a new camera (bilinear), filling what it does not cover with the background.
    private func scale(_ source: PixelBuffer, from old: View, to new: View) {
        // world = (screen + offset)/scale: a new screen pixel x shows old screen pixel
        // (x + newOffset)·oldScale/newScale − oldOffset.
        let ratio = Float(old.scale / new.scale)
        let background = builder.style.background.xrgb
        let width = buffer.width, height = buffer.height
        let maxX = Float(width - 1), maxY = Float(height - 1)
        for y in 0..<height {
            let row = buffer.row(y)
            let sy = (Float(y + new.offsetY) + 0.5) * ratio - Float(old.offsetY) - 0.5
            guard sy >= 0, sy <= maxY else {
                row.update(repeating: background, count: width)
                continue
            }
            let y0 = Int(sy), y1 = min(y0 + 1, height - 1)
            let fy = UInt32((sy - Float(y0)) * 256)
            let top = source.row(y0), bottom = source.row(y1)
            for x in 0..<width {
                let sx = (Float(x + new.offsetX) + 0.5) * ratio - Float(old.offsetX) - 0.5
                guard sx >= 0, sx <= maxX else {
                    row[x] = background
                    continue
                }
                let x0 = Int(sx), x1 = min(x0 + 1, width - 1)
                let fx = UInt32((sx - Float(x0)) * 256)
                row[x] = MapFrameRenderer.bilinear(top[x0], top[x1], bottom[x0], bottom[x1], fx, fy)
            }
        }
    }

    @inline(__always)
    static func bilinear(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ fx: UInt32, _ fy: UInt32) -> UInt32 {
        // Red and blue, then green, each weighted in 8.8 fixed point, two channels per multiply.
        @inline(__always) func lerp(_ p: UInt32, _ q: UInt32, _ f: UInt32) -> UInt32 {
            let rb = ((p & 0xFF00FF) &* (256 &- f) &+ (q & 0xFF00FF) &* f) >> 8 & 0xFF00FF
            let g = ((p & 0x00FF00) &* (256 &- f) &+ (q & 0x00FF00) &* f) >> 8 & 0x00FF00
            return rb | g
        }
        return lerp(lerp(a, b, fx), lerp(c, d, fx), fy)
    }
}
