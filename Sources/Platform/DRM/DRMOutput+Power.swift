import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// The screen schedule's switch: the panel dark (CRTC inactive) or lit, without giving up the display.
extension DRMOutput {
    /// Darkens or lights the panel through the connector's DPMS property: legacy KMS's power switch, which atomic
    /// drivers carry out as the CRTC's ACTIVE = 0/1. The mode and the framebuffers are kept, so lighting again is
    /// one call; the next frame after it is copied whole (`invalidate`) in case the driver dropped the picture.
    public func setScreenPower(on: Bool) throws(DRMError) {
        guard let display else { return }
        _ = try? waitForFlip(timeoutMilliseconds: 100)
        guard let property = connectorProperty(named: "DPMS", connector: display.connector.id) else {
            throw .call("\(display.connector.name) has no DPMS property", errno: ENOTSUP)
        }
        let value = UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF)
        guard drmModeConnectorSetProperty(card.fd, display.connector.id, property.id, value) == 0 else {
            throw .call("set DPMS \(on ? "on" : "off") on \(display.connector.name)", errno: errno)
        }
        if on { invalidate() }
    }

    /// Whether the panel is lit, read back from the kernel (nil: no display or no DPMS property).
    public var screenPowerIsOn: Bool? {
        guard let display, let property = connectorProperty(named: "DPMS", connector: display.connector.id) else { return nil }
        return property.value == UInt64(DRM_MODE_DPMS_ON)
    }

    private func connectorProperty(named name: String, connector: UInt32) -> (id: UInt32, value: UInt64)? {
        guard let properties = drmModeObjectGetProperties(card.fd, connector, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else { return nil }
        defer { drmModeFreeObjectProperties(properties) }
        for index in 0..<Int(properties.pointee.count_props) {
            guard let property = drmModeGetProperty(card.fd, properties.pointee.props[index]) else { continue }
            defer { drmModeFreeProperty(property) }
            let propertyName = withUnsafeBytes(of: property.pointee.name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if propertyName == name { return (property.pointee.prop_id, properties.pointee.prop_values[index]) }
        }
        return nil
    }
}
