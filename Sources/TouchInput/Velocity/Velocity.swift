/// A velocity in output pixels per second (y grows downward).
public struct Velocity: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Velocity(x: 0, y: 0)

    public var speed: Double { (x * x + y * y).squareRoot() }
}
