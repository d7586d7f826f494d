/// The kiosk's feel as it ships, in one table: what an empty `kiosk.toml` gives (`KioskConfig`'s `[physics]` and
/// `[card]` defaults take their values from here), what `CameraSettings(zoomLimits:)` gives a test or a tool that
/// builds settings directly, what the physics initializers, the gesture layer's `FlingLimits` and the overlay's
/// lists assume when not told otherwise, and what `metro-kiosk physics` prints without options. Physics is the lowest
/// layer that needs these (TouchInput and Overlay take the fling cap from it), so the table lives here.
///
/// Where two places once disagreed the kiosk's shipped value won, because it is what travellers feel: the edge
/// bounce is stiffness 300 (the scroll-mechanics talk's reference spring was stiffness 100) and a flick carries half
/// the momentum of the glide it catches (settings built in code used to carry none).
public enum FeelDefaults {
    // MARK: The map

    /// UIScrollView's normal rate: velocity kept per millisecond of a glide.
    public static let decelerationRate = DecelerationRate.normal
    /// A glide meeting an edge. With the bounce velocity cap below, the overshoot of the hardest fling stays under
    /// 15 % of an 800 px screen: 5000 px/s into m 1, s 300, ζ 1 overshoots 5000/(√300·e) ≈ 106 px.
    public static let bounceSpring = Spring(constantMass: 1, stiffness: 300, dampingRatio: 1)
    /// A release from past an edge (the rubber band) back to it: Flutter's iOS-like spring-back (m 0.5, s 100,
    /// ζ 1.1), slightly overdamped, so it never overshoots the edge it returns to.
    public static let springBackSpring = Spring(constantMass: 0.5, stiffness: 100, dampingRatio: 1.1)
    /// A pinch released past a zoom limit back to it, in log scale: the spring-back's feel.
    public static let zoomSpring = Spring(constantMass: 0.5, stiffness: 100, dampingRatio: 1.1)
    /// Travelling somewhere on purpose (double-tap zoom, the trip home, an anchor): a little stiffer than the
    /// reference bounce, critically damped.
    public static let snapSpring = Spring(constantMass: 1, stiffness: 200, dampingRatio: 1)
    /// The most a glide hands to the bounce at an edge, px/s (Flutter: 5000); it bounds the overshoot.
    public static let maximumBounceVelocity = 5000.0
    /// UIScrollView's resistance past an edge.
    public static let rubberBandCoefficient = 0.55
    /// Slower releases (px/s) are a stop, not a fling.
    public static let minimumFlingVelocity = 50.0
    /// The fling cap (px/s): Android and Flutter use 50...8000 px/s. The map's flings, the card's sheet and list
    /// and the search results all hand on at most this.
    public static let maximumFlingVelocity = 8000.0
    /// A double tap zooms in by this factor around the tap.
    public static let doubleTapZoomFactor = 2.0
    /// Each detent of a mouse wheel (maintenance with a mouse) zooms by this factor around the pointer.
    public static let wheelZoomPerDetent = 1.25
    /// A flick the same way as the glide it caught adds this fraction of the glide's velocity.
    public static let carriedMomentum = 0.5
    /// No touch for this long and the map springs home (and the card goes away).
    public static let idleTimeoutSeconds = 60.0
    /// The same, as the camera and the card count time.
    public static let idleTimeoutMicroseconds = Int64(idleTimeoutSeconds * 1_000_000)

    // MARK: The journey card

    /// The card's anchors: how much of the screen's length along the sheet's axis it covers at rest.
    public static let cardPeek = 0.22
    public static let cardHalf = 0.5
    public static let cardFull = 0.92
    /// The card between anchors: the scroll-mechanics talk's card (m 1, s 200, ζ 1).
    public static let cardSpring = Spring(constantMass: 1, stiffness: 200, dampingRatio: 1)
    /// A list inside a card or sheet (the card's steps, the search results) meeting its end: the reference spring
    /// (m 1, s 100, ζ 1), softer than the map's edge bounce, as the lists have always shipped.
    public static let listBounceSpring = Spring(constantMass: 1, stiffness: 100, dampingRatio: 1)
}
