import Foundation

/// Burn-in care: a static map 18 hours a day would leave its lines on an LCD or OLED panel, so while nobody touches
/// it the whole picture wanders round a small circle, one whole pixel at a time (a half pixel would blur every line).
/// One trip round takes `periodMicroseconds`.
public struct BurnInOrbit: Sendable {
    public let radius: Int
    public let periodMicroseconds: Int64
    /// The positions visited in order: within `radius` of the centre, each a king's move from the one before (and
    /// the last from the first), so the picture never jumps.
    public let path: [(x: Int, y: Int)]
    /// Where on the path the picture is.
    public private(set) var index = 0

    public init(radius: Int, periodMicroseconds: Int64) {
        self.radius = max(0, radius)
        self.periodMicroseconds = max(1, periodMicroseconds)
        path = Self.circle(radius: self.radius)
    }

    public var isEnabled: Bool { path.count > 1 }

    /// Time between two steps.
    public var stepMicroseconds: Int64 { max(1, periodMicroseconds / Int64(path.count)) }

    public var shift: (x: Int, y: Int) { path[index] }

    /// One step along the path.
    public mutating func step() {
        guard isEnabled else { return }
        index = (index + 1) % path.count
    }

    /// The whole-pixel points of a circle of `radius`, in angle order, none outside the radius.
    static func circle(radius: Int) -> [(x: Int, y: Int)] {
        guard radius > 0 else { return [(0, 0)] }
        var points: [(x: Int, y: Int)] = []
        let samples = 64 * radius
        for sample in 0..<samples {
            let angle = 2 * Double.pi * Double(sample) / Double(samples)
            var x = Int((Double(radius) * cos(angle)).rounded())
            var y = Int((Double(radius) * sin(angle)).rounded())
            // Rounding both can land just outside (4·cos 45° → 3, 3 is 4.24 from the centre): pull the larger in.
            while x * x + y * y > radius * radius {
                if abs(x) >= abs(y) { x -= x.signum() } else { y -= y.signum() }
            }
            if let last = points.last, last == (x, y) { continue }
            points.append((x, y))
        }
        if points.count > 1, let first = points.first, let last = points.last, first == last { points.removeLast() }
        return points
    }
}
