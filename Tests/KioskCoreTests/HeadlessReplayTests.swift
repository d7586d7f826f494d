import Foundation
import MetroMap
import Physics
import Raster
import Testing
import TestSupport
import TouchInput
@testable import KioskCore

/// The kiosk loop replaying real recordings and synthetic gestures: the camera's trajectory is checked, not just
/// that it ran.
struct HeadlessReplayTests {
    static let demo = try! BundledMap.loadDemo()

    struct Replay {
        var frames: [FrameRecord]
        var settings: CameraSettings
        var geometry: CameraGeometry
        var home: Camera
    }

    func replay(_ frames: [TouchFrame], config: KioskConfig = KioskConfig(), fps: Double = 60) throws -> Replay {
        let records = try KioskReplay.frames(of: frames, on: Self.demo, config: config, fps: fps)
        let geometry = CameraGeometry(map: Self.demo, viewport: ScreenSize(width: 1280, height: 800))
        return Replay(frames: records, settings: try config.cameraSettings(geometry: geometry), geometry: geometry,
                      home: config.homeCamera(geometry: geometry))
    }

    func csv(_ text: String) throws -> [TouchFrame] {
        try TraceReader.frames(text: text, file: "synthetic.csv", outputSize: OutputSize(width: 1280, height: 800))
    }

    func evemu(_ name: String) throws -> [TouchFrame] {
        try TraceReader.frames(path: RepositoryPaths.sharedData.appendingPathComponent("touch/evemu/\(name)").path,
                               outputSize: OutputSize(width: 1280, height: 800))
    }

    /// A config zoomed in at home, so there is room to fling in every direction.
    var roomyConfig: KioskConfig {
        var config = KioskConfig()
        config.map.home = KioskConfig.HomeView(centre: SchemePoint(x: 1000, y: 750), scale: 1.5)
        config.kiosk.idleTimeoutSeconds = 0
        return config
    }

    func checkRestsWithinLimits(_ replay: Replay) throws {
        let last = try #require(replay.frames.last)
        #expect(last.state == .idle)
        #expect(replay.settings.zoomLimits.contains(last.camera.scale))
        let bounds = try replay.geometry.offsetBounds(scale: last.camera.scale)
        #expect(abs(bounds.clamped(last.camera.offset).x - last.camera.offset.x) < 0.5)
        #expect(abs(bounds.clamped(last.camera.offset).y - last.camera.offset.y) < 0.5)
        for frame in replay.frames {
            #expect(frame.camera.offset.x.isFinite && frame.camera.offset.y.isFinite && frame.camera.scale.isFinite)
        }
    }

    /// The largest distance the map moved between two consecutive frames while fingers were down.
    func largestStepWhileTouching(_ frames: [FrameRecord]) -> Double {
        zip(frames, frames.dropFirst()).filter { $0.1.touches > 0 && $0.0.touches > 0 }.map { a, b in
            ((a.camera.offset.x - b.camera.offset.x) * (a.camera.offset.x - b.camera.offset.x)
                + (a.camera.offset.y - b.camera.offset.y) * (a.camera.offset.y - b.camera.offset.y)).squareRoot()
        }.max() ?? 0
    }

    @Test func aFlingDeceleratesMonotonicallyAndComesToRestInBounds() throws {
        var lines = "0,0,down,900,400\n"
        for i in 1...10 { lines += "\(i * 10_000),0,move,\(900 - i * 15),400\n" }
        lines += "108000,0,up,,\n"
        let result = try replay(try csv(lines), config: roomyConfig)
        let gliding = result.frames.filter { $0.state == .decelerating }
        #expect(gliding.count > 20)
        var previousStep = Double.infinity
        for (a, b) in zip(gliding, gliding.dropFirst()) {
            let step = b.camera.offset.x - a.camera.offset.x
            #expect(step >= 0, "the content keeps moving left (offset grows)")
            #expect(step <= previousStep + 1e-9, "and slows down every frame")
            previousStep = step
        }
        try checkRestsWithinLimits(result)
        // The glide's last sub-pixel steps are shown as they happen: the map never sits still and then jumps to
        // where the animation ends.
        let moving = result.frames.filter { $0.state == .decelerating || $0.state == .idle }
        let last = try #require(moving.last), beforeLast = moving[moving.count - 2]
        #expect(abs(last.camera.offset.x - beforeLast.camera.offset.x) <= 1.5)
    }

    @Test func framesArePresentedOnTheVblankGrid() throws {
        let result = try replay(try csv("0,0,down,900,400\n10000,0,move,700,400\n20000,0,move,500,400\n28000,0,up,,\n"),
                                config: roomyConfig)
        let animated = result.frames.filter { $0.state == .decelerating || $0.state == .bouncing }
        // Frames whose pixels would not change are skipped, so gaps are whole refresh periods.
        for (a, b) in zip(animated, animated.dropFirst()) {
            #expect((b.presentationMicroseconds - a.presentationMicroseconds) % 16_667 == 0)
        }
        #expect(zip(animated, animated.dropFirst()).contains { $0.1.presentationMicroseconds - $0.0.presentationMicroseconds == 16_667 })
    }

