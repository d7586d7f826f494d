import Foundation
import MetroMap
import Overlay
import Physics
import Raster
import Testing
@testable import KioskCore

/// "You are here": the config names a place (a station name, or a platform's id as before), a journey never starts
/// with a change inside it, and the callout carries the words in the shown languages wherever the station is.
struct YouAreHereTests {
    static let demo = try! BundledMap.loadDemo()
    static let screen = IntRect(x: 0, y: 0, width: 1280, height: 800)

    @Test func aNameOrAnIdNamesThePlaceWithAllItsSameNamedPlatforms() throws {
        let byID = try #require(YouAreHerePlace(naming: "theatre", in: Self.demo))
        #expect(Set(byID.stationIDs) == ["theatre", "theatre-ring"])
        let byName = try #require(YouAreHerePlace(naming: "  theatre ", in: Self.demo))
        #expect(Set(byName.stationIDs) == Set(byID.stationIDs))
        let byRussianName = try #require(YouAreHerePlace(naming: "Театральная", in: Self.demo))
        #expect(Set(byRussianName.stationIDs) == Set(byID.stationIDs))
        #expect(YouAreHerePlace(naming: "central-square", in: Self.demo)?.stationIDs == ["central-square"])
        #expect(YouAreHerePlace(naming: "Nowhere", in: Self.demo) == nil)
    }

    @Test func aJourneyStartsOnThePlatformOfItsFirstLineNotWithAChange() throws {
        let place = try #require(YouAreHerePlace(naming: "Theatre", in: Self.demo))
        let journey = KioskJourney(map: Self.demo, place: place, settings: CardSettings(), fonts: nil, screen: Self.screen)
        let content = try #require(journey.journey(to: "arsenal", language: nil))
        // Arsenal is on the ring: the route starts on the ring's Theatre platform, not on the other one with a walk.
        #expect(content.routeStationIDs.first == "theatre-ring")
        #expect(content.steps.first?.kind == .ride)
        let other = try #require(journey.journey(to: "observatory", language: nil))
        #expect(other.steps.first?.kind == .ride)
        #expect(journey.origin(to: "theatre-ring") == "theatre-ring")
    }

    @Test func theConfigCheckAcceptsANameAndRefusesAnUnknownPlace() throws {
        var config = KioskConfig()
        config.map.youAreHere = "Central Square"
        #expect(config.youAreHerePlace(in: Self.demo)?.stationIDs == ["central-square"])
        #expect(config.drawing(of: Self.demo).youAreHere == SchemePoint(x: 1000, y: 750))
        config.map.youAreHere = "Atlantis"
        #expect(config.youAreHerePlace(in: Self.demo) == nil)
    }

    @Test func theWordsAreInEveryShownLanguage() {
        #expect(YouAreHereElement.lines(for: ["en", "ru"]) == ["You are here", "Вы здесь"])
        #expect(YouAreHereElement.lines(for: ["ru", "en"]) == ["Вы здесь", "You are here"])
        #expect(YouAreHereElement.lines(for: []) == ["You are here"])
        #expect(YouAreHereElement.lines(for: ["en", "en-GB"]) == ["You are here"])
    }

    @Test func theCalloutSitsAboveTheStationAndStaysOnScreenWhenItIsNot() throws {
        let element = YouAreHereElement(station: SchemePoint(x: 0, y: 0), languages: ["en", "ru"], fonts: nil, screen: Self.screen)
        element.advance(to: 0, map: MapProjection { _ in ScreenPoint(x: 640, y: 400) })
        let box = try #require(element.box)
        #expect(box.maxY < 400 && box.minX < 640 && box.maxX > 640, "above the station, centred on it")
        let extent = element.extent
        #expect(Double(box.minY) - 400 >= extent.minY - 0.5 && Double(box.minX) - 640 >= extent.minX - 0.5)
        // Off the right edge: clamped in, still drawn.
        element.advance(to: 0, map: MapProjection { _ in ScreenPoint(x: 5000, y: 400) })
        let clamped = try #require(element.box)
        #expect(clamped.maxX <= 1280 && clamped.minX >= 0)
        #expect(element.frame != nil)
        // Near the top: below the station.
        element.advance(to: 0, map: MapProjection { _ in ScreenPoint(x: 640, y: 20) })
        #expect(try #require(element.box).minY > 20)
    }

