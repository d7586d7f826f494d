import Foundation
import Testing
@testable import TouchInput

/// Events no kernel sends: libmtdev indexes its tables by code without a check, so an ABS code of 0x5036 in a
/// protocol A recording read far past them (found by `scripts/fuzz evemu`, kept in FuzzHarnessTests/Hostile/evemu).
struct HostileEvdevTests {
    static let protocolAHeader = "N: Panel A\nA: 35 0 4095 0 0 0\nA: 36 0 4095 0 0 0\n"

    @Test(arguments: [
        ("E: 0.000000 0003 5036 1300", "expected an event code the kernel sends for type 3 (0...0x3f), got 0x5036"),
        ("E: 0.000000 0001 0300 1", "expected an event code the kernel sends for type 1 (0...0x2ff), got 0x300"),
        ("E: 0.000000 0000 0010 0", "expected an event code the kernel sends for type 0 (0...0xf), got 0x10"),
        ("E: 0.000000 0020 0000 0", "expected an event type the kernel sends (0...0x1f), got 0x20"),
    ])
    func eventsPastTheKernelsRangesAreLocatedErrors(line: String, message: String) {
        for header in [Self.protocolAHeader, SyntheticEvemu.multitouchHeader] {
            let text = header + "E: 0.000000 0003 0035 10\n" + line + "\n"
            let lineNumber = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(throws: TraceError(file: "bad.events", line: lineNumber, message: message)) {
                try EvemuTraceReader.frames(from: text, file: "bad.events", outputSize: .kioskDefault)
            }
        }
    }
}
