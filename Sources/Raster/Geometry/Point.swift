/// A point in pixel space: x to the right, y down, pixel centres at half-integers.
public struct Point: Hashable, Sendable {
    public var x: Float
    public var y: Float

    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }

    public init(_ x: Float, _ y: Float) {
        self.x = x
        self.y = y
    }

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Float) -> Point { Point(a.x * s, a.y * s) }

    public var length: Float { (x * x + y * y).squareRoot() }
}
