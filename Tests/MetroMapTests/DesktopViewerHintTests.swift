import Foundation
import Testing
@testable import MetroMap

/// pMetro schemes are written for a desktop viewer whose captions open other maps when clicked, and say so: New
/// York's "AirTrain JFK" has "(click to view)" under it, and so does Staten Island's frame. On a kiosk nothing on the
/// map can be clicked, so the hint is dropped at import.
struct DesktopViewerHintTests {
    @Test func newYorksCaptionsDoNotAskToBeClicked() throws {
        let map = try PMetroImporter.importCity(directory: SharedMaps.city("new-york").path).map
        let captions = map.background.filter { $0.kind == .text }.map(\.text)
        #expect(captions.contains("AirTrain JFK"))
        #expect(!captions.contains { $0.lowercased().contains("click") }, "\(captions.filter { $0.lowercased().contains("click") })")
    }

    @Test(arguments: [("(click to view)", ""), ("AirTrain JFK (click to view)", "AirTrain JFK"),
                      ("Staten Island ( Click here ) ferry", "Staten Island ferry"), ("Line 7 (Flushing)", "Line 7 (Flushing)"),
                      ("two  spaces kept", "two  spaces kept"), ("(unclosed click", "(unclosed click")])
    func theHintAloneIsDropped(text: String, kept: String) {
        #expect(PMetroVectorFile.withoutClickHint(text) == kept)
    }
}
