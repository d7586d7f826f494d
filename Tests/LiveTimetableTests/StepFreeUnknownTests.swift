import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Overlay
import Raster
import Testing
import TestSupport

/// Caltrain 2023 linked to pMetro's San Francisco scheme: Hillsdale's station and platforms say
/// `wheelchair_boarding` 0, so its callout and card say "step-free access unknown" with the unknown mark, in every
/// language the wording tables have; 22nd Street (platforms 2) says no access, San Francisco (1) step-free.
struct StepFreeUnknownTests {
    /// Parsed once for the suite (immutable); each case builds its own `KioskTimetable` (it caches a service day).
    static let caltrain: (map: MetroMap, timetable: Timetable, links: [String: String])? = {
        guard let map = try? PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-san-francisco").path).map,
              let feed = try? GTFSReader.read(path: RepositoryPaths.sharedData("gtfs/caltrain-2023/gtfs.zip").path) else { return nil }
        let timetable = TimetableCompiler.compile(feed)
        let links = StationLinker.link(map: map, timetable: timetable).links
        return (map, timetable, Dictionary(links.map { ($0.station, $0.stop) }, uniquingKeysWith: { a, _ in a }))
    }()

    static let languages = ["en", "ru", "uk", "de", "fr", "es", "tr", "ja", "zh-Hans", "zh-Hant", "ko"]

    static func station(_ gtfsStation: String, _ links: [String: String], _ timetable: Timetable) throws -> String {
        try #require(links.first { link in
            timetable.stopIndex(id: link.value).map { timetable.stops[Int(timetable.station(of: $0))].id } == gtfsStation
        }?.key, "\(gtfsStation) linked")
    }

    @Test func hillsdaleSaysUnknownInEveryLanguage() throws {
        let (map, table, links) = try #require(Self.caltrain)
        let timetable = KioskTimetable(timetable: table, links: links)
        let hillsdale = try Self.station("hillsdale", links, table)
        #expect(timetable.stepFreeAccess(of: try Self.station("22nd_street", links, table)) == StepFreeAccess.none)
        #expect(timetable.stepFreeAccess(of: try Self.station("san_francisco", links, table)) == .stepFree)
        #expect(timetable.stepFreeAccess(of: hillsdale) == .unknown)
        for language in Self.languages {
            let wording = TimetableWording(language: language)
            let info = try #require(timetable.stationInfo(map: map, stationID: hillsdale, language: language))
            let access = try #require(info.access)
            #expect(access.kind == .unknown)
            #expect(access.text == wording.stepFreeAccessUnknown)
            // Its own words: neither the step-free nor the no-access sentence, and not English outside English.
            let others = [wording.stepFreeAccess, wording.noStepFreeAccess, wording.stepFree]
            #expect(!others.contains(access.text), "\(language): \(access.text)")
            if language != "en" { #expect(access.text != TimetableWording(language: "en").stepFreeAccessUnknown, "\(language)") }
            if !["en", "de", "fr", "es", "tr"].contains(language) {
                #expect(access.text.range(of: "[A-Za-z]", options: .regularExpression) == nil, "\(language): \(access.text)")
            }
        }
        // Eleven languages, eleven distinct sentences.
        #expect(Set(Self.languages.map { TimetableWording(language: $0).stepFreeAccessUnknown }).count == Self.languages.count)
    }

    @Test func theCardStatesTheDestinationsAccess() throws {
        let (map, table, links) = try #require(Self.caltrain)
        let timetable = KioskTimetable(timetable: table, links: links)
        let hillsdale = try Self.station("hillsdale", links, table), sf = try Self.station("san_francisco", links, table)
        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        let instant = try #require(timetable.instant(local: "2023-10-04 08:00"))
        let content = try #require(card.content(destination: hillsdale, origin: sf, language: "de", at: instant, stepFree: false))
        #expect(content.station.access == StationAccessFact(kind: .unknown, language: "de"))
        #expect(content.station.access?.text == "stufenfreier Zugang unbekannt")
        // A step-free journey is not offered to it: unknown is not step-free, so the card keeps the scheme's
        // route marked as an estimate rather than a timed step-free one.
        let stepFree = try #require(card.content(destination: hillsdale, origin: sf, language: nil, at: instant, stepFree: true))
        #expect(!stepFree.summary.contains("step-free"), "\(stepFree.summary)")
        let picture = JourneyCardPicture(content: content, width: 400, minimumHeight: 0, fonts: nil, scalePixels: 1)
        #expect(picture.texts.contains("stufenfreier Zugang unbekannt"))
    }

    /// Each answer has its own mark: the callout's mark square is grey for unknown, blue for step-free, black for
    /// none — never the colour of another answer.
    @Test func eachAnswerDrawsItsOwnMark() throws {
        var colours: [StationAccessFact.Kind: UInt32] = [:]
        for kind in [StationAccessFact.Kind.stepFree, .noStepFree, .unknown] {
            let canvas = Canvas(buffer: PixelBuffer(width: 40, height: 40))
            canvas.clear(.white)
            StationAccessFact.drawMark(kind, in: Rect(x: 10, y: 10, width: 20, height: 20), on: canvas)
            colours[kind] = try #require(canvas.buffer.pixel(x: 12, y: 28)) & 0xFF_FFFF
        }
        #expect(colours[.unknown] == StationAccessFact.unknownFill.xrgb)
        #expect(colours[.stepFree] == StationAccessFact.stepFreeFill.xrgb)
        #expect(colours[.noStepFree] == StepFreeMarksElement.fill.xrgb)
        #expect(Set(colours.values).count == 3)
    }
}
