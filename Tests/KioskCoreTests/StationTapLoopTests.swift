import Foundation
import MetroMap
import Physics
import Testing
import TouchInput
@testable import KioskCore

/// A tap on a station waits for the double tap to fail (issue 28, item 9), as UIKit holds a single tap that requires
/// the double tap's failure: a single tap opens the callout once the double-tap interval has passed; a double tap
/// on the station only zooms.
struct StationTapLoopTests {
    static let demo = try! BundledMap.loadDemo()
    static let interval = GestureConfiguration().doubleTapMaximumIntervalMicroseconds

    static var config: KioskConfig {
        var config = KioskConfig()
        config.kiosk.idleTimeoutSeconds = 0
        return config
    }

    static func replay(_ csv: String) throws -> [FrameRecord] {
        let frames = try TraceReader.frames(text: csv, file: "tap.csv", outputSize: OutputSize(width: 1280, height: 800))
        return try KioskReplay.frames(of: frames, on: demo, config: config)
    }

    static func museum() throws -> ScreenPoint {
        let geometry = CameraGeometry(map: demo, viewport: ScreenSize(width: 1280, height: 800))
        let position = try #require(demo.station(id: "museum")?.position)
        return geometry.screenPoint(ofScheme: position, camera: config.homeCamera(geometry: geometry))
    }

    @Test func aSingleTapOpensTheCalloutOnceTheDoubleTapCanNoLongerCome() throws {
        let tap = try Self.museum()
        let records = try Self.replay("""
            100000,0,down,\(tap.x),\(tap.y)
            160000,0,up,,
            """)
        let opened = try #require(records.first { $0.station == "museum" }, "the tap opened the museum's callout")
        #expect(opened.presentationMicroseconds >= 160_000 + Self.interval, "not before the double tap could come")
        #expect(opened.presentationMicroseconds <= 160_000 + Self.interval + 2 * 16_667, "as soon as it could not")
        #expect(records.allSatisfy { $0.camera.scale == records[0].camera.scale }, "a single tap does not zoom")
    }

    @Test func aDoubleTapOnAStationZoomsOnly() throws {
        let tap = try Self.museum()
        let records = try Self.replay("""
            100000,0,down,\(tap.x),\(tap.y)
            160000,0,up,,
            260000,0,down,\(tap.x),\(tap.y)
            320000,0,up,,
            """)
        #expect(records.allSatisfy { $0.station == nil }, "no callout: \(records.compactMap(\.station))")
        let home = try #require(records.first?.camera.scale)
        let last = try #require(records.last?.camera.scale)
        #expect(abs(last / home - 2) < 1e-6, "the double tap zoomed ×\(last / home)")
    }
}
