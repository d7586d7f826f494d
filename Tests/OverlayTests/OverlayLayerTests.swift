import MetroMap
import Physics
import Raster
import Testing
@testable import Overlay

/// A plain panel that takes the touches landing on it: what a button or the journey card will be.
final class Panel: OverlayElement {
    let rect: Rect
    let color: Color
    var children: [any OverlayElement] = []
    private(set) var touches: [ScreenPoint] = []
    private var presented = false

    init(_ rect: Rect, color: Color) {
        self.rect = rect
        self.color = color
    }

    var frame: ScreenRect? { ScreenRect(rect) }
    func advance(to timeMicroseconds: Int64, map: MapProjection) {}
    var needsRedraw: Bool { !presented }
    func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
        guard contains(point) else { return false }
        touches.append(point)
        return true
    }
    func draw(on canvas: Canvas) { canvas.fillRect(rect, color: color) }
    func didPresent() { presented = true }
}

/// The overlay layer: elements hit-tested topmost first, drawn over a copy of the map, damaged per element.
struct OverlayLayerTests {
    static let demo = try! BundledMap.loadDemo()
    let font = try! Font.loadDefault()
    /// The map drawn 1:1 with its origin at the screen's: scheme point (x, y) is pixel (x, y).
    let identity = MapProjection { ScreenPoint(x: $0.x, y: $0.y) }

