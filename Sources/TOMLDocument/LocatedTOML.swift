import Diagnostics

/// A TOML file's text read for validation: the guard, toml++'s parse and the locator, in that order, behind one call.
/// Every reader of a TOML file (the map, the kiosk config, the links file) starts here, so a document that would
/// make toml++ abort never reaches it, a syntax error reads the same from every reader, and each value can be
/// pointed at (`file:line:col`). The parsed document is freed when the last table or value of it goes.
public struct LocatedTOML: Sendable {
    public let root: TOMLTable
    /// Where each key and value is written.
    public let locator: TOMLSourceLocator

    /// `text` parsed, or the one located diagnostic that stops it: a syntax toml++ would abort on (found by the
    /// locator's scan, before toml++ sees the text) or toml++'s own syntax error, as "TOML syntax: …" at its line
    /// and column. `file` is what the diagnostic prints before `:line:col`.
    public static func parse(_ text: String, file: String) -> Result<LocatedTOML, Diagnostic> {
        let locator = TOMLSourceLocator(text: text)
        if let (position, message) = locator.malformedSyntax {
            return .failure(Diagnostic(file: file, position: position, message: message))
        }
        do {
            return .success(LocatedTOML(root: try TOMLTable(guardedText: text), locator: locator))
        } catch {
            let begin = error.source.begin
            return .failure(Diagnostic(file: file, line: max(1, begin.line), column: max(1, begin.column),
                                       message: "TOML syntax: \(error.description)"))
        }
    }
}
