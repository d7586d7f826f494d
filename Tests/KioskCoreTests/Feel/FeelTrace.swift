import Foundation
import MetroMap
import Physics
import TestSupport
import Testing
import TouchInput
@testable import KioskCore

/// One gesture of the feel conformance suite (`traces/feel/<name>-<rate>hz.csv`, written by `scripts/feel-traces`),
/// replayed by the kiosk loop on the demo map at 1280×800 and 60 Hz, with the measurements its invariants need.
struct FeelTrace {
    static let rates = [60, 90, 100, 120, 133]
    /// The touch rates of the gestures added for holds, eased lifts, rests and late lifts: up to the fastest panels.
    static let wideRates = [60, 90, 120, 144, 240]
    static let demo = try! BundledMap.loadDemo()
    static let viewport = ScreenSize(width: 1280, height: 800)
    static let geometry = CameraGeometry(map: demo, viewport: viewport)
    static let periodMicroseconds: Int64 = 16_667

    /// Zoomed in at home, so there is room to glide in every direction; no trip home to wait for.
    static var config: KioskConfig {
        var config = KioskConfig()
        config.map.home = KioskConfig.HomeView(centre: SchemePoint(x: 1000, y: 750), scale: 1.5)
        config.kiosk.idleTimeoutSeconds = 0
        return config
    }

    let name: String
    let touches: [TouchFrame]
    let frames: [FrameRecord]

    init(_ name: String, rate: Int, config: KioskConfig = FeelTrace.config) throws {
        self.name = "\(name)-\(rate)hz"
        touches = try Self.touches(name, rate: rate)
        frames = try KioskReplay.frames(of: touches, on: Self.demo, config: config)
    }

    /// The touches of `traces/feel/<name>-<rate>hz.csv`, for a replay of its own (a gesture whose header names
    /// another config than the suite's, replayed through `ControlsReplay` or with that config).
    static func touches(_ name: String, rate: Int) throws -> [TouchFrame] {
        let url = RepositoryPaths.root.appendingPathComponent("traces/feel/\(name)-\(rate)hz.csv")
        return try TraceReader.frames(path: url.path, outputSize: OutputSize(width: 1280, height: 800))
    }

    /// Index of the first frame drawn after the last finger lifted for the `n`th time (0-based).
    func liftIndex(_ n: Int = 0) -> Int? {
        var seen = -1
        for index in frames.indices.dropFirst() where frames[index].touches == 0 && frames[index - 1].touches > 0 {
            seen += 1
            if seen == n { return index }
        }
        return nil
    }

    /// Index of the first frame drawn after a finger landed for the `n`th time on an untouched screen.
    func touchIndex(_ n: Int) -> Int? {
        var seen = -1
        for index in frames.indices.dropFirst() where frames[index].touches > 0 && frames[index - 1].touches == 0 {
            seen += 1
            if seen == n { return index }
        }
        return nil
    }

    /// The first frame from `start` on whose `value` differs from the frame before, and how much it and the next
    /// frame moved: a release from rest moves least in its first frame; one back-dated jumps there.
    func firstMotion(from start: Int, _ value: (Camera) -> Double) -> (index: Int, step: Double, next: Double)? {
        guard let index = (max(start, 1)..<frames.count - 1).first(where: { abs(value(frames[$0].camera) - value(frames[$0 - 1].camera)) > 1e-9 })
        else { return nil }
        func step(_ i: Int) -> Double { abs(value(frames[i].camera) - value(frames[i - 1].camera)) }
        return (index, step(index), step(index + 1))
    }

    /// On-screen speed (px/s) of the content between frame `index − 1` and frame `index`.
    func speed(at index: Int) -> Double {
        let a = frames[index - 1], b = frames[index]
        let dx = b.camera.offset.x - a.camera.offset.x, dy = b.camera.offset.y - a.camera.offset.y
        let dt = Double(b.presentationMicroseconds - a.presentationMicroseconds) / 1_000_000
        return (dx * dx + dy * dy).squareRoot() / dt
    }

