import Foundation
import MetroMap
import Physics
import Raster
import Testing
import TestSupport
@testable import Overlay

/// The card's words in the cases the field reported: numbered lines, walks that are not changes, estimates, and
/// lines the map does not draw.
struct JourneyCardTruthCasesTests {
    static let black = RGBColor(red: 0, green: 0, blue: 0)

    /// Kolomna's lines are named "1" to "10": each language says them as its signs do; named lines stay.
    @Test func bareLineNumbersGoThroughTheLanguagesPattern() throws {
        let kolomna = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-kolomna").path).map
        let one = try #require(kolomna.lines.first { $0.name == "1" })
        let expected = ["zh-Hans": "1号线", "zh-Hant": "1號線", "fr": "Ligne 1", "ko": "1호선", "en": "Line 1",
                        "ja": "1号線", "ru": "Линия 1", "es": "Línea 1", "de": "Linie 1", "uk": "Лінія 1", "tr": "Hat 1"]
        for (language, name) in expected {
            #expect(LineNaming.name(of: one, in: kolomna, language: language) == name, "\(language)")
        }
        #expect(LineNaming.name(of: one, in: kolomna, language: nil) == "Line 1")
        let berlin = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-berlin").path).map
        let u1 = try #require(berlin.lines.first { $0.name == "U1" })
        #expect(LineNaming.name(of: u1, in: berlin, language: "de") == "U1")
        // The map's own pattern wins for its language; others keep the card's.
        var trams = kolomna
        trams.lineNamePatterns = ["ru": "Трамвай {n}", "en": "Tram {n}"]
        #expect(LineNaming.name(of: one, in: trams, language: "ru") == "Трамвай 1")
        #expect(LineNaming.name(of: one, in: trams, language: "en-GB") == "Tram 1")
        #expect(LineNaming.name(of: one, in: trams, language: "fr") == "Ligne 1")
        // On the card: the ride, and the roundel chips of the tapped station.
        let graph = StationGraph(map: kolomna)
        let stations = one.stationIDs
        let card = try #require(JourneyCardContent(map: kolomna, destination: stations[3], origin: stations[0],
                                                   graph: graph, language: "zh-Hans"))
        #expect(card.steps.contains { $0.kind == .ride && $0.text.hasPrefix("1号线：") }, "\(card.steps.map(\.text))")
        #expect(card.station.lines.contains { $0.name == "1号线" })
    }

    /// Seoul's report: "you are here" is one line's circle of an interchange and the route starts on another
    /// line, so it begins with a walk. That walk is not a change: two rides, one transfer, one change step.
    @Test func aWalkToTheFirstTrainIsNotCountedOrWordedAsAChange() throws {
        let ids = ["here", "h2", "m", "m3", "far"]
        let stations = ids.enumerated().map { Station(id: $1, name: $1.uppercased(), position: SchemePoint(x: Double($0 * 10), y: 0)) }
        let two = MetroLine(id: "two", name: "2", color: Self.black, segments: [["h2", "m"]],
                            links: [LineLink(from: "h2", to: "m", travelSeconds: 120)])
        let three = MetroLine(id: "three", name: "3", color: Self.black, segments: [["m3", "far"]],
                              links: [LineLink(from: "m3", to: "far", travelSeconds: 120)])
        let one = MetroLine(id: "one", name: "1", color: Self.black, segments: [["here", "x"]])
        let map = MetroMap(name: "Seoul-like", bounds: SchemeRect(x: -10, y: -10, width: 100, height: 20),
                           stations: stations + [Station(id: "x", name: "X", position: SchemePoint(x: 0, y: 5))],
                           lines: [one, two, three],
                           transfers: [Transfer(stationIDs: ["here", "h2"], walkSeconds: 120),
                                       Transfer(stationIDs: ["m", "m3"], walkSeconds: 60)])
        let card = try #require(JourneyCardContent(map: map, destination: "far", origin: "here",
                                                   graph: StationGraph(map: map), language: "ko"))
        #expect(card.steps.map(\.kind) == [.walk, .ride, .change, .ride, .alight])
        #expect(card.transferCount == 1)
        #expect(card.summary == "7분 · 환승 1회 · HERE 출발", "\(card.summary)")
        #expect(card.steps[0].text == "도보 2분: H2 2호선 승강장", "\(card.steps[0].text)")
        #expect(card.steps[2].text == "도보 1분, 3호선 환승", "\(card.steps[2].text)")
    }

    /// A scheme with one placeholder time on every hop shows its total as an estimate; real times do not.
    @Test func placeholderTimesAreShownAsAnEstimate() throws {
        func chain(_ seconds: (Int) -> Double) -> MetroMap {
            let ids = (0...30).map { "s\($0)" }
            let stations = ids.enumerated().map { Station(id: $1, name: $1, position: SchemePoint(x: Double($0), y: 0)) }
            let links = (0..<30).map { LineLink(from: ids[$0], to: ids[$0 + 1], travelSeconds: seconds($0)) }
            return MetroMap(name: "c", bounds: SchemeRect(x: -1, y: -1, width: 40, height: 2), stations: stations,
                            lines: [MetroLine(id: "l", name: "Red", color: Self.black, segments: [ids], links: links)])
        }
        let placeholder = chain { _ in 120 }
        let estimate = try #require(JourneyCardContent(map: placeholder, destination: "s12", origin: "s0",
                                                       graph: StationGraph(map: placeholder), language: "en"))
        #expect(estimate.isEstimated && estimate.summary == "≈24 min · no transfers from s0", "\(estimate.summary)")
        let timed = chain { [100, 140][$0 % 2] }
        let exact = try #require(JourneyCardContent(map: timed, destination: "s12", origin: "s0",
                                                    graph: StationGraph(map: timed), language: "zh-Hans"))
        #expect(!exact.isEstimated && exact.summary == "24分钟 · 无需换乘 · 从s0出发", "\(exact.summary)")
    }

    /// Barcelona's report, made small: a drawn line M from West to East, and an undrawn express R (faster) from
    /// West's interchange to East's and on to Port, which only R reaches. West → East keeps to the drawn line;
    /// West → Port must take R, and the card says R is not on the map.
    static func barcelonaLike() -> MetroMap {
        let placed: [(String, Double)] = [("west", 0), ("mid", 50), ("east", 100), ("port", 150)]
        var stations = placed.map { Station(id: $0.0, name: $0.0.capitalized, position: SchemePoint(x: $0.1, y: 0)) }
        stations += ["r-west", "r-east", "r-port"].map { Station(id: $0, name: $0, position: nil) }
        let metro = MetroLine(id: "m", name: "Metro", color: Self.black, segments: [["west", "mid", "east"]],
                              links: [LineLink(from: "west", to: "mid", travelSeconds: 300),
                                      LineLink(from: "mid", to: "east", travelSeconds: 300)])
        let express = MetroLine(id: "r", name: "R2-Sud", color: Self.black, segments: [["r-west", "r-east", "r-port"]],
                                links: [LineLink(from: "r-west", to: "r-east", travelSeconds: 60),
                                        LineLink(from: "r-east", to: "r-port", travelSeconds: 60)])
        let tram = MetroLine(id: "t", name: "Tram", color: Self.black, segments: [["port", "port-2"]])
        stations.append(Station(id: "port-2", name: "Port 2", position: SchemePoint(x: 150, y: 50)))
        let map = MetroMap(name: "Barcelona-like", bounds: SchemeRect(x: -10, y: -10, width: 200, height: 100),
                           stations: stations, lines: [metro, express, tram],
                           transfers: [Transfer(stationIDs: ["west", "r-west"], walkSeconds: 60),
                                       Transfer(stationIDs: ["east", "r-east"], walkSeconds: 60),
                                       Transfer(stationIDs: ["port", "r-port"], walkSeconds: 60)])
        return map
    }

    @Test func routesKeepToDrawnLinesAndSayWhenTheyCannot() throws {
        let map = Self.barcelonaLike()
        let graph = StationGraph(map: map)
        let drawn = try #require(JourneyCardContent(map: map, destination: "east", origin: "west", graph: graph, language: "es"))
        #expect(drawn.routeStationIDs == ["west", "mid", "east"] && drawn.undrawnLineNames.isEmpty)
        #expect(drawn.summary.contains("sin transbordos") && !drawn.steps.contains { $0.kind == .change })
        let off = try #require(JourneyCardContent(map: map, destination: "port", origin: "west", graph: graph, language: "es"))
        #expect(off.undrawnLineNames == ["R2-Sud"])
        #expect(off.steps.map(\.kind) == [.walk, .ride, .walk, .alight])
        #expect(off.steps[1].text.hasSuffix("(no aparece en el plano)"), "\(off.steps[1].text)")
        #expect(off.summary.contains("sin transbordos") && off.summary.hasSuffix(" · R2-Sud: no aparece en el plano"),
                "\(off.summary)")
        #expect(!drawn.summary.contains("plano"))
        // The tapped station's chips name only lines the map draws.
        #expect(off.station.lines.map(\.name) == ["Tram"])
        #expect(drawn.station.lines.map(\.name) == ["Metro"])
    }

    /// The stretch ridden off the map is drawn dashed from the last placed station to the next: along the row of
    /// West and Port, line-coloured dashes alternate with the background.
    @Test func aRideOffTheMapIsDrawnAsADashedLink() throws {
        let map = Self.barcelonaLike()
        let route = RouteHighlightElement(screen: IntRect(x: 0, y: 0, width: 400, height: 100))
        route.show(["west", "r-west", "r-east", "r-port", "port"], on: map)
        route.advance(to: 0, map: MapProjection { ScreenPoint(x: $0.x * 2 + 40, y: $0.y + 50) })
        let buffer = PixelBuffer(width: 400, height: 100)
        buffer.fill(buffer.bounds, with: 0xFFFF_FFFF)
        route.draw(on: Canvas(buffer: buffer))
        var dashes = 0, dark = false
        for x in 60...320 {
            let isDark = (buffer.pixel(x: x, y: 50) ?? 0xFFFF_FFFF) & 0xFF < 100
            if isDark && !dark { dashes += 1 }
            dark = isDark
        }
        #expect(dashes >= 8, "\(dashes) dashes between West and Port")
    }
}
