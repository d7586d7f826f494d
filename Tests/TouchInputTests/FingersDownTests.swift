import Physics
import Testing
@testable import TouchInput

/// `FingersDown` is the rule the screen's gate and the touch router count fingers by; the gesture recognizer keeps
/// its own fingers (it needs where each is) and must count the same ones, or the map and the router disagree about
/// whether a touch has ended (a tap held back forever, a touch never offered to the overlay).
struct FingersDownTests {
    @Test func theRecognizerCountsTheFingersTheRouterDoes() {
        // Seeded reports with everything a device or a trace may send: moves of fingers never down, downs without a
        // position, a second down in a slot already down, lifts of fingers never down, cancels.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var recognizer = GestureRecognizer()
        var fingers = FingersDown()
        let phases: [TouchPhase] = [.down, .move, .up, .cancel]
        for index in 0..<4000 {
            let time = Int64(index) * 8000
            let events = (0...next(3)).map { _ in
                let phase = phases[next(4)]
                let positioned = (phase == .down || phase == .move) && next(6) != 0
                return TouchEvent(slot: next(4), phase: phase, x: positioned ? Double(next(1280)) : nil,
                                  y: positioned ? Double(next(800)) : nil, timeMicroseconds: time)
            }
            let frame = TouchFrame(timeMicroseconds: time, events: events)
            _ = recognizer.process(frame)
            fingers.take(frame)
            #expect(recognizer.fingerCount == fingers.count, "after report \(index): \(events)")
            if recognizer.fingerCount != fingers.count { return }
        }
    }

    @Test func aTouchBeginsWithAPositionedDownAndACancellationLiftsEveryFinger() {
        var fingers = FingersDown()
        let stray = TouchFrame(timeMicroseconds: 0, events: [TouchEvent(slot: 2, phase: .move, x: 5, y: 5, timeMicroseconds: 0)])
        #expect(!fingers.begins(stray))
        fingers.take(stray)
        #expect(fingers.isEmpty, "a move puts no finger down")
        let down = TouchFrame(timeMicroseconds: 1, events: [TouchEvent(slot: 0, phase: .down, timeMicroseconds: 1),
                                                            TouchEvent(slot: 3, phase: .down, x: 1, y: 1, timeMicroseconds: 1),
                                                            TouchEvent(slot: 1, phase: .down, x: 2, y: 2, timeMicroseconds: 1)])
        #expect(fingers.begins(down))
        fingers.take(down)
        #expect(fingers.slots == [1, 3], "a down without a position is no finger")
        #expect(!fingers.begins(down), "a touch is under way")
        let cancel = fingers.cancellation(atMicroseconds: 9)
        #expect(cancel?.events.map(\.slot) == [1, 3] && cancel?.events.allSatisfy { $0.phase == .cancel } == true)
        fingers.take(cancel!)
        #expect(fingers.isEmpty && FingersDown().cancellation(atMicroseconds: 9) == nil)
    }
}
