/// A point in scheme units: the map's own coordinate space, x to the right and y downward, as on screen.
///
/// Deliberately not `ScreenPoint` although both are two Doubles: a scheme point becomes a screen point only through
/// the camera (`CameraGeometry.screenPoint(ofScheme:camera:)` and back), so keeping the two types apart makes the
/// compiler catch a scheme position used as pixels or the reverse, a mix-up that otherwise shows only as a tap
/// landing on the wrong station at some zoom levels.
public struct SchemePoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = SchemePoint(x: 0, y: 0)
}
