import Foundation
import MetroMap
import TestSupport
import Testing
import TouchInput
@testable import KioskCore

/// The README's first command shows the product: the demo's config and tour raise the journey card on a tap, fling
/// it between its anchors, press + and home, switch the language and go idle, on a kiosk that knows where it stands.
struct DemoTourTests {
    @Test func theDemoConfigSetsThePlaceTheLanguagesAndTheControls() throws {
        let config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("configs/demo.toml").path)
        let demo = try BundledMap.loadDemo()
        #expect(config.youAreHerePlace(in: demo)?.stationIDs == ["central-square"])
        #expect(config.map.languages.count == 2)
        #expect(config.controls != nil)
        #expect(config.homeIsHere(on: demo))
    }

    @Test func theTourVisitsEveryPartOfTheProduct() throws {
        let config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("configs/demo.toml").path)
        let demo = try BundledMap.loadDemo()
        let frames = try TraceReader.frames(path: RepositoryPaths.file("traces/demo-tour.csv").path, outputSize: .kioskDefault)
        let records = try KioskReplay.frames(of: frames, on: demo, config: config)
        let anchors = Set(records.compactMap { $0.card?.state == "resting" ? $0.card?.anchor : nil })
        #expect(anchors.isSuperset(of: ["peek", "full", "half"]), "the card rests at every anchor: \(anchors)")
        #expect(records.contains { $0.station == "bastion" && $0.route?.first == "central-square" })
        #expect(records.contains { $0.state == .zooming && $0.card?.state == "resting" }, "+ pressed beside the card")
        #expect(records.contains { $0.state == .homing }, "home pressed, and the idle return")
        let last = try #require(records.last)
        #expect(last.card?.state == "hidden" && last.state == .idle, "idle at the end")
        let home = try #require(records.first)
        #expect(last.camera == home.camera, "back at the view around you are here")
    }
}
