import Foundation
import Glibc
import MetroMap
import Testing
import TestSupport

@Test func importPMetroWritesAMapThatLoads() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-pmetro-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("moscow.toml").path
    let moscow = RepositoryPaths.sharedData.appendingPathComponent("maps/pmetro-moscow").path

    let result = try MetroKioskProcess.run(["import-pmetro", moscow, "--out", out, "--name", "Москва"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("21 lines, 458 stations (452 placed, 426 labels)"))
    #expect(result.stdout.contains("Metro.trp windows1251"))
    // Each warning names its file and line.
    for line in result.stderr.split(separator: "\n") {
        #expect(line.range(of: #"^/.+/Metro\.(trp|map):[0-9]+:[0-9]+: warning: "#, options: .regularExpression) != nil,
                "\(line)")
    }

    let map = try MapFileLoader.load(contentsOf: out)
    #expect(map.name == "Москва")
    #expect(map.lines.count == 21)
    #expect(map.stations.filter(\.isPlaced).count == 452)
}

@Test func importPMetroOfAFolderWithoutSchemeFailsWithItsName() throws {
    let result = try MetroKioskProcess.run(["import-pmetro", "/nonexistent/city", "--out", "/tmp/never.toml"])
    #expect(result.status == 66)
    #expect(result.stderr.contains("/nonexistent/city: no Metro.trp"))
}

/// `--out` onto anything but a regular file or a new path: refused with exit 73, the node left exactly as it was.
@Test func importPMetroRefusesDevicesFIFOsAndSymlinksToThem() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-hostile-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let city = RepositoryPaths.sharedData("maps/pmetro-istanbul").path
    let null = directory + "/null", full = directory + "/full", fifo = directory + "/fifo", link = directory + "/link"
    guard mknod(null, S_IFCHR | 0o666, deviceNumber(1, 3)) == 0, mknod(full, S_IFCHR | 0o666, deviceNumber(1, 7)) == 0 else {
        Issue.record("mknod needs CAP_MKNOD; this test must run as root")
        return
    }
    mkfifo(fifo, 0o644)
    symlink(null, link)
    for (target, kind) in [(null, "a character device"), (full, "a character device"), (fifo, "a FIFO"),
                           (link, "a symlink to a character device"), (directory, "a directory")] {
        let result = try MetroKioskProcess.run(["import-pmetro", city, "--out", target])
        #expect(result.status == 73, "\(target): \(result.stderr)")
        #expect(result.stderr.contains("\(target): refusing to write: it is \(kind)"), "\(result.stderr)")
    }
    var info = stat()
    #expect(stat(null, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR && info.st_rdev == deviceNumber(1, 3))
    #expect(stat(full, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR && info.st_rdev == deviceNumber(1, 7))
    #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
    #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["fifo", "full", "link", "null"])
}

/// A write that fails half way (here the file-size limit, EFBIG, as a full disk would give ENOSPC) exits 73 and
/// leaves the previous map byte for byte, with no temporary file beside it.
@Test func importPMetroFailedWriteKeepsThePreviousFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-efbig-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let city = RepositoryPaths.sharedData("maps/pmetro-istanbul").path
    let out = directory + "/map.toml"
    try "previous map\n".write(toFile: out, atomically: false, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // SIGXFSZ ignored so write() returns EFBIG; 1 block = 512 bytes, far less than the map.
    process.arguments = ["-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" import-pmetro \"$1\" --out \"$2\"",
                         MetroKioskProcess.executableURL.path, city, out]
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 73, "\(message)")
    #expect(message.contains("\(out): cannot write: write: File too large"), "\(message)")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "previous map\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["map.toml"])
}
