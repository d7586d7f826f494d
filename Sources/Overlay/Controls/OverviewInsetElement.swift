import MetroMap
import Physics
import Raster
import TouchInput

/// The whole network in a corner (picture in picture) with the part on screen outlined: a tap jumps there, a drag
/// on the outline pans, and the inset itself can be flung to any corner. As in the talk's PiP example, the fling
/// lands on the corner nearest where the release would glide to (projection with the deceleration rate), on a
/// spring that carries the release velocity. Hidden at the home view (the whole map is on screen already).
public final class OverviewInsetElement: OverlayElement {
    /// The inset's resting places, top-left corners in output pixels, with the size it has everywhere.
    public let corners: [(corner: ControlCorner, origin: Raster.Point)]
    public let size: RasterSize
    public private(set) var corner: ControlCorner
    public var palette: ControlPalette { didSet { if palette != oldValue { changed = true } } }
    /// How far (output pixels) a finger may move and still tap; beyond it, it drags.
    public let touchSlop: Double
    public let rate: DecelerationRate
    public let spring: Spring

    private let bounds: SchemeRect
    private let polylines: [(color: Color, points: [SchemePoint])]
    /// Where the inset is now (top-left, output pixels) and the visible area's outline in scheme units.
    public private(set) var origin: Raster.Point
    public private(set) var visible: SchemeRect?
    private var isShown = false
    /// The layout found no corner clear of the card, the column and the legend (a card raised over most of a
    /// portrait screen): the inset is not drawn and takes no touch until one is free again.
    public var isFolded = false {
        didSet { if isFolded != oldValue { changed = true } }
    }
    private var changed = true

    private enum Touch {
        /// A finger on the inset that has not moved past the slop: a tap, if it lifts now.
        case pending(start: ScreenPoint, origin: Raster.Point)
        /// Dragging the outline: `last` is where the finger last was (the newest report; the resampled finger's
        /// point the map was panned to is `outlineShown`).
        case panning(last: ScreenPoint)
        /// Dragging the inset itself from `grab` (the finger's point relative to the inset's corner).
        case moving(grab: ScreenPoint)
    }
    private var touch: Touch?
    /// A fling in flight: one projection per axis, from `startMicroseconds`.
    private var flight: (x: AnchorProjection, y: AnchorProjection, startMicroseconds: Int64)?
    private var pending: [OverlayRequest] = []
    /// How far behind each frame's presentation time the finger moving the inset is shown: the map's latency, set
    /// by the loop, so the inset follows the same resampled finger as the map. 0 shows the newest report at once.
    public var touchLatencyMicroseconds: Int64 {
        get { finger.latencyMicroseconds }
        set { finger.latencyMicroseconds = newValue }
    }
    /// The finger moving the inset, resampled at `presentation − touchLatencyMicroseconds`, and the tracker its lift
    /// flings with (the card's and the map's), so a rest before the lift flings nothing and a flick gets the
    /// finger's speed.
    private var finger = DraggedFinger(axes: .both)
    /// The velocity (px/s, the finger's) the last lift of a dragged inset flung it with.
    public private(set) var releasedVelocity: Velocity?
    /// The grab of an inset drag lifted but not yet on screen: the inset follows the finger's path until the
    /// presentation time that shows its last report, then flies from there (the finger's hand-over).
    private var liftedGrab: ScreenPoint?
    /// Output pixels per scheme unit on the map, as the last `advance` saw it: what the outline's pan magnifies by.
    private var mapScale: Double?
    /// Where the finger dragging the outline is as the map's pan shows it (resampled, as the map's own drag): each
    /// frame pans the map by the finger's motion since, so the map moves the same every frame at every touch rate.
    /// Kept after the lift until the screen shows where the finger ended (the finger's hand-over): the map goes on
    /// following its path and stops there, so the lift neither leaps nor stops short.
    private var outlineShown: ScreenPoint?

    public init(map: MetroMap, corners: [(corner: ControlCorner, origin: Raster.Point)], size: RasterSize,
                start: ControlCorner, touchSlop: Double, rate: DecelerationRate = FeelDefaults.decelerationRate, spring: Spring = FeelDefaults.snapSpring,
                palette: ControlPalette = .standard) {
        self.corners = corners
        self.size = size
        self.corner = start
        self.touchSlop = touchSlop
        self.rate = rate
        self.spring = spring
        self.palette = palette
        bounds = map.bounds
        origin = corners.first { $0.corner == start }?.origin ?? corners.first?.origin ?? Raster.Point(0, 0)
        let positions = Dictionary(map.stations.compactMap { station in station.position.map { (station.id, $0) } },
                                   uniquingKeysWith: { first, _ in first })
        polylines = map.lines.flatMap { line in
            line.segments.map { segment in
                (Color(red: line.color.red, green: line.color.green, blue: line.color.blue), segment.compactMap { positions[$0] })
            }
        }
    }

