import Foundation
import Testing
@testable import FuzzHarness

/// Every input that ever crashed, hung or misread a harness (found by `scripts/fuzz` or by hand) is kept under
/// `Hostile/<target>/` and replayed here through the same harness libFuzzer drives: a regression crashes this test.
struct FuzzRegressionTests {
    static var hostile: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Hostile") }

    static func inputs(_ target: FuzzTarget) -> [URL] {
        let directory = hostile.appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyKeptInputRunsToTheEnd(_ target: FuzzTarget) throws {
        let inputs = Self.inputs(target)
        #expect(!inputs.isEmpty, "no regression inputs for \(target.rawValue)")
        for input in inputs {
            target.run(Array(try Data(contentsOf: input)))
        }
    }

    @Test func aPMetroBlobUnpacksIntoItsTwoFiles() {
        let blob = PMetroHarness.pack(trp: Array("[Options]\n".utf8), map: Array("[Options]\nx".utf8))
        let (trp, map) = PMetroHarness.unpack(blob)
        #expect(trp == Array("[Options]\n".utf8))
        #expect(map == Array("[Options]\nx".utf8))
    }
}
