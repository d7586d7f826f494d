import Foundation
import MetroMap
import Physics
import Raster
import Testing
@testable import Overlay

/// Composition against a picture drawn from scratch: every frame the layer presents is the map with each shown
/// element drawn over it (no stale pixels of an element that moved, changed or went), and between two frames no
/// pixel changes outside the damage. Covers both places elements are drawn (onto the map, over a copy) and the
/// moves that give the map no damage: a sub-pixel pan that the map, drawn at whole pixels, does not show.
struct OverlayCompositionTests {
    static let demo = try! BundledMap.loadDemo()
    static let screen = IntRect(x: 0, y: 0, width: 640, height: 400)

    /// A map picture that differs in every pixel with `seed`.
    static func paint(_ buffer: PixelBuffer, seed: UInt32) {
        for y in 0..<buffer.height {
            for x in 0..<buffer.width { buffer.setPixel(x: x, y: y, (UInt32(x) &* 7 &+ UInt32(y) &* 131 &+ seed &* 40_503) & 0xFF_FFFF) }
        }
    }

    /// The scheme at 0.4 px a unit, moved by `offset` pixels.
    static func projection(_ offset: (Double, Double)) -> MapProjection {
        MapProjection { ScreenPoint(x: $0.x * 0.4 + offset.0, y: $0.y * 0.4 + offset.1) }
    }

    /// The map with every shown element drawn over it in order, each within its own pixels.
    static func reference(map: PixelBuffer, layer: OverlayLayer) -> PixelBuffer {
        let picture = PixelBuffer(width: map.width, height: map.height)
        for y in 0..<map.height { picture.row(y).update(from: map.row(y), count: map.width) }
        let canvas = Canvas(buffer: picture)
        for element in layer.allElements {
            guard let frame = element.frame else { continue }
            let pixels = frame.enclosingPixels.intersection(map.bounds)
            guard !pixels.isEmpty else { continue }
            canvas.clip = pixels
            if let veil = element.veil { canvas.fillRect(Rect(pixels), color: veil) }
            element.draw(on: canvas)
        }
        return picture
    }

    /// The route's veil laid in the pass that copies the map (the route at the bottom) and after the elements under
    /// it (panels below the route, one overlapping another): the same pixels as each element drawn afresh in order,
    /// on 1, 2 and 4 threads.
    @Test(arguments: [1, 2, 4])
    func theVeilLaidWithTheCopyIsTheVeilDrawnInOrder(threads: Int) throws {
        let content = try JourneyCardContentFixture.content()
        for routeAtTheBottom in [true, false] {
            let layer = OverlayLayer(pool: RenderPool(threads: threads))
            let route = RouteHighlightElement(screen: Self.screen)
            let panels = [MovablePanel(Rect(x: 10, y: 20, width: 50, height: 30), color: Color(rgb: 0x00A000)),
                          MovablePanel(Rect(x: 40.5, y: 35, width: 50, height: 30), color: Color(rgb: 0xE0301E, alpha: 128))]
            let top = MovablePanel(Rect(x: 300, y: 300, width: 60, height: 20), color: .white)
            if routeAtTheBottom { layer.add(route) }
            panels.forEach(layer.add)
            if !routeAtTheBottom { layer.add(route) }
            layer.add(top)
            route.show(content.routeStationIDs, on: Self.demo)
            let map = PixelBuffer(width: Self.screen.width, height: Self.screen.height)
            Self.paint(map, seed: 5)
            for offset in [(0.0, 0.0), (9.0, -4.0)] {
                layer.advance(to: 0, map: Self.projection(offset))
                let (shown, _) = layer.compose(over: map, mapDamage: map.bounds)
                let expected = Self.reference(map: map, layer: layer)
                let differing = (0..<map.height).filter { memcmp(shown.row($0), expected.row($0), map.width * 4) != 0 }
                #expect(differing.isEmpty, "route at the bottom: \(routeAtTheBottom), \(offset): \(differing.count) rows differ")
            }
        }
    }

    @Test func aDisjointCoverHasEveryPixelOfTheRectanglesOnce() {
        let rects = [IntRect(x: 0, y: 0, width: 10, height: 10), IntRect(x: 5, y: 5, width: 10, height: 10),
                     IntRect(x: 2, y: 2, width: 3, height: 3), IntRect(x: 20, y: 0, width: 4, height: 4),
                     IntRect(x: 0, y: 0, width: 0, height: 5)]
        let pieces = IntRect.disjointCover(of: rects)
        for y in -1..<17 {
            for x in -1..<25 {
                let inRects = rects.contains { $0.contains(x: x, y: y) }
                let times = pieces.filter { $0.contains(x: x, y: y) }.count
                #expect(times == (inRects ? 1 : 0), "(\(x), \(y)) is in \(times) pieces")
            }
        }
    }

