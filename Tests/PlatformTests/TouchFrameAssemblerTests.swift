import Testing
import TouchInput
@testable import Platform

@Test func eventsUpToAFrameBecomeOneFrame() {
    var a = TouchFrameAssembler()
    a.add(TouchEvent(slot: 0, phase: .down, x: 10, y: 20, timeMicroseconds: 100), device: 1)
    a.add(TouchEvent(slot: 1, phase: .down, x: 30, y: 40, timeMicroseconds: 100), device: 1)
    let frame = a.frame(timeMicroseconds: 100)
    #expect(frame?.events.map(\.slot) == [0, 1])
    #expect(frame?.timeMicroseconds == 100)
    #expect(a.frame(timeMicroseconds: 200) == nil)
}

@Test func removingADeviceMidGestureCancelsItsContactsNotOthers() {
    var a = TouchFrameAssembler()
    a.add(TouchEvent(slot: 0, phase: .down, x: 1, y: 1, timeMicroseconds: 1), device: 7)
    a.add(TouchEvent(slot: 3, phase: .down, x: 2, y: 2, timeMicroseconds: 1), device: 7)
    a.add(TouchEvent(slot: 5, phase: .down, x: 3, y: 3, timeMicroseconds: 1), device: 9)
    _ = a.frame(timeMicroseconds: 1)
    a.add(TouchEvent(slot: 3, phase: .up, timeMicroseconds: 2), device: 7)
    _ = a.frame(timeMicroseconds: 2)
    let cancel = a.deviceRemoved(7, timeMicroseconds: 5)
    #expect(cancel == TouchFrame(timeMicroseconds: 5, events: [TouchEvent(slot: 0, phase: .cancel, timeMicroseconds: 5)]))
    #expect(a.slotsHeld(by: 9) == [5])
    #expect(a.deviceRemoved(7, timeMicroseconds: 6) == nil)
}

@Test func anUnframedLiftFromARemovedDeviceIsNotDeliveredAsALift() {
    // A lift that never got its frame before the device vanished must not turn into a fling.
    var a = TouchFrameAssembler()
    a.add(TouchEvent(slot: 0, phase: .down, x: 1, y: 1, timeMicroseconds: 1), device: 7)
    _ = a.frame(timeMicroseconds: 1)
    a.add(TouchEvent(slot: 0, phase: .move, x: 5, y: 1, timeMicroseconds: 2), device: 7)
    a.add(TouchEvent(slot: 0, phase: .up, timeMicroseconds: 3), device: 7)
    let frame = a.deviceRemoved(7, timeMicroseconds: 4)
    #expect(frame?.events.map(\.phase) == [.move, .cancel])
}

@Test func pointerIsOneFingerWhileTheButtonIsHeld() {
    var p = PointerFinger(width: 100, height: 50)
    #expect(p.move(dx: 10, dy: 5, timeMicroseconds: 1) == nil)   // hovering: nothing
    let down = p.button(pressed: true, timeMicroseconds: 2)
    #expect(down?.events == [TouchEvent(slot: PointerFinger.slot, phase: .down, x: 60, y: 30, timeMicroseconds: 2)])
    #expect(p.button(pressed: true, timeMicroseconds: 3) == nil)
    let drag = p.move(dx: -100, dy: 100, timeMicroseconds: 4)     // clamped to the output
    #expect(drag?.events == [TouchEvent(slot: PointerFinger.slot, phase: .move, x: 0, y: 49, timeMicroseconds: 4)])
    let up = p.button(pressed: false, timeMicroseconds: 5)
    #expect(up?.events == [TouchEvent(slot: PointerFinger.slot, phase: .up, timeMicroseconds: 5)])
}

@Test func pointerRemovedWhileDraggingCancels() {
    var p = PointerFinger(width: 100, height: 50)
    _ = p.button(pressed: true, timeMicroseconds: 1)
    #expect(p.cancel(timeMicroseconds: 2)?.events.map(\.phase) == [.cancel])
    #expect(p.cancel(timeMicroseconds: 3) == nil)
}

@Test func calibrationIsSixFiniteNumbersAppliedAsAnAffineMap() throws {
    #expect(CalibrationMatrix([1, 0, 0, 0, 1]) == nil)
    #expect(CalibrationMatrix([1, 0, 0, 0, 1, .nan]) == nil)
    // Mirror x: x' = -x + 1.
    let mirror = try #require(CalibrationMatrix([-1, 0, 1, 0, 1, 0]))
    #expect(mirror.apply(x: 0.25, y: 0.5) == (0.75, 0.5))
    #expect(CalibrationMatrix.identity.apply(x: 0.3, y: 0.7) == (0.3, 0.7))
}
