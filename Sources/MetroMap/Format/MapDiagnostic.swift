/// One problem found in a map file or a pMetro folder, printed as `file:line:col: message`.
public struct MapDiagnostic: Hashable, Sendable, CustomStringConvertible {
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

    public init(file: String, line: Int, column: Int = 1, message: String, severity: Severity = .error) {
        self.init(file: file, position: SourcePosition(line: line, column: column), message: message,
                  severity: severity)
    }

    public var line: Int { position.line }
    public var column: Int { position.column }

    public var description: String {
        let prefix = "\(file):\(position.line):\(position.column): "
        return severity == .warning ? prefix + "warning: " + message : prefix + message
    }
}
