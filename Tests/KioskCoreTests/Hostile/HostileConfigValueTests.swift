import Foundation
import MetroMap
import TOMLDocument
import Testing
@testable import KioskCore

/// Values the third hostile pass found accepted silently (issue 38, item 5): each is now refused at its line.
struct HostileConfigValueTests {
    func problems(_ text: String) throws -> [String] { try HostileConfigTests().problems(text) }

    /// TOMLKit hands strings on as C strings: `other.toml\u0000x` loaded `other.toml`.
    @Test(arguments: [
        ("[map]\nfile = \"other.toml\\u0000x\"\n", "kiosk.toml:2:19: "),
        ("[status]\nfile = \"/tmp/s\\U00000000.json\"\n", "kiosk.toml:2:15: "),
        ("[screen]\noff = [\"01:00\", \"\\u0000\"]\non = [\"05:00\", \"06:00\"]\n", "kiosk.toml:2:18: "),
        ("[\"map\\u0000x\"]\n", "kiosk.toml:1:6: "),
    ])
    func aNulEscapeIsALocatedError(text: String, location: String) throws {
        #expect(try problems(text) == [location + "TOML syntax: a NUL character (\\u0000) in a string: the value would be cut there"])
    }

    @Test func anEscapedBackslashBeforeU0000IsText() {
        #expect(TOMLSourceLocator(text: "a = \"\\\\u0000\"\nb = 'x\\u0000'\n# \"\\u0000\"\n").malformedSyntax == nil)
    }

    @Test(arguments: ["", "!!", "en\n", "EN"])
    func primaryLanguageFollowsTheRuleOfLanguages(code: String) throws {
        let escaped = code.replacingOccurrences(of: "\n", with: "\\n")
        let lines = try problems("[map]\nprimary_language = \"\(escaped)\"\n")
        #expect(lines == ["kiosk.toml:2:1: [map]: 'primary_language' must be a language code such as \"en\" or \"ru\", found \"\(escaped)\""])
    }

    @Test func aWellFormedPrimaryLanguageIsRead() throws {
        let config = try KioskConfigLoader.parse(text: "[map]\nlanguages = [\"ru\", \"en\"]\nprimary_language = \"en\"\n", fileName: "k.toml")
        #expect(config.map.primaryLanguage == "en")
    }

    @Test func haloTrueNamesNoColour() throws {
        #expect(try problems("[text]\nhalo = true\n") == ["kiosk.toml:2:1: [text]: 'halo' must be a colour \"#RRGGBB\" or false, found true"])
    }

    @Test(arguments: ["1:00", "5:30", "001:00", "01:0"])
    func aTimeNotWrittenHHMMIsRefused(time: String) throws {
        #expect(try problems("[screen]\noff = \"\(time)\"\non = \"06:00\"\n")
                == ["kiosk.toml:2:1: [screen]: 'off' must be a local time \"HH:MM\" (24-hour clock), found \"\(time)\""])
    }
}
