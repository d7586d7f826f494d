import Foundation
import MetroMap
import Raster
import TestSupport
import Testing
@testable import KioskCore

/// Accessible mode's line colours: on every shared city, every two lines that meet stay `AccessiblePalette.threshold`
/// ΔE apart under normal, protan, deutan and tritan vision (Machado 2009), where the schemes' own colours do not.
struct AccessiblePaletteTests {
    static var cities: [String] { ScreenAuditTests.cities }

    @Test func theSimulationConfusesWhatItShould() {
        let red = Color(rgb: 0xE41A1C), green = Color(rgb: 0x4DAF4A), blue = Color(rgb: 0x377EB8)
        // Red and green are far apart for normal vision and close for protan and deutan; blue and green stay apart
        // for them but close for tritan... as the dichromacies go.
        #expect(ColourVision.normal.difference(red, green) > 60)
        #expect(ColourVision.protan.difference(red, green) < ColourVision.normal.difference(red, green) / 2)
        #expect(ColourVision.deutan.difference(red, green) < ColourVision.normal.difference(red, green) / 2)
        #expect(ColourVision.tritan.difference(blue, green) < ColourVision.normal.difference(blue, green))
        #expect(ColourVision.normal.difference(red, red) == 0)
    }

    @Test(arguments: cities)
    func meetingLinesStayApartForEveryVision(city: String) throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/" + city).path).map
        let palette = AccessiblePalette(map: map)
        #expect(!palette.meetings.isEmpty, "\(city): lines meet somewhere")
        var failing: [String] = []
        var schemeFailing = 0
        for pair in palette.meetings {
            if ColourVision.worstDifference(pair.a, pair.b) < AccessiblePalette.threshold { schemeFailing += 1 }
            let a = palette.color(for: pair.a), b = palette.color(for: pair.b)
            for vision in ColourVision.allCases where vision.difference(a, b) < AccessiblePalette.threshold {
                failing.append("\(vision) \(String(pair.a.xrgb, radix: 16))→\(String(a.xrgb, radix: 16)) "
                               + "\(String(pair.b.xrgb, radix: 16))→\(String(b.xrgb, radix: 16)) ΔE \(vision.difference(a, b))")
            }
        }
        #expect(failing.isEmpty, "\(city): \(failing.count) meeting pairs too close: \(failing.prefix(5))")
        print("palette \(city): lines' colours \(Set(map.lines.map(\.color)).count), meetings \(palette.meetings.count), "
              + "scheme pairs under ΔE \(AccessiblePalette.threshold): \(schemeFailing), accessible: \(failing.count), "
              + "worst ΔE \(palette.worstMeetingDifference ?? 0)")
        // Every accessible colour reads on the white background for every vision.
        for color in Set(palette.colors.values) {
            #expect(ColourVision.allCases.allSatisfy { $0.difference(color, .white) >= 25 }, "\(city): \(String(color.xrgb, radix: 16)) too pale")
        }
    }

    /// Colours already apart stay as the scheme has them: the traveller still knows "the red line".
    @Test func aLineThatAlreadyStandsApartKeepsItsColour() throws {
        let map = try BundledMap.loadDemo()
        let palette = AccessiblePalette(map: map)
        let kept = map.lines.filter { line in
            let color = Color(red: line.color.red, green: line.color.green, blue: line.color.blue)
            return palette.color(for: color) == color
        }
        #expect(!kept.isEmpty, "the first, most connected line keeps its own colour")
    }
}
