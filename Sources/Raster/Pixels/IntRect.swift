/// A pixel rectangle: `x0 <= x < x1`, `y0 <= y < y1`. Never inverted (an empty rectangle has x0 == x1 or y0 == y1),
/// so loops over it need no further checks.
public struct IntRect: Hashable, Sendable, CustomStringConvertible {
    public let x0: Int
    public let y0: Int
    public let x1: Int
    public let y1: Int

    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = max(x0, x1)
        self.y1 = max(y0, y1)
    }

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x0: x, y0: y, x1: x + max(0, width), y1: y + max(0, height))
    }

    /// The whole of a width×height frame.
    public static func full(width: Int, height: Int) -> IntRect {
        IntRect(x: 0, y: 0, width: width, height: height)
    }

    public var width: Int { x1 - x0 }
    public var height: Int { y1 - y0 }
    public var isEmpty: Bool { x0 == x1 || y0 == y1 }

    public func intersection(_ other: IntRect) -> IntRect {
        IntRect(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    /// The bounding box of both (an empty rectangle adds nothing).
    public func union(_ other: IntRect) -> IntRect {
        if other.isEmpty { return self }
        if isEmpty { return other }
        return IntRect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    public func contains(x: Int, y: Int) -> Bool {
        x >= x0 && x < x1 && y >= y0 && y < y1
    }

    /// The parts of this rectangle outside `other`: at most four rectangles, none overlapping.
    public func subtracting(_ other: IntRect) -> [IntRect] {
        let cut = intersection(other)
        guard !cut.isEmpty else { return isEmpty ? [] : [self] }
        var parts: [IntRect] = []
        if cut.y0 > y0 { parts.append(IntRect(x0: x0, y0: y0, x1: x1, y1: cut.y0)) }
        if cut.y1 < y1 { parts.append(IntRect(x0: x0, y0: cut.y1, x1: x1, y1: y1)) }
        if cut.x0 > x0 { parts.append(IntRect(x0: x0, y0: cut.y0, x1: cut.x0, y1: cut.y1)) }
        if cut.x1 < x1 { parts.append(IntRect(x0: cut.x1, y0: cut.y0, x1: x1, y1: cut.y1)) }
        return parts
    }

    public var description: String { "\(width)x\(height)+\(x0)+\(y0)" }
}
