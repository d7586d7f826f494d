import Foundation
import Testing
import Physics
@testable import TouchInput

/// Gestures and velocities from the shared real touchscreen recordings (MIT, ../shared/data/touch/evemu).
struct RecordedGestureTests {
    /// Each touch in an evemu file, found without the decoder: a line setting ABS_MT_TRACKING_ID to an id starts
    /// one, a line setting it to −1 ends one (these recordings use one slot at a time for taps).
    static func rawTouches(_ text: String) -> [(downMicroseconds: Int64, liftMicroseconds: Int64)] {
        var touches: [(Int64, Int64)] = []
        var start: Int64?
        for line in text.split(separator: "\n") where line.hasPrefix("E:") && line.contains(" 0003 0039 ") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 5, let time = EvemuTraceReader.parseTime(fields[1]), let value = Int(fields[4]) else { continue }
            if value >= 0 { start = time } else if let down = start { touches.append((down, time)); start = nil }
        }
        return touches
    }

    @Test func fastTapsYieldExactlyTheTapsTheyContain() throws {
        let path = SharedData.evemu("Atmel_maXTouch_Touchscreen.1-finger-fast-taps.events")
        let touches = Self.rawTouches(try SharedData.text(path))
        let configuration = GestureConfiguration()
        try #require(touches.count == 9)
        #expect(touches.allSatisfy { $0.liftMicroseconds - $0.downMicroseconds <= configuration.tapMaximumDurationMicroseconds })
        // Pairs, counted the way a user would: a tap that follows an unpaired tap soon enough completes a double tap.
        var pairs = 0
        var unpairedLift: Int64?
        for touch in touches {
            if let lift = unpairedLift, touch.downMicroseconds - lift <= configuration.doubleTapMaximumIntervalMicroseconds {
                pairs += 1
                unpairedLift = nil
            } else {
                unpairedLift = touch.liftMicroseconds
            }
        }

        let events = TouchPipeline.gestures(for: try TraceReader.frames(path: path))
        let taps = events.filter { if case .tapped = $0 { true } else { false } }
        let doubleTaps = events.filter { if case .doubleTapped = $0 { true } else { false } }
        #expect(taps.count == touches.count)
        #expect(doubleTaps.count == pairs)
        #expect(taps.count + doubleTaps.count == events.count, "no pans or pinches in a file of taps: \(events)")
        #expect(zip(taps, touches).allSatisfy { $0.timeMicroseconds == $1.liftMicroseconds })
    }

    @Test(arguments: ["Atmel_maXTouch_Touchscreen.1-finger-drag-up-down.events", "EP0430M09.1-finger-drag-up-down.events"])
    func oneFingerDragsGiveVelocitiesInTheDragsDirection(name: String) throws {
        let frames = try TraceReader.frames(path: SharedData.evemu(name))
        var trackers = FingerVelocityTrackers()
        var samples: [(y: Double, velocity: Velocity)] = []
        for frame in frames {
            _ = trackers.process(frame)
            if let y = frame.events.first(where: { $0.phase != .up })?.y { samples.append((y, trackers.velocity(slot: 0))) }
        }
        // Both recordings drag one way and back: split at the extreme and check the middle half of each stroke.
        let ys = samples.map(\.y)
        let first = try #require(ys.first), last = try #require(ys.last)
        let turn = abs((ys.max() ?? 0) - first) > abs((ys.min() ?? 0) - first)
            ? try #require(ys.firstIndex(of: ys.max() ?? 0)) : try #require(ys.firstIndex(of: ys.min() ?? 0))
        var checked = 0
        for (from, to, range) in [(first, ys[turn], 0..<turn), (ys[turn], last, turn..<ys.count)] {
            let direction = (to - from).sign == .minus ? -1.0 : 1.0
            for index in range {
                let progress = (samples[index].y - from) / (to - from)
                guard progress > 0.25, progress < 0.75 else { continue }
                let velocity = samples[index].velocity
                #expect(velocity.y * direction > 100, "\(name) at y \(samples[index].y): \(velocity)")
                #expect(abs(velocity.y) > abs(velocity.x))
                checked += 1
            }
        }
        #expect(checked >= 10)

        // As a gesture: one pan whose translation is exactly how far the finger went after the pan began.
        let events = TouchPipeline.gestures(for: frames)
        guard case let .panBegan(began, _)? = events.first, case let .panEnded(translation, _, _)? = events.last else {
            Issue.record("expected one pan, got \(events.prefix(3))…")
            return
        }
        let lastPosition = try #require(frames.flatMap(\.events).last { $0.x != nil })
        #expect(abs(began.y + translation.y - (lastPosition.y ?? 0)) < 1e-9)
    }

    @Test func liftVelocityOfTheUpDownDragPointsUp() throws {
        // EP0430M09's drag ends moving up (y decreasing) and lifts 22 ms after its last report: a fling upward.
        let frames = try TraceReader.frames(path: SharedData.evemu("EP0430M09.1-finger-drag-up-down.events"))
        var trackers = FingerVelocityTrackers()
        let lifts = trackers.processAll(frames)
        try #require(lifts.count == 1)
        #expect(lifts[0].velocity.y < -50)
    }

    @Test(arguments: ["EP0430M09.2-finger-scroll-down.events", "EP0430M09.4-finger-drag-down.events",
                      "Atmel_maXTouch_Touchscreen.4-finger-drag-down.events", "EP0430M09.2-fingers-touch-release.events",
                      "Atmel_maXTouch_Touchscreen.2-fingers-touch-release.events"])
    func multiFingerPansHaveNoJumpsAtFingerChanges(name: String) throws {
        let frames = try TraceReader.frames(path: SharedData.evemu(name))
        var recognizer = GestureRecognizer()
        var camera = CameraModel()
        var positions: [Int: ScreenPoint] = [:]
        var countChanges = 0
        var largestCentroidJump = 0.0
        for frame in frames {
            let before = positions
            for event in frame.events {
                switch event.phase {
                case .down, .move: if let point = event.position { positions[event.slot] = point }
                case .up, .cancel: positions[event.slot] = nil
                }
            }
            let offsetBefore = camera.offset, scaleBefore = camera.scale
            recognizer.process(frame).forEach { camera.apply($0) }
            guard Set(before.keys) != Set(positions.keys), !before.isEmpty, !positions.isEmpty else { continue }
            countChanges += 1
            // The fingers that stayed down moved this much in this frame; the map may follow them, and no further.
            let stayed = positions.keys.filter { before[$0] != nil }
            let fingerMotion = stayed.map { positions[$0]!.distance(to: before[$0]!) }.max() ?? 0
            let centroid = { (p: [Int: ScreenPoint]) in p.values.reduce(ScreenPoint.zero, +) * (1 / Double(p.count)) }
            largestCentroidJump = max(largestCentroidJump, centroid(positions).distance(to: centroid(before)))
            #expect(camera.offset.distance(to: offsetBefore) <= fingerMotion * camera.scale + 1,
                    "\(name) at \(frame.timeMicroseconds) µs: map moved \(camera.offset.distance(to: offsetBefore)) px, fingers \(fingerMotion) px")
            #expect(abs(camera.scale / scaleBefore - 1) < 0.05)
        }
        #expect(countChanges >= 1)
        // The check has teeth: following the centroid naively would have jumped by more than the bound allows.
        if name.contains("4-finger") || name.contains("scroll") { #expect(largestCentroidJump > 20) }
    }
}
