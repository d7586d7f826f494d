import Physics
import Testing
@testable import KioskCore

/// The fingers' cameras resampled at the screen's time base: between reports and after the last one.
struct CameraPathTests {
    /// A pinch about a still centre `focal`: the camera that keeps scheme point `anchor` under it at `scale`.
    func pinch(_ scale: Double, anchor: ScreenPoint = ScreenPoint(x: 1000, y: 750), focal: ScreenPoint = ScreenPoint(x: 640, y: 400)) -> Camera {
        Camera(offset: ScreenPoint(x: anchor.x * scale - focal.x, y: anchor.y * scale - focal.y), scale: scale)
    }

    @Test func betweenTwoReportsOfAPinchTheFingersCentreStaysOnItsSchemePoint() throws {
        var path = CameraPath()
        path.reset(pinch(2), at: 0, state: .pinching)
        path.append(pinch(2.5), at: 10_000, state: .pinching)
        for time in stride(from: Int64(0), through: 10_000, by: 1_000) {
            let camera = try #require(path.camera(at: time, predicting: true))
            let x = 1000 * camera.scale - camera.offset.x, y = 750 * camera.scale - camera.offset.y
            #expect(abs(x - 640) < 1e-9 && abs(y - 400) < 1e-9, "at \(time) µs the anchor is drawn at (\(x), \(y))")
        }
        // Halfway in time is halfway in log scale.
        let half = try #require(path.camera(at: 5_000, predicting: true))
        #expect(abs(half.scale - (2 * 2.5).squareRoot()) < 1e-12)
    }

    @Test func aPanBetweenTwoReportsIsStillStraightInTime() throws {
        var path = CameraPath()
        path.reset(Camera(offset: ScreenPoint(x: 0, y: 0), scale: 2), at: 0, state: .dragging)
        path.append(Camera(offset: ScreenPoint(x: 100, y: -40), scale: 2), at: 10_000, state: .dragging)
        let camera = try #require(path.camera(at: 2_500, predicting: true))
        #expect(camera.offset == ScreenPoint(x: 25, y: -10))
    }

    @Test func fingersSilentForTwoReportPeriodsAreHeldWhereThePredictionWentNotGuessedOnNorTakenBack() throws {
        var path = CameraPath()
        path.reset(pinch(2), at: 0, state: .pinching)
        path.append(pinch(2.2), at: 10_000, state: .pinching)
        // Just after the last report: a short prediction past it, at most half a report period.
        let predicted = try #require(path.camera(at: 14_000, predicting: true))
        #expect(predicted.scale > 2.2)
        #expect(path.hasMotion(after: 14_000, predicting: true))
        let furthest = try #require(path.camera(at: 15_000, predicting: true))
        // Two report periods without a report: the fingers stopped. The screen holds what it showed last (stepping
        // back to the last report is a backward step under a finger that paused or lifts late), and stays there.
        #expect(path.camera(at: 30_000, predicting: true) == furthest)
        #expect(path.camera(at: 500_000, predicting: true) == furthest)
        #expect(!path.hasMotion(after: 30_000, predicting: true))
        #expect(path.isStill(at: 30_000) && !path.isStill(at: 14_000))
    }

    @Test func aReportAfterTheSilenceContinuesFromWhereTheScreenHeld() throws {
        var path = CameraPath()
        path.reset(Camera(offset: ScreenPoint(x: 0, y: 0), scale: 2), at: 0, state: .dragging)
        path.append(Camera(offset: ScreenPoint(x: 100, y: 0), scale: 2), at: 10_000, state: .dragging)
        let held = try #require(path.camera(at: 40_000, predicting: true))
        #expect(held.offset.x == 150, "held half a report period past the last report")
        // The finger moves on after the pause: the path runs from the held picture, never back behind it.
        path.append(Camera(offset: ScreenPoint(x: 170, y: 0), scale: 2), at: 60_000, state: .dragging)
        for time in stride(from: Int64(15_000), through: 60_000, by: 1_000) {
            let camera = try #require(path.camera(at: time, predicting: true))
            #expect(camera.offset.x >= 150, "at \(time) µs: \(camera.offset.x)")
        }
    }

    /// A drag at 1000 px/s reported every `period` µs (240 Hz by default), the last report stamped `lastGap` µs
    /// after the one before.
    func steadyDrag(lastGap: Int64, period: Int64 = 4_167) -> CameraPath {
        let step = Double(period) / 1000
        var path = CameraPath()
        path.reset(Camera(offset: ScreenPoint(x: 0, y: 0), scale: 2), at: 0, state: .dragging)
        for k in 1...4 { path.append(Camera(offset: ScreenPoint(x: step * Double(k), y: 0), scale: 2), at: period * Int64(k), state: .dragging) }
        path.append(Camera(offset: ScreenPoint(x: step * 5, y: 0), scale: 2), at: period * 4 + lastGap, state: .dragging)
        return path
    }

    @Test func aLastReportStampedLateStillEndsThePathAtTheFingersSpeed() throws {
        // ±1 ms of stamp jitter stretches a 240 Hz gap to 5167 µs: the finger's 1000 px/s, not 806.
        let late = try #require(steadyDrag(lastGap: 5_167).finalOffsetSpeed)
        #expect(abs(late - 1000) < 0.5, "\(late) px/s")
    }

    @Test func aShortenedOrMuchLaterLastReportKeepsItsOwnSpeed() throws {
        // Half the distance in half the gap is the same speed; the same distance in half the gap is twice it (an
        // eased lift's last report is measured as stamped, never slowed to the usual gap).
        let shortened = try #require(steadyDrag(lastGap: 2_083).finalOffsetSpeed)
        #expect(abs(shortened - 2000) < 1, "\(shortened) px/s")
        // 1.68 periods between reports (still short of the silence that holds the path) is a finger that slowed,
        // not a late stamp.
        let slowed = try #require(steadyDrag(lastGap: 7_000).finalOffsetSpeed)
        #expect(abs(slowed - 4.167 / 0.007) < 0.5, "\(slowed) px/s")
        // At 60 Hz a gap 3 ms long is more than ±1 ms of stamping explains: a finger slowing on a panel that drops
        // unchanged reports, whose eased lift the cap must still hold back.
        let sixty = try #require(steadyDrag(lastGap: 19_667, period: 16_667).finalOffsetSpeed)
        #expect(abs(sixty - 16.667 / 0.019667) < 0.5, "\(sixty) px/s")
    }
}
