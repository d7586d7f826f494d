import Overlay
import Physics
import Testing
import TouchInput

/// The results list glides as the map does (issue 33: "a list fling landing by the physics core's closed form"): the
/// release velocity is the one the map's tracker gives the same reports, and from the lift the list is where
/// UIScrollView's deceleration puts it, x0 + v0·(e^(kt) − 1)/k, at every sample, resting at x0 − v0/k.
@Suite struct SearchResultsGlideTests {
    static let rect = ScreenRect(x: 100, y: 100, width: 400, height: 300)
    static var projection: MapProjection { MapProjection { _ in ScreenPoint(x: 0, y: 0) } }

    @Test(arguments: [(step: 10.0, every: 8_000), (step: 24.0, every: 16_667), (step: 6.0, every: 4_167)] as [(step: Double, every: Int64)])
    func aFlingFollowsTheDecelerationsClosedFormAndRestsAtItsProjection(step: Double, every: Int64) throws {
        let list = SearchResultsElement(rate: .normal, fonts: nil)
        // 200 rows of 50 px in a 300 px list: 9,700 px to scroll, far more than any of these glides.
        list.show((0..<200).map { SearchResultsElement.Row(stationID: "s\($0)", name: "Station \($0)") }, in: Self.rect, rowHeight: 50)
        var tracker = VelocityTracker(strategy: .ios)
        var time: Int64 = 1_000_000
        var y = 380.0
        #expect(list.touchDown(at: ScreenPoint(x: 200, y: y), timeMicroseconds: time))
        tracker.addSample(x: 200, y: y, timeMicroseconds: time)
        for _ in 1...8 {
            time += every
            y -= step
            list.touchMoved(to: ScreenPoint(x: 200, y: y), timeMicroseconds: time)
            tracker.addSample(x: 200, y: y, timeMicroseconds: time)
        }
        let lift = time
        list.touchUp(at: ScreenPoint(x: 200, y: y), timeMicroseconds: lift)
        tracker.addSample(x: 200, y: y, timeMicroseconds: lift)
        let atLift = list.offset
        #expect(abs(atLift - 8 * step) < 1e-9, "the list moved 1:1 with the finger")

        // The finger went up the screen, so the list scrolls on (its offset grows) at the finger's speed.
        let fingerVelocity = tracker.releaseVelocity(liftMicroseconds: lift).y
        #expect(fingerVelocity < 0)
        let glide = try DecelerationTimingParameters(initialValue: atLift, initialVelocity: -fingerVelocity, rate: .normal,
                                                     maximumVelocity: SearchResultsElement.maximumVelocity)
        #expect(glide.destination > atLift + 100 && glide.destination < 9_700, "the glide stays inside the list")
        let end = try #require(list.nextChangeMicroseconds)
        for fraction in [0.1, 0.25, 0.5, 0.75] {
            let at = lift + Int64(Double(end - lift) * fraction)
            list.advance(to: at, map: Self.projection)
            let expected = glide.value(at: Double(at - lift) / 1_000_000)
            #expect(abs(list.offset - expected) < 1e-6, "at \(fraction) of the glide: \(list.offset) against \(expected)")
        }
        list.advance(to: end, map: Self.projection)
        #expect(list.nextChangeMicroseconds == nil)
        #expect(abs(list.offset - glide.destination) <= glide.threshold, "rests at \(list.offset), projection \(glide.destination)")
    }
}
