import Foundation
import Glibc
import Testing
@testable import OutputFile

/// A power cut or a kill in the middle of a write leaves its temporary beside the target (issue 35: ops9's power cuts
/// left `.status.json.lD39ZV`); the next replacement of that file removes it, and nothing else.
struct StaleTemporaryTests {
    /// A writer killed between `mkstemp` and the rename: its temporary, made by `Temporary` itself (so the pattern is
    /// the one the sweep looks for), closed as the kernel closes a dead process's files, never renamed nor removed.
    static func abandonedTemporary(beside target: String) throws -> String {
        let temporary = try OutputFile.Temporary(beside: target, reportedAs: target)
        try temporary.append(Array("{\"state\": \"half".utf8))
        close(temporary.descriptor)
        return temporary.path
    }

    @Test func theTemporaryOfACrashedWriteIsGoneAfterTheNextWrite() throws {
        let scratch = try Scratch()
        let target = scratch.file("status.json")
        try OutputFile.write(text: "{}\n", to: target)
        let left = try Self.abandonedTemporary(beside: target)
        let typed = scratch.file(".status.json.lD39ZV")  // the name ops9's cut left, as a file of its own
        try "{\"sta".write(toFile: typed, atomically: false, encoding: .utf8)
        #expect(scratch.contents("").count == 3)

        try OutputFile.write(text: "{\"state\": \"showing\"}\n", to: target)
        #expect(scratch.contents("") == ["status.json"], "left: \(left)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "{\"state\": \"showing\"}\n")
    }

    /// Only `.NAME.` and six letters or digits, only regular files, only beside that target: an operator's notes, a
    /// name one character off, another file's temporary, a symlink and a directory of the pattern are all kept.
    @Test func onlyRegularFilesOfTheExactPatternAreRemoved() throws {
        let scratch = try Scratch()
        let outside = scratch.file("precious.txt")
        try "precious".write(toFile: outside, atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: scratch.file("state"), withIntermediateDirectories: true)
        let target = scratch.file("state/status.json")
        try OutputFile.write(text: "{}\n", to: target)
        let kept = [".status.json.notes", ".status.json.lD39Z", ".status.json.lD39ZV7", ".status.json.lD39-V",
                    "status.json.lD39ZV", ".metro-kiosk.prom.lD39ZV", ".status.json.lD39ZV~"]
        for name in kept { try "x".write(toFile: scratch.file("state/" + name), atomically: false, encoding: .utf8) }
        try FileManager.default.createSymbolicLink(atPath: scratch.file("state/.status.json.Sym123"), withDestinationPath: outside)
        try FileManager.default.createDirectory(atPath: scratch.file("state/.status.json.Dir123"), withIntermediateDirectories: false)
        // The same name one directory up is beside another file of that name, not this one.
        try "x".write(toFile: scratch.file(".status.json.Abc123"), atomically: false, encoding: .utf8)
        try "stale".write(toFile: scratch.file("state/.status.json.Abc123"), atomically: false, encoding: .utf8)

        try OutputFile.write(text: "{\"state\": \"showing\"}\n", to: target)

        #expect(scratch.contents("state") == (kept + [".status.json.Dir123", ".status.json.Sym123", "status.json"]).sorted())
        #expect(scratch.mode(scratch.file("state/.status.json.Sym123")) == S_IFLNK)
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "precious")
        #expect(scratch.mode(scratch.file(".status.json.Abc123")) == S_IFREG)
    }

    /// Another writer of the same file, still at work, holds its temporary locked: the sweep leaves it, so that
    /// writer's rename still finds it. Once it is gone (closed), the next write takes it away.
    @Test func aTemporaryALiveWriterHoldsIsKept() throws {
        let scratch = try Scratch()
        let target = scratch.file("metro-kiosk.prom")
        try OutputFile.write(text: "metro_kiosk_up 1\n", to: target)
        let other = try OutputFile.Temporary(beside: target, reportedAs: target)
        try other.append(Array("metro_kiosk_up 0\n".utf8))

        try OutputFile.write(text: "metro_kiosk_up 1\n", to: target)
        #expect(scratch.contents("").contains(OutputFile.name(of: other.path)))
        try other.commit()
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "metro_kiosk_up 0\n")
        #expect(scratch.contents("") == ["metro-kiosk.prom"])
    }

    /// A stale temporary beside a symlinked target is swept where the bytes go (the link's target's directory).
    @Test func theSweepFollowsTheOperatorsSymlinkToItsTarget() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.file("real"), withIntermediateDirectories: true)
        let real = scratch.file("real/status.json")
        try OutputFile.write(text: "{}\n", to: real)
        let link = scratch.file("status.json")
        symlink(real, link)
        _ = try Self.abandonedTemporary(beside: real)
        try OutputFile.write(text: "{\"a\": 1}\n", to: link)
        #expect(scratch.contents("real") == ["status.json"])
        #expect(scratch.mode(link) == S_IFLNK)
    }

    @Test func thePatternIsTheNameAndSixCharactersOfMkstempsAlphabet() {
        let prefix = Array(".status.json.".utf8)
        #expect(OutputFile.StaleTemporaries.isTemporary(".status.json.lD39ZV", prefix: prefix))
        #expect(OutputFile.StaleTemporaries.isTemporary(".status.json.000000", prefix: prefix))
        #expect(!OutputFile.StaleTemporaries.isTemporary(".status.json.notes", prefix: prefix))
        #expect(!OutputFile.StaleTemporaries.isTemporary(".status.json.lD39_V", prefix: prefix))
        #expect(!OutputFile.StaleTemporaries.isTemporary(".status.json.lD39ZVX", prefix: prefix))
        #expect(!OutputFile.StaleTemporaries.isTemporary(".status.json.é39ZV", prefix: prefix))
    }
}
