/// Whether headphones are in the kiosk's jack, as the sound card's "Headphone Jack" control says (ADA §707.3:
/// speech through a standard headphone jack, so unplugging must stop it being played to nobody).
public enum HeadphoneJack: String, Sendable, Equatable {
    case plugged = "in"
    case unplugged = "out"
    /// The card has no jack control (a USB adapter, the VM's file output): speech plays regardless.
    case unknown
}

/// Where the jack's state comes from: the card's control (`ALSAJackControl` in Platform) on a kiosk, a scripted
/// fake in tests. Used from the watcher's thread only.
public protocol HeadphoneJackSource: AnyObject {
    /// The jack as it is now.
    func read() -> HeadphoneJack
    /// Blocks until the card reports a control change or `timeoutMilliseconds` pass; false when the source can no
    /// longer report (the card went away), which ends the watch.
    func waitForChange(timeoutMilliseconds: Int32) -> Bool
}

/// A card without a jack control, or no card at all (speech is silent): the jack is unknown and never changes.
public final class NoHeadphoneJack: HeadphoneJackSource {
    public init() {}
    public func read() -> HeadphoneJack { .unknown }
    public func waitForChange(timeoutMilliseconds: Int32) -> Bool { false }
}
