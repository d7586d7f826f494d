import Foundation
import Testing
import TestSupport

/// Sizes pass as their unit's type (`ScreenSize`, `ContentSize`, `OutputSize`, `RasterSize`, `MillimetreSize`,
/// `SchemeRect`), never as a `(width:, height:)` tuple: a tuple of millimetres fits where one of pixels is asked, and
/// the compiler says nothing.
struct SizeVocabularyTests {
    @Test func noSignatureTakesOrReturnsASizeTuple() throws {
        let sources = RepositoryPaths.file("Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var files = 0
        var tuples: [String] = []
        // A tuple type: labels with types after a space, a colon or an arrow (`init(width: Int, height: Int)` is
        // an argument list, not a tuple).
        let tuple = #"[^A-Za-z0-9_]\(width: *[A-Z][A-Za-z]*, *height: *[A-Z][A-Za-z]*\)"#
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            files += 1
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where String(line).range(of: tuple, options: .regularExpression) != nil {
                tuples.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(files > 300)
        #expect(tuples.isEmpty, "sizes as tuples:\n\(tuples.joined(separator: "\n"))")
    }
}