    @Test func realOneFingerDragsRestWithinBounds() throws {
        for name in ["EP0430M09.1-finger-drag-up-down.events", "Atmel_maXTouch_Touchscreen.1-finger-drag-up-down.events"] {
            let result = try replay(try evemu(name), config: roomyConfig)
            #expect(result.frames.contains { $0.state == .dragging }, "\(name)")
            try checkRestsWithinLimits(result)
        }
    }

    @Test func realMultiFingerRecordingsNeverJumpAtFingerChanges() throws {
        for name in ["EP0430M09.2-finger-scroll-down.events", "EP0430M09.4-finger-drag-down.events",
                     "Atmel_maXTouch_Touchscreen.4-finger-drag-down.events", "Atmel_maXTouch_Touchscreen.2-fingers-touch-release.events"] {
            let result = try replay(try evemu(name), config: roomyConfig)
            // The fingers in these recordings never move 40 px in a frame; a finger landing or lifting used to
            // move the map by 120 px and more.
            #expect(largestStepWhileTouching(result.frames) < 40, "\(name)")
            try checkRestsWithinLimits(result)
        }
    }

    @Test func doubleTapZoomsByTheFactorAroundTheTap() throws {
        let result = try replay(try csv("0,0,down,700,300\n60000,0,up,,\n180000,0,down,702,301\n240000,0,up,,\n"),
                                config: roomyConfig)
        #expect(result.frames.contains { $0.state == .zooming })
        let rest = try #require(result.frames.last { $0.state == .idle })
        #expect(abs(rest.camera.scale - 3) < 1e-9, "home scale 1.5 doubled")
        // The scheme point under the second tap stays under it (the map is large enough not to hit an edge).
        let tap = ScreenPoint(x: 702, y: 301)
        let before = result.geometry.schemePoint(atScreen: tap, camera: result.home)
        let after = result.geometry.schemePoint(atScreen: tap, camera: rest.camera)
        #expect(abs(before.x - after.x) < 0.5 && abs(before.y - after.y) < 0.5)
    }

    @Test func afterTheIdleTimeoutTheMapGoesHome() throws {
        var config = roomyConfig
        config.kiosk.idleTimeoutSeconds = 5
        let result = try replay(try csv("0,0,down,900,400\n50000,0,move,700,300\n100000,0,move,600,250\n400000,0,up,,\n"), config: config)
        let homing = result.frames.filter { $0.state == .homing }
        #expect(!homing.isEmpty)
        #expect((homing.first?.presentationMicroseconds ?? 0) >= 400_000 + 5_000_000)
        let last = try #require(result.frames.last)
        #expect(abs(last.camera.offset.x - result.home.offset.x) < 1e-6 && abs(last.camera.scale - result.home.scale) < 1e-9)
    }

    @Test func anIdleKioskDrawsNoFrames() throws {
        var config = roomyConfig
        config.kiosk.idleTimeoutSeconds = 0
        let result = try replay(try csv("0,0,down,900,400\n50000,0,move,800,400\n100000,0,up,,\n"
                                        + "30000000,0,down,500,400\n30050000,0,move,600,400\n30100000,0,up,,\n"), config: config)
        let firstRest = try #require(result.frames.firstIndex { $0.state == .idle && $0.presentationMicroseconds > 100_000 })
        let nextFrame = result.frames[firstRest + 1]
        #expect(nextFrame.presentationMicroseconds >= 30_000_000, "nothing drawn between the two gestures")
        #expect(result.frames.count < 200, "30 s idle would be 1800 frames at 60 Hz")
    }

    @Test func aTouchDuringAFlingTakesOverWithoutAJump() throws {
        var lines = "0,0,down,900,400\n"
        for i in 1...6 { lines += "\(i * 10_000),0,move,\(900 - i * 15),400\n" }
        lines += "65000,0,up,,\n400000,0,down,640,400\n420000,0,move,645,400\n440000,0,move,660,400\n500000,0,up,,\n"
        let result = try replay(try csv(lines), config: roomyConfig)
        let caught = try #require(result.frames.firstIndex { $0.presentationMicroseconds > 400_000 && $0.state == .dragging })
        let before = result.frames[caught - 1], after = result.frames[caught]
        #expect(before.state == .decelerating)
        #expect(abs(after.camera.offset.x - before.camera.offset.x) < 40, "the finger catches the map where it is")
        // Held still under the finger until it moves past the slop: no more gliding.
        let held = result.frames[caught...].prefix { $0.presentationMicroseconds < 440_000 }
        #expect(held.allSatisfy { $0.camera.offset.x == after.camera.offset.x })
    }

    @Test func pinchingPastTheMaximumSpringsBackToIt() throws {
        var lines = ""
        for i in 0...30 {
            let spread = 100.0 + Double(i) * 40
            let event = i == 0 ? "down" : "move"
            lines += "\(i * 16_000),0,\(event),\(640 - spread / 2),400\n\(i * 16_000),1,\(event),\(640 + spread / 2),400\n"
        }
        lines += "500000,0,up,,\n500000,1,up,,\n"
        let result = try replay(try csv(lines), config: roomyConfig)
        let maximum = result.settings.zoomLimits.maximumScale
        #expect(result.frames.contains { $0.state == .pinching && $0.camera.scale > maximum }, "the rubber band lets it past")
        #expect(result.frames.contains { $0.state == .bouncing })
        let last = try #require(result.frames.last)
        #expect(abs(last.camera.scale - maximum) < 1e-9)
        try checkRestsWithinLimits(result)
    }
}
