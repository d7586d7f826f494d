import MetroMap
import Physics
import Testing
@testable import KioskCore

struct CameraControllerTests {
    /// A 2000×1500 scheme on a 1280×800 screen, scales 0.5…4, home at scale 1 in the middle.
    static let geometry = CameraGeometry(contentOrigin: SchemePoint(x: 0, y: 0), contentSize: ContentSize(width: 2000, height: 1500),
                                         viewport: ScreenSize(width: 1280, height: 800))
    static let settings = CameraSettings(zoomLimits: try! ZoomLimits(minimumScale: 0.5, maximumScale: 4),
                                         idleTimeoutMicroseconds: 60_000_000)
    static let home = geometry.camera(centredOn: SchemePoint(x: 1000, y: 750), scale: 1)

    func controller() -> CameraController {
        CameraController(geometry: Self.geometry, settings: Self.settings, home: Self.home)
    }

    /// Samples every frame at 60 Hz from `start` until the camera is idle (or `limit` seconds pass).
    func trajectory(_ controller: inout CameraController, from start: Int64, limitSeconds: Double = 10) -> [CameraSample] {
        var samples: [CameraSample] = []
        var time = start
        while time < start + Int64(limitSeconds * 1_000_000) {
            let sample = controller.sample(at: time)
            samples.append(sample)
            if sample.state == .idle { break }
            time += 16_667
        }
        return samples
    }

    @Test func draggingMovesTheContentWithTheFinger() {
        var camera = controller()
        camera.dragBegan(at: 0)
        camera.dragChanged(translation: ScreenPoint(x: -100, y: 40), at: 16_000)
        let sample = camera.sample(at: 16_000)
        #expect(sample.state == .dragging)
        #expect(sample.camera.offset.x == Self.home.offset.x + 100)
        #expect(sample.camera.offset.y == Self.home.offset.y - 40)
    }

    @Test func draggingPastAnEdgeMeetsTheRubberBandOnBothAxes() {
        var camera = controller()
        camera.dragBegan(at: 0)
        // Home offset is (360, 350); bounds are [0, 720] × [0, 700]. Drag 1000 px right and down.
        camera.dragChanged(translation: ScreenPoint(x: 1000, y: 1000), at: 16_000)
        let shown = camera.sample(at: 16_000).camera.offset
        #expect(shown.x < 0 && shown.x > -1280)
        #expect(shown.y < 0 && shown.y > -800)
        // The rubber band: (1 − 1/(640·0.55/1280 + 1))·1280 past the bound.
        #expect(abs(shown.x - -(1 - 1 / (640 * 0.55 / 1280 + 1)) * 1280) < 1e-9)
    }

    @Test func releaseDeceleratesSlowingMonotonicallyAndRestsWithinBounds() {
        var camera = controller()
        camera.dragBegan(at: 0)
        camera.dragChanged(translation: ScreenPoint(x: -30, y: 0), at: 50_000)
        camera.dragEnded(velocity: ScreenPoint(x: -600, y: 0), at: 50_000)
        let samples = trajectory(&camera, from: 50_000)
        #expect(samples.first?.state == .decelerating)
        var previousStep = Double.infinity
        for (a, b) in zip(samples, samples.dropFirst()) where b.state == .decelerating {
            let step = b.camera.offset.x - a.camera.offset.x
            #expect(step >= 0, "moves with the fling")
            #expect(step <= previousStep + 1e-9, "slows down")
            previousStep = step
        }
        let rest = try! #require(samples.last)
        #expect(rest.state == .idle)
        #expect(rest.camera.offset.x > Self.home.offset.x + 30 && rest.camera.offset.x <= 720)
    }

    @Test func aFlingIntoAnEdgeBouncesAndRestsOnIt() {
        var camera = controller()
        camera.dragBegan(at: 0)
        camera.dragEnded(velocity: ScreenPoint(x: 0, y: 4000), at: 10_000)  // content moves up: offset towards 0
        let samples = trajectory(&camera, from: 10_000)
        #expect(samples.contains { $0.state == .bouncing })
        #expect(samples.contains { $0.camera.offset.y < -1 }, "overshoots the edge")
        #expect(samples.last?.camera.offset.y == 0)
        #expect(samples.last?.state == .idle)
    }

    @Test func pinchKeepsTheSchemePointUnderTheFingersCentroid() {
        var camera = controller()
        let focal = ScreenPoint(x: 400, y: 300)
        let anchor = Self.geometry.schemePoint(atScreen: focal, camera: Self.home)
        camera.pinchBegan(focalPoint: focal, at: 0)
        let moved = ScreenPoint(x: 450, y: 320)
        camera.pinchChanged(scale: 1.5, translation: ScreenPoint(x: 50, y: 20), at: 16_000)
        let sample = camera.sample(at: 16_000)
        #expect(sample.state == .pinching)
        #expect(abs(sample.camera.scale - 1.5) < 1e-12)
        let under = Self.geometry.schemePoint(atScreen: moved, camera: sample.camera)
        #expect(abs(under.x - anchor.x) < 1e-9 && abs(under.y - anchor.y) < 1e-9)
    }

