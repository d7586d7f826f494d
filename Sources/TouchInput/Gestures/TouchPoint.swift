/// A point or a displacement in output pixels (y grows downward).
public struct TouchPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = TouchPoint(x: 0, y: 0)

    public var length: Double { (x * x + y * y).squareRoot() }

    public func distance(to other: TouchPoint) -> Double { (self - other).length }

    public static func + (a: TouchPoint, b: TouchPoint) -> TouchPoint { TouchPoint(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: TouchPoint, b: TouchPoint) -> TouchPoint { TouchPoint(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: TouchPoint, k: Double) -> TouchPoint { TouchPoint(x: a.x * k, y: a.y * k) }
}
