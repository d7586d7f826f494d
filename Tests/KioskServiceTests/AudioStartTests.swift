import Foundation
import KioskCore
import Logging
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
    func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String,
             function: String, line: UInt) {
        lines.append((level, message.description))
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
        #expect(status == "ALSA null")
        // ALSA's null device is on no card: there is no jack to watch, and speech plays regardless.
        #expect(jack.read() == .unknown)
        #expect(lines.all.contains { $0.1.contains("has no headphone jack control") })
        #expect(speaker?.volume == settings.volume)
    }
}
