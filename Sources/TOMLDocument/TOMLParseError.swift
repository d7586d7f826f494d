/// A TOML syntax error: toml++'s description and where it begins.
public struct TOMLParseError: Error, CustomStringConvertible, Sendable {
    public struct Position: Equatable, Sendable {
        public let line: Int
        public let column: Int
    }

    public struct Region: Equatable, Sendable {
        public let begin: Position
    }

    public let description: String
    public let source: Region
}
