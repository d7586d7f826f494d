import Foundation
import KioskCore
import Testing
import TouchInput
@testable import KioskService

/// The fingers down as the screen goes dark and lights again: the gate reads the device while the loop sleeps, so
/// the loop and the gate must not come out of a dark period disagreeing about which fingers are down.
struct DarkScreenFingersTests {
    static func frame(_ slot: Int, _ phase: TouchPhase, at time: Int64, _ point: (Double, Double)? = nil) -> TouchFrame {
        TouchFrame(timeMicroseconds: time, events: [TouchEvent(slot: slot, phase: phase, x: point?.0, y: point?.1,
                                                               timeMicroseconds: time)])
    }

    /// A finger (a second hand, slot 1) drags the map and rests on it across 01:00, and lifts in the dark; the gate
    /// drains that lift while no loop runs. A tap wakes the screen at 01:20, and a double tap at 01:21 must zoom the
    /// map: the lifted finger is not still down for the map, holding the camera in a drag (no idle return, no burn-in
    /// orbit) and turning the double tap into a two-finger touch.
    @Test func aFingerLiftedInTheDarkIsUpForTheMapWhenTheScreenLights() throws {
        let start = ScreenScheduleTests.utc(2026, 6, 1, 22, 50) // 00:50 CEST; dark from 01:00
        let down = ServiceFixture.at(minutes: 9.9)
        let held = [Self.frame(1, .down, at: down, (200, 150)), Self.frame(1, .move, at: down + 50_000, (220, 160)),
                    Self.frame(1, .move, at: down + 100_000, (240, 170)), Self.frame(1, .up, at: ServiceFixture.at(minutes: 10.5))]
        let waking = Gesture.tap(at: (100, 100), time: ServiceFixture.at(minutes: 20))
        let zooming = Gesture.tap(at: (160, 120), time: ServiceFixture.at(minutes: 21))
            + Gesture.tap(at: (160, 120), time: ServiceFixture.at(minutes: 21) + 200_000)
        let fixture = try ServiceFixture(config: HeadlessKioskServiceTests.schedule, frames: held + waking + zooming,
                                         wallStartUTC: start)
        defer { fixture.remove() }
        let service = fixture.service
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 9.95))
        #expect(service.loop?.camera.isTouching == true, "the finger drags the map")
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 20.5))
        #expect(service.powerChanges.map(\.reason) == ["schedule", "touch"])
        let loop = try #require(service.loop)
        #expect(!loop.camera.isTouching, "no finger is on the glass")
        let home = loop.camera.shownCamera
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 21.5))
        #expect(loop.camera.shownCamera.scale > home.scale * 1.5, "the double tap zooms")
    }

    /// A move of a finger never seen down (one resting on the glass when the device was opened) puts no finger down:
    /// the next touch on the dark screen still wakes it and is swallowed, as the router and the gestures read it.
    @Test func aMoveOfAFingerNeverSeenDownDoesNotKeepTheDarkScreenFromWaking() {
        let input = TraceInput(frames: [Self.frame(3, .move, at: 1_000, (50, 50)),
                                        Self.frame(0, .down, at: 2_000, (100, 100)), Self.frame(0, .up, at: 3_000)])
        let gate = ScreenGateInput(input)
        var woken = 0
        gate.onTouchWhileDark = { woken += 1 }
        gate.isDark = true
        _ = gate.events(upTo: 1_500)
        #expect(!gate.isTouching)
        let tap = gate.events(upTo: 3_000)
        #expect(woken == 1, "the tap wakes the screen")
        #expect(tap.isEmpty, "and never reaches the map")
        #expect(gate.touches == 1)
    }
}
