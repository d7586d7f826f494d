import Overlay
import Physics

extension KioskConfig {
    /// The journey card's settings from `[card]`; it goes away when the map goes home (`[kiosk] idle_timeout_s`).
    public func cardSettings() throws(PhysicsError) -> CardSettings {
        CardSettings(peek: card.peek, half: card.half, full: card.full,
                     spring: card.spring,
                     rate: try DecelerationRate(perMillisecond: card.decelerationRate),
                     rubberBandCoefficient: card.rubberBand,
                     idleTimeoutMicroseconds: kiosk.idleTimeoutSeconds > 0 ? Int64(kiosk.idleTimeoutSeconds * 1_000_000) : nil)
    }
}
