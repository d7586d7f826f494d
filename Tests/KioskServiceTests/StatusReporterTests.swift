import Foundation
import KioskCore
import Testing
@testable import KioskService

struct StatusReporterTests {
    @Test func theRuntimeDirectoryIsMadeWhenMissingAndTheFileIsNeverHalfWritten() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-status-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        var settings = KioskConfig.StatusSettings()
        settings.file = base.appendingPathComponent("run/status.json").path
        settings.prometheusFile = nil
        let reporter = StatusReporter(settings: settings, startMicroseconds: 0)
        reporter.recordFrame(drawMicroseconds: 1000)
        reporter.recordFrame(drawMicroseconds: 3000)
        for time in [Int64(0), 30_000_000, 60_000_000] {
            #expect(reporter.update(state: .showing, screenOn: true, nowMicroseconds: time, wallSeconds: 1_780_000_000,
                                    touches: 0, lastTouchWallSeconds: nil) == nil)
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: base.appendingPathComponent("run").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o750)
        let status = try JSONDecoder().decode(KioskStatus.self, from: Data(contentsOf: URL(fileURLWithPath: settings.file!)))
        #expect(status.uptimeSeconds == 60, "written at start, not at 30 s, again at 60 s")
        #expect(status.frameTimeP50Milliseconds == 1 && status.frameTimeP99Milliseconds == 3)
    }

    @Test func aFailedWriteIsReportedOnceNotEveryMinute() {
        var settings = KioskConfig.StatusSettings()
        settings.file = "/proc/metro-kiosk-no/such/status.json"
        let reporter = StatusReporter(settings: settings, startMicroseconds: 0)
        let first = reporter.update(state: .showing, screenOn: true, nowMicroseconds: 0, wallSeconds: 0, touches: 0,
                                    lastTouchWallSeconds: nil)
        #expect(first?.contains("status /proc/metro-kiosk-no/such/status.json") == true)
        #expect(reporter.update(state: .screenOff, screenOn: false, nowMicroseconds: 1, wallSeconds: 0, touches: 0,
                                lastTouchWallSeconds: nil) == nil)
    }
}
