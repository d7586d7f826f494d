import Diagnostics
import Foundation
import ZIPFoundation

/// Where a feed's files come from: a zip archive read in place (no extraction to disk) or a folder of `.txt` files.
/// Every file is read whole into memory, so each has a size ceiling checked before reading (a zip's declared size
/// and the bytes actually inflated, which a crafted archive can make differ).
public final class GTFSSource {
    /// Larger than any real feed's file (the biggest agencies' stop_times.txt are a few hundred MB) and small enough
    /// that reading one cannot exhaust the kiosk's memory.
    public static let maximumFileBytes = 768 << 20

    public let path: String
    private let archive: Archive?
    private let entries: [String: Entry]
    /// A feed handed over in memory (the fuzz harness, tests): file name → bytes.
    private let memoryFiles: [String: [UInt8]]?

    public init(path: String) throws(Diagnostic) {
        self.path = path
        memoryFiles = nil
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Diagnostic(file: path, line: 0, message: "no such file or folder")
        }
        if isDirectory.boolValue {
            archive = nil
            entries = [:]
            return
        }
        let opened: Archive
        do {
            opened = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw Diagnostic(file: path, line: 0,
                             message: "not a readable zip archive (truncated, or not a zip at all): \(error)")
        }
        archive = opened
        entries = Self.entriesByName(opened)
    }

    /// A feed whose files are given in memory.
    public init(name: String, files: [String: [UInt8]]) {
        path = name
        archive = nil
        entries = [:]
        memoryFiles = files
    }

    private static func entriesByName(_ opened: Archive) -> [String: Entry] {
        // Feeds are sometimes zipped with a folder around them: find each file by its last path component,
        // preferring the shallowest.
        var byName: [String: Entry] = [:]
        for entry in opened where entry.type == .file {
            let name = String(entry.path.split(separator: "/").last ?? "")
            if let existing = byName[name], existing.path.count <= entry.path.count { continue }
            byName[name] = entry
        }
        return byName
    }

    public var isArchive: Bool { archive != nil || memoryFiles != nil }

    /// The bytes of `name` (e.g. "stops.txt"), or nil when the feed has no such file.
    public func read(_ name: String) throws(Diagnostic) -> [UInt8]? {
        if let memoryFiles { return memoryFiles[name] }
        if let archive {
            guard let entry = entries[name] else { return nil }
            let location = path + "(" + entry.path + ")"
            guard entry.uncompressedSize <= UInt64(Self.maximumFileBytes) else {
                throw Diagnostic(file: location, line: 0,
                                 message: "\(entry.uncompressedSize) bytes, over the \(Self.maximumFileBytes >> 20) MB a feed file may have")
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Int(entry.uncompressedSize))
            let limit = Self.maximumFileBytes
            do {
                _ = try archive.extract(entry, bufferSize: 1 << 16) { chunk in
                    guard bytes.count + chunk.count <= limit else { throw SizeExceeded() }
                    bytes.append(contentsOf: chunk)
                }
            } catch is SizeExceeded {
                throw Diagnostic(file: location, line: 0,
                                 message: "inflates past the \(limit >> 20) MB a feed file may have")
            } catch {
                throw Diagnostic(file: location, line: 0, message: "cannot be read from the archive (truncated or corrupt): \(error)")
            }
            return bytes
        }
        let filePath = (path as NSString).appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: filePath) else { return nil }
        guard let handle = FileHandle(forReadingAtPath: filePath) else {
            throw Diagnostic(file: filePath, line: 0, message: "cannot be opened")
        }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        guard size <= UInt64(Self.maximumFileBytes) else {
            throw Diagnostic(file: filePath, line: 0,
                             message: "\(size) bytes, over the \(Self.maximumFileBytes >> 20) MB a feed file may have")
        }
        try? handle.seek(toOffset: 0)
        // Read at most one byte past the limit: a file growing while read is refused, not read without bound.
        guard let data = try? handle.read(upToCount: Self.maximumFileBytes + 1) else { return [] }
        guard data.count <= Self.maximumFileBytes else {
            throw Diagnostic(file: filePath, line: 0, message: "grew past the \(Self.maximumFileBytes >> 20) MB a feed file may have")
        }
        return [UInt8](data)
    }

    private struct SizeExceeded: Error {}
}