    func map(width: Int = 400, height: Int = 300) -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height)
        Canvas(buffer: buffer).clear(Color(rgb: 0x336699))
        return buffer
    }

    @Test func withNothingShownTheMapIsPresentedItselfWithItsOwnDamage() {
        let layer = OverlayLayer()
        layer.add(StationCalloutElement(font: font, screen: IntRect(x: 0, y: 0, width: 400, height: 300)))
        layer.advance(to: 0, map: identity)
        let map = map()
        let damage = IntRect(x: 10, y: 20, width: 30, height: 40)
        let composed = layer.compose(over: map, mapDamage: damage)
        #expect(composed.frame === map)
        #expect(composed.damage == damage)
        #expect(!layer.needsRedraw)
    }

    @Test func theCalloutFollowsItsStationIsDrawnOverACopyAndHidesAfterEightSeconds() throws {
        let info = try #require(StationInfo(map: Self.demo, stationID: "central-square", language: nil))
        let callout = StationCalloutElement(font: font, screen: IntRect(x: 0, y: 0, width: 400, height: 300))
        let layer = OverlayLayer()
        layer.add(callout)
        callout.show(info, at: 1_000_000)
        #expect(layer.needsRedraw)
        // Pinned to the station: the map moved so that the station is at (200, 250), then at (150, 260).
        layer.advance(to: 1_016_000, map: MapProjection { _ in ScreenPoint(x: 200, y: 250) })
        let first = try #require(callout.frame)
        layer.advance(to: 1_032_000, map: MapProjection { _ in ScreenPoint(x: 150, y: 260) })
        let second = try #require(callout.frame)
        #expect(second.maxY - first.maxY == 10 && first.minX - second.minX == 50)
        #expect(second.maxY <= 262 && second.maxY >= 258, "the pointer's tip is just above the station")

        let map = map()
        let composed = layer.compose(over: map, mapDamage: IntRect(x: 0, y: 0, width: 1, height: 1))
        #expect(composed.frame === map, "small: drawn onto the map's buffer, no copy of the whole map")
        #expect(composed.damage == second.enclosingPixels.union(IntRect(x: 0, y: 0, width: 1, height: 1)),
                "the callout's frame and the map's damage, not the whole screen")
        let layout = try #require(callout.layout)
        let inPadding = (x: Int(layout.left) + 4, y: Int(layout.top) + 4)
        #expect(composed.frame.pixel(x: inPadding.x, y: inPadding.y) == Color.white.xrgb, "the card is white")
        #expect(!layer.needsRedraw)
        #expect(layer.nextChangeMicroseconds == 9_000_000)

        layer.advance(to: 8_999_999, map: identity)
        #expect(callout.stationID == "central-square")
        layer.advance(to: 9_000_000, map: identity)
        #expect(callout.stationID == nil && callout.frame == nil && layer.needsRedraw)
        let hidden = layer.compose(over: map, mapDamage: nil)
        #expect(hidden.frame === map && hidden.damage == second.enclosingPixels, "hiding it redraws what it covered")
        #expect(layer.nextChangeMicroseconds == nil)
    }

    @Test func aTouchAnywhereHidesTheCalloutAndIsLeftToTheMap() throws {
        let info = try #require(StationInfo(map: Self.demo, stationID: "central-square", language: nil))
        let callout = StationCalloutElement(font: font, screen: IntRect(x: 0, y: 0, width: 400, height: 300))
        let layer = OverlayLayer()
        layer.add(callout)
        callout.show(info, at: 0)
        layer.advance(to: 0, map: MapProjection { _ in ScreenPoint(x: 200, y: 250) })
        let frame = try #require(callout.frame)
        // Even on the card itself: a pan that starts there pans the map.
        #expect(!layer.touchDown(at: ScreenPoint(x: Double(frame.minX + 5), y: Double(frame.minY + 5)), timeMicroseconds: 100))
        #expect(callout.stationID == nil)
    }

    @Test func touchesGoToTheTopmostElementUnderTheFingerAndChildrenBeforeTheirParent() {
        let layer = OverlayLayer()
        let below = Panel(Rect(x: 0, y: 0, width: 100, height: 100), color: .white)
        let above = Panel(Rect(x: 50, y: 50, width: 100, height: 100), color: .black)
        let child = Panel(Rect(x: 60, y: 60, width: 10, height: 10), color: Color(rgb: 0xFF0000))
        above.children = [child]
        layer.add(below)
        layer.add(above)
        #expect(layer.touchDown(at: ScreenPoint(x: 75, y: 75), timeMicroseconds: 0))
        #expect(above.touches.count == 1 && below.touches.isEmpty)
        #expect(layer.touchDown(at: ScreenPoint(x: 65, y: 65), timeMicroseconds: 0))
        #expect(child.touches.count == 1 && above.touches.count == 1)
        #expect(layer.touchDown(at: ScreenPoint(x: 10, y: 10), timeMicroseconds: 0))
        #expect(below.touches.count == 1)
        #expect(!layer.touchDown(at: ScreenPoint(x: 300, y: 10), timeMicroseconds: 0), "outside every element: the map's")

        // Drawn in the same order: parent, then child, over the one below.
        let map = map()
        let composed = layer.compose(over: map, mapDamage: nil).frame
        #expect(composed.pixel(x: 10, y: 10) == Color.white.xrgb)
        #expect(composed.pixel(x: 75, y: 75) == Color.black.xrgb)
        #expect(composed.pixel(x: 65, y: 65) == Color(rgb: 0xFF0000).xrgb)
        #expect(composed.pixel(x: 300, y: 10) == Color(rgb: 0x336699).xrgb)
    }

    /// A moving panel over a map with damage of its own: the layer damages exactly the union of the map's damage and
    /// the frames (before and after) of what changed, and leaves every other pixel of the picture as it was.
    @Test func damageIsTheUnionOfChangedElementFramesAndTheMapsDamage() throws {
        let layer = OverlayLayer()
        let still = MovablePanel(Rect(x: 300, y: 200, width: 60, height: 50), color: .black)
        let moving = MovablePanel(Rect(x: 20, y: 20, width: 40, height: 30), color: Color(rgb: 0xFF0000))
        layer.add(still)
        layer.add(moving)
        let map = map()
        let first = layer.compose(over: map, mapDamage: nil)
        #expect(first.damage == still.rect.enclosingPixels.union(moving.rect.enclosingPixels), "both appear")
        let before = (0..<map.height).map { y in (0..<map.width).map { first.frame.pixel(x: $0, y: y) } }

        // Nothing changed: nothing is damaged and nothing is drawn.
        #expect(layer.compose(over: map, mapDamage: nil).damage == nil)

        // The map changes in a strip under the still panel; the moving panel moves right by 100.
        let strip = IntRect(x: 280, y: 180, width: 100, height: 40)
        layer.restoreMap()
        Canvas(buffer: map).fillRect(Rect(x: 280, y: 180, width: 100, height: 40), color: Color(rgb: 0x00FF00))
        let old = moving.rect
        moving.rect = Rect(x: 120, y: 20, width: 40, height: 30)
        let second = layer.compose(over: map, mapDamage: strip)
        let damage = try #require(second.damage)
        #expect(damage == strip.union(old.enclosingPixels).union(moving.rect.enclosingPixels))
        for y in 0..<map.height {
            for x in 0..<map.width where !damage.contains(x: x, y: y) {
                guard second.frame.pixel(x: x, y: y) == before[y][x] else {
                    Issue.record("pixel (\(x), \(y)) outside the damage changed")
                    return
                }
            }
        }
        #expect(second.frame.pixel(x: 130, y: 30) == Color(rgb: 0xFF0000).xrgb, "drawn where it moved to")
        #expect(second.frame.pixel(x: 30, y: 30) == Color(rgb: 0x336699).xrgb, "the map shows where it was")
        #expect(second.frame.pixel(x: 310, y: 210) == Color.black.xrgb, "the still panel is drawn over the map's change")
        #expect(second.frame.pixel(x: 285, y: 185) == Color(rgb: 0x00FF00).xrgb)

        // A panel whose picture changes in place (a pressed button) damages its frame alone.
        still.color = .white
        #expect(layer.compose(over: map, mapDamage: nil).damage == still.rect.enclosingPixels)
    }
}

