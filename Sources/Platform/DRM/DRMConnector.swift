import CDRM

/// A display output of a card as probed: what is plugged in and what it can show.
public struct DRMConnector: Sendable, Equatable {
    public enum Status: String, Sendable { case connected, disconnected, unknown }

    public var id: UInt32
    /// `HDMI-A-1`, `eDP-1`, `Virtual-1`: the kernel's type name and the per-type index, as in sysfs and modetest.
    public var name: String
    public var status: Status
    public var widthMillimetres: Int
    public var heightMillimetres: Int
    public var modes: [DisplayMode]
    /// The encoder currently routing it, 0 if none.
    public var encoderID: UInt32
    public var possibleEncoderIDs: [UInt32]

    init(_ c: drmModeConnector) {
        id = c.connector_id
        name = DRMConnector.name(type: c.connector_type, typeIndex: c.connector_type_id)
        switch c.connection {
        case DRM_MODE_CONNECTED: status = .connected
        case DRM_MODE_DISCONNECTED: status = .disconnected
        default: status = .unknown
        }
        widthMillimetres = Int(c.mmWidth)
        heightMillimetres = Int(c.mmHeight)
        modes = (0..<Int(max(0, c.count_modes))).compactMap { i in c.modes.map { DisplayMode(info: $0[i]) } }
        encoderID = c.encoder_id
        possibleEncoderIDs = (0..<Int(max(0, c.count_encoders))).compactMap { i in c.encoders.map { $0[i] } }
    }

    static func name(type: UInt32, typeIndex: UInt32) -> String {
        let typeName = drmModeGetConnectorTypeName(type).map { String(cString: $0) } ?? "Unknown\(type)"
        return "\(typeName)-\(typeIndex)"
    }
}
