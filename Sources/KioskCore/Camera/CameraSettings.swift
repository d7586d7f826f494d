import Physics

/// How the camera feels: the `[physics]` and `[map]` parts of the config that the controller uses.
public struct CameraSettings: Equatable, Sendable {
    public var zoomLimits: ZoomLimits
    public var decelerationRate: DecelerationRate
    /// Edges, pinch spring-back.
    public var bounceSpring: Spring
    /// Double-tap zoom and the trip home: travelling somewhere on purpose, a little stiffer.
    public var snapSpring: Spring
    public var rubberBandCoefficient: Double
    /// A double tap zooms in by this factor around the tap.
    public var doubleTapZoomFactor: Double
    /// No touch for this long and the map springs back home; nil never returns.
    public var idleTimeoutMicroseconds: Int64?

    public init(
        zoomLimits: ZoomLimits,
        decelerationRate: DecelerationRate = .normal,
        bounceSpring: Spring = .bounce,
        snapSpring: Spring = .snap,
        rubberBandCoefficient: Double = RubberBand.defaultCoefficient,
        doubleTapZoomFactor: Double = 2,
        idleTimeoutMicroseconds: Int64? = 60_000_000
    ) {
        self.zoomLimits = zoomLimits
        self.decelerationRate = decelerationRate
        self.bounceSpring = bounceSpring
        self.snapSpring = snapSpring
        self.rubberBandCoefficient = rubberBandCoefficient
        self.doubleTapZoomFactor = doubleTapZoomFactor
        self.idleTimeoutMicroseconds = idleTimeoutMicroseconds
    }
}
