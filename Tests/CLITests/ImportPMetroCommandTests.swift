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
    #expect(result.stdout.contains("21 lines (0 not drawn, 0 dropped), 458 stations (452 placed, 426 labelled)"))
    #expect(result.stdout.contains("Metro.trp windows1251"))
    // The last line sums up what was read and dropped.
    let summary = try #require(result.stdout.split(separator: "\n").last)
    #expect(summary.contains("read 1 .trp, 1 .map, 1 .vec") && summary.contains("transfers")
            && summary.contains("background") && summary.hasSuffix("\(result.stderr.split(separator: "\n").count) warnings"))
    // Each warning names its file and line.
    for line in result.stderr.split(separator: "\n") {
        #expect(line.range(of: #"^/.+/Metro\.(trp|map|vec):[0-9]+:[0-9]+: warning: "#, options: .regularExpression) != nil,
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

@Test func importPMetroOfKolomnaSucceedsWithWarningsAndItsMapLoads() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-pmetro-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("kolomna.toml").path
    let kolomna = RepositoryPaths.sharedData("maps/pmetro-kolomna").path
    let result = try MetroKioskProcess.run(["import-pmetro", kolomna, "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("to itself; skipped"))
    let map = try MapFileLoader.load(contentsOf: out)
    #expect(map.lines.count == 10)
}

@Test func importPMetroOfASchemeWithNothingPlaceableIsADataError() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-pmetro-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "[Line1]\nName=A\nStations=X,Y\n".write(to: directory.appendingPathComponent("Metro.trp"), atomically: true,
                                                   encoding: .utf8)
    try "[A]\nCoordinates=0,0, 0,0\n".write(to: directory.appendingPathComponent("Metro.map"), atomically: true,
                                             encoding: .utf8)
    let out = directory.appendingPathComponent("out.toml").path
    let result = try MetroKioskProcess.run(["import-pmetro", directory.path, "--out", out])
    #expect(result.status == 65)
    #expect(result.stderr.contains("no station has a usable coordinate"))
    #expect(!FileManager.default.fileExists(atPath: out))

    try "[A]\nCoordinates=10,10, 1e30,20\n".write(to: directory.appendingPathComponent("Metro.map"), atomically: true,
                                                   encoding: .utf8)
    let huge = try MetroKioskProcess.run(["import-pmetro", directory.path, "--out", out])
    #expect(huge.status == 65)
    #expect(huge.stderr.contains("Metro.map:2:1: [A]: Coordinates= holds 1e30, outside"))
    #expect(!FileManager.default.fileExists(atPath: out))
}

@Test func importPMetroHelpListsTheSysexitsStatuses() throws {
    let result = try MetroKioskProcess.run(["import-pmetro", "--help"])
    let help = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(help.contains("65 data error") && help.contains("66 no input") && help.contains("73 the output"))
    #expect(!help.contains(" 70"))
}

/// A synthetic pMetro city of `lines` lines with `stations` stations each, every station placed and labelled.
private func writeSyntheticCity(to directory: URL, lines: Int, stations: Int) throws -> Int {
    var trp = "", map = "[Options]\r\nLinesWidth=5\r\nStationDiameter=8\r\n"
    for line in 0..<lines {
        let names = (0..<stations).map { "Station \(line)-\($0) Street" }
        trp += "[Line\(line + 1)]\r\nName=Line \(line)\r\nStations=\(names.joined(separator: ","))\r\n"
        trp += "Driving=\(Array(repeating: "2", count: stations).joined(separator: ","))\r\n"
        map += "[Line \(line)]\r\nColor=1F78B4\r\nCoordinates="
        map += (0..<stations).map { "\(10 + $0 * 3),\(10 + line * 7)" }.joined(separator: ", ") + "\r\nRects="
        map += (0..<stations).map { "\(12 + $0 * 3),\(12 + line * 7),60,15" }.joined(separator: ", ") + "\r\n"
    }
    try Data(trp.utf8).write(to: directory.appendingPathComponent("Metro.trp"))
    try Data(map.utf8).write(to: directory.appendingPathComponent("Metro.map"))
    return trp.utf8.count + map.utf8.count
}

@Test(.enabled(if: HostTools.exists("/usr/bin/time"), "needs /usr/bin/time to read the importer's peak memory"))
func importPMetroStaysWithinTwentyTimesItsInputInMemory() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("import-pmetro-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    func peakKilobytes(lines: Int, stations: Int) throws -> (kilobytes: Int, inputBytes: Int) {
        let folder = root.appendingPathComponent("\(lines)x\(stations)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bytes = try writeSyntheticCity(to: folder, lines: lines, stations: stations)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "peak %M", MetroKioskProcess.executableURL.path, "import-pmetro", folder.path,
                             "--out", folder.appendingPathComponent("out.toml").path]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text.suffix(400))")
        let peak = text.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) } ?? 0
        return (peak, bytes)
    }
    // The process's own start-up memory is measured on a tiny city and set aside.
    let small = try peakKilobytes(lines: 1, stations: 3)
    let large = try peakKilobytes(lines: 40, stations: 300)
    #expect(large.inputBytes > 500_000)
    let grown = (large.kilobytes - small.kilobytes) * 1024
    #expect(grown <= 20 * large.inputBytes, "grew \(grown / 1024) kB for \(large.inputBytes / 1024) kB of pMetro files")
}
