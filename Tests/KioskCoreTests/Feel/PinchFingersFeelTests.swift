import Foundation
import Physics
import Testing
import TouchInput
@testable import KioskCore

/// Which fingers a pinch follows (issue 28, item 9): a finger resting on the screen while two others pinch.
struct PinchFingersFeelTests {
    @Test(arguments: FeelTrace.wideRates) func aRestingThirdFingerDoesNotStallThePinch(rate: Int) throws {
        let trace = try FeelTrace("pinch-third-finger", rate: rate)
        let config = FeelTrace.config
        let slop = config.panelGeometry(width: 1280, height: 800).pixels(millimetres: config.gestureConfiguration().touchSlopMillimetres)
        // Where the two pinching fingers were at each report, and where they landed.
        var down: [Int: ScreenPoint] = [:], reported: [(time: Int64, slot: Int, point: ScreenPoint)] = []
        for frame in trace.touches {
            for event in frame.events where event.slot < 2 {
                guard let point = event.position else { continue }
                if event.phase == .down { down[event.slot] = point }
                if event.phase == .move { reported.append((frame.timeMicroseconds, event.slot, point)) }
            }
        }
        // The pinch begins at the first report that takes a finger past the slop; the map rested at home until then,
        // so the map points under the fingers then are the ones the pinch must keep under them.
        let began = try #require(reported.first { sample in down[sample.slot].map { sample.point.distance(to: $0) > slop } ?? false })
        let home = trace.frames[0].camera
        let lift = try #require(trace.liftIndex())
        let end = trace.frames[lift - 1].camera
        #expect(end.scale > home.scale * 1.4, "\(trace.name): the pinch zoomed in (×\(end.scale / home.scale))")
        for slot in [0, 1] {
            let atBegin = try #require(reported.last { $0.slot == slot && $0.time <= began.time }?.point ?? down[slot])
            let last = try #require(reported.last { $0.slot == slot }?.point)
            let scheme = FeelTrace.geometry.schemePoint(atScreen: atBegin, camera: home)
            let shown = FeelTrace.geometry.screenPoint(ofScheme: scheme, camera: end)
            let slip = shown.distance(to: last)
            #expect(slip <= 2, "\(trace.name): finger \(slot) slipped \(slip) px off the map point it pinched")
        }
    }
}
