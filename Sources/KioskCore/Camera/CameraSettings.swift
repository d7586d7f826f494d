import Physics

/// How the camera feels: the `[physics]` and `[map]` parts of the config that the controller uses.
public struct CameraSettings: Equatable, Sendable {
    public var zoomLimits: ZoomLimits
    public var decelerationRate: DecelerationRate
    /// A glide that meets an edge: takes the glide's velocity (at most `maximumBounceVelocity`) and returns.
    public var bounceSpring: Spring
    /// A release from past an edge (the rubber band) back to it.
    public var springBackSpring: Spring
    /// A pinch released past a zoom limit back to it, in log scale.
    public var zoomSpring: Spring
    /// Double-tap zoom and the trip home: travelling somewhere on purpose.
    public var snapSpring: Spring
    /// The largest velocity (px/s) a glide hands to the bounce at an edge; it bounds the overshoot.
    public var maximumBounceVelocity: Double
    /// The fling cap (px/s), carried momentum included: a faster flick glides no further than one at the cap
    /// (it starts at the shown speed, up to four times the cap, and slows faster; `CameraController.dragEnded`).
    public var maximumFlingVelocity: Double
    /// A flick in the same direction as a glide it caught adds this fraction of the glide's velocity (0: off).
    public var carriedMomentum: Double
    public var rubberBandCoefficient: Double
    /// A double tap zooms in by this factor around the tap.
    public var doubleTapZoomFactor: Double
    /// No touch for this long and the map springs back home; nil never returns.
    public var idleTimeoutMicroseconds: Int64?
    /// How far behind the presentation time the fingers are shown (see `touchLatency(refreshPeriodMicroseconds:)`);
    /// 0 shows the newest report.
    public var touchLatencyMicroseconds: Int64 = 0

    /// A catch and the flick after it carry momentum only when the flick ends this soon after the catch.
    public static let carriedMomentumWindowMicroseconds: Int64 = 400_000

    /// One refresh period plus 8 ms: by then a panel of 60 Hz or faster has reported where the finger was, so
    /// the resampled path is nearly always interpolated, not guessed.
    public static func touchLatency(refreshPeriodMicroseconds: Int64) -> Int64 {
        refreshPeriodMicroseconds + 8000
    }

    /// Every default is the kiosk's shipped feel (`FeelDefaults`, which an empty config also gives), so a test or a
    /// tool that builds settings directly feels what travellers do.
    public init(
        zoomLimits: ZoomLimits,
        decelerationRate: DecelerationRate = FeelDefaults.decelerationRate,
        bounceSpring: Spring = FeelDefaults.bounceSpring,
        springBackSpring: Spring = FeelDefaults.springBackSpring,
        zoomSpring: Spring = FeelDefaults.zoomSpring,
        snapSpring: Spring = FeelDefaults.snapSpring,
        maximumBounceVelocity: Double = FeelDefaults.maximumBounceVelocity,
        maximumFlingVelocity: Double = FeelDefaults.maximumFlingVelocity,
        carriedMomentum: Double = FeelDefaults.carriedMomentum,
        rubberBandCoefficient: Double = FeelDefaults.rubberBandCoefficient,
        doubleTapZoomFactor: Double = FeelDefaults.doubleTapZoomFactor,
        idleTimeoutMicroseconds: Int64? = FeelDefaults.idleTimeoutMicroseconds
    ) {
        self.zoomLimits = zoomLimits
        self.decelerationRate = decelerationRate
        self.bounceSpring = bounceSpring
        self.springBackSpring = springBackSpring
        self.zoomSpring = zoomSpring
        self.snapSpring = snapSpring
        self.maximumBounceVelocity = maximumBounceVelocity
        self.maximumFlingVelocity = maximumFlingVelocity
        self.carriedMomentum = carriedMomentum
        self.rubberBandCoefficient = rubberBandCoefficient
        self.doubleTapZoomFactor = doubleTapZoomFactor
        self.idleTimeoutMicroseconds = idleTimeoutMicroseconds
    }
}
