import Diagnostics

/// Why bytes from a source were not taken as a feed. The source keeps its last good feed and counts the rejection.
public struct RealtimeFeedError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The source as the operator wrote it (URL) and what was wrong, printed as a diagnostic for the whole "file".
    public var diagnostic: Diagnostic

    public init(source: String, message: String) {
        diagnostic = Diagnostic(file: source, line: 0, message: message)
    }

    public var description: String { diagnostic.description }
}
