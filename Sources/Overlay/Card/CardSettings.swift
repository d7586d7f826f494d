import Physics

/// How the journey card rests and moves: its anchors as fractions of the screen's length along the sheet's axis
/// (how much of the screen the card covers there), and the feel of the talk's card: projection with a deceleration
/// rate, the nearest anchor, a spring carrying the release velocity, a rubber band past the outermost anchors.
/// It is also the config's `[card]` (`KioskConfig.card`): one type, so the anchors and the feel are written once and
/// a card built in code (`CardSettings()`) is the kiosk's card.
public struct CardSettings: Equatable, Sendable {
    public var peek: Double
    public var half: Double
    public var full: Double
    public var spring: Spring
    public var rate: DecelerationRate
    public var rubberBandCoefficient: Double
    /// Without a touch this long the card goes away (the idle return home dismisses it first); nil: never. The
    /// kiosk sets it from `[kiosk] idle_timeout_s` (`KioskConfig.cardSettings()`), as the map's return home.
    public var idleTimeoutMicroseconds: Int64?

    public init(peek: Double = FeelDefaults.cardPeek, half: Double = FeelDefaults.cardHalf, full: Double = FeelDefaults.cardFull,
                spring: Spring = FeelDefaults.cardSpring, rate: DecelerationRate = FeelDefaults.decelerationRate,
                rubberBandCoefficient: Double = FeelDefaults.rubberBandCoefficient,
                idleTimeoutMicroseconds: Int64? = FeelDefaults.idleTimeoutMicroseconds) {
        self.peek = peek
        self.half = half
        self.full = full
        self.spring = spring
        self.rate = rate
        self.rubberBandCoefficient = rubberBandCoefficient
        self.idleTimeoutMicroseconds = idleTimeoutMicroseconds
    }
}
