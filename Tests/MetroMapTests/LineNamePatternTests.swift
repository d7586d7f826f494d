import Foundation
import Testing
@testable import MetroMap

/// Bare line numbers, and the map's own `line_name_patterns`.
struct LineNamePatternTests {
    @Test func bareNumbersAndLettersNeedAPatternCodesDoNot() {
        for name in ["1", "8", "10", "3bis", "7b", "A"] { #expect(LineNamePattern.isBareCode(name), "\(name)") }
        for name in ["U1", "M2", "S41", "Circle", "МЦД1", "Linea 1", "1234", "1 - Broadway", "AB", ""] {
            #expect(!LineNamePattern.isBareCode(name), "\(name)")
        }
        #expect(LineNamePattern.apply("{n}号线", to: "1") == "1号线")
        #expect(LineNamePattern.problem(in: "Line") != nil && LineNamePattern.problem(in: "{n}{n}") != nil)
        #expect(LineNamePattern.problem(in: "{n} train") == nil)
    }

    static let base = """
        format = 1
        name = "Patterns"
        bounds = [0, 0, 100, 100]
        %@

        [[line]]
        id = "one"
        name = "1"
        color = "#D8232A"
        segments = [["a", "b"]]

        [[station]]
        id = "a"
        name = "A"
        position = [10, 10]

        [[station]]
        id = "b"
        name = "B"
        position = [10, 50]
        """

    @Test func theMapFormatCarriesPatternsAndWritesThemBack() throws {
        let text = Self.base.replacingOccurrences(of: "%@", with: "line_name_patterns = { en = \"{n} train\", zh-Hans = \"地铁{n}号线\" }")
        let map = try MapFileLoader.parse(text: text, fileName: "patterns.toml")
        #expect(map.lineNamePatterns == ["en": "{n} train", "zh-Hans": "地铁{n}号线"])
        #expect(map.lineNamePattern(for: "en-GB") == "{n} train" && map.lineNamePattern(for: "zh-hans") == "地铁{n}号线")
        #expect(map.lineNamePattern(for: "fr") == nil)
        #expect(try MapFileLoader.parse(text: MapFileWriter.text(for: map), fileName: "again.toml") == map)
        #expect(MapFormatCheck.problems(in: map).isEmpty)
    }

    @Test func aPatternWithoutItsNumberIsALocatedError() {
        let text = Self.base.replacingOccurrences(of: "%@", with: "line_name_patterns = { en = \"Line\", fr = 3 }")
        do {
            _ = try MapFileLoader.parse(text: text, fileName: "patterns.toml")
            Issue.record("a pattern without {n} was accepted")
        } catch {
            let message = "\(error)"
            #expect(message.contains("patterns.toml:4:") && message.contains("line_name_patterns.en")
                    && message.contains("{n}"), "\(message)")
            #expect(message.contains("line_name_patterns.fr must be a string"), "\(message)")
        }
    }
}
