import Foundation
import Glibc
import OutputFile
import Testing

/// A private scratch directory: device nodes are made here with mknod, never in /dev.
final class Scratch {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("output-file-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    /// A character device node (1,3 is null, 1,7 is full); nil when this process may not make one.
    func characterDevice(_ name: String, major: UInt32 = 1, minor: UInt32 = 3) -> String? {
        let node = file(name)
        return mknod(node, S_IFCHR | 0o666, deviceNumber(major, minor)) == 0 ? node : nil
    }

    func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// The names in the scratch directory ("") or in a folder inside it.
    func contents(_ name: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: name.isEmpty ? path : file(name)).sorted()) ?? []
    }
}

@Test func aNewPathIsWrittenWithNoTemporaryLeftBehind() throws {
    let scratch = try Scratch()
    try OutputFile.write(text: "hello\n", to: scratch.file("new.txt"))
    #expect(try String(contentsOfFile: scratch.file("new.txt"), encoding: .utf8) == "hello\n")
    #expect(scratch.contents("") == ["new.txt"])
}

@Test func aRegularFileIsReplacedAndKeepsItsPermissions() throws {
    let scratch = try Scratch()
    let path = scratch.file("map.toml")
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o640)
    try OutputFile.write(text: "new", to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
    var info = stat()
    stat(path, &info)
    #expect(info.st_mode & 0o777 == 0o640)
    #expect(scratch.contents("") == ["map.toml"])
}

@Test func aCharacterDeviceIsRefusedAndLeftInPlace() throws {
    let scratch = try Scratch()
    guard let node = scratch.characterDevice("null") else {
        Issue.record("mknod needs CAP_MKNOD; this test must run as root")
        return
    }
    #expect(throws: OutputFileError.notARegularFile(path: node, kind: "a character device")) {
        try OutputFile.write(text: "x", to: node)
    }
    #expect(scratch.mode(node) == S_IFCHR)
    #expect(scratch.contents("") == ["null"])
}

@Test func aSymlinkToADeviceIsRefusedAndBothAreLeftInPlace() throws {
    let scratch = try Scratch()
    guard let node = scratch.characterDevice("full", minor: 7) else {
        Issue.record("mknod needs CAP_MKNOD; this test must run as root")
        return
    }
    let link = scratch.file("link")
    symlink(node, link)
    #expect(throws: OutputFileError.notARegularFile(path: link, kind: "a symlink to a character device")) {
        try OutputFile.write(text: "x", to: link)
    }
    #expect(scratch.mode(link) == S_IFLNK)
    #expect(scratch.mode(node) == S_IFCHR)
}

@Test func aFIFOAndADirectoryAreRefused() throws {
    let scratch = try Scratch()
    let fifo = scratch.file("fifo")
    #expect(mkfifo(fifo, 0o644) == 0)
    #expect(throws: OutputFileError.notARegularFile(path: fifo, kind: "a FIFO")) {
        try OutputFile.write(text: "x", to: fifo)  // would block forever if it were opened
    }
    #expect(throws: OutputFileError.notARegularFile(path: scratch.path, kind: "a directory")) {
        try OutputFile.write(text: "x", to: scratch.path)
    }
    #expect(scratch.mode(fifo) == S_IFIFO)
}

@Test func aSymlinkToARegularFileReplacesTheTargetAndKeepsTheLink() throws {
    let scratch = try Scratch()
    let target = scratch.file("target.toml"), link = scratch.file("link.toml")
    try "old".write(toFile: target, atomically: false, encoding: .utf8)
    symlink(target, link)
    try OutputFile.write(text: "new", to: link)
    #expect(scratch.mode(link) == S_IFLNK)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
}

@Test func aDanglingSymlinkIsRefused() throws {
    let scratch = try Scratch()
    let link = scratch.file("dangling")
    symlink(scratch.file("nowhere"), link)
    #expect(throws: OutputFileError.danglingSymlink(path: link)) { try OutputFile.write(text: "x", to: link) }
    #expect(scratch.mode(scratch.file("nowhere")) == nil)
}

@Test func aMissingDirectoryFailsWithoutCreatingAnything() throws {
    let scratch = try Scratch()
    let path = scratch.file("no/such/dir/out.png")
    #expect(throws: OutputFileError.self) { try OutputFile.write(text: "x", to: path) }
    #expect(scratch.contents("").isEmpty)
}

@Test func aJournalIsReadableWhileWrittenAndRefusesADevice() throws {
    let scratch = try Scratch()
    let path = scratch.file("frames.jsonl")
    try "stale\n".write(toFile: path, atomically: false, encoding: .utf8)
    let journal = try OutputJournal(path: path)
    journal.append("{\"t_us\":1}\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"t_us\":1}\n")
    #expect(journal.close() == nil)
    if let node = scratch.characterDevice("null") {
        #expect(throws: OutputFileError.notARegularFile(path: node, kind: "a character device")) {
            _ = try OutputJournal(path: node)
        }
        #expect(scratch.mode(node) == S_IFCHR)
    }
}

/// Linux's makedev for small numbers (glibc's is a macro Swift cannot import).
func deviceNumber(_ major: UInt32, _ minor: UInt32) -> dev_t { dev_t(major) << 8 | dev_t(minor) }

/// A fixed name the program writes inside an output directory (issue 38): a symlink planted there is replaced,
/// never followed to a file outside the directory.
struct OutputDirectoryNameTests {
    @Test func aPlantedSymlinkIsReplacedNotFollowed() throws {
        let scratch = try Scratch()
        let outside = scratch.file("precious.txt")
        try "precious".write(toFile: outside, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: scratch.file("out"), withIntermediateDirectories: true)
        let planted = scratch.file("out/frames.jsonl")
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: outside)
        try OutputFile.write(text: "new\n", to: planted, symlinks: .replace)
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "precious")
        #expect(scratch.mode(planted) == S_IFREG)
        #expect(try String(contentsOfFile: planted, encoding: .utf8) == "new\n")

        let journalLink = scratch.file("out/journal.jsonl")
        try FileManager.default.createSymbolicLink(atPath: journalLink, withDestinationPath: outside)
        let journal = try OutputJournal(path: journalLink, symlinks: .replace)
        journal.append("line\n")
        #expect(journal.close() == nil)
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "precious")
        #expect(scratch.mode(journalLink) == S_IFREG)
    }
}
