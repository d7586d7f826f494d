import Foundation
import MetroMap
import Overlay
import Physics
import Raster
import TestSupport
import Testing
import TouchInput
@testable import KioskCore

/// The kiosk loop with every overlay element at once (the controls, the journey card with and without its route's
/// full-screen veil, the touch feedback, the idle warning) replayed on a screen that checks each frame's damage
/// against the pixels that changed.
struct OverlayDamageReplayTests {
    static let demo = try! BundledMap.loadDemo()

    static func config() throws -> KioskConfig {
        var config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("traces/controls/kiosk.toml").path)
        config.map.youAreHere = "north-gate"
        config.map.homeMode = .fit
        config.kiosk.idleTimeoutSeconds = 14
        return config
    }

    static func homePoint(of id: String, config: KioskConfig) throws -> ScreenPoint {
        let geometry = CameraGeometry(map: demo, viewport: ScreenSize(width: 1280, height: 800))
        let position = try #require(demo.station(id: id)?.position)
        return geometry.screenPoint(ofScheme: position, camera: config.homeCamera(geometry: geometry))
    }

    /// A finger dragged from `from` by `by` over `duration` µs in 60 Hz steps, held `hold` µs, lifted.
    static func drag(at start: Int64, from: (Double, Double), by: (Double, Double), duration: Int64, hold: Int64) -> String {
        var lines = ["\(start),0,down,\(from.0),\(from.1)"]
        let steps = Int(duration / 16_667)
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            lines.append("\(start + Int64(step) * 16_667),0,move,\(from.0 + f * by.0),\(from.1 + f * by.1)")
        }
        lines.append("\(start + Int64(steps) * 16_667 + hold),0,up,,")
        return lines.joined(separator: "\n")
    }

    static func tap(at time: Int64, _ point: (Double, Double)) -> String {
        "\(time),0,down,\(point.0),\(point.1)\n\(time + 60_000),0,up,,"
    }

    /// `layered`: on a screen that composes layers at scanout (the card handed over as one, as on a DRM display).
    static func replay(_ csv: String, config: KioskConfig,
                       layered: Bool = false) throws -> (records: [FrameRecord], screen: DamageCheckingScreen, loop: KioskLoop) {
        let touches = try TraceReader.frames(text: csv, file: "overlay.csv", outputSize: OutputSize(width: 1280, height: 800))
        let input = TraceInput(frames: touches)
        let clock = SimulatedClock(startMicroseconds: (input.firstEventMicroseconds ?? 0) - 40_000)
        let screen = DamageCheckingScreen(width: 1280, height: 800, clock: clock)
        screen.composesLayers = layered
        let loop = try KioskLoop(map: demo, config: config, font: try Font.loadDefault(), input: input, output: screen, clock: clock)
        var records: [FrameRecord] = []
        loop.onFrame = { records.append($0) }
        var turns = 0
        while try loop.turn() {
            turns += 1
            if turns > 400_000 { Issue.record("replay never ended"); break }
        }
        return (records, screen, loop)
    }

    /// North Gate's card (no route: it is where the kiosk stands) over the controls while the map is dragged; the
    /// museum's card with its route over the veil; a + press; a fling of the map under card and route; a drag of
    /// the card; a tap beside every station (the card goes, the nearest station pulses); the idle warning and return.
    @Test func everyChangedPixelIsInsideTheDamageWithCardRouteAndControls() throws {
        let config = try Self.config()
        let gate = try Self.homePoint(of: "north-gate", config: config)
        let museum = try Self.homePoint(of: "museum", config: config)
        let csv = [Self.tap(at: 500_000, (gate.x, gate.y)),
                   Self.drag(at: 1_500_000, from: (800, 300), by: (80, 40), duration: 800_000, hold: 300_000),
                   Self.tap(at: 3_500_000, (museum.x, museum.y)),
                   Self.tap(at: 5_500_000, (1212, 380)),
                   Self.drag(at: 7_500_000, from: (900, 400), by: (-150, -60), duration: 150_000, hold: 0),
                   Self.drag(at: 9_000_000, from: (150, 700), by: (0, -250), duration: 300_000, hold: 100_000),
                   Self.tap(at: 10_500_000, (1100, 60)), Self.tap(at: 12_000_000, (1100, 60))].joined(separator: "\n")
        let (records, screen, loop) = try Self.replay(csv, config: config)
        #expect(screen.leaks.isEmpty, "changed pixels outside the damage: \(screen.leaks.prefix(5))")
        // The replay went through what it means to test.
        #expect(records.contains { $0.card != nil && $0.route == [] && $0.presentationMicroseconds < 3_500_000 },
                "the card without a route")
        let routed = records.filter { ($0.route?.count ?? 0) > 1 }
        #expect(routed.count > 20, "the card with its route over the veil")
        #expect(routed.contains { $0.state == .decelerating }, "the map flung under card and route")
        #expect(records.contains { $0.state == .zooming && $0.presentationMicroseconds > 5_500_000 && $0.presentationMicroseconds < 7_000_000 },
                "the + press zoomed")
        #expect(records.contains { $0.state == .homing }, "the idle return")
        #expect(screen.frames == records.count && screen.frames > 200)
        #expect(loop.controls?.idleWarning != nil)
        // The same replay on a screen that takes the card as a scanout layer: the same pictures, frame for frame,
        // and still nothing changed outside the damage.
        let (_, layered, _) = try Self.replay(csv, config: config, layered: true)
        #expect(layered.leaks.isEmpty, "with the card a layer, changed pixels outside the damage: \(layered.leaks.prefix(5))")
        #expect(layered.layeredFrames > 20, "the card went out as a layer in \(layered.layeredFrames) frames")
        #expect(layered.checksums == screen.checksums,
                "frames differing with the card a layer: \(zip(layered.checksums, screen.checksums).enumerated().filter { $0.element.0 != $0.element.1 }.prefix(5).map(\.offset))")
    }
}
