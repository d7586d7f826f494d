import Overlay
import Physics

extension KioskConfig {
    /// The journey card's settings: `[card]`, going away when the map goes home (`[kiosk] idle_timeout_s`).
    public func cardSettings() -> CardSettings {
        var settings = card
        settings.idleTimeoutMicroseconds = kiosk.idleTimeoutMicroseconds
        return settings
    }
}
