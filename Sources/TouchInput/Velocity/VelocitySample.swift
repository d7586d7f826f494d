/// One position of one finger at one time, as the tracker keeps it.
struct VelocitySample: Sendable, Equatable {
    var x: Double
    var y: Double
    var timeMicroseconds: Int64

    init(x: Double, y: Double, timeMicroseconds: Int64) {
        self.x = x
        self.y = y
        self.timeMicroseconds = timeMicroseconds
    }
}
