import MetroMap
import Physics
import Raster
import Testing
@testable import Overlay

/// The inset as the talk's picture-in-picture: flung, it lands on the corner nearest its projected resting place.
struct OverviewInsetTests {
    static let demo = try! BundledMap.loadDemo()
    static let corners: [(corner: ControlCorner, origin: Raster.Point)] = [
        (.topLeft, Raster.Point(30, 30)), (.topRight, Raster.Point(1050, 30)),
        (.bottomLeft, Raster.Point(30, 620)), (.bottomRight, Raster.Point(1050, 620)),
    ]

    func makeInset() -> OverviewInsetElement {
        let inset = OverviewInsetElement(map: Self.demo, corners: Self.corners, size: RasterSize(width: 200, height: 150), start: .topLeft, touchSlop: 8)
        inset.screenSize = ScreenSize(width: 1280, height: 800)
        return inset
    }

    /// Zoomed ×4 on the map's top-left: the outline is the inset's top-left part.
    let zoomedIn = MapProjection { ScreenPoint(x: $0.x * 2.56, y: $0.y * 2.56) }
    /// The whole map on screen.
    let home = MapProjection { ScreenPoint(x: $0.x * 0.5, y: $0.y * 0.5) }

    @Test func hiddenAtTheHomeViewShownOnceZoomedIn() {
        let inset = makeInset()
        inset.advance(to: 0, map: home)
        #expect(inset.frame == nil)
        #expect(!inset.touchDown(at: ScreenPoint(x: 100, y: 100), timeMicroseconds: 0), "a hidden inset takes no touch")
        inset.advance(to: 1, map: zoomedIn)
        #expect(inset.frame == ScreenRect(x: 30, y: 30, width: 200, height: 150) && inset.needsRedraw)
        let buffer = PixelBuffer(width: 1280, height: 800)
        inset.draw(on: Canvas(buffer: buffer))
        #expect(buffer.pixel(x: 30, y: 100) == ControlPalette.standard.border.xrgb)
        #expect(buffer.pixel(x: 31, y: 100) == ControlPalette.standard.insetBackground.xrgb)
        #expect(buffer.pixel(x: 56, y: 31) == ControlPalette.standard.insetOutline.xrgb && buffer.pixel(x: 56, y: 50) != buffer.pixel(x: 56, y: 31),
                "the visible area (500×312 units of 2000×1500) is outlined at the inset's top-left")
    }

    @Test func aZoomedInHomeViewHidesItToo() {
        let inset = makeInset()
        // Home shows scheme (0, 0)…(500, 312.5), as `zoomedIn` does: hidden there, shown once the map moves.
        inset.homeArea = SchemeRect(x: 0, y: 0, width: 500, height: 312.5)
        inset.advance(to: 0, map: zoomedIn)
        #expect(inset.frame == nil)
        inset.advance(to: 1, map: MapProjection { ScreenPoint(x: $0.x * 2.56 - 100, y: $0.y * 2.56) })
        #expect(inset.frame != nil, "panned away from home")
        inset.advance(to: 2, map: MapProjection { ScreenPoint(x: $0.x * 5.12, y: $0.y * 5.12) })
        #expect(inset.frame != nil, "zoomed in further")
    }

    /// Grabs the inset outside the outline, drags it to `start`, then moves it at `velocity` for 100 ms and lets go
    /// `rest` µs after the last move (a finger resting on a panel that reports nothing while it is still).
    func fling(_ inset: OverviewInsetElement, from start: Raster.Point, velocity: (x: Double, y: Double), rest: Int64 = 0) -> Raster.Point {
        let grab = ScreenPoint(x: 200, y: 160)
        let offset = Raster.Point(Float(grab.x) - inset.origin.x, Float(grab.y) - inset.origin.y)
        #expect(inset.touchDown(at: grab, timeMicroseconds: 0))
        let begin = Raster.Point(start.x - Float(velocity.x * 0.1), start.y - Float(velocity.y * 0.1))
        inset.touchMoved(to: ScreenPoint(x: Double(begin.x + offset.x), y: Double(begin.y + offset.y)), timeMicroseconds: 100_000)
        for step in 0...10 {
            let t = Double(step) / 100
            inset.touchMoved(to: ScreenPoint(x: Double(begin.x + Float(velocity.x * t) + offset.x), y: Double(begin.y + Float(velocity.y * t) + offset.y)),
                             timeMicroseconds: 200_000 + Int64(step) * 10_000)
        }
        #expect(abs(inset.origin.x - start.x) < 0.01 && abs(inset.origin.y - start.y) < 0.01)
        inset.touchUp(at: ScreenPoint(x: Double(inset.origin.x), y: Double(inset.origin.y)), timeMicroseconds: 300_000 + rest)
        return inset.origin
    }

    @Test(arguments: [60_000, 200_000, 500_000] as [Int64])
    func aRestBeforeTheLiftFlingsNothing(rest: Int64) throws {
        let inset = makeInset()
        inset.advance(to: 0, map: zoomedIn)
        // A hard flick toward the bottom right, held still before the lift: it stays at the nearest corner, top left.
        let released = fling(inset, from: Raster.Point(300, 250), velocity: (x: 3000, y: 3000), rest: rest)
        #expect(inset.corner == .topLeft, "after a \(rest / 1000) ms rest from \(released)")
    }

    @Test func theReleaseCarriesTheFingersSpeed() throws {
        let inset = makeInset()
        inset.advance(to: 0, map: zoomedIn)
        let released = fling(inset, from: Raster.Point(535, 320), velocity: (x: 1500, y: 0))
        // 2 ms into the spring the inset moves at the release velocity (the spring has barely pulled yet).
        inset.advance(to: 302_000, map: zoomedIn)
        let speed = Double(inset.origin.x - released.x) / 0.002
        #expect(speed > 0.95 * 1500 && speed < 1.05 * 1500, "\(speed) px/s after a 1500 px/s drag")
    }

    @Test(arguments: [(1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (-1.0, 1.0), (-1.0, 0.0), (-1.0, -1.0), (0.0, -1.0), (1.0, -1.0)])
    func aFlingLandsOnTheCornerNearestItsProjection(direction: (Double, Double)) throws {
        let inset = makeInset()
        inset.advance(to: 0, map: zoomedIn)
        let speed = 1500.0
        let velocity = (x: direction.0 * speed, y: direction.1 * speed)
        // From just above and left of the middle: a sideways flick still has a nearer top.
        let released = fling(inset, from: Raster.Point(535, 320), velocity: velocity)
        // The closed form: where a UIScrollView glide at the normal rate would stop, then the nearest corner.
        let projected = (x: try DecelerationTimingParameters(initialValue: Double(released.x), initialVelocity: velocity.x, rate: .normal).destination,
                         y: try DecelerationTimingParameters(initialValue: Double(released.y), initialVelocity: velocity.y, rate: .normal).destination)
        let nearest = try #require(Self.corners.min { a, b in
            func d(_ p: Raster.Point) -> Double { (Double(p.x) - projected.x) * (Double(p.x) - projected.x) + (Double(p.y) - projected.y) * (Double(p.y) - projected.y) }
            return d(a.origin) < d(b.origin)
        })
        #expect(inset.corner == nearest.corner)
        // The way it points: right goes right, down goes down; a flick along one axis keeps the nearer side of the other.
        #expect(nearest.corner.isLeft == (direction.0 < 0 || (direction.0 == 0 && released.x + 100 < 640)))
        #expect(nearest.corner.isTop == (direction.1 < 0 || (direction.1 == 0 && released.y + 75 < 400)))
        // The spring carries the release velocity: the first frame moves on the way the finger went.
        inset.advance(to: 316_000, map: zoomedIn)
        #expect((Double(inset.origin.x - released.x)) * velocity.x >= 0 && (Double(inset.origin.y - released.y)) * velocity.y >= 0)
        #expect(abs(Double(inset.origin.x - released.x)) > abs(velocity.x) * 0.010 || velocity.x == 0)
        inset.advance(to: 5_300_000, map: zoomedIn)
        #expect(inset.origin == nearest.origin)
        #expect(inset.nextChangeMicroseconds == nil)
    }

    @Test func aTapJumpsAndADragOnTheOutlinePans() throws {
        let inset = makeInset()
        inset.advance(to: 0, map: zoomedIn)
        // The inset draws 2000 units in 200 px: 0.1 px a unit; a tap at inset pixel (150, 100) is scheme (1500, 1000).
        #expect(inset.touchDown(at: ScreenPoint(x: 180, y: 130), timeMicroseconds: 0))
        inset.touchUp(at: ScreenPoint(x: 180, y: 130), timeMicroseconds: 60_000)
        #expect(inset.takeRequests() == [.jump(to: SchemePoint(x: 1500, y: 1000))])
        // The outline covers inset pixels (30…80, 30…61): a drag there pans by what it moved, in scheme units.
        #expect(inset.touchDown(at: ScreenPoint(x: 50, y: 45), timeMicroseconds: 100_000))
        inset.touchMoved(to: ScreenPoint(x: 53, y: 45), timeMicroseconds: 116_000)
        inset.touchMoved(to: ScreenPoint(x: 55, y: 41), timeMicroseconds: 132_000)
        inset.touchUp(at: ScreenPoint(x: 55, y: 41), timeMicroseconds: 150_000)
        let pans = inset.takeRequests()
        #expect(pans.count == 2)
        #expect(pans.first == .pan(by: SchemePoint(x: 30, y: 0)))
        #expect(inset.origin == Raster.Point(30, 30), "panning moves the map, not the inset")
    }
}
