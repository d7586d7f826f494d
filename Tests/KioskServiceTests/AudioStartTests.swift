import Foundation
import KioskCore
import Logging
import Speech
import Testing
@testable import KioskService

/// The lines a logger was given, for checking what the service says.
final class CollectedLog: LogHandler, @unchecked Sendable {
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [(Logger.Level, String)] = []
        func append(_ line: (Logger.Level, String)) { lock.lock(); stored.append(line); lock.unlock() }
        var all: [(Logger.Level, String)] { lock.lock(); defer { lock.unlock() }; return stored }
    }
    let lines: Lines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    init(_ lines: Lines) { self.lines = lines }
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        lines.append((event.level, event.message.description))
    }
}

struct AudioStartTests {
    /// No such sound card: audio mode still gets a speaker (so keys still speak to the log and move the screen),
    /// and the log and status say it is silent and why.
    @Test func anAbsentDeviceLeavesASilentSpeakerAndSaysSo() {
        var settings = AudioSettings()
        settings.device = "hw:CARD=NoSuchKioskCard,DEV=0"
        let lines = CollectedLog.Lines()
        let (speaker, status, jack) = AudioStart.speaker(settings, logger: Logger(label: "test", factory: { _ in CollectedLog(lines) }))
        defer { speaker?.stop() }
        #expect(speaker != nil)
        #expect(jack.read() == .unknown)
        #expect(status.hasPrefix("silent: audio device 'hw:CARD=NoSuchKioskCard,DEV=0': "))
        #expect(lines.all.contains { $0.0 == .warning && $0.1.contains("audio mode works silently") })
    }

    @Test func aPresentDeviceIsNamedInTheStatus() {
        var settings = AudioSettings()
        settings.device = "null"
        let lines = CollectedLog.Lines()
        let (speaker, status, jack) = AudioStart.speaker(settings, logger: Logger(label: "test", factory: { _ in CollectedLog(lines) }))
        defer { speaker?.stop() }
        // The name configured, then what ALSA opened for it.
        #expect(status == "ALSA null (NULL)")
        // ALSA's null device is on no card: there is no jack to watch, and speech plays regardless.
        #expect(jack.read() == .unknown)
        #expect(lines.all.contains { $0.1.contains("has no headphone jack control") })
        #expect(speaker?.volume == settings.volume)
    }

    /// The device `[audio] device` names is the one speech goes to: ALSA's file plugin, named in a config, receives
    /// the samples of what the speaker says, and the status names it with its type.
    @Test func theConfiguredDeviceIsTheOneWrittenTo() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("speech-\(UUID().uuidString).raw").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let config = try KioskConfigLoader.parse(text: "[audio]\ndevice = \"file:FILE=\(path),FORMAT=raw\"\n", fileName: "kiosk.toml")
        let (speaker, status, _) = AudioStart.speaker(config.audio, logger: Logger(label: "test", factory: { _ in CollectedLog(CollectedLog.Lines()) }))
        let said = try #require(speaker)
        #expect(status == "ALSA file:FILE=\(path),FORMAT=raw (FILE)")
        said.say([SpokenPhrase("Central Square", language: "en")])
        // The speech thread writes in 20 ms chunks: wait (at most 20 s on a loaded machine) for a second of them.
        var bytes = 0
        for _ in 0..<400 {
            bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            if bytes >= 22_050 * 2 / 2 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        said.stop()
        // Half a second of 16-bit samples at espeak-ng's 22,050 Hz at least: "Central Square" takes longer than that.
        #expect(bytes >= 22_050)
    }
}
