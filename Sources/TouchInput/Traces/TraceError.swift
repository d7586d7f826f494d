/// A trace file that could not be read, with where and what was expected, so an operator can fix the file.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the caller named it.
    public var file: String
    /// 1-based line; 0 when the problem is the file as a whole (unreadable, empty).
    public var line: Int
    /// 1-based column; 0 when only the line is known.
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int = 0, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        guard line > 0 else { return "\(file): \(message)" }
        return column > 0 ? "\(file):\(line):\(column): \(message)" : "\(file):\(line): \(message)"
    }
}
