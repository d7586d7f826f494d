/// A point in scheme units: the map's own coordinate space, x to the right and y downward, as on screen.
public struct SchemePoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
