/// One problem found in a file the operator wrote or gave (config, map, pMetro folder, trace), printed as
/// `file:line:col: message` (`file:line: message` when only the line is known, `file: message` for the file
/// as a whole). The one diagnostic type every reader produces, so check-config, a reload, the error panel and the
/// CLI print them the same way and never split them back out of strings.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error
        /// Something skipped or guessed; the result is still usable.
        case warning
    }

    public var file: String
    public var position: SourcePosition
    public var message: String
    public var severity: Severity

    public init(file: String, position: SourcePosition, message: String, severity: Severity = .error) {
        self.file = file
        self.position = position
        self.message = message
        self.severity = severity
    }

    /// `line` 0 means the file as a whole; `column` 0 means the line as a whole.
    public init(file: String, line: Int, column: Int = 1, message: String, severity: Severity = .error) {
        self.init(file: file, position: SourcePosition(line: line, column: column), message: message,
                  severity: severity)
    }

    public var line: Int { position.line }
    public var column: Int { position.column }

    public var description: String {
        let location: String
        if position.line <= 0 {
            location = "\(file): "
        } else if position.column <= 0 {
            location = "\(file):\(position.line): "
        } else {
            location = "\(file):\(position.line):\(position.column): "
        }
        return severity == .warning ? location + "warning: " + message : location + message
    }
}
