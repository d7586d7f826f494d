/// One position of one finger at one time, as the tracker keeps it.
public struct VelocitySample: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var timeMicroseconds: Int64

    public init(x: Double, y: Double, timeMicroseconds: Int64) {
        self.x = x
        self.y = y
        self.timeMicroseconds = timeMicroseconds
    }
}
