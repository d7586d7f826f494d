import Foundation
import Glibc
import Testing
@testable import Raster

/// Font paths that are no usable font (issue 38): a FIFO blocked FreeType's open for ever; a file cut at 90 % opened
/// fine (FreeType reads tables lazily) and passed check-config --strict.
struct HostileFontFileTests {
    static let regular = Font.defaultRegularPaths[0]

    func scratch() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func aFIFOIsRefusedWithoutOpeningIt() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/font.ttf"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: FontError.unusableFile(path: fifo, reason: "it is a FIFO, not a font file")) { try Font(path: fifo) }
        #expect(throws: FontError.unusableFile(path: directory, reason: "it is a directory, not a font file")) { try Font(path: directory) }
    }

    @Test(arguments: [0.9, 0.5, 0.01])
    func aFontCutShortIsRefused(fraction: Double) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.regular))
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cut = directory + "/cut.ttf"
        #expect(FileManager.default.createFile(atPath: cut, contents: bytes.prefix(Int(Double(bytes.count) * fraction))))
        #expect {
            try Font(path: cut)
        } throws: { error in
            "\(error)".hasPrefix("\(cut): cannot use this font: the file is cut short: its tables need")
        }
        #expect(throws: Never.self) { try Font(path: Self.regular) }
    }

    /// Every name broken: the error says so, with no advice to install a package that is installed.
    @Test func aStackOfBrokenFilesSaysWhyNotInstall() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(FileManager.default.createFile(atPath: directory + "/junk.ttf", contents: Data("not a font".utf8)))
        #expect {
            try FontStack(preferences: [directory + "/junk.ttf", directory])
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("no configured font can be used: ") && text.contains("junk.ttf") && text.contains("a directory")
                && !text.contains("install")
        }
    }
}
