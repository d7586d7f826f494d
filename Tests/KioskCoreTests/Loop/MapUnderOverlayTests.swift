import Cartography
import MetroMap
import Overlay
import Physics
import Raster
import Testing
@testable import KioskCore

/// The map and the overlay share the map's buffer through `MapUnderOverlay` (issue 36: the loop had to remember to
/// take the elements drawn onto the map off it before drawing the map, at two places of its own, and the bench at a
/// third): pans, a still frame and a drawing of what was left undrawn under a layer each give the pixels a fresh
/// map with the elements over it gives.
struct MapUnderOverlayTests {
    static let demo = try! BundledMap.loadDemo()

    /// A small element on the map's buffer (a button's size), and a second one that changes each frame.
    final class Patch: OverlayElement {
        let rect: Rect
        var colour: Color
        var redraw = true
        init(_ rect: Rect, _ colour: Color) {
            self.rect = rect
            self.colour = colour
        }
        var frame: ScreenRect? { ScreenRect(rect) }
        func advance(to timeMicroseconds: Int64, map: MapProjection) {}
        var needsRedraw: Bool { redraw }
        func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool { false }
        func draw(on canvas: Canvas) { canvas.fillRect(rect, color: colour) }
        func didPresent() { redraw = false }
    }

    static func renderer() -> MapFrameRenderer {
        MapFrameRenderer(width: 320, height: 200, builder: MapSceneBuilder(drawing: MapDrawing(map: demo), fonts: nil))
    }

    /// The picture a renderer drawing `view` afresh gives with `elements` drawn over it.
    static func fresh(_ view: MapFrameRenderer.View, _ elements: [Patch]) -> [UInt32] {
        let renderer = renderer()
        renderer.render(view, scaleSettled: true)
        let canvas = Canvas(buffer: renderer.buffer)
        for element in elements { element.draw(on: canvas) }
        return pixels(of: renderer.buffer)
    }

    static func pixels(of buffer: PixelBuffer) -> [UInt32] {
        (0..<buffer.height).flatMap { y in Array(UnsafeBufferPointer(start: buffer.row(y), count: buffer.width)) }
    }

    @Test func everyFrameIsTheMapWithTheElementsOverIt() {
        let overlay = OverlayLayer()
        let button = Patch(Rect(x: 20, y: 30, width: 40, height: 40), Color(red: 200, green: 30, blue: 30))
        let blinking = Patch(Rect(x: 250, y: 120, width: 30, height: 50), Color(red: 30, green: 30, blue: 200))
        overlay.add(button)
        overlay.add(blinking)
        let picture = MapUnderOverlay(renderer: Self.renderer(), overlay: overlay)
        let start = MapFrameRenderer.View(offsetX: 0, offsetY: 0, scale: 0.25)
        let views = [start, MapFrameRenderer.View(offsetX: 9, offsetY: -5, scale: 0.25),
                     MapFrameRenderer.View(offsetX: 9, offsetY: -5, scale: 0.25), MapFrameRenderer.View(offsetX: -3, offsetY: 7, scale: 0.25)]
        for (index, view) in views.enumerated() {
            if index == 2 {
                // A still map under an element that changed: only that element is redrawn.
                blinking.colour = Color(red: 30, green: 200, blue: 30)
                blinking.redraw = true
            }
            overlay.advance(to: Int64(index) * 16_000, map: MapProjection { _ in ScreenPoint(x: 0, y: 0) })
            let frame = picture.render(view, scaleSettled: true)
            let (composed, _) = picture.compose(mapDamage: frame.damage, layered: false)
            #expect(Self.pixels(of: composed.base) == Self.fresh(view, [button, blinking]), "frame \(index) at \(view)")
        }
    }
}
