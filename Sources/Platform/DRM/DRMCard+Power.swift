import CDRM

/// Whether a connector's panel is lit, as the kernel has it: what `metro-kiosk outputs` prints so that a test (or an
/// operator) can see the screen schedule act on the CRTC, read by any process, not only the DRM master.
public struct ConnectorPower: Sendable, Equatable {
    /// The connector's DPMS property: "on", "standby", "suspend", "off" (nil: the connector has none).
    public var dpms: String?
    /// The CRTC driving the connector (nil: none).
    public var crtcID: UInt32?
    /// That CRTC's atomic ACTIVE property (nil: no CRTC, or the driver is not atomic).
    public var active: Bool?
}

extension DRMCard {
    /// The power state of `connector` now. Asks for atomic properties on this file descriptor (a client capability,
    /// harmless to the master), since a CRTC's ACTIVE is only shown to atomic clients.
    public func power(of connector: DRMConnector, in resources: CardResources) -> ConnectorPower {
        let dpms = property(named: "DPMS", object: connector.id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR)).map { value in
            switch value.value {
            case UInt64(DRM_MODE_DPMS_ON): "on"
            case UInt64(DRM_MODE_DPMS_STANDBY): "standby"
            case UInt64(DRM_MODE_DPMS_SUSPEND): "suspend"
            case UInt64(DRM_MODE_DPMS_OFF): "off"
            default: "\(value.value)"
            }
        }
        guard let crtc = resources.encoders[connector.encoderID]?.crtcID, crtc != 0 else {
            return ConnectorPower(dpms: dpms, crtcID: nil, active: nil)
        }
        _ = drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1)
        let active = property(named: "ACTIVE", object: crtc, type: UInt32(DRM_MODE_OBJECT_CRTC)).map { $0.value != 0 }
        return ConnectorPower(dpms: dpms, crtcID: crtc, active: active)
    }

    /// A KMS object's property by name: its id and current value.
    public func property(named name: String, object: UInt32, type: UInt32) -> (id: UInt32, value: UInt64)? {
        guard let properties = drmModeObjectGetProperties(fd, object, type) else { return nil }
        defer { drmModeFreeObjectProperties(properties) }
        for index in 0..<Int(properties.pointee.count_props) {
            guard let property = drmModeGetProperty(fd, properties.pointee.props[index]) else { continue }
            defer { drmModeFreeProperty(property) }
            let propertyName = withUnsafeBytes(of: property.pointee.name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if propertyName == name { return (property.pointee.prop_id, properties.pointee.prop_values[index]) }
        }
        return nil
    }
}