    /// Where the scheme point under `screen` in frame `reference` is shown in frame `index`, relative to `screen`.
    func drift(of screen: ScreenPoint, from reference: Int, to index: Int) -> Double {
        let scheme = Self.geometry.schemePoint(atScreen: screen, camera: frames[reference].camera)
        let shown = Self.geometry.screenPoint(ofScheme: scheme, camera: frames[index].camera)
        return ((shown.x - screen.x) * (shown.x - screen.x) + (shown.y - screen.y) * (shown.y - screen.y)).squareRoot()
    }
}

/// The camera controller fed by the same touch pipeline as the loop, sampled every millisecond of presentation
/// time instead of every vblank: hand-off velocities are read off this fine curve, where a 60 Hz frame would mix
/// a spring's first acceleration into the speed it started with.
struct FineFeelReplay {
    struct Sample {
        var time: Int64
        var camera: Camera
        var state: CameraState
        var touches: Int
    }

    let samples: [Sample]
    static let stepMicroseconds: Int64 = 250

    init(_ touches: [TouchFrame], config: KioskConfig = FeelTrace.config, refreshMicroseconds: Int64 = FeelTrace.periodMicroseconds) throws {
        let geometry = FeelTrace.geometry
        var settings = try config.cameraSettings(geometry: geometry)
        settings.touchLatencyMicroseconds = CameraSettings.touchLatency(refreshPeriodMicroseconds: refreshMicroseconds)
        var camera = CameraController(geometry: geometry, settings: settings, home: config.homeCamera(geometry: geometry))
        var pipeline = TouchPipeline(configuration: config.gestureConfiguration(),
                                     panel: config.panelGeometry(width: 1280, height: 800))
        var pending = touches[...]
        var samples: [Sample] = []
        var now = (touches.first?.timeMicroseconds ?? 0) - 20_000
        let end = (touches.last?.timeMicroseconds ?? 0) + 3_000_000
        while now < end {
            while let frame = pending.first, frame.timeMicroseconds <= now {
                pending = pending.dropFirst()
                if frame.events.contains(where: { $0.phase == .down }) { camera.touchedDown(at: frame.timeMicroseconds) }
                for gesture in pipeline.process(frame) { camera.apply(gesture) }
                if pipeline.recognizer.fingerCount == 0 {
                    camera.touchesLifted(at: frame.timeMicroseconds)
                } else if !frame.events.contains(where: { $0.phase == .up || $0.phase == .cancel }) {
                    camera.fingersReported(at: frame.timeMicroseconds)
                }
            }
            let sample = camera.sample(at: now + refreshMicroseconds)
            samples.append(Sample(time: now + refreshMicroseconds, camera: sample.camera, state: sample.state,
                                  touches: pipeline.recognizer.fingerCount))
            now += Self.stepMicroseconds
        }
        self.samples = samples
    }

    /// Index of the first sample after the last finger lifted for the `n`th time.
    func liftIndex(_ n: Int = 0) -> Int? {
        var seen = -1
        for index in samples.indices.dropFirst() where samples[index].touches == 0 && samples[index - 1].touches > 0 {
            seen += 1
            if seen == n { return index }
        }
        return nil
    }

    /// Velocity of `value` per second between sample `index − 1` and `index`.
    func rate(_ value: (Camera) -> Double, at index: Int) -> Double {
        let a = samples[index - 1], b = samples[index]
        return (value(b.camera) - value(a.camera)) / (Double(b.time - a.time) / 1_000_000)
    }

    /// How much the on-screen rate of `value` changes where the fingers hand over to an animation: the fastest rate
    /// over the last 2 ms that showed the fingers' path (the path may have come to rest a moment before: the
    /// prediction past their last report is short) against the rate over the first step of the animation. 1 is a
    /// seamless hand-off.
    func handOffRatio(_ value: (Camera) -> Double, floor: Double) -> Double? {
        guard let lift = liftIndex(),
              let start = samples[lift...].firstIndex(where: { $0.state != .dragging && $0.state != .pinching }),
              start + 1 < samples.count else { return nil }
        guard let moving = (max(lift - 400, 2)..<start).reversed().first(where: { abs(rate(value, at: $0)) > floor })
        else { return nil }
        let a = (max(moving - 7, 2)...moving).map { abs(rate(value, at: $0)) }.max() ?? 0
        let b = abs(rate(value, at: start + 1))
        return max(a, b) / max(min(a, b), 1e-12)
    }
}
