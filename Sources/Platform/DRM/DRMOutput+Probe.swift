import CDRM
import KioskCore
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// Probing: which card, which connector and mode, which CRTC, and the buffers for them; again after a hotplug.
extension DRMOutput {
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
    func setUpDisplay() throws(DRMError) {
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
        let everything = IntRect.full(width: upright.width, height: upright.height)
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
}
