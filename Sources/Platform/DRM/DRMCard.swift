import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// An open /dev/dri/cardN. Closing happens when the last reference goes.
public final class DRMCard {
    public let path: String
    public let fd: Int32
    private let access: DeviceAccess

    /// `access`: opened directly by default, or through the seat manager.
    public init(path: String, access: DeviceAccess = DirectDeviceAccess()) throws(DRMError) {
        let fd = access.openDevice(path: path, flags: O_RDWR)
        guard fd >= 0 else { throw .cannotOpen(path: path, errno: -fd) }
        self.path = path
        self.fd = fd
        self.access = access
    }

    deinit { access.closeDevice(fd) }

    public func capability(_ cap: Int32) -> UInt64? {
        var value: UInt64 = 0
        return drmGetCap(fd, UInt64(cap), &value) == 0 ? value : nil
    }

    public var supportsDumbBuffers: Bool { (capability(DRM_CAP_DUMB_BUFFER) ?? 0) != 0 }
    /// Whether flip timestamps are CLOCK_MONOTONIC (every kernel since 3.8; checked because the scheduler relies on it).
    public var hasMonotonicTimestamps: Bool { (capability(DRM_CAP_TIMESTAMP_MONOTONIC) ?? 0) != 0 }
    public var prefersShadow: Bool { (capability(DRM_CAP_DUMB_PREFER_SHADOW) ?? 0) != 0 }

    public var driverName: String {
        guard let version = drmGetVersion(fd) else { return "unknown" }
        defer { drmFreeVersion(version) }
        return version.pointee.name.map { String(cString: $0) } ?? "unknown"
    }

    /// The card's resources and every connector, probed now (probing a connector may take a moment on real
    /// hardware: it reads the EDID).
    public func probe() throws(DRMError) -> CardResources {
        guard let res = drmModeGetResources(fd) else { throw .call("drmModeGetResources(\(path))", errno: errno) }
        defer { drmModeFreeResources(res) }
        let r = res.pointee
        let crtcs = (0..<Int(max(0, r.count_crtcs))).compactMap { i in r.crtcs.map { $0[i] } }
        let connectorIDs = (0..<Int(max(0, r.count_connectors))).compactMap { i in r.connectors.map { $0[i] } }
        var connectors: [DRMConnector] = []
        for id in connectorIDs {
            guard let c = drmModeGetConnector(fd, id) else { continue }
            connectors.append(DRMConnector(c.pointee))
            drmModeFreeConnector(c)
        }
        var encoders: [UInt32: (crtcID: UInt32, possibleCRTCs: UInt32)] = [:]
        let encoderIDs = (0..<Int(max(0, r.count_encoders))).compactMap { i in r.encoders.map { $0[i] } }
        for id in encoderIDs {
            guard let e = drmModeGetEncoder(fd, id) else { continue }
            encoders[id] = (e.pointee.crtc_id, e.pointee.possible_crtcs)
            drmModeFreeEncoder(e)
        }
        return CardResources(crtcIDs: crtcs, connectors: connectors, encoders: encoders)
    }

    /// /dev/dri/card0 ... card15 that exist.
    public static func candidatePaths() -> [String] {
        (0..<16).map { "/dev/dri/card\($0)" }.filter { Glibc.access($0, F_OK) == 0 }
    }
}

/// What a card has, as probed.
public struct CardResources {
    public var crtcIDs: [UInt32]
    public var connectors: [DRMConnector]
    public var encoders: [UInt32: (crtcID: UInt32, possibleCRTCs: UInt32)]

    /// A CRTC for the connector: the one already driving it (no modeset flicker), else the first one an encoder
    /// of the connector can use.
    public func crtc(for connector: DRMConnector) -> UInt32? {
        if let current = encoders[connector.encoderID], current.crtcID != 0 { return current.crtcID }
        for encoderID in connector.possibleEncoderIDs {
            guard let encoder = encoders[encoderID] else { continue }
            for (index, crtcID) in crtcIDs.enumerated() where index < 32 && encoder.possibleCRTCs & (1 << UInt32(index)) != 0 {
                return crtcID
            }
        }
        return nil
    }
}
