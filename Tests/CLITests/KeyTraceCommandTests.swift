import Foundation
import TestSupport
import Testing

/// `run --headless --keys`: a key trace replayed as an operator (or the VM test) would, what audio mode said in
/// spoken.jsonl.
struct KeyTraceCommandTests {
    @Test func aKeyTraceReplaysAndWhatIsSaidIsWritten() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let keys = RepositoryPaths.file("traces/keys/every-function.csv").path
        let config = RepositoryPaths.file("traces/keys/kiosk.toml").path
        let result = try MetroKioskProcess.run(["run", "--headless", "--config", config, "--keys", keys, "--out", out.path,
                                                "--png", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOf: out.appendingPathComponent("spoken.jsonl"), encoding: .utf8).split(separator: "\n")
        let said = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect((said.first?["phrases"] as? [String])?.first?.hasPrefix("Audio mode.") == true)
        // Enter on University: the journey's card read out, in English.
        #expect(said.contains { ($0["phrases"] as? [String])?.contains { $0.contains("from Central Square") } == true })
        #expect(said.contains { ($0["languages"] as? [String])?.first == "ru" })
    }

    @Test func aBadKeyIsLocated() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let keys = out.path + ".csv"
        defer { try? FileManager.default.removeItem(atPath: keys) }
        try "time_us,key,state\n1000,5,down\n2000,F1,down\n".write(toFile: keys, atomically: true, encoding: .utf8)
        let result = try MetroKioskProcess.run(["run", "--headless", "--keys", keys, "--out", out.path])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(keys):3:6: expected a key"), "\(result.stderr)")
    }
}
