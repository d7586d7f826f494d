import Testing
import TestSupport
@testable import MetroMap

/// A scheme whose hops all carry one placeholder time gives estimates, not timetables.
struct PlaceholderRunningTimesTests {
    /// One line through `times.count + 1` stations, a hop's time each.
    static func line(times: [Double]) -> MetroMap {
        let ids = (0...times.count).map { "s\($0)" }
        let stations = ids.enumerated().map { Station(id: $1, name: $1, position: SchemePoint(x: Double($0), y: 0)) }
        let links = times.enumerated().map { LineLink(from: ids[$0], to: ids[$0 + 1], travelSeconds: $1) }
        let line = MetroLine(id: "l", name: "L", color: RGBColor(red: 0, green: 0, blue: 0), segments: [ids], links: links)
        return MetroMap(name: "t", bounds: SchemeRect(x: -1, y: -1, width: 100, height: 2), stations: stations, lines: [line])
    }

    @Test func everyHopAtOneTimeIsAPlaceholderAndItsRoutesAreEstimates() throws {
        let placeholder = Self.line(times: Array(repeating: 120, count: 30))
        #expect(placeholder.runningTimesArePlaceholders)
        let route = try #require(StationGraph(map: placeholder).quickestRoute(from: "s0", to: "s12"))
        let itinerary = RouteItinerary(route: route, map: placeholder)
        #expect(itinerary.totalSeconds == 12 * 120 && itinerary.isEstimated && itinerary.rides.allSatisfy(\.isEstimated))
        // New York's shape: the notice on the scheme, and a stray other value or two.
        #expect(Self.line(times: Array(repeating: 120, count: 29) + [180]).runningTimesArePlaceholders)
    }

    @Test func realOrFewTimesAreNot() throws {
        let real = Self.line(times: (0..<30).map { [60, 90, 120, 150][$0 % 4] })
        #expect(!real.runningTimesArePlaceholders)
        let route = try #require(StationGraph(map: real).quickestRoute(from: "s0", to: "s12"))
        #expect(!RouteItinerary(route: route, map: real).isEstimated)
        // A few equal hops are a regular line, not a placeholder.
        #expect(!Self.line(times: [120, 120, 120]).runningTimesArePlaceholders)
        #expect(!Self.line(times: Array(repeating: 120, count: 27) + [90, 150, 180]).runningTimesArePlaceholders)
    }

    /// The shared schemes: those printing "all time intervals in this version equal 2 minutes" are placeholders
    /// (New York keeps 4 other values among 872 hops), the ones with real running times are not.
    @Test func theSharedSchemesThatSayTheirTimesArePlaceholdersAreDetected() throws {
        for (city, expected) in [("tokyo", true), ("washington", true), ("new-york", true), ("istanbul", true),
                                 ("san-francisco", true), ("moscow", false), ("london", false), ("berlin", false),
                                 ("kolomna", false), ("singapore", false)] {
            let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-\(city)").path).map
            #expect(map.runningTimesArePlaceholders == expected, "\(city)")
        }
    }
}
