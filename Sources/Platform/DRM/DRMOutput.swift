import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// The kiosk's screen: a DRM card, one connector, two dumb buffers flipped in turn, fed from the caller's shadow frame.
///
/// Use: `present` a frame when `canSubmit(now:)`; poll `fileDescriptor` and call `dispatchEvents()` when it is
/// readable to learn when the flip landed; `reprobe()` after a drm hotplug event; `restore()` (or drop it) on exit.
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
    public private(set) var display: Display?
    public private(set) var pacer: FramePacer
    public private(set) var isFlipPending = false
    /// Flips completed by the kernel, filled by the C callback during drmHandleEvent.
    fileprivate var completions: [FlipCompletion] = []

    private var buffers: [DumbBuffer] = []
    private var frontIndex = 0
    private var modeIsSet = false
    private var savedCRTC: UnsafeMutablePointer<drmModeCrtc>?
    /// Every kernel since 3.8 stamps flips with CLOCK_MONOTONIC; if one did not, we stamp them ourselves on
    /// arrival rather than mix clocks with libinput's event times.
    public let timestampsAreMonotonic: Bool
    private var savedConnectorID: UInt32 = 0

    /// Polls readable when a flip completion is waiting.
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

    static func openCard(_ configuration: Configuration, access: DeviceAccess) throws(DRMError) -> DRMCard {
        if let path = configuration.cardPath {
            let card = try DRMCard(path: path, access: access)
            guard card.supportsDumbBuffers else { throw .noDumbBuffers(path: path) }
            return card
        }
        let paths = DRMCard.candidatePaths()
        var fallback: DRMCard? = nil
        for path in paths {
            guard let card = try? DRMCard(path: path, access: access), card.supportsDumbBuffers else { continue }
            if let res = try? card.probe(), res.connectors.contains(where: { $0.status == .connected }) { return card }
            if fallback == nil { fallback = card }
        }
        if let fallback { return fallback }
        throw .noCardFound(searched: paths.isEmpty ? ["/dev/dri (no cards)"] : paths)
    }

    /// Chooses connector, mode and CRTC, allocates the buffers. Leaves `display` nil if nothing is connected.
    private func setUpDisplay() throws(DRMError) {
        let resources = try card.probe()
        let connector: DRMConnector
        if let name = configuration.connectorName {
            guard let named = resources.connectors.first(where: { $0.name == name }) else {
                throw .connectorNotFound(name: name, available: resources.connectors.map(\.name))
            }
            guard named.status != .disconnected else { return }
            connector = named
        } else {
            guard let first = resources.connectors.first(where: { $0.status == .connected }) else { return }
            connector = first
        }
        let chosen = configuration.mode.map { $0.select(from: connector.modes) } ?? ModeRequest.defaultMode(from: connector.modes)
        guard let mode = chosen else {
            throw .modeNotAvailable(requested: configuration.mode?.description ?? "preferred", connector: connector.name,
                                    available: connector.modes.map(\.description))
        }
        guard let crtcID = resources.crtc(for: connector) else { throw .noCRTC(connector: connector.name) }

        let upright = configuration.rotation.uprightSize(scanoutWidth: mode.width, scanoutHeight: mode.height)
        let everything = DamageRect.full(width: upright.width, height: upright.height)
        var made: [DumbBuffer] = []
        for _ in 0..<2 {
            made.append(try DumbBuffer(card: card, width: mode.width, height: mode.height,
                                       format: configuration.format, uprightDamage: everything))
        }
        if savedCRTC == nil {
            savedCRTC = drmModeGetCrtc(card.fd, crtcID)
            savedConnectorID = connector.id
        }
        buffers = made
        frontIndex = 0
        modeIsSet = false
        isFlipPending = false
        completions = []
        pacer = FramePacer(refreshPeriodMicroseconds: mode.refreshPeriodMicroseconds)
        display = Display(connector: connector, crtcID: crtcID, mode: mode,
                          uprightWidth: upright.width, uprightHeight: upright.height)
    }

    /// Whether a frame may be submitted at `now`: a display is there, no flip is in flight, and the pacer's slot came.
    public func canSubmit(now: Int64) -> Bool {
        guard display != nil, !isFlipPending else { return false }
        return (pacer.earliestSubmitMicroseconds() ?? now) <= now
    }

    /// Copies the damaged part of `frame` into the back buffer and shows it: a mode set the first time
    /// (synchronous: the completion is returned at once), a page flip after that (its completion comes through
    /// `dispatchEvents`). Returns nil when nothing was submitted because no display is connected.
    @discardableResult
    public func present(_ frame: ShadowFrame, damage: DamageRect) throws(DRMError) -> PresentResult {
        guard let display else { return .noDisplay }
        guard !isFlipPending else { return .busy }
        guard frame.width == display.uprightWidth, frame.height == display.uprightHeight else {
            throw .call("present: frame is \(frame.width)x\(frame.height), display needs \(display.uprightWidth)x\(display.uprightHeight)", errno: EINVAL)
        }
        let backIndex = 1 - frontIndex
        for buffer in buffers { buffer.staleRegion = buffer.staleRegion.union(damage) }
        let back = buffers[backIndex]
        DamageCopy.copy(from: frame, damage: back.staleRegion, to: back.memory, pitchBytes: back.pitchBytes,
                        format: configuration.format, rotation: configuration.rotation)
        back.staleRegion = DamageRect(x: 0, y: 0, width: 0, height: 0)

        if !modeIsSet {
            var connectorID = display.connector.id
            var mode = display.mode.info
            guard drmModeSetCrtc(card.fd, display.crtcID, back.framebufferID, 0, 0, &connectorID, 1, &mode) == 0 else {
                throw .call("drmModeSetCrtc(\(display.connector.name), \(display.mode))", errno: errno)
            }
            // virtio-gpu shows a buffer only once told it changed.
            _ = drmModeDirtyFB(card.fd, back.framebufferID, nil, 0)
            modeIsSet = true
            frontIndex = backIndex
            return .shown(FlipCompletion(sequence: 0, timestampMicroseconds: MonotonicClock.nowMicroseconds()))
        }
        let userData = Unmanaged.passUnretained(self).toOpaque()
        guard drmModePageFlip(card.fd, display.crtcID, back.framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData) == 0 else {
            let code = errno
            if code == EBUSY { return .busy }
            throw .call("drmModePageFlip(\(display.connector.name))", errno: code)
        }
        isFlipPending = true
        frontIndex = backIndex
        return .flipPending
    }

    public enum PresentResult: Equatable {
        /// Shown at once (the first frame, by mode set).
        case shown(FlipCompletion)
        /// Submitted; the completion arrives through `dispatchEvents`.
        case flipPending
        /// A flip is still in flight: try again after its completion.
        case busy
        case noDisplay
    }

    /// Reads flip completions; call when `fileDescriptor` polls readable. Each completion is fed to the pacer.
    public func dispatchEvents() throws(DRMError) -> [FlipCompletion] {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, sequence, seconds, microseconds, userData in
            guard let userData else { return }
            let output = Unmanaged<DRMOutput>.fromOpaque(userData).takeUnretainedValue()
            output.completions.append(FlipCompletion(sequence: sequence, seconds: seconds, microseconds: microseconds))
        }
        guard drmHandleEvent(card.fd, &context) == 0 else { throw .call("drmHandleEvent", errno: errno) }
        var done = completions
        completions = []
        if !timestampsAreMonotonic {
            let now = MonotonicClock.nowMicroseconds()
            done = done.map { FlipCompletion(sequence: $0.sequence, timestampMicroseconds: now) }
        }
        for flip in done {
            isFlipPending = false
            pacer.record(flip)
        }
        return done
    }

    /// Waits up to `timeoutMilliseconds` for the flip in flight and returns its completion (nil on timeout or when
    /// none is in flight). For diagnostics and shutdown; the run loop polls the descriptor with its other inputs.
    public func waitForFlip(timeoutMilliseconds: Int32) throws(DRMError) -> FlipCompletion? {
        guard isFlipPending else { return nil }
        var fds = pollfd(fd: card.fd, events: Int16(POLLIN), revents: 0)
        let deadline = MonotonicClock.nowMicroseconds() + Int64(timeoutMilliseconds) * 1000
        while isFlipPending {
            let left = max(0, (deadline - MonotonicClock.nowMicroseconds()) / 1000)
            let ready = poll(&fds, 1, Int32(left))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return nil }
            if let last = try dispatchEvents().last { return last }
        }
        return nil
    }

    /// Probes again after a drm hotplug event: sets the display up when one appeared, drops it when it left.
    public func reprobe() throws(DRMError) -> Change {
        let resources = try card.probe()
        if let display {
            let current = resources.connectors.first(where: { $0.id == display.connector.id })
            if current?.status == .disconnected || current == nil {
                _ = try? waitForFlip(timeoutMilliseconds: 100)
                buffers = []
                self.display = nil
                modeIsSet = false
                isFlipPending = false
                return .disconnected
            }
            return .unchanged
        }
        try setUpDisplay()
        return display == nil ? .unchanged : .connected
    }

    /// The seat came back (VT switch, session change): what was on screen is gone, so the next frame sets the mode
    /// again and is copied whole.
    public func invalidate() {
        guard let display else { return }
        modeIsSet = false
        isFlipPending = false
        let full = DamageRect.full(width: display.uprightWidth, height: display.uprightHeight)
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
