import Physics
import Testing
import TouchInput
@testable import KioskCore

/// Issue 36: one table of the fingers down; a touch is offered down the chain once, at its first finger, and whoever
/// claims it gets every report of it until all its fingers are up; the map takes what no one claims.
struct TouchRouterTests {
    final class Recorder: TouchResponder {
        let claims: Bool
        private(set) var offered: [Int] = []
        private(set) var reports: [TouchFrame] = []
        init(claims: Bool) { self.claims = claims }

        func touchBegan(slot: Int, at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
            offered.append(slot)
            return claims
        }

        func touchReported(_ frame: TouchFrame) { reports.append(frame) }
    }

    static func frame(_ time: Int64, _ events: (Int, TouchPhase)...) -> TouchFrame {
        TouchFrame(timeMicroseconds: time, events: events.map { slot, phase in
            let placed = phase == .down || phase == .move
            return TouchEvent(slot: slot, phase: phase, x: placed ? 100 : nil, y: placed ? 100 : nil, timeMicroseconds: time)
        })
    }

    @Test func aClaimedTouchKeepsEveryFingerFromTheMapUntilAllAreUp() {
        let element = Recorder(claims: true), map = Recorder(claims: true)
        let router = TouchRouter(responders: [element], map: map)
        router.route(Self.frame(0, (0, .down)))
        router.route(Self.frame(10, (1, .down)))
        router.route(Self.frame(20, (0, .up)))
        #expect(router.fingers.slots == [1])
        router.route(Self.frame(30, (1, .move)))
        router.route(Self.frame(40, (1, .up)))
        #expect(router.fingers.isEmpty)
        #expect(element.offered == [0], "offered once, at the first finger")
        #expect(element.reports.map(\.timeMicroseconds) == [0, 10, 20, 30, 40])
        #expect(map.reports.isEmpty && map.offered.isEmpty)
        router.route(Self.frame(50, (2, .down)))
        #expect(element.offered == [0, 2], "the next touch is offered again")
    }

    @Test func aDeclinedTouchIsTheMapsWithTheFingersThatJoinIt() {
        let element = Recorder(claims: false), map = Recorder(claims: true)
        let router = TouchRouter(responders: [element], map: map)
        router.route(Self.frame(0, (0, .down)))
        router.route(Self.frame(10, (1, .down)))
        router.route(Self.frame(20, (0, .up), (1, .up)))
        #expect(element.offered == [0])
        #expect(element.reports.isEmpty)
        #expect(map.reports.map(\.timeMicroseconds) == [0, 10, 20])
        #expect(map.offered.isEmpty, "the map, last, is not asked: it takes what is left")
    }

    @Test func theTopmostClaimantWinsAndAStrayLiftGoesToTheMap() {
        let top = Recorder(claims: true), below = Recorder(claims: true), map = Recorder(claims: true)
        let router = TouchRouter(responders: [below], map: map)
        router.add(top)
        router.route(Self.frame(0, (3, .up)))
        router.route(Self.frame(10, (0, .down)))
        #expect(top.offered == [0] && below.offered.isEmpty)
        #expect(map.reports.map(\.timeMicroseconds) == [0], "a lift with no finger down is the map's to ignore")
    }

    @Test func aFingerWithoutAPositionIsOfferedToNoOne() {
        let element = Recorder(claims: true), map = Recorder(claims: true)
        let router = TouchRouter(responders: [element], map: map)
        router.route(TouchFrame(timeMicroseconds: 0, events: [TouchEvent(slot: 0, phase: .down, timeMicroseconds: 0)]))
        #expect(element.offered.isEmpty)
        #expect(map.reports.count == 1)
        #expect(router.fingers.isEmpty, "as the gesture recognizer, no position is no finger")
    }
}
