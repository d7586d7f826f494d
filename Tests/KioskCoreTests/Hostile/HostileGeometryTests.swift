import Foundation
import MetroMap
import Physics
import Raster
import Testing
@testable import Cartography
@testable import KioskCore

/// Numbers that once trapped the renderer: each must now draw (or skip what cannot be shown), never crash.
struct HostileGeometryTests {
    let font = try! Font.loadDefault()

    /// A map as a hostile importer could build it (bypassing the map format's bounds): one station labelled
    /// with a box at 1e30, which trapped converting Float → Int64 in the label grid (LabelLayout.swift:97).
    @Test func aLabelBoxFarOutsideTheMapIsSkippedNotATrap() {
        let stations = [
            Station(id: "a", name: "Far", position: SchemePoint(x: 10, y: 10),
                    labelBox: SchemeRect(x: 1e30, y: 0, width: 10, height: 10)),
            Station(id: "b", name: "Near", position: SchemePoint(x: 90, y: 90),
                    labelBox: SchemeRect(x: 60, y: 60, width: 1e30, height: 1e30)),
        ]
        let map = MetroMap(name: "hostile", bounds: SchemeRect(x: 0, y: 0, width: 100, height: 100), stations: stations,
                           lines: [MetroLine(id: "l", name: "L", color: RGBColor(red: 200, green: 0, blue: 0), segments: [["a", "b"]])])
        let renderer = MapFrameRenderer(width: 160, height: 100,
                                        builder: MapSceneBuilder(drawing: MapDrawing(map: map), font: font))
        for scale in [1e-6, 1.0, 1000.0] {
            renderer.render(MapFrameRenderer.View(offsetX: 0, offsetY: 0, scale: scale), scaleSettled: true)
        }
        // The line between the stations is still drawn at scale 1.
        renderer.render(MapFrameRenderer.View(offsetX: 0, offsetY: 0, scale: 1), scaleSettled: true)
        #expect(renderer.buffer.row(50)[50] != renderer.buffer.row(0)[159])
    }

    /// `snapshot --camera 1e19,0,1` and a zoom on a map at 1e15 units trapped rounding the offset to Int
    /// (MapFrameRenderer.swift:33). Cameras are clamped to `CameraLimits` before any conversion.
    @Test func aCameraBeyondTheLimitsIsClampedBeforeConversion() {
        for camera in [Camera(offset: ScreenPoint(x: 1e19, y: -1e300), scale: 1), Camera(offset: ScreenPoint(x: .nan, y: .infinity), scale: .nan),
                       Camera(offset: ScreenPoint(x: 0, y: 0), scale: 1e18)] {
            let view = MapFrameRenderer.View(camera: camera)
            #expect(abs(Double(view.offsetX)) <= CameraLimits.maximumOffsetPixels)
            #expect(abs(Double(view.offsetY)) <= CameraLimits.maximumOffsetPixels)
            #expect(view.scale >= CameraLimits.minimumScale && view.scale <= CameraLimits.maximumScale)
        }
        #expect(MapFrameRenderer.View(camera: Camera(offset: ScreenPoint(x: 1e19, y: 3), scale: 2)).offsetX == 1 << 30)
        #expect(!CameraLimits.contains(Camera(offset: ScreenPoint(x: 0, y: 0), scale: 1e18)))
        #expect(CameraLimits.contains(Camera(offset: ScreenPoint(x: -1e9, y: 1e9), scale: 1000)))
    }

    /// Every animation has a hard cap: one that would run for centuries ends after `CameraAnimation.maximumSeconds`.
    @Test func everyAnimationIsCappedEvenWithASpringThatNeverSettles() throws {
        let soft = try Spring(mass: 1e9, stiffness: 1e-6, dampingRatio: 1)
        let axis = try ScrollAxisAnimation(position: -500, velocity: 0, bounds: ClosedInterval(minimum: 0, maximum: 100),
                                           rate: DecelerationRate(perMillisecond: 0.998), spring: soft)
        let animation = CameraAnimation.scroll(x: axis, y: axis, scale: 1, startMicroseconds: 0)
        #expect(animation.durationSeconds == CameraAnimation.maximumSeconds)
        #expect(animation.endMicroseconds == 30_000_000)
    }

    /// check-config and a reload read the config the same way: a spring that takes longer than the documented
    /// limit to settle is refused at its key.
    @Test func aSpringThatSettlesTooSlowlyIsRefusedAtItsKey() {
        let text = "[physics]\nbounce_spring = { mass = 1e9, stiffness = 1e-6 }\n"
        #expect {
            try KioskConfigLoader.parse(text: text, fileName: "slow.toml")
        } throws: { error in
            let lines = (error as? KioskConfigError)?.diagnostics.map(\.description) ?? []
            return lines == ["slow.toml:2:1: [physics] bounce_spring would take forever to settle from a 1000 px "
                             + "displacement; the limit is 10.0 s (raise stiffness, or lower mass)"]
        }
        #expect(throws: Never.self) { try KioskConfigLoader.parse(text: "[physics]\nbounce_spring = { mass = 1, stiffness = 100 }\n", fileName: "ok.toml") }
    }
}
