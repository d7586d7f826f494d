import Foundation
import MetroMap
import Overlay
import Raster
import TestSupport
import Testing
@testable import KioskCore

/// Every shared city, landscape and portrait, 1080p and 4K, 20 routes each: the route's stations, the destination's
/// plate and "You are here" land in the part of the screen the card (at peek and at half) and the controls leave,
/// wholly on screen, with the bends of their rides along the drawn lines neither under an element nor cut, and (at
/// 1080p landscape) no station name under an element. Measured on the loop's own layout and framing, without drawing
/// (`ScreenAudit.Kiosk`).
struct ScreenAuditTests {
    static var cities: [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.sharedData("maps").path)) ?? []
        return folders.filter { $0.hasPrefix("pmetro-") }.sorted()
    }

    static let sizes = [(1920, 1080), (1080, 1920), (3840, 2160), (2160, 3840)]

    /// A kiosk with every control, two languages and the inset: the most crowded screen the config allows.
    static var config: KioskConfig {
        var config = KioskConfig()
        config.controls = KioskConfig.ControlsSettings()
        config.map.languages = ["en", "ru"]
        return config
    }

    /// 4 places × 5 destinations, the same every run (seeded), among placed stations.
    static func routes(on map: MetroMap, seed: UInt64) -> [(from: String, to: [String])] {
        let placed = map.stations.filter { $0.position != nil }.map(\.id)
        var random = SplitMix64(seed: seed)
        func pick() -> String { placed[Int(random.next() % UInt64(placed.count))] }
        return (0..<4).map { _ in (pick(), (0..<5).map { _ in pick() }) }
    }

    @Test func everySharedCityIsAudited() {
        #expect(Self.cities.count >= 8, "\(Self.cities)")
    }

    @Test(arguments: cities)
    func noRouteEndIsHiddenOrCut(city: String) throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/" + city).path).map
        // This case's own fonts: glyph caches are not shared between parallel cases.
        let fonts = FontStack(fonts: [try Font.loadDefault()])
        var audited = 0, worstShare = 1.0
        var namesCounted = 0, bendsMeasured = 0
        var bends: [String: Int] = [:]
        // The map as drawn, whose lines the routes follow on every screen: made once (the labels' builder has its own).
        let drawing = Self.config.drawing(of: map)
        for (width, height) in Self.sizes {
            // Names under an element are counted on the 1080p landscape screen (a label plan per size is the costly
            // part; the regions and the filter are the same code at every size).
            let labels = width == 1920 ? Self.config.sceneBuilder(of: map, fonts: fonts, width: width, height: height) : nil
            for (from, destinations) in Self.routes(on: map, seed: UInt64(city.utf8.count * 7919 + width)) {
                let kiosk = try #require(try ScreenAudit.Kiosk(config: Self.config, map: map, from: from, fonts: fonts,
                                                               width: width, height: height, labels: labels, drawing: drawing))
                for to in destinations {
                    for anchor in [CardAnchor.peek, .half] {
                        let audit = try #require(kiosk.audit(to: to, anchor: anchor))
                        #expect(audit.problems == 0, "\(city) \(width)×\(height) \(from)→\(to) at \(anchor): \(audit.json)")
                        worstShare = min(worstShare, audit.mapShare)
                        if audit.labelsUnderElements != nil { namesCounted += 1 }
                        if let count = audit.routeBends { bendsMeasured += 1; bends["\(width)×\(height)", default: 0] += count }
                        audited += 1
                    }
                }
            }
        }
        #expect(audited == 4 * 20 * 2)
        #expect(namesCounted == 20 * 2, "labels_under_elements measured on every 1080p view")
        #expect(bendsMeasured == audited, "route bends measured on every view, 4K and portrait too")
        // Routes drawn as chords have no bends: a city whose 1080p routes bend has bends on every screen.
        if bends["1920×1080", default: 0] > 0 {
            for (width, height) in Self.sizes {
                #expect(bends["\(width)×\(height)", default: 0] > 0, "\(city) \(width)×\(height): the routes follow the drawn lines")
            }
        }
        #expect(worstShare > 0.3, "\(city): the overlay leaves the map \(worstShare) of the screen")
        let counts = Self.sizes.map { "\($0.0)×\($0.1) \(bends["\($0.0)×\($0.1)", default: 0])" }.joined(separator: ", ")
        print("screen audit \(city): \(audited) views, ride bends checked \(counts), worst map share \(worstShare)")
    }
}