    /// The map's names keep clear of the callout, which sits where its own station's name would go: the callout
    /// carries that name under the words, in the first shown language, and grows to hold it.
    @Test func theCalloutCarriesItsStationsNameInTheShownLanguage() throws {
        let station = Station(id: "c", name: "Central Square", localizedNames: ["ru": "Центральная площадь"],
                              position: SchemePoint(x: 0, y: 0))
        let bare = YouAreHereElement(station: SchemePoint(x: 0, y: 0), languages: ["en", "ru"], fonts: nil, screen: Self.screen)
        let element = YouAreHereElement(station: SchemePoint(x: 0, y: 0), languages: ["en", "ru"], fonts: nil,
                                        screen: Self.screen, named: station)
        #expect(bare.name == nil)
        #expect(element.name == "Central Square")
        for callout in [bare, element] { callout.advance(to: 0, map: MapProjection { _ in ScreenPoint(x: 640, y: 400) }) }
        let named = try #require(element.box), words = try #require(bare.box)
        #expect(named.height > words.height && named.width >= words.width, "the name has its own row: \(named) vs \(words)")
        #expect(element.extent.minY < bare.extent.minY, "the camera makes room for the taller callout")
        element.show(languages: ["ru", "en"])
        #expect(element.name == "Центральная площадь")
        #expect(element.needsRedraw)
    }

    /// The callout goes where it covers the fewest names and marks: with a name put in each box it takes, it tries
    /// every side in turn (above as official maps print it, below, beside, then the corners), each time clear of
    /// them all, its box never over the marker; a mark counts as a name.
    @Test func theCalloutTakesTheSideThatCoversTheFewestNames() throws {
        let fonts = FontStack(fonts: [try Font.loadDefault()])
        let element = YouAreHereElement(station: SchemePoint(x: 0, y: 0), languages: ["en"], fonts: fonts, screen: Self.screen)
        let map = MapProjection { _ in ScreenPoint(x: 640, y: 400) }
        var names: [Rect] = [], sides: [YouAreHereElement.Side] = []
        for step in 0..<YouAreHereElement.Side.allCases.count {
            element.namesAround = step == 1 ? names.dropLast() : names
            element.marksAround = step == 1 ? names.suffix(1) : []
            element.advance(to: 0, map: map)
            let box = try #require(element.box)
            sides.append(element.side)
            #expect(!names.contains { $0.overlaps(box) }, "\(element.side) covers a name")
            #expect(!box.overlaps(Rect(x: 640 - 10, y: 400 - 10, width: 20, height: 20)), "\(element.side) over the marker")
            names.append(Rect(x: (box.minX + box.maxX) / 2 - 1, y: (box.minY + box.maxY) / 2 - 1, width: 2, height: 2))
        }
        #expect(sides == YouAreHereElement.Side.allCases, "\(sides)")
        // No plan at this scale (mid-pinch): the side stays.
        element.namesAround = nil
        element.advance(to: 0, map: map)
        #expect(element.side == .belowLeft)
    }

    @Test func theCalloutIsDrawnOnTheMap() throws {
        let fonts = FontStack(fonts: [try Font.loadDefault()])
        let element = YouAreHereElement(station: SchemePoint(x: 0, y: 0), languages: ["en"], fonts: fonts, screen: Self.screen)
        element.advance(to: 0, map: MapProjection { _ in ScreenPoint(x: 640, y: 400) })
        let buffer = PixelBuffer(width: 1280, height: 800)
        buffer.fill(buffer.bounds, with: 0xFFFFFF)
        let canvas = Canvas(buffer: buffer)
        element.draw(on: canvas)
        let box = try #require(element.box)
        var red = 0, white = 0
        for y in Int(box.minY)..<Int(box.maxY) {
            for x in Int(box.minX)..<Int(box.maxX) {
                let pixel = buffer.row(y)[x] & 0xFFFFFF
                if pixel == YouAreHereElement.fill.xrgb & 0xFFFFFF { red += 1 } else if pixel == 0xFFFFFF { white += 1 }
            }
        }
        #expect(red > white, "a red callout")
        #expect(white > 20, "with white words in it")
        #expect(buffer.row(400)[640] & 0xFFFFFF == 0xFFFFFF, "the marker's white centre on the station")
    }
}
