import Foundation
import Glibc
import Testing

/// Files the commands read or write that are not what they seem (issue 38): FIFOs named as maps, configs and
/// fonts, a symlink planted inside `run --headless --out DIR`, fonts cut short or broken, a folder as the map.
struct HostileInputFileTests {
    func scratch() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func aSymlinkPlantedInTheOutputDirectoryIsNotFollowed() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outside = directory + "/outside.txt"
        try "precious".write(toFile: outside, atomically: true, encoding: .utf8)
        let out = directory + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for name in ["frames.jsonl", "contact-sheet.png", "last.png"] {
            try FileManager.default.createSymbolicLink(atPath: out + "/" + name, withDestinationPath: outside)
        }
        let trace = directory + "/tap.csv"
        try "0,0,down,40,40\n50000,0,up,,\n".write(toFile: trace, atomically: true, encoding: .utf8)
        let run = try MetroKioskProcess.run(["run", "--headless", "--trace", trace, "--out", out, "--size", "64x40"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "precious")
        var info = stat()
        #expect(lstat(out + "/frames.jsonl", &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    }

    /// Each would block in open() for ever; each is refused at once with the path and what it is.
    @Test func fifosNamedAsMapConfigOrFontAreRefusedWithoutBlocking() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let map = try MetroKioskProcess.run(["snapshot", "--map", fifo, "--size", "64x40", "--out", directory + "/s.png"])
        #expect(map.status == 65 && map.stderr.contains("it is a FIFO, not a regular file"), "\(map.stderr)")
        let config = try MetroKioskProcess.run(["check-config", fifo])
        #expect(config.status == 78 && config.stderr.contains("it is a FIFO, not a regular file"), "\(config.stderr)")
        let kiosk = directory + "/kiosk.toml"
        try "[map]\nfont = \"\(fifo)\"\n".write(toFile: kiosk, atomically: true, encoding: .utf8)
        let font = try MetroKioskProcess.run(["check-config", kiosk])
        #expect(font.status == 78 && font.stderr.contains("kiosk.toml:2:8: [map] font: ") && font.stderr.contains("a FIFO"),
                "\(font.stderr)")
        // audit-map draws with the other fonts of the stack; it returns, where it blocked in open().
        let audit = try MetroKioskProcess.run(["audit-map", "--config", kiosk, "--size", "64x40"])
        #expect(audit.status == 0 && audit.stdout.contains("\"stations\":64"), "\(audit.stderr)")
    }

    /// A font cut at 90 % passed check-config --strict; now a located warning, an error under --strict.
    @Test func aFontCutShortFailsStrictAtItsLine() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"))
        #expect(FileManager.default.createFile(atPath: directory + "/cut.ttf", contents: bytes.prefix(bytes.count * 9 / 10)))
        let kiosk = directory + "/kiosk.toml"
        try "[text]\nfonts = [\"Noto Sans\", \"\(directory)/cut.ttf\"]\n".write(toFile: kiosk, atomically: true, encoding: .utf8)
        let strict = try MetroKioskProcess.run(["check-config", "--strict", kiosk])
        #expect(strict.status == 78, "\(strict.stderr)")
        #expect(strict.stderr.contains("kiosk.toml:2:23: warning: [text] fonts: \"\(directory)/cut.ttf\" cannot be used: "), "\(strict.stderr)")
        #expect(strict.stderr.contains("the file is cut short"))

        // Every configured font broken: located, worded as broken, exit 78 (not 64, no install advice).
        try "[text]\nfonts = [\"\(directory)/cut.ttf\"]\n".write(toFile: kiosk, atomically: true, encoding: .utf8)
        let snapshot = try MetroKioskProcess.run(["snapshot", "--config", kiosk, "--size", "64x40", "--out", directory + "/s.png"])
        #expect(snapshot.status == 78, "\(snapshot.stderr)")
        #expect(snapshot.stderr.contains("kiosk.toml:2:9: [text] fonts: no configured font can be used: "), "\(snapshot.stderr)")
        #expect(!snapshot.stderr.contains("install"))
    }

    @Test func aFolderThatIsNoCityIsReportedAtTheConfigLine() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/plain", withIntermediateDirectories: true)
        let kiosk = directory + "/kiosk.toml"
        try "[display]\n[map]\nfile = \"plain\"\n".write(toFile: kiosk, atomically: true, encoding: .utf8)
        let check = try MetroKioskProcess.run(["check-config", kiosk])
        #expect(check.status == 78)
        #expect(check.stderr.contains("kiosk.toml:3:8: [map] file: '\(directory)/plain': "), "\(check.stderr)")
    }
}