/// A panel that can move and change colour, as a pressed button or a flung inset does.
final class MovablePanel: OverlayElement {
    var rect: Rect { didSet { changed = true } }
    var color: Color { didSet { changed = true } }
    private var changed = true

    init(_ rect: Rect, color: Color) {
        self.rect = rect
        self.color = color
    }

    var frame: ScreenRect? { ScreenRect(rect) }
    func advance(to timeMicroseconds: Int64, map: MapProjection) {}
    var needsRedraw: Bool { changed }
    func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool { false }
    func draw(on canvas: Canvas) { canvas.fillRect(rect, color: color) }
    func didPresent() { changed = false }
}

/// Drawing small elements onto the map's own buffer (save-under) instead of over a copy of the whole map.
struct OverlaySaveUnderTests {
    func map() -> PixelBuffer {
        let buffer = PixelBuffer(width: 400, height: 300)
        for y in 0..<300 { for x in 0..<400 { buffer.setPixel(x: x, y: y, UInt32(x * 7 + y * 131) & 0xFF_FFFF) } }
        return buffer
    }

    @Test func smallElementsAreDrawnOnTheMapDamagedAloneAndTakenOffBeforeTheMapIsDrawn() {
        let rect = Rect(x: 20.5, y: 30, width: 100, height: 80)
        let layer = OverlayLayer()
        layer.add(Panel(rect, color: Color(rgb: 0xFF8000)))
        let map = self.map(), clean = self.map(), expected = self.map()
        Canvas(buffer: expected).fillRect(rect, color: Color(rgb: 0xFF8000))
        let direct = layer.compose(over: map, mapDamage: nil)
        #expect(direct.frame === map, "no copy of the whole map")
        #expect(direct.damage == IntRect(x: 20, y: 30, width: 101, height: 80), "the panel alone")
        var differing = 0
        for y in 0..<300 { for x in 0..<400 where map.pixel(x: x, y: y) != expected.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing == 0, "the panel drawn over the map")
        layer.restoreMap()
        for y in 0..<300 { for x in 0..<400 where map.pixel(x: x, y: y) != clean.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing == 0, "the map is clean again for the renderer to reuse")
    }

    @Test func elementsCoveringMostOfTheScreenAreDrawnOverACopy() {
        let layer = OverlayLayer()
        layer.add(Panel(Rect(x: 0, y: 0, width: 400, height: 200), color: .white))
        let map = map()
        let composed = layer.compose(over: map, mapDamage: nil)
        #expect(composed.frame !== map)
        let expected: UInt32 = UInt32(10 * 7 + 10 * 131) & 0xFF_FFFF
        #expect(map.pixel(x: 10, y: 10) == expected)
    }
}
