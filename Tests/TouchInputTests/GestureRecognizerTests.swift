import Testing
import Physics
@testable import TouchInput

struct GestureRecognizerTests {
    typealias F = Frames
    /// 1280×800 on 217×136 mm: 5.89 px/mm, so the default 2 mm slop is 11.8 px.
    static let panel = PanelGeometry.kioskDefault

    static func run(_ frames: [TouchFrame], configuration: GestureConfiguration = GestureConfiguration()) -> [GestureEvent] {
        TouchPipeline.gestures(for: frames, configuration: configuration, panel: panel)
    }

    /// One finger from `start` moving by `step` every 10 ms for `steps` frames, lifting `liftAfter` µs later.
    static func drag(slot: Int = 0, from start: ScreenPoint, step: ScreenPoint, steps: Int, startTime: Int64 = 0,
                     liftAfter: Int64 = 5_000) -> [TouchFrame] {
        var frames = [F.frame(F.down(slot, start.x, start.y, at: startTime))]
        for i in 1...steps {
            let p = start + step * Double(i)
            frames.append(F.frame(F.move(slot, p.x, p.y, at: startTime + Int64(i) * 10_000)))
        }
        frames.append(F.frame(F.up(slot, at: startTime + Int64(steps) * 10_000 + liftAfter)))
        return frames
    }

    @Test func slopInMillimetresBecomesPixelsWithThePanelSize() {
        #expect(isClose(Self.panel.pixelsPerMillimetre, (1280.0 / 217 + 800.0 / 136) / 2, relative: 1e-12))
        let small = PanelGeometry(outputSize: .kioskDefault, widthMillimetres: 108.5, heightMillimetres: 68)
        #expect(isClose(small.pixels(millimetres: 2), 2 * Self.panel.pixels(millimetres: 2), relative: 1e-12))
    }

    @Test func movementWithinTheSlopIsStillATap() {
        let events = Self.run([F.frame(F.down(0, 100, 100, at: 0)), F.frame(F.move(0, 110, 100, at: 20_000)),
                               F.frame(F.up(0, at: 60_000))])
        #expect(events == [.tapped(location: ScreenPoint(x: 100, y: 100), timeMicroseconds: 60_000)])
    }

    @Test func slopMeasuredOnAPanelWithBiggerPixelsStopsTheSameMovement() {
        // The same 10 px is 3.4 mm on a panel twice as large: past the slop, so a pan and no tap.
        let large = PanelGeometry(outputSize: .kioskDefault, widthMillimetres: 434, heightMillimetres: 272)
        let events = TouchPipeline.gestures(for: [F.frame(F.down(0, 100, 100, at: 0)), F.frame(F.move(0, 110, 100, at: 20_000)),
                                                  F.frame(F.up(0, at: 60_000))], panel: large)
        #expect(events.first == .panBegan(location: ScreenPoint(x: 110, y: 100), timeMicroseconds: 20_000))
        #expect(!events.contains { if case .tapped = $0 { true } else { false } })
    }

