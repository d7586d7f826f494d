import Foundation
import Testing
@testable import KioskCore

/// `[status]` targets: check-config applies the rules the service applies when it writes and listens, so a FIFO,
/// a device, a directory or a symlink loop named there is found before the kiosk starts.
struct StatusTargetCheckTests {
    @Test func specialFilesAndLoopsNamedInStatusAreRefusedAtTheirLines() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("status-targets-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/fifo", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: directory + "/loop", withDestinationPath: directory + "/loop")
        let lines = try HostileConfigTests().problems("""
            [status]
            file = "\(directory)/fifo"
            prometheus_file = "/dev/null"
            socket = "\(directory)"
            """)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("kiosk.toml:2:8: [status] file: ") && $0.contains("it is a FIFO") })
        #expect(lines.contains { $0.hasPrefix("kiosk.toml:3:19: [status] prometheus_file: ") && $0.contains("a character device") })
        #expect(lines.contains { $0.hasPrefix("kiosk.toml:4:10: [status] socket: ") && $0.contains("exists and is not a socket") })

        let loop = try HostileConfigTests().problems("[status]\nfile = \"\(directory)/loop\"\nsocket = \"\"\n")
        #expect(loop.count == 1 && loop[0].hasPrefix("kiosk.toml:2:8: [status] file: ") && loop[0].contains("symbolic links"), "\(loop)")
        #expect(try HostileConfigTests().problems("[status]\nfile = \"\(directory)/new.json\"\nsocket = \"\(directory)/s.sock\"\n") == [])
    }

    @Test func aSocketPathThatDoesNotFitTheAddressIsRefused() throws {
        let path = "/tmp/" + String(repeating: "s", count: 120)
        #expect(try HostileConfigTests().problems("[status]\nsocket = \"\(path)\"\n")
                == ["kiosk.toml:2:10: [status] socket: a socket path holds at most 107 bytes, this one has 125"])
    }
}
