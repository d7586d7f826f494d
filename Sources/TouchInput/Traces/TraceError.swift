/// A trace file that could not be read, with where and what was expected, so an operator can fix the file.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the caller named it.
    public var file: String
    /// 1-based line; 0 when the problem is the file as a whole (unreadable, empty).
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
    }
}
