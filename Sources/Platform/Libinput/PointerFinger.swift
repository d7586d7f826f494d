import TouchInput

/// A mouse (or QEMU's tablet) acting as one finger: the left button is the finger on the glass, motion while it is
/// held drags. Maintenance staff can pan the map with a mouse; the VM's tablet is a pointer too.
public struct PointerFinger: Sendable {
    /// The slot pointer touches use; far above any seat slot a touchscreen hands out.
    public static let slot = 1_000

    public private(set) var x: Double
    public private(set) var y: Double
    public private(set) var isPressed = false
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
        x = width / 2
        y = height / 2
    }

    /// Relative motion (mice), clamped to the output.
    public mutating func move(dx: Double, dy: Double, timeMicroseconds: Int64) -> TouchFrame? {
        moveTo(x: x + dx, y: y + dy, timeMicroseconds: timeMicroseconds)
    }

    /// Absolute motion (tablets), in upright output pixels.
    public mutating func moveTo(x newX: Double, y newY: Double, timeMicroseconds: Int64) -> TouchFrame? {
        x = min(max(0, newX), max(0, width - 1))
        y = min(max(0, newY), max(0, height - 1))
        guard isPressed else { return nil }
        return single(.move, timeMicroseconds)
    }

    /// The left button: down on press, up on release; a second press while held is ignored.
    public mutating func button(pressed: Bool, timeMicroseconds: Int64) -> TouchFrame? {
        guard pressed != isPressed else { return nil }
        isPressed = pressed
        return single(pressed ? .down : .up, timeMicroseconds)
    }

    /// The pointer device went away with the button held: cancel, never a lift.
    public mutating func cancel(timeMicroseconds: Int64) -> TouchFrame? {
        guard isPressed else { return nil }
        isPressed = false
        return TouchFrame(timeMicroseconds: timeMicroseconds,
                          events: [TouchEvent(slot: PointerFinger.slot, phase: .cancel, timeMicroseconds: timeMicroseconds)])
    }

    private func single(_ phase: TouchPhase, _ time: Int64) -> TouchFrame {
        let positioned = phase == .down || phase == .move
        return TouchFrame(timeMicroseconds: time, events: [
            TouchEvent(slot: PointerFinger.slot, phase: phase, x: positioned ? x : nil, y: positioned ? y : nil,
                       timeMicroseconds: time),
        ])
    }
}
