import Foundation
import Glibc
import Synchronization
import Testing
@testable import OutputFile

/// Writes that survive a power cut (issue 35): the temporary file is flushed before it is renamed over the target,
/// and the directory after the rename. The calls are passed in and recorded, each fsync by the path its descriptor
/// names (`/proc/self/fd`), so the test sees what was flushed and in which order.
struct DurableWriteTests {
    /// What was called, in order: "fsync PATH" or "rename FROM TO".
    final class Record: Sendable {
        let calls = Mutex<[String]>([])
        func add(_ call: String) { calls.withLock { $0.append(call) } }
    }

    static func recording(_ record: Record) -> DurableCalls {
        DurableCalls(fsync: { descriptor in
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
            record.add("fsync " + (count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"))
            return DurableCalls.system.fsync(descriptor)
        }, rename: { from, to in
            record.add("rename \(from) \(to)")
            return DurableCalls.system.rename(from, to)
        })
    }

    @Test func theFileIsFlushedBeforeTheRenameAndTheDirectoryAfter() throws {
        let scratch = try Scratch()
        let directory = URL(fileURLWithPath: scratch.path).resolvingSymlinksInPath().path
        let target = directory + "/status.json"
        try OutputFile.write(text: "old\n", to: target)
        let record = Record()
        try OutputFile.write(Array("new\n".utf8), to: target, symlinks: .follow, calls: Self.recording(record))
        let calls = record.calls.withLock { $0 }
        #expect(calls.count == 3, "\(calls)")
        guard calls.count == 3 else { return }
        // The temporary beside the target: flushed, then renamed over it; then the directory holding both.
        let temporary = String(calls[0].dropFirst("fsync ".count))
        #expect(temporary.hasPrefix(directory + "/.status.json."))
        #expect(calls[1] == "rename \(temporary) \(target)")
        #expect(calls[2] == "fsync \(directory)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new\n")
    }

    /// A failed flush leaves the old file whole and no temporary behind: the rename is never made.
    @Test func aFailedFlushKeepsTheOldFile() throws {
        let scratch = try Scratch()
        let target = scratch.file("last-good.pb")
        try OutputFile.write(text: "old\n", to: target)
        let failing = DurableCalls(fsync: { _ in errno = EIO; return -1 }, rename: { _, _ in
            Issue.record("renamed after a failed fsync")
            return -1
        })
        #expect(throws: OutputFileError.self) {
            try OutputFile.write(Array("new\n".utf8), to: target, symlinks: .follow, calls: failing)
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old\n")
        #expect(scratch.contents("") == ["last-good.pb"])
    }

    /// A failed flush of the directory is reported at the path, not swallowed: the new file is in place but the
    /// rename may not survive a power cut. A file system that cannot flush directories at all (EINVAL) is not an error.
    @Test(arguments: [(EIO, true), (EINVAL, false)])
    func aFailedDirectoryFlushIsReported(code: Int32, reported: Bool) throws {
        let scratch = try Scratch()
        let target = scratch.file("status.json")
        let record = Record()
        let failingSecond = DurableCalls(fsync: { descriptor in
            record.add("fsync")
            if record.calls.withLock({ $0.count }) == 2 { errno = code; return -1 }
            return DurableCalls.system.fsync(descriptor)
        }, rename: DurableCalls.system.rename)
        do {
            try OutputFile.write(Array("new\n".utf8), to: target, symlinks: .follow, calls: failingSecond)
            #expect(!reported, "a directory fsync failing with \(code) was swallowed")
        } catch {
            #expect(reported, "\(error)")
            #expect(error == .systemError(path: target, operation: "fsync directory", errno: code))
            #expect(error.description.hasPrefix(target + ": cannot write: fsync directory: "))
        }
        #expect(record.calls.withLock { $0 } == ["fsync", "fsync"])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new\n")
    }
}