    @Test func everyFrameIsTheMapWithItsElementsAndChangesOnlyWithinItsDamage() throws {
        let fonts = FontStack(fonts: [try Font.loadDefault()])
        let layer = OverlayLayer()
        let callout = StationCalloutElement(fonts: fonts, screen: Self.screen)
        let buttons = [MovablePanel(Rect(x: 580, y: 150, width: 40, height: 40), color: .white),
                       MovablePanel(Rect(x: 580, y: 200, width: 40, height: 40), color: .white)]
        let route = RouteHighlightElement(screen: Self.screen)
        let feedback = TouchFeedbackElement(screen: Self.screen)
        let card = JourneyCardElement(settings: CardSettings(), fonts: fonts, screen: Self.screen)
        layer.add(callout)
        buttons.forEach(layer.add)
        // Panels below and above the card, placed once it is up: redrawing the card in part must not paint over
        // what lies above it.
        let below = MovablePanel(Rect(x: -50, y: 0, width: 10, height: 10), color: Color(rgb: 0x00A000))
        let above = MovablePanel(Rect(x: -50, y: 0, width: 10, height: 10), color: Color(rgb: 0xE0301E))
        layer.add(below)
        [route, feedback, card, above].forEach(layer.add)
        let content = try JourneyCardContentFixture.content()
        let square = try #require(Self.demo.station(id: "central-square")?.position)
        let map = PixelBuffer(width: Self.screen.width, height: Self.screen.height)
        /// The map as the renderer keeps it, elements never drawn on it.
        let clean = PixelBuffer(width: Self.screen.width, height: Self.screen.height)
        Self.paint(map, seed: 1)
        Self.paint(clean, seed: 1)
        var previous: PixelBuffer?
        var time: Int64 = 0

        /// One frame: the map redrawn (with `seed`) or not, the layer advanced to `offset`, composed and checked.
        func frame(_ label: String, offset: (Double, Double), mapSeed: UInt32? = nil, change: () -> Void = {}) -> IntRect? {
            time += 16_667
            change()
            layer.advance(to: time, map: Self.projection(offset))
            if let mapSeed {
                layer.restoreMap()
                Self.paint(map, seed: mapSeed)
                Self.paint(clean, seed: mapSeed)
            }
            let (shown, damage) = layer.compose(over: map, mapDamage: mapSeed == nil ? nil : map.bounds)
            let expected = Self.reference(map: clean, layer: layer)
            let stale = (0..<map.height).filter { memcmp(shown.row($0), expected.row($0), map.width * 4) != 0 }
            #expect(stale.isEmpty, "\(label): \(stale.count) rows differ from the map with its elements drawn afresh")
            if let previous {
                let area = damage ?? IntRect(x: 0, y: 0, width: 0, height: 0)
                var outside = 0
                for y in 0..<map.height {
                    for x in 0..<map.width where !area.contains(x: x, y: y) && previous.row(y)[x] != shown.row(y)[x] { outside += 1 }
                }
                #expect(outside == 0, "\(label): \(outside) pixels changed outside the damage \(String(describing: damage))")
            }
            let copy = PixelBuffer(width: map.width, height: map.height)
            for y in 0..<map.height { copy.row(y).update(from: shown.row(y), count: map.width) }
            previous = copy
            return damage
        }

        _ = frame("callout and buttons", offset: (0, 0), mapSeed: 1) {
            callout.show(StationInfo(map: Self.demo, stationID: "central-square", language: nil), at: time)
        }
        #expect(frame("nothing changed", offset: (0, 0)) == nil, "nothing changed: no damage")
        _ = frame("a sub-pixel pan the map does not show", offset: (0.4, 0.3))
        _ = frame("a button pressed", offset: (0.4, 0.3)) { buttons[1].color = Color(rgb: 0x1A4D8F) }
        _ = frame("the card without a route", offset: (0.4, 0.3)) {
            callout.show(nil, at: time)
            card.show(content, at: time)
        }
        for step in 0..<30 { _ = frame("the card springs in, \(step)", offset: (0.4, 0.3)) }
        let sheet = Rect(try #require(card.frame))
        _ = frame("a panel above the card's edge and one under the card", offset: (0.4, 0.3)) {
            above.rect = Rect(x: sheet.maxX - 20, y: sheet.minY + 10, width: 40, height: 30)
            below.rect = Rect(x: sheet.minX + 10, y: sheet.minY + 60, width: sheet.width + 20, height: 30)
        }
        _ = frame("the panel under the card changes", offset: (0.4, 0.3)) { below.color = Color(rgb: 0x0000A0) }
        _ = frame("a pan under the card", offset: (7, -3), mapSeed: 2)
        _ = frame("the route over its veil", offset: (7, -3)) { route.show(content.routeStationIDs, on: Self.demo) }
        _ = frame("a sub-pixel pan under the veil", offset: (7.3, -2.8))
        _ = frame("a button released over the veil", offset: (7.3, -2.8)) { buttons[1].color = .white }
        _ = frame("a station pressed", offset: (7.3, -2.8)) { feedback.press(("central-square", square)) }
        _ = frame("a pan under everything", offset: (-20, 11), mapSeed: 3)
        card.open(to: .half, at: time)
        for step in 0..<120 where card.state != .resting || step == 0 {
            _ = frame("the card opens to half, \(step)", offset: (-20, 11))
        }
        _ = frame("the route goes", offset: (-20, 11)) {
            route.show(nil, on: Self.demo)
            feedback.release()
        }
        _ = frame("a sub-pixel pan under the card", offset: (-19.5, 11))
        #expect(frame("nothing changed again", offset: (-19.5, 11)) == nil, "nothing changed: no damage")
        for step in 0..<40 {
            _ = frame("the card goes, \(step)", offset: (-19.5, 11)) { if step == 0 { card.dismiss(at: time) } }
        }
        #expect(card.frame == nil)
        layer.restoreMap()
        #expect((0..<map.height).allSatisfy { memcmp(map.row($0), clean.row($0), map.width * 4) == 0 },
                "taken off, the map's buffer is the clean map")
    }
}
