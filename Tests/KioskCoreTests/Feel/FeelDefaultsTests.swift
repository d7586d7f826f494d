import Foundation
import MetroMap
import Overlay
import Physics
import TestSupport
import Testing
import TouchInput
@testable import KioskCore

/// The feel is decided once (`FeelDefaults`): an empty config, settings built in code and the gesture layer all give
/// the same values, and the fling cap is written nowhere else.
struct FeelDefaultsTests {
    static let geometry = CameraGeometry(map: FeelTrace.demo, viewport: ScreenSize(width: 1280, height: 800))

    @Test func anEmptyConfigGivesTheCameraSettingsBuiltInCode() throws {
        let configured = try KioskConfigLoader.parse(text: "", fileName: "empty.toml").cameraSettings(geometry: Self.geometry)
        #expect(configured == CameraSettings(zoomLimits: configured.zoomLimits))
        #expect(configured.zoomLimits.coefficient == FeelDefaults.rubberBandCoefficient)
    }

    @Test func anEmptyConfigGivesTheGestureLayersDefaults() throws {
        let configured = try KioskConfigLoader.parse(text: "", fileName: "empty.toml").gestureConfiguration()
        #expect(configured == GestureConfiguration())
        #expect(configured.flingLimits == FlingLimits(minimumSpeed: FeelDefaults.minimumFlingVelocity,
                                                      maximumSpeed: FeelDefaults.maximumFlingVelocity))
    }

    /// `[card]` is `CardSettings` itself; what the kiosk hands the card (with `[kiosk] idle_timeout_s`) from an empty
    /// config is the card built in code.
    @Test func anEmptyConfigGivesTheCardBuiltInCode() throws {
        var config = try KioskConfigLoader.parse(text: "", fileName: "empty.toml")
        #expect(config.cardSettings() == CardSettings())
        #expect(CardSettings().spring == FeelDefaults.cardSpring && CardSettings().peek == FeelDefaults.cardPeek)
        config.kiosk.idleTimeoutSeconds = 0
        #expect(config.cardSettings().idleTimeoutMicroseconds == nil, "the card stays while the map never goes home")
    }

    @Test func theListsInTheOverlayTakeTheMapsFlingCap() {
        #expect(JourneyCardElement.maximumVelocity == FeelDefaults.maximumFlingVelocity)
        #expect(SearchResultsElement.maximumVelocity == FeelDefaults.maximumFlingVelocity)
    }

    /// The lines (1-based) of `text` whose code (comments aside) holds a literal 8000 that is not a time
    /// (microseconds or milliseconds named on the same line): a fling cap written beside the table's.
    static func flingCapLines(in text: String) throws -> [Int] {
        // Swift's Regex has no lookbehind: the characters either side are matched instead.
        let literal = try Regex(#"(^|[^\w.])8_?000(\.0+)?($|[^\w.])"#)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            let code = (line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line).lowercased()
            guard code.contains(literal), !code.contains("microseconds"), !code.contains("milliseconds") else { return nil }
            return number + 1
        }
    }

    @Test func theFlingCapIsWrittenOnlyInTheTable() throws {
        let sources = RepositoryPaths.file("Sources")
        var found: [String] = []
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let url as URL in files where url.pathExtension == "swift" && url.lastPathComponent != "FeelDefaults.swift" {
            for line in try Self.flingCapLines(in: String(contentsOf: url, encoding: .utf8)) {
                found.append("\(url.path.dropFirst(sources.path.count + 1)):\(line)")
            }
        }
        #expect(found.isEmpty, "the fling cap belongs in FeelDefaults.maximumFlingVelocity: \(found)")
    }

    /// The scan above finds what it is meant to find, and leaves times and colours alone.
    @Test func theScanSeesACapWrittenInCode() throws {
        let text = """
            public static let maximumVelocity = 8000.0
            init(maximumSpeed: Double = 8_000) {
            // Android and Flutter use 50...8000 px/s.
            public static let shownMicroseconds: Int64 = 8_000_000
            static let maximumPredictionMicroseconds: Int64 = 8000
            let end = start + Int64(milliseconds * 1000) + 8000
            static let markerColour: UInt32 = 0xFF8000
            """
        #expect(try Self.flingCapLines(in: text) == [1, 2])
    }
}
