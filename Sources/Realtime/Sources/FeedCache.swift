import Foundation
import OutputFile
import JSONText

/// The last good feed of each source, on disk, so a kiosk restarted while the network is down (or the agency's
/// server is) shows what it showed before rather than nothing. Written through `OutputFile` (atomic: a power cut
/// leaves the old copy or the new one), one `.pb` with the feed's bytes as received and one `.json` beside it with
/// when it was received and its validators.
public struct FeedCache: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// What was kept of one source.
    public struct Entry: Hashable, Sendable, Codable {
        public var source: String
        /// Wall-clock POSIX seconds it was received.
        public var receivedAtSeconds: Double
        public var validators: FeedValidators?
    }

    /// The file names for `source`: a readable stem (host and last path part) and a hash of the whole URL, so two
    /// sources never share a file and an operator can tell which is which.
    public func paths(for source: String) -> (feed: String, entry: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in source.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let readable = source.split(separator: "/").suffix(2).joined(separator: "-")
            .map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        let stem = String(String(readable).prefix(48)) + "-" + String(hash, radix: 16)
        return ("\(directory)/\(stem).pb", "\(directory)/\(stem).json")
    }

    public func store(_ bytes: [UInt8], entry: Entry) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let paths = paths(for: entry.source)
        // The feed first: an entry never describes bytes that are not there.
        try OutputFile.write(bytes, to: paths.feed)
        try OutputFile.write(Array(try JSONWriter([.prettyPrinted, .sortedKeys, .escapingSlashes]).text(encoding: entry).utf8),
                              to: paths.entry)
    }

    /// The kept bytes and entry of `source`, or nil when there are none (a first start, another source's files).
    public func load(source: String, maximumBytes: Int) -> (bytes: [UInt8], entry: Entry)? {
        let paths = paths(for: source)
        guard let entryData = FileManager.default.contents(atPath: paths.entry),
              let entry = try? JSONDecoder().decode(Entry.self, from: entryData), entry.source == source,
              let attributes = try? FileManager.default.attributesOfItem(atPath: paths.feed),
              let size = attributes[.size] as? Int, size <= maximumBytes,
              let feed = FileManager.default.contents(atPath: paths.feed) else { return nil }
        return (Array(feed), entry)
    }
}