    @Test func panBeginsPastTheSlopAndTranslatesFromThere() {
        let events = Self.run([F.frame(F.down(0, 100, 100, at: 0)), F.frame(F.move(0, 115, 100, at: 10_000)),
                               F.frame(F.move(0, 140, 90, at: 20_000)), F.frame(F.up(0, at: 100_000))])
        #expect(events == [
            .panBegan(location: ScreenPoint(x: 115, y: 100), timeMicroseconds: 10_000),
            .panChanged(translation: ScreenPoint(x: 25, y: -10), location: ScreenPoint(x: 140, y: 90), timeMicroseconds: 20_000),
            // Lifted 80 ms after the last motion: the finger had stopped, no fling.
            .panEnded(translation: ScreenPoint(x: 25, y: -10), velocity: .zero, timeMicroseconds: 100_000),
        ])
    }

    @Test func panReleaseVelocityIsTheTrackersEstimate() throws {
        let events = Self.run(Self.drag(from: ScreenPoint(x: 100, y: 500), step: ScreenPoint(x: 10, y: -5), steps: 8))
        guard case let .panEnded(translation, velocity, _)? = events.last else {
            Issue.record("expected panEnded last, got \(events)")
            return
        }
        #expect(isClose(velocity.x, 1000, relative: 1e-9))
        #expect(isClose(velocity.y, -500, relative: 1e-9))
        // Began at the second step (20 px > slop), so six more steps of translation.
        #expect(translation == ScreenPoint(x: 60, y: -30))
    }

    @Test func releaseFasterThanTheMaximumIsClampedKeepingItsDirection() {
        let events = Self.run(Self.drag(from: ScreenPoint(x: 0, y: 0), step: ScreenPoint(x: 150, y: 200), steps: 4))
        guard case let .panEnded(_, velocity, _)? = events.last else {
            Issue.record("expected panEnded last, got \(events)")
            return
        }
        // 25 000 px/s along (0.6, 0.8) becomes 8000 px/s along the same direction.
        #expect(isClose(velocity.x, 4800, relative: 1e-9))
        #expect(isClose(velocity.y, 6400, relative: 1e-9))
    }

    @Test func releaseSlowerThanTheMinimumIsNoFling() {
        var frames = [F.frame(F.down(0, 0, 0, at: 0)), F.frame(F.move(0, 30, 0, at: 10_000))]
        // Then 0.3 px every 10 ms: 30 px/s, under the 50 px/s minimum.
        for i in 1...6 { frames.append(F.frame(F.move(0, 30 + 0.3 * Double(i), 0, at: 100_000 + Int64(i) * 10_000))) }
        frames.append(F.frame(F.up(0, at: 165_000)))
        let events = Self.run(frames)
        guard case let .panEnded(_, velocity, _)? = events.last else {
            Issue.record("expected panEnded last, got \(events)")
            return
        }
        #expect(velocity == .zero)
        #expect(FlingLimits().apply(to: Velocity(x: 30, y: 0)) == .zero)
    }

    @Test func pinchScalesAboutTheCentroidWithScaleVelocity() throws {
        // Fingers 200 px apart spread by 10 px each every 10 ms: the spread grows 10 % of 100 px per 10 ms.
        var frames = [F.frame(F.down(0, 400, 400, at: 0), F.down(1, 600, 400, at: 0))]
        for i in 1...10 {
            let d = 10 * Double(i)
            frames.append(F.frame(F.move(0, 400 - d, 400, at: Int64(i) * 10_000), F.move(1, 600 + d, 400, at: Int64(i) * 10_000)))
        }
        frames.append(F.frame(F.up(0, at: 105_000), F.up(1, at: 105_000)))
        let events = Self.run(frames)
        // Began once the fingers were 20 px from where they touched (past the 11.8 px slop), spread 120 px.
        #expect(events.first == .pinchBegan(focalPoint: ScreenPoint(x: 500, y: 400), timeMicroseconds: 20_000))
        guard case let .pinchEnded(scale, focal, translation, velocity, scaleVelocity, _)? = events.last else {
            Issue.record("expected pinchEnded last, got \(String(describing: events.last))")
            return
        }
        #expect(isClose(scale, 200.0 / 120.0, relative: 1e-12))
        #expect(focal == ScreenPoint(x: 500, y: 400))
        #expect(translation == .zero)
        #expect(velocity == .zero)
        // scale(t) = (120 + 1000·(t − 0.02)) / 120 per second: d(scale)/dt = 1000/120 exactly (a line under LSQ2).
        #expect(isClose(scaleVelocity, 1000.0 / 120.0, relative: 1e-9))
    }

    @Test func pinchCarriesASimultaneousPanOfTheCentroid() {
        var frames = [F.frame(F.down(0, 400, 400, at: 0), F.down(1, 600, 400, at: 0))]
        for i in 1...5 {
            let d = ScreenPoint(x: 8, y: 4) * Double(i)
            frames.append(F.frame(F.move(0, 400 + d.x, 400 + d.y, at: Int64(i) * 10_000),
                                  F.move(1, 600 + d.x, 400 + d.y, at: Int64(i) * 10_000)))
        }
        let events = Self.run(frames)
        #expect(events.first == .pinchBegan(focalPoint: ScreenPoint(x: 516, y: 408), timeMicroseconds: 20_000))
        #expect(events.last == .pinchChanged(scale: 1, focalPoint: ScreenPoint(x: 540, y: 420),
                                             translation: ScreenPoint(x: 24, y: 12), timeMicroseconds: 50_000))
    }

    @Test func twoFingersToOneContinuesThePanFromTheRemainingFinger() throws {
        // A pinch that zooms, then finger 1 lifts and finger 0 goes on alone: the map point under finger 0 must stay
        // under it through the hand-off, however far the centroid jumps.
        var frames = [F.frame(F.down(0, 300, 300, at: 0), F.down(1, 700, 500, at: 0))]
        for i in 1...4 {
            let d = 10 * Double(i)
            frames.append(F.frame(F.move(0, 300 - d, 300 - d, at: Int64(i) * 10_000), F.move(1, 700 + d, 500 + d, at: Int64(i) * 10_000)))
        }
        frames.append(F.frame(F.up(1, at: 50_000)))
        for i in 1...4 {
            frames.append(F.frame(F.move(0, 260 + 15 * Double(i), 260, at: 50_000 + Int64(i) * 10_000)))
        }
        var camera = CameraModel()
        var recognizer = GestureRecognizer(panel: Self.panel)
        var anchor: ScreenPoint?
        var all: [GestureEvent] = []
        for frame in frames {
            let events = recognizer.process(frame)
            all += events
            events.forEach { camera.apply($0) }
            guard frame.timeMicroseconds >= 40_000 else { continue }
            let finger = ScreenPoint(x: 260 + 15 * Double(max(0, (frame.timeMicroseconds - 50_000) / 10_000)), y: 260)
            if let anchor {
                let seen = camera.screen(of: anchor)
                #expect(seen.distance(to: finger) < 1e-9, "at \(frame.timeMicroseconds): \(seen) vs \(finger)")
            } else {
                anchor = camera.content(at: finger)
            }
        }
        let kinds = all.map { event -> String in "\(event)".prefix(while: { $0 != "(" }).description }
        #expect(kinds.suffix(6) == ["pinchEnded", "panBegan", "panChanged", "panChanged", "panChanged", "panChanged"])
        #expect(camera.scale > 1.1)
    }

    /// A pinch ended one finger at a time: the finger left over was moving with the pinch, so lifting it throws
    /// nothing, unless it goes on to move its own touch slop.
    @Test func aPanLeftOverFromAPinchFlingsOnlyAfterItsOwnSlop() {
        func pinchThenLift(remainingSteps: Int) -> Velocity? {
            var frames = [F.frame(F.down(0, 500, 400, at: 0), F.down(1, 700, 400, at: 0))]
            for i in 1...10 {
                let d = 6 * Double(i)
                frames.append(F.frame(F.move(0, 500 - d, 400, at: Int64(i) * 10_000), F.move(1, 700 + d, 400, at: Int64(i) * 10_000)))
            }
            frames.append(F.frame(F.up(0, at: 105_000)))
            for i in 0..<remainingSteps {
                frames.append(F.frame(F.move(1, 760 + 8 * Double(i + 1), 400, at: 110_000 + Int64(i) * 10_000)))
            }
            frames.append(F.frame(F.up(1, at: 112_000 + Int64(remainingSteps) * 10_000)))
            for case let .panEnded(_, velocity, _) in Self.run(frames) { return velocity }
            return nil
        }
        #expect(pinchThenLift(remainingSteps: 0) == .zero, "the last finger of a pinch does not throw the map")
        #expect((pinchThenLift(remainingSteps: 4)?.x ?? 0) > 100, "moved 32 px by itself: a fling")
    }

    @Test func aSecondFingerStartsAPinchFromTheCurrentState() {
        var frames = Self.drag(from: ScreenPoint(x: 100, y: 100), step: ScreenPoint(x: 10, y: 0), steps: 3)
        frames.removeLast()
        frames.append(F.frame(F.down(1, 400, 100, at: 35_000)))
        frames.append(F.frame(F.move(0, 150, 100, at: 45_000), F.move(1, 420, 100, at: 45_000)))
        var camera = CameraModel()
        let events = Self.run(frames)
        events.forEach { camera.apply($0) }
        #expect(events.contains(.panEnded(translation: ScreenPoint(x: 10, y: 0), velocity: .zero, timeMicroseconds: 35_000)))
        #expect(events.contains(.pinchBegan(focalPoint: ScreenPoint(x: 265, y: 100), timeMicroseconds: 35_000)))
        #expect(events.last == .pinchChanged(scale: 1, focalPoint: ScreenPoint(x: 285, y: 100), translation: ScreenPoint(x: 20, y: 0),
                                             timeMicroseconds: 45_000))
        // The new finger's arrival moved nothing; then both fingers moved 20 px together: the pan goes on by 20 px.
        #expect(camera.offset == ScreenPoint(x: 30, y: 0))
        #expect(camera.scale == 1)
    }

    @Test func tapThenTapNearbySoonIsADoubleTap() {
        let events = Self.run([
            F.frame(F.down(0, 100, 100, at: 0)), F.frame(F.up(0, at: 80_000)),
            F.frame(F.down(0, 106, 103, at: 230_000)), F.frame(F.up(0, at: 310_000)),
            F.frame(F.down(0, 106, 103, at: 450_000)), F.frame(F.up(0, at: 530_000)),
        ])
        #expect(events == [
            .tapped(location: ScreenPoint(x: 100, y: 100), timeMicroseconds: 80_000),
            .tapped(location: ScreenPoint(x: 106, y: 103), timeMicroseconds: 310_000),
            .doubleTapped(location: ScreenPoint(x: 106, y: 103), timeMicroseconds: 310_000),
            // A third tap starts a new pair.
            .tapped(location: ScreenPoint(x: 106, y: 103), timeMicroseconds: 530_000),
        ])
    }

    @Test func tapsTooFarApartOrTooLateAreNoDoubleTap() {
        let far = Self.run([F.frame(F.down(0, 100, 100, at: 0)), F.frame(F.up(0, at: 80_000)),
                            F.frame(F.down(0, 200, 100, at: 200_000)), F.frame(F.up(0, at: 280_000))])
        #expect(far.count == 2 && far.allSatisfy { if case .tapped = $0 { true } else { false } })
        let late = Self.run([F.frame(F.down(0, 100, 100, at: 0)), F.frame(F.up(0, at: 80_000)),
                             F.frame(F.down(0, 100, 100, at: 381_000)), F.frame(F.up(0, at: 450_000))])
        #expect(late.count == 2 && late.allSatisfy { if case .tapped = $0 { true } else { false } })
    }

    @Test func aLongPressIsNoTap() {
        #expect(Self.run([F.frame(F.down(0, 100, 100, at: 0)), F.frame(F.up(0, at: 301_000))]).isEmpty)
    }

    @Test func twoFingersTouchingAndLiftingWithoutMovingAreNoGesture() {
        #expect(Self.run([F.frame(F.down(0, 100, 100, at: 0), F.down(1, 300, 100, at: 0)),
                          F.frame(F.up(0, at: 50_000)), F.frame(F.up(1, at: 60_000))]).isEmpty)
    }

    @Test func cancelEndsThePanWithoutAFlingAndIgnoresTheRestOfTheTouch() {
        var frames = Self.drag(from: ScreenPoint(x: 100, y: 100), step: ScreenPoint(x: 20, y: 0), steps: 3)
        frames.removeLast()
        frames.append(F.frame(F.cancel(0, at: 35_000)))
        // A fresh touch afterwards is recognized normally.
        frames += [F.frame(F.down(0, 500, 500, at: 500_000)), F.frame(F.up(0, at: 550_000))]
        let events = Self.run(frames)
        #expect(events.contains(.cancelled(timeMicroseconds: 35_000)))
        #expect(!events.contains { if case .panEnded = $0 { true } else { false } })
        #expect(events.last == .tapped(location: ScreenPoint(x: 500, y: 500), timeMicroseconds: 550_000))
    }

    @Test func cancellingOneOfTwoFingersSuppressesTheOtherUntilItLifts() {
        let events = Self.run([
            F.frame(F.down(0, 100, 100, at: 0), F.down(1, 300, 100, at: 0)),
            F.frame(F.move(0, 130, 100, at: 10_000), F.move(1, 330, 100, at: 10_000)),
            F.frame(F.cancel(1, at: 20_000)),
            F.frame(F.move(0, 180, 100, at: 30_000)),
            F.frame(F.up(0, at: 40_000)),
        ])
        #expect(events == [.pinchBegan(focalPoint: ScreenPoint(x: 230, y: 100), timeMicroseconds: 10_000),
                           .cancelled(timeMicroseconds: 20_000)])
    }

    @Test func flingLimitsClampMagnitudeAndDropSlowReleases() {
        let limits = FlingLimits(minimumSpeed: 100, maximumSpeed: 1000)
        #expect(limits.apply(to: Velocity(x: 3000, y: -4000)) == Velocity(x: 600, y: -800))
        #expect(limits.apply(to: Velocity(x: 60, y: 80)) == Velocity(x: 60, y: 80))
        #expect(limits.apply(to: Velocity(x: 59, y: 80)) == .zero)
        #expect(limits.apply(to: Velocity(x: .nan, y: 0)) == .zero)
    }
}
