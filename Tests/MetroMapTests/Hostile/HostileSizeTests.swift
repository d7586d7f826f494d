import Foundation
import Testing
@testable import MetroMap

/// Widths, diameters and text sizes past any scheme's (issue 38): each is multiplied by the scale into a stroke, a
/// mark or a glyph's height, so a text 10⁶ units tall asked FreeType for glyphs millions of pixels square. The loader
/// (`check-config`, start and reload read maps through it) refuses each at its line; the import's check refuses the
/// same values, and the pMetro reader draws a larger size at the bound with a warning at its line.
struct HostileSizeTests {
    static func hostile(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("sizes/" + name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test(arguments: [
        ("line-width-1e300.toml", "4:1: map: 'line_width' must be at most 1000, found"),
        ("station-diameter-1e6.toml", "4:1: map: 'station_diameter' must be at most 1000, found"),
        ("line-own-width-5000.toml", "21:1: line \"l\": 'width' must be at most 1000, found 5000"),
        ("shape-text-size-1e6.toml", "28:1: shape 1: 'size' must be at most 1000, found"),
        ("shape-width-900000.toml", "27:1: shape 1: 'width' must be at most 1000, found 900000"),
    ])
    func aSizeBeyondTheBoundIsRefusedAtItsLine(file: String, message: String) throws {
        let text = try Self.hostile(file)
        #expect {
            try MapFileLoader.parse(text: text, fileName: "h.toml")
        } throws: { error in
            "\(error)".contains("h.toml:" + message)
        }
    }

    /// The bound itself is a size a map may have.
    @Test func theBoundIsAccepted() throws {
        let text = try Self.hostile("line-width-1e300.toml").replacingOccurrences(of: "1e300", with: "1000")
        #expect(try MapFileLoader.parse(text: text, fileName: "edge.toml").lineWidth == 1000)
    }

    /// A map built in memory (the pMetro import) is checked with the same bound before it is written.
    @Test func theImportsCheckRefusesTheSameSizes() {
        var map = MetroMap(name: "x", bounds: SchemeRect(x: 0, y: 0, width: 10, height: 10),
                           stations: [Station(id: "a", name: "A", position: SchemePoint(x: 1, y: 1)),
                                      Station(id: "b", name: "B", position: SchemePoint(x: 2, y: 2))],
                           lines: [MetroLine(id: "l", name: "L", color: RGBColor(red: 0, green: 0, blue: 0),
                                             segments: [["a", "b"]], width: 1e9)],
                           lineWidth: 2000, stationDiameter: .infinity)
        map.background = [BackgroundShape(kind: .text, points: [SchemePoint(x: 1, y: 1)], stroke: RGBColor(red: 0, green: 0, blue: 0),
                                          text: "T", size: 1e6)]
        let problems = MapFormatCheck.problems(in: map)
        #expect(problems.contains("map: line_width must be between 0 and 1000 scheme units"))
        #expect(problems.contains("map: station_diameter must be between 0 and 1000 scheme units"))
        #expect(problems.contains("line \"l\": width must be between 0 and 1000"))
        #expect(problems.contains("shape 1: width and size must be between 0 and 1000"))
    }

    /// A pMetro `TextOut` taller than the bound is drawn at the bound, with a warning at its line of the vector file:
    /// pMetro draws it, and one damaged size must not refuse the whole city.
    @Test func aPMetroTextTallerThanTheBoundIsClampedWithAWarning() throws {
        let vector = PMetroVectorFile(text: try Self.hostile("pmetro-text-size-5000.vec"), path: "city.vec")
        #expect(vector.errors.isEmpty)
        #expect(vector.warnings.map(\.description).contains {
            $0.hasPrefix("city.vec:3:1: ") && $0.contains("TextOut: size 5000 is more than 1000 scheme units; 1000 is used")
        }, "\(vector.warnings)")
        #expect(vector.shapes.map(\.text) == ["Fine", "Huge"])
        #expect(vector.shapes.map(\.size) == [20, 1000])
    }

    /// A `.vec` stroke wider than `PMetroVectorFile.widestStroke` (a damaged river 790 units wide) is drawn at that
    /// width with a warning at its line, by the rule the scheme's sizes follow, not 1 wide; a width that is no width
    /// (negative) is still drawn 1 wide with its own warning.
    @Test func pMetroStrokesWiderThanTheBoundAreClampedWithWarnings() throws {
        let vector = PMetroVectorFile(text: try Self.hostile("pmetro-stroke-width-790.vec"), path: "city.vec")
        #expect(vector.errors.isEmpty)
        #expect(vector.shapes.map(\.width) == [12, 100, 100, 100, 1])
        let warnings = vector.warnings.map(\.description)
        for (line, subject) in [(4, "Spline: width 790"), (5, "Line: width 5000"), (6, "Railway: width 5000")] {
            #expect(warnings.contains { $0.hasPrefix("city.vec:\(line):1: ") && $0.contains(subject + " is more than 100 scheme units; 100 is used") },
                    "\(warnings)")
        }
        #expect(warnings.contains { $0.hasPrefix("city.vec:7:1: ") && $0.contains("Line: width -3 is not a width; drawn 1 wide") },
                "\(warnings)")
        #expect(warnings.count == 4, "\(warnings)")
    }

    /// pMetro's `LinesWidth`, `StationDiameter` and a line's `Width` past the bound are drawn at the bound, each with a
    /// warning at its line.
    @Test func pMetroSizesPastTheBoundAreClampedWithWarnings() throws {
        let scheme = PMetroSchemeFile(text: try Self.hostile("pmetro-sizes-5000.map"), path: "city.map")
        #expect(scheme.errors.isEmpty)
        #expect(scheme.options.lineWidth == 1000 && scheme.options.stationDiameter == 1000)
        #expect(scheme.layouts["Red"]?.width == 1000)
        let warnings = scheme.warnings.map(\.description)
        for (line, subject) in [(2, "[Options]: LinesWidth=5000"), (3, "[Options]: StationDiameter=1000000000"),
                                (7, "[Red]: Width=90000")] {
            #expect(warnings.contains { $0.hasPrefix("city.map:\(line):") && $0.contains(subject + " is more than 1000") },
                    "\(warnings)")
        }
    }
}
