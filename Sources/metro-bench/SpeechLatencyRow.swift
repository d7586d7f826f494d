import Dispatch
import Foundation
import KioskCore
import MetroMap
import Platform
import Raster
import Speech
import TouchInput

/// Key to first audio sample: a key handed to the kiosk loop (the demo map seen from Central Square, 1280×800,
/// each turn drawing its frame) until espeak-ng's first samples of what the key made it say reach the audio sink,
/// on the speech thread. 2 and 8 alternate along the Red Line's stations, so each key says a station and its
/// lines. The issue's floor is 150 ms.
enum SpeechLatencyRow {
    /// Keys the loop reads when it next turns.
    final class KeyQueue: KioskInput {
        var queued: [KeyEvent] = []
        func events(upTo time: Int64) -> [InputEvent] {
            defer { queued = [] }
            return queued.map(InputEvent.key)
        }
        var nextEventMicroseconds: Int64? { nil }
        var isFinished: Bool { false }
    }

    /// Notes when the first samples after `arm()` arrive.
    final class FirstSampleSink: AudioSink, @unchecked Sendable {
        private let lock = NSLock()
        private var armed = false
        private let arrived = DispatchSemaphore(value: 0)
        private(set) var firstSampleMicroseconds: Int64 = 0

        func arm() { lock.lock(); armed = true; lock.unlock() }
        func play(_ samples: UnsafeBufferPointer<Int16>, sampleRate: Int) {
            lock.lock()
            defer { lock.unlock() }
            guard armed, !samples.isEmpty else { return }
            armed = false
            firstSampleMicroseconds = MonotonicClock.nowMicroseconds()
            arrived.signal()
        }
        func discard() {}
        func finish() {}
        func wait() -> Bool { arrived.wait(timeout: .now() + 5) == .success }
    }

    static func run(keys count: Int = 30) throws -> BenchmarkRow {
        var config = KioskConfig()
        config.map.youAreHere = "Central Square"
        let map = try BundledMap.loadDemo()
        let input = KeyQueue()
        let clock = SimulatedClock(startMicroseconds: 1_000_000)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("speech-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = HeadlessOutput(width: 1280, height: 800, refreshMillihertz: 60_000, clock: clock, directory: directory, png: .none)
        let loop = try KioskLoop(map: map, config: config, fonts: try config.labelFonts(), input: input, output: output, clock: clock)
        let sink = FirstSampleSink()
        let speaker = Speaker(synthesizer: try EspeakSynthesizer.shared(), sink: sink)
        defer { speaker.stop() }
        loop.speech = speaker
        func press(_ key: KeypadKey) -> Double? {
            clock.advance(to: clock.nowMicroseconds + 500_000)
            input.queued = [KeyEvent(key: key, isPressed: true, timeMicroseconds: clock.nowMicroseconds)]
            sink.arm()
            let start = MonotonicClock.nowMicroseconds()
            _ = try? loop.turn()
            guard sink.wait() else { return nil }
            return Double(sink.firstSampleMicroseconds - start) / 1000
        }
        // Audio mode (the guide), then into the Red Line's stations.
        _ = press(.digit5)
        _ = press(.digit5)
        var times: [Double] = []
        for index in 0..<count {
            if let time = press(index % 4 < 2 ? .digit2 : .digit8) { times.append(time) }
        }
        times.sort()
        let median = times.isEmpty ? .nan : times[times.count / 2]
        return BenchmarkRow(name: "speech key to first sample (floor 150 ms; worst \(String(format: "%.1f", times.last ?? .nan)) ms of \(times.count))",
                            oursMilliseconds: median, peerMilliseconds: nil)
    }
}
