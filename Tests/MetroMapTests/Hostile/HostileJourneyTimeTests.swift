import Foundation
import Testing
@testable import MetroMap

/// Running and walking times large enough to trap the journey card's conversion to whole minutes (issue 38): the
/// loader and the import's check refuse them at the value, and the conversion itself saturates.
struct HostileJourneyTimeTests {
    static func hostile(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("journey-time/" + name)
    }

    @Test func aRunningTimeBeyondADayIsRefusedAtItsLine() throws {
        let url = Self.hostile("travel-seconds-5.6e20.toml")
        #expect {
            try MapFileLoader.parse(text: try String(contentsOf: url, encoding: .utf8), fileName: "t.toml")
        } throws: { error in
            "\(error)".contains("t.toml:22:1: line \"l\" link: 'travel_seconds' must be at most 86400, found")
        }
    }

    @Test func aWalkingTimeBeyondADayIsRefusedAtItsLine() throws {
        let url = Self.hostile("walk-seconds-5.6e20.toml")
        #expect {
            try MapFileLoader.parse(text: try String(contentsOf: url, encoding: .utf8), fileName: "w.toml")
        } throws: { error in
            "\(error)".contains("w.toml:20:1: transfer 1: 'walk_seconds' must be at most 86400, found")
        }
    }

    @Test func aDayIsStillAccepted() throws {
        let text = try String(contentsOf: Self.hostile("travel-seconds-5.6e20.toml"), encoding: .utf8)
            .replacingOccurrences(of: "5.6e20", with: "86400")
        let map = try MapFileLoader.parse(text: text, fileName: "day.toml")
        #expect(map.lines[0].links[0].travelSeconds == 86_400)
    }

    /// The import's check (`MapFormatCheck`) applies the same bound to a map built in memory.
    @Test func theImportsCheckRefusesTheSameTimes() {
        let map = MetroMap(name: "x", bounds: SchemeRect(x: 0, y: 0, width: 10, height: 10),
                           stations: [Station(id: "a", name: "A", position: SchemePoint(x: 1, y: 1)),
                                      Station(id: "b", name: "B", position: SchemePoint(x: 2, y: 2))],
                           lines: [MetroLine(id: "l", name: "L", color: RGBColor(red: 1, green: 0, blue: 0),
                                             segments: [["a", "b"]],
                                             links: [LineLink(from: "a", to: "b", travelSeconds: 5.6e20)])],
                           transfers: [Transfer(stationIDs: ["a", "b"], walkSeconds: 86_401)])
        let problems = MapFormatCheck.problems(in: map)
        #expect(problems.contains("line \"l\": travel time must be between 0 and 86400 seconds"))
        #expect(problems.contains("transfer 1: walk time must be between 0 and 86400 seconds"))
    }

    /// pMetro's minutes: a count whose product with 60 overflowed `Int` trapped; beyond a day is now refused.
    @Test func aPMetroTimeBeyondADayIsTooLongWithoutTrapping() {
        #expect(PMetroList.minutes("999999999999999999") == .tooLong)
        #expect(PMetroList.minutes("1441") == .tooLong)
        #expect(PMetroList.minutes("1440.00") == .seconds(86_400))
        #expect(PMetroList.minutes("2.30") == .seconds(150))
    }

    @Test func wholeMinutesSaturateInsteadOfTrapping() {
        #expect(JourneyTimeLimits.wholeMinutes(150) == 3)
        #expect(JourneyTimeLimits.wholeMinutes(5.6e20) == Int.max)
        #expect(JourneyTimeLimits.wholeMinutes(.infinity) == Int.max)
        #expect(JourneyTimeLimits.wholeMinutes(-.infinity) == Int.min)
        #expect(JourneyTimeLimits.wholeMinutes(.nan) == 0)
        #expect(JourneyTimeLimits.wholeMinutes(Double(Int.max) * 60) == Int.max)
    }
}
