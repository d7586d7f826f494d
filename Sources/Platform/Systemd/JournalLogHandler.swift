import Logging
#if canImport(Glibc)
import Glibc
#endif

/// Log lines on stderr the way journald reads them: a `<N>` syslog priority prefix, then `label: message`.
/// (systemd's SyslogLevelPrefix, on by default, turns the prefix into the entry's priority.)
public struct JournalLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String

    public init(label: String) {
        self.label = label
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        let details = all.isEmpty ? "" : " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let text = "<\(Self.priority(event.level))>\(label): \(event.message)\(details)\n"
        // One write(2) per line, so lines from a crash handler or another thread never interleave mid-line.
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { raw in _ = write(2, raw.baseAddress, raw.count) }
    }

    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: return 7
        case .info: return 6
        case .notice: return 5
        case .warning: return 4
        case .error: return 3
        case .critical: return 2
        }
    }
}
