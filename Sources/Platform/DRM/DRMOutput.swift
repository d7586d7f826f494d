import CDRM
import KioskCore
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// The kiosk's screen: a DRM card, one connector, two dumb buffers flipped in turn, fed from the caller's shadow frame.
///
/// Use: `presentAndWait` a frame: it waits for the pacer's slot, submits (a mode set the first time, a page flip after),
/// and blocks on the card until the flip lands, returning its kernel timestamp; `reprobe()` after a drm hotplug event;
/// `invalidate()` when the seat comes back; `restore()` (or drop it) on exit. Probing (card, connector, mode, CRTC,
/// buffers) is in DRMOutput+Probe.swift, committing frames (copy, mode set, page flip, completions) in
/// DRMOutput+Commit.swift.
public final class DRMOutput {
    public struct Configuration: Sendable {
        /// `/dev/dri/card0`; nil finds the first card with a connected display and dumb buffers.
        public var cardPath: String?
        /// `HDMI-A-1`; nil takes the first connected connector.
        public var connectorName: String?
        /// nil takes the display's preferred mode.
        public var mode: ModeRequest?
        public var rotation: OutputRotation
        public var format: ScanoutPixelFormat

        public init(cardPath: String? = nil, connectorName: String? = nil, mode: ModeRequest? = nil,
                    rotation: OutputRotation = .none, format: ScanoutPixelFormat = .xrgb8888) {
            self.cardPath = cardPath
            self.connectorName = connectorName
            self.mode = mode
            self.rotation = rotation
            self.format = format
        }
    }

    /// What is being driven while a display is connected.
    public struct Display {
        public var connector: DRMConnector
        public var crtcID: UInt32
        public var mode: DisplayMode
        /// The size the caller's shadow frame must have (the mode, turned by the rotation).
        public var uprightWidth: Int
        public var uprightHeight: Int
    }

    public enum Change: Equatable { case unchanged, connected, disconnected }

    public let configuration: Configuration
    public let card: DRMCard
    public internal(set) var display: Display?
    public internal(set) var pacer: FramePacer
    public internal(set) var isFlipPending = false
    /// How long the last frame's damage copy into the back buffer took, µs: the part of a frame's cost that comes
    /// after the loop has drawn it and before it can be flipped (a 4K portrait frame's turned copy is milliseconds).
    public internal(set) var lastCopyMicroseconds: Int64 = 0
    /// Flips completed by the kernel, filled by the C callback during drmHandleEvent.
    var completions: [FlipCompletion] = []

    var buffers: [DumbBuffer] = []
    var frontIndex = 0
    var modeIsSet = false
    var savedCRTC: UnsafeMutablePointer<drmModeCrtc>?
    /// Every kernel since 3.8 stamps flips with CLOCK_MONOTONIC; if one did not, we stamp them ourselves on
    /// arrival rather than mix clocks with libinput's event times.
    public let timestampsAreMonotonic: Bool
    var savedConnectorID: UInt32 = 0

    /// Readable when a flip completion is waiting (`waitForFlip` blocks on it).
    public var fileDescriptor: Int32 { card.fd }

    /// Opens the card and sets up the display if one is connected. With none connected it still succeeds
    /// (`display == nil`): a kiosk booted before its screen is switched on must come up when it is.
    public init(configuration: Configuration, access: DeviceAccess = DirectDeviceAccess()) throws(DRMError) {
        self.configuration = configuration
        self.card = try DRMOutput.openCard(configuration, access: access)
        self.timestampsAreMonotonic = card.hasMonotonicTimestamps
        self.pacer = FramePacer(refreshPeriodMicroseconds: 16_667)
        try setUpDisplay()
    }

    deinit { restore() }

    /// The seat came back (VT switch, session change): what was on screen is gone, so the next frame sets the mode
    /// again and is copied whole.
    public func invalidate() {
        guard let display else { return }
        modeIsSet = false
        isFlipPending = false
        let full = IntRect.full(width: display.uprightWidth, height: display.uprightHeight)
        for buffer in buffers { buffer.staleRegion = full }
    }

    /// Puts back the CRTC found at start (what the console or the previous program showed). Safe to call twice.
    public func restore() {
        guard let saved = savedCRTC else { return }
        _ = try? waitForFlip(timeoutMilliseconds: 100)
        var crtc = saved.pointee
        if crtc.mode_valid != 0, crtc.buffer_id != 0 {
            var connectorID = savedConnectorID
            drmModeSetCrtc(card.fd, crtc.crtc_id, crtc.buffer_id, crtc.x, crtc.y, &connectorID, 1, &crtc.mode)
        } else {
            drmModeSetCrtc(card.fd, crtc.crtc_id, 0, 0, 0, nil, 0, nil)
        }
        drmModeFreeCrtc(saved)
        savedCRTC = nil
    }
}