    /// The inset's height over its width for a map: its shape, no squarer than 1:2 either way.
    public static func aspect(of map: MetroMap) -> Double {
        guard map.bounds.width > 0 else { return 1 }
        return min(max(map.bounds.height / map.bounds.width, 0.5), 2)
    }

    public var frame: ScreenRect? { box.map(ScreenRect.init) }

    /// The inset drawn, in the rasterizer's units its layout is kept in.
    private var box: Rect? {
        isShown && !isFolded ? Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) : nil
    }

    /// Output pixels per scheme unit inside the inset, and where the map's corner sits in it.
    public var insetScale: Double { min(Double(size.width) / bounds.width, Double(size.height) / bounds.height) }
    private func insetPoint(_ point: SchemePoint) -> Raster.Point {
        let s = insetScale
        let dx = (Double(size.width) - bounds.width * s) / 2, dy = (Double(size.height) - bounds.height * s) / 2
        return Raster.Point(origin.x + Float(dx + (point.x - bounds.x) * s), origin.y + Float(dy + (point.y - bounds.y) * s))
    }
    /// The scheme point drawn at `point` (output pixels) in the inset where it is now.
    public func schemePoint(_ point: ScreenPoint) -> SchemePoint {
        let s = insetScale
        let dx = (Double(size.width) - bounds.width * s) / 2, dy = (Double(size.height) - bounds.height * s) / 2
        return SchemePoint(x: bounds.x + (point.x - Double(origin.x) - dx) / s, y: bounds.y + (point.y - Double(origin.y) - dy) / s)
    }
    private var outline: Rect? {
        guard let visible else { return nil }
        let a = insetPoint(visible.origin), b = insetPoint(SchemePoint(x: visible.maxX, y: visible.maxY))
        return Rect(minX: a.x, minY: a.y, maxX: b.x, maxY: b.y)
    }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        // The map's projection is a scale and a shift: two points give it, and its inverse gives what is on screen.
        let p0 = map.screenPoint(of: SchemePoint(x: 0, y: 0)), p1 = map.screenPoint(of: SchemePoint(x: 1, y: 1))
        let sx = Double(p1.x - p0.x), sy = Double(p1.y - p0.y)
        if sx > 0 { mapScale = sx }
        if sx > 0, sy > 0, let screen = screenSize {
            let area = SchemeRect(x: -Double(p0.x) / sx, y: -Double(p0.y) / sy, width: screen.width / sx, height: screen.height / sy)
            if area != visible { visible = area; changed = true }
            // Hidden at the home view (a kiosk's home may be zoomed in) and whenever the whole network is on screen.
            func covers(_ rect: SchemeRect) -> Bool {
                area.x <= rect.x + 1 / sx && area.y <= rect.y + 1 / sy && area.maxX >= rect.maxX - 1 / sx && area.maxY >= rect.maxY - 1 / sy
            }
            let hidden = covers(bounds) || homeArea.map(covers) == true
            if isShown == hidden { isShown = !hidden; changed = true }
        }
        followFinger(at: timeMicroseconds)
        if let flight {
            let t = Double(timeMicroseconds - flight.startMicroseconds) / 1_000_000
            let moved = t >= max(flight.x.duration, flight.y.duration)
                ? Raster.Point(Float(flight.x.anchor), Float(flight.y.anchor))
                : Raster.Point(Float(flight.x.value(at: t)), Float(flight.y.value(at: t)))
            if moved != origin { origin = moved; changed = true }
            if t >= max(flight.x.duration, flight.y.duration) { self.flight = nil }
        }
    }

    /// The screen the map projection covers; set by whoever makes the inset (the loop knows the output).
    public var screenSize: ScreenSize?
    /// What the home view shows, in scheme units: the inset hides there. Nil: it hides only when the whole map shows.
    public var homeArea: SchemeRect?

    public var needsRedraw: Bool { changed }
    /// While it flies it moves every frame; the loop draws those frames because `needsRedraw` holds.
    public var nextChangeMicroseconds: Int64? {
        if let next = finger.nextFrameMicroseconds(following: isFollowing) { return next }
        return flight.map { $0.startMicroseconds }
    }

    /// Whether the finger drags the inset or its outline now (past the slop, or on the outline).
    private var isFollowing: Bool {
        switch touch {
        case .panning, .moving: true
        case .pending, nil: false
        }
    }

    /// Moves the inset, or pans the map by its outline, to the finger as the frame presented at `time` shows it
    /// (`presentation − touchLatencyMicroseconds`, the map's own policy), and hands a lift over once the screen has
    /// reached it: the inset flies from there; the outline's pan stops there.
    private func followFinger(at time: Int64) {
        let grab: ScreenPoint? = if case let .moving(grab) = touch { grab } else { liftedGrab }
        switch finger.shown(at: time, following: isFollowing) {
        case let .finger(point)?:
            if let shown = outlineShown {
                outlineShown = point
                pan(from: shown, to: point)
            } else if let grab {
                move(to: point, grab: grab)
            }
        case let .released(point, velocity, presentation)?:
            if let shown = outlineShown {
                // The screen reached the lift: the last pan, and the drag is over.
                outlineShown = nil
                pan(from: shown, to: point)
            } else if let grab {
                liftedGrab = nil
                move(to: point, grab: grab)
                fling(velocity: (velocity.x, velocity.y), at: presentation)
            }
        case nil:
            break
        }
    }

    /// Follows the finger for the frame presented at `time` (`followFinger`) before the frame is drawn: the loop
    /// calls it before it samples the camera for that frame, so the frame shows the outline's pan; `advance` calls
    /// it again (a second call for the same frame moves and pans nothing more).
    public func followOutline(to time: Int64) {
        followFinger(at: time)
    }

    /// How far the outline's finger is predicted past its newest report: the map's 8 ms shrunk by how much the
    /// outline magnifies the finger's motion on the map (mapScale / insetScale, about 10×), so the map overshoots an
    /// abrupt stop by what a finger on the map itself would (2.4 px at 300 px/s), not ten times that.
    public var outlinePredictionMicroseconds: Int64 {
        Self.outlinePredictionMicroseconds(insetScale: insetScale, mapScale: mapScale ?? 1)
    }

    /// The outline's prediction for an inset drawn at `insetScale` over a map drawn at `mapScale` (output pixels per
    /// scheme unit each).
    public static func outlinePredictionMicroseconds(insetScale: Double, mapScale: Double) -> Int64 {
        let magnification = mapScale / insetScale
        guard magnification.isFinite, magnification > 1 else { return FingerPath.maximumPredictionMicroseconds }
        return Int64((Double(FingerPath.maximumPredictionMicroseconds) / magnification).rounded())
    }

    /// Asks the map to pan so the outline moves with the finger from `a` to `b` (output pixels in the inset).
    private func pan(from a: ScreenPoint, to b: ScreenPoint) {
        guard a != b else { return }
        let s = insetScale
        pending.append(.pan(by: SchemePoint(x: (b.x - a.x) / s, y: (b.y - a.y) / s)))
    }

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
        guard isShown, !isFolded, contains(point) else { return false }
        flight = nil
        // A finger landing on a fling still handing over catches the inset where the screen shows it; one landing
        // on an outline drag's last frames stops the map where it is shown (`begin` ends the hand-over).
        liftedGrab = nil
        outlineShown = nil
        if let outline, point.x >= Double(outline.minX) - touchSlop, point.x <= Double(outline.maxX) + touchSlop,
           point.y >= Double(outline.minY) - touchSlop, point.y <= Double(outline.maxY) + touchSlop {
            touch = .panning(last: point)
            outlineShown = point
            finger.begin(at: point, timeMicroseconds: timeMicroseconds, predictionMicroseconds: outlinePredictionMicroseconds)
        } else {
            touch = .pending(start: point, origin: origin)
            finger.begin(at: point, timeMicroseconds: timeMicroseconds)
        }
        return true
    }

    public func touchMoved(to point: ScreenPoint, timeMicroseconds: Int64) {
        switch touch {
        case let .panning(last):
            finger.move(to: point, timeMicroseconds: timeMicroseconds)
            // Without a latency (a replay of the newest report, tests) the map pans at once.
            if !finger.isResampled { pan(from: last, to: point) }
            touch = .panning(last: point)
        case let .pending(start, origin):
            finger.move(to: point, timeMicroseconds: timeMicroseconds)
            let dx = point.x - start.x, dy = point.y - start.y
            guard dx * dx + dy * dy > touchSlop * touchSlop else { return }
            let grab = ScreenPoint(x: start.x - Double(origin.x), y: start.y - Double(origin.y))
            touch = .moving(grab: grab)
            finger.restartVelocity(at: point, timeMicroseconds: timeMicroseconds)
            // The path runs from the touch-down, where the inset is at the grab: the resampled frames carry it
            // across the slop instead of jumping there.
            if !finger.isResampled { move(to: point, grab: grab) }
        case let .moving(grab):
            finger.move(to: point, timeMicroseconds: timeMicroseconds)
            if !finger.isResampled { move(to: point, grab: grab) }
        case nil:
            break
        }
    }

    private func move(to point: ScreenPoint, grab: ScreenPoint) {
        origin = Raster.Point(point - grab)
        changed = true
    }

    public func touchUp(at point: ScreenPoint, timeMicroseconds: Int64) {
        defer { touch = nil }
        switch touch {
        case .pending:
            pending.append(.jump(to: schemePoint(point)))
        case let .moving(grab):
            // As the map: the fling starts no faster than the screen shows the path moving where it ends, at the
            // time the screen shows its end, from there.
            let lift = finger.lift(atMicroseconds: timeMicroseconds, handingOver: true)
            releasedVelocity = lift.velocity
            if finger.isHandingOver {
                liftedGrab = grab
            } else {
                fling(velocity: (lift.velocity.x, lift.velocity.y), at: timeMicroseconds)
            }
        case .panning:
            // The map goes on to the finger's end as the screen reaches it (from what it showed, if a prediction
            // already went past the last report: never back).
            _ = finger.lift(atMicroseconds: timeMicroseconds, handingOver: true)
        case nil:
            break
        }
    }

    public func touchCancelled(timeMicroseconds: Int64) {
        finger.cancelHandOver()
        liftedGrab = nil
        outlineShown = nil
        if case .moving = touch { fling(velocity: (0, 0), at: timeMicroseconds) }
        touch = nil
    }

    /// Lands on the corner nearest the release's projection, the spring carrying `velocity` (px/s).
    public func fling(velocity: (x: Double, y: Double), at timeMicroseconds: Int64) {
        let xs = corners.map { Double($0.origin.x) }, ys = corners.map { Double($0.origin.y) }
        // Corners form a grid; nearest per axis is the nearest corner. Distinct anchors per axis, one corner each.
        guard let x = try? AnchorProjection(position: Double(origin.x), velocity: velocity.x, anchors: xs, rate: rate, spring: spring),
              let y = try? AnchorProjection(position: Double(origin.y), velocity: velocity.y, anchors: ys, rate: rate, spring: spring)
        else { return }
        flight = (x, y, timeMicroseconds)
        corner = corners.first { Double($0.origin.x) == x.anchor && Double($0.origin.y) == y.anchor }?.corner ?? corner
    }

    /// The inset's rectangle resting in `corner`.
    public func rect(in corner: ControlCorner) -> ScreenRect? {
        corners.first { $0.corner == corner }.map {
            ScreenRect(x: Double($0.origin.x), y: Double($0.origin.y), width: Double(size.width), height: Double(size.height))
        }
    }

    /// The layout gave the inset another corner (the one it was in is now under the card or the controls): it goes
    /// there at once, unless a finger holds it or a fling is taking it somewhere.
    public func place(in corner: ControlCorner) {
        guard touch == nil, flight == nil, liftedGrab == nil, corner != self.corner,
              let target = corners.first(where: { $0.corner == corner })?.origin else { return }
        self.corner = corner
        origin = target
        changed = true
    }

    /// Where it rests (its corner), whether shown or not: the layout keeps the camera's subject out of it. None
    /// while folded.
    public var occupiedRegion: ScreenRect? { isFolded ? nil : rect(in: corner) }

    public func takeRequests() -> [OverlayRequest] {
        defer { pending = [] }
        return pending
    }

    public func draw(on canvas: Canvas) {
        guard let frame = box else { return }
        canvas.fillRect(frame, color: palette.border)
        canvas.fillRect(Rect(minX: frame.minX + 1, minY: frame.minY + 1, maxX: frame.maxX - 1, maxY: frame.maxY - 1),
                        color: palette.insetBackground)
        let width = max(1.5, Float(insetScale * 6))
        let saved = canvas.clip
        canvas.clip = saved.intersection(frame.enclosingPixels)
        for line in polylines where line.points.count > 1 {
            canvas.stroke(polyline: line.points.map(insetPoint), style: StrokeStyle(width: width), color: line.color)
        }
        if let outline {
            let o = Rect(minX: max(outline.minX, frame.minX), minY: max(outline.minY, frame.minY),
                         maxX: min(outline.maxX, frame.maxX), maxY: min(outline.maxY, frame.maxY))
            let edge: Float = 2
            for side in [Rect(minX: o.minX, minY: o.minY, maxX: o.maxX, maxY: o.minY + edge),
                         Rect(minX: o.minX, minY: o.maxY - edge, maxX: o.maxX, maxY: o.maxY),
                         Rect(minX: o.minX, minY: o.minY, maxX: o.minX + edge, maxY: o.maxY),
                         Rect(minX: o.maxX - edge, minY: o.minY, maxX: o.maxX, maxY: o.maxY)] {
                canvas.fillRect(side, color: palette.insetOutline)
            }
        }
        canvas.clip = saved
    }

    public func didPresent() { changed = false }
}
