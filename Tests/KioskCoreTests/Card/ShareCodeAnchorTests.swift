import MetroMap
import Overlay
import Raster
import TestSupport
import Testing
@testable import KioskCore

/// Where the share code shows as the card rests: whole from `half` (the steps, then the code a phone is held up
/// to), and none of it at `peek`. Peek is a glance at the time and the changes over the map; a code cut by the
/// card's edge scans as nothing and reads as a broken picture, so none shows there rather than part of one.
struct ShareCodeAnchorTests {
    static let demo = try! BundledMap.loadDemo()

    @Test(arguments: [("library", 1280, 800), ("library", 800, 1280), ("harbour", 1280, 800)])
    func theCodeIsWholeFromHalfAndAbsentAtPeek(destination: String, width: Int, height: Int) throws {
        let config = try KioskConfigLoader.parse(text: """
            [map]
            you_are_here = "Central Square"
            [card]
            share_url = "https://example.org/j?from={from}&to={to}"
            """, fileName: "share.toml")
        let place = try #require(config.youAreHerePlace(in: Self.demo))
        let journey = KioskJourney(map: Self.demo, place: place, settings: config.cardSettings(), fonts: try FontStack.loadDefault(),
                                   screen: IntRect(x: 0, y: 0, width: width, height: height))
        journey.shareURL = config.shareURL
        let content = try #require(journey.journey(to: destination, language: "en"))
        journey.card.show(content, at: 0)
        let code = try #require(journey.card.shareCodeRect)
        // Unscrolled, the card shows its content's first `extent` rows.
        let peek = journey.card.region(at: .peek).height, half = journey.card.region(at: .half).height
        #expect(Double(code.y0) >= peek, "no part of the code at peek (\(code) under \(peek))")
        #expect(Double(code.y1) <= half, "the whole code at half (\(code) within \(half))")
    }
}