    @Test func pinchingPastTheMaximumResistsAndSpringsBackToItAroundTheFocalPoint() {
        var camera = controller()
        let focal = ScreenPoint(x: 640, y: 400)
        camera.pinchBegan(focalPoint: focal, at: 0)
        camera.pinchChanged(scale: 8, translation: .zero, at: 16_000)
        let stretched = camera.sample(at: 16_000).camera.scale
        #expect(stretched > 4 && stretched < 8)
        camera.pinchEnded(scaleVelocity: 0, focalVelocity: .zero, at: 16_000)
        let samples = trajectory(&camera, from: 16_000)
        #expect(samples.first?.state == .bouncing)
        #expect(abs((samples.last?.camera.scale ?? 0) - 4) < 1e-12)
        #expect(samples.last?.state == .idle)
    }

    @Test func doubleTapZoomsByTheFactorAroundTheTap() {
        var camera = controller()
        let tap = ScreenPoint(x: 500, y: 380)
        let anchor = Self.geometry.schemePoint(atScreen: tap, camera: Self.home)
        camera.doubleTapped(at: tap, time: 0)
        #expect(camera.sample(at: 0).state == .zooming)
        let rest = try! #require(trajectory(&camera, from: 0).last)
        #expect(rest.state == .idle)
        #expect(rest.camera.scale == 2)
        let under = Self.geometry.schemePoint(atScreen: tap, camera: rest.camera)
        #expect(abs(under.x - anchor.x) < 1e-6 && abs(under.y - anchor.y) < 1e-6)
    }

    @Test func aTouchDuringAnAnimationTakesOverWithoutAJump() {
        var camera = controller()
        camera.dragBegan(at: 0)
        camera.dragEnded(velocity: ScreenPoint(x: -2000, y: -1000), at: 0)
        let during = camera.sample(at: 200_000).camera
        camera.dragBegan(at: 200_000)
        #expect(camera.sample(at: 200_000).camera == during)
        camera.dragChanged(translation: ScreenPoint(x: 0.5, y: 0), at: 216_000)
        let after = camera.sample(at: 216_000).camera
        #expect(abs(after.offset.x - (during.offset.x - 0.5)) < 1e-9)
        #expect(abs(after.offset.y - during.offset.y) < 1e-9)
    }

    @Test func idleTimeoutSpringsBackHome() {
        var camera = controller()
        camera.doubleTapped(at: ScreenPoint(x: 100, y: 100), time: 0)
        _ = trajectory(&camera, from: 0)
        #expect(camera.nextWakeMicroseconds == 60_000_000, "wakes when the idle timeout is due")
        #expect(camera.sample(at: 59_000_000).state == .idle)
        #expect(camera.sample(at: 60_100_000).state == .homing)
        let rest = try! #require(trajectory(&camera, from: 60_100_000).last)
        #expect(rest.state == .idle)
        #expect(rest.camera == Self.home)
        #expect(camera.nextWakeMicroseconds == nil, "at home nothing is due")
    }

    @Test func contentSmallerThanTheScreenIsCentred() {
        var camera = controller()
        camera.pinchBegan(focalPoint: ScreenPoint(x: 100, y: 100), at: 0)
        camera.pinchChanged(scale: 0.5, translation: .zero, at: 16_000)
        camera.pinchEnded(scaleVelocity: 0, focalVelocity: .zero, at: 16_000)
        let rest = try! #require(trajectory(&camera, from: 16_000).last)
        // 2000×1500 at 0.5 is 1000×750 on 1280×800: centred at offsets (−140, −25).
        #expect(abs(rest.camera.scale - 0.5) < 1e-12)
        #expect(abs(rest.camera.offset.x - -140) < 0.5 && abs(rest.camera.offset.y - -25) < 0.5)
    }

    @Test func cancelEndsWithoutAFling() {
        var camera = controller()
        camera.dragBegan(at: 0)
        camera.dragChanged(translation: ScreenPoint(x: -50, y: 0), at: 16_000)
        camera.cancelled(at: 20_000)
        let sample = camera.sample(at: 20_000)
        #expect(sample.state == .idle)
        #expect(sample.camera.offset.x == Self.home.offset.x + 50)
    }

    @Test func liftingOneFingerOfAnOverZoomedPinchStillSpringsBackWithinTheLimits() {
        var camera = controller()
        camera.pinchBegan(focalPoint: ScreenPoint(x: 640, y: 400), at: 0)
        camera.pinchChanged(scale: 8, translation: .zero, at: 16_000)
        // The recognizer's hand-off when one finger lifts: the pinch ends, a pan begins with the other finger.
        camera.pinchEnded(scaleVelocity: 0, focalVelocity: .zero, at: 32_000)
        camera.dragBegan(at: 32_000)
        #expect(camera.sample(at: 32_000).camera.scale > 4)
        camera.dragChanged(translation: ScreenPoint(x: 10, y: 0), at: 48_000)
        camera.dragEnded(velocity: .zero, at: 64_000)
        let rest = trajectory(&camera, from: 64_000).last
        #expect(rest?.state == .idle)
        #expect(abs((rest?.camera.scale ?? 0) - 4) < 1e-9)
    }

    @Test func aTapRestartsTheIdleTimeout() {
        var camera = controller()
        camera.doubleTapped(at: ScreenPoint(x: 100, y: 100), time: 0)
        _ = trajectory(&camera, from: 0)
        camera.tapped(at: 50_000_000)
        #expect(camera.sample(at: 70_000_000).state == .idle, "not home yet: the tap was 20 s ago")
        #expect(camera.nextWakeMicroseconds == 110_000_000)
    }
}
