import Foundation
import Testing
@testable import KioskCore

/// `[network] timetable` and `links`: check-config loads the timetable and checks the links file, each problem
/// located at the config's key or in the links file.
struct NetworkConfigTests {
    func problems(_ config: String, files: [String: [UInt8]] = [:]) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("network-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (name, bytes) in files { #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data(bytes))) }
        let path = directory + "/kiosk.toml"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(config.utf8)))
        switch KioskConfigCheck.load(configPath: path) {
        case .success: return []
        case .failure(let error):
            return error.diagnostics.map { $0.description.replacingOccurrences(of: directory + "/", with: "") }
        }
    }

    @Test func aTimetableWithoutLinksIsALocatedError() throws {
        #expect(try problems("[network]\ntimetable = \"t.mktt\"\n")
                == ["kiosk.toml:2:13: [network] timetable needs links (metro-kiosk link-gtfs writes them)"])
    }

    @Test func aDamagedTimetableAndABadLinkAreLocated() throws {
        let links = "[[link]]\nstation = \"nowhere\"\nstop = \"X\"\n"
        let found = try problems("[network]\ntimetable = \"t.mktt\"\nlinks = \"links.toml\"\n",
                                 files: ["t.mktt": Array("not a timetable".utf8), "links.toml": Array(links.utf8)])
        #expect(found.count == 2)
        #expect(found.first?.hasPrefix("kiosk.toml:2:13: [network] timetable: t.mktt: not a compiled timetable") == true)
        #expect(found.last?.hasPrefix("links.toml:2:1: no station \"nowhere\" in the map") == true)
    }

    @Test func anUnknownNetworkKeyIsRefused() throws {
        #expect(try problems("[network]\ntimetabel = \"t.mktt\"\n").first?.contains("did you mean 'timetable'") == true)
    }
}
