import KioskCore
import CDRM

/// One video mode a connector offers.
public struct DisplayMode: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Exact refresh from the pixel clock and totals, in millihertz (vrefresh is rounded to whole hertz).
    public var refreshMillihertz: Int
    public var isPreferred: Bool
    public var name: String
    /// The kernel's mode record, handed back unchanged to drmModeSetCrtc.
    public var info: drmModeModeInfo

    public init(info: drmModeModeInfo) {
        self.info = info
        width = Int(info.hdisplay)
        height = Int(info.vdisplay)
        isPreferred = info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0
        name = withUnsafeBytes(of: info.name) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        refreshMillihertz = DisplayMode.refreshMillihertz(
            clockKilohertz: Int(info.clock), htotal: Int(info.htotal), vtotal: Int(info.vtotal),
            vscan: Int(info.vscan), flags: info.flags, vrefresh: Int(info.vrefresh))
    }

    public var description: String {
        let centihertz = (refreshMillihertz + 5) / 10
        let fraction = centihertz % 100
        return "\(width)x\(height)@\(centihertz / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The time between two vblanks of this mode.
    public var refreshPeriodMicroseconds: Int64 {
        refreshMillihertz > 0 ? Int64((1_000_000_000 + refreshMillihertz / 2) / refreshMillihertz) : 16_667
    }

    /// Refresh as the kernel computes it (drm_mode_vrefresh): interlace doubles, doublescan and vscan divide.
    public static func refreshMillihertz(clockKilohertz: Int, htotal: Int, vtotal: Int, vscan: Int,
                                         flags: UInt32, vrefresh: Int) -> Int {
        guard htotal > 0, vtotal > 0, clockKilohertz > 0 else { return vrefresh * 1000 }
        var lines = vtotal
        if flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0 { lines *= 2 }
        if vscan > 1 { lines *= vscan }
        var millihertz = (clockKilohertz * 1_000_000 + (htotal * lines) / 2) / (htotal * lines)
        if flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 { millihertz *= 2 }
        return millihertz
    }
}

/// A mode the operator asked for: `1920x1080`, or `1920x1080@60` (refresh in hertz, decimals allowed). The same
/// value as the config's `[display] mode`, so check-config and `outputs --mode` read it alike.
public typealias ModeRequest = KioskConfig.DisplayMode

extension KioskConfig.DisplayMode: CustomStringConvertible {
    /// As `init?(parsing:)`, for callers that report the bad text.
    public init(validating text: String) throws(DRMError) {
        guard let mode = KioskConfig.DisplayMode(parsing: text) else { throw .invalidModeRequest(text) }
        self = mode
    }

    public var description: String {
        refreshHertz.map { "\(width)x\(height)@\($0)" } ?? "\(width)x\(height)"
    }

    /// The best mode for this request: same size; when a refresh was asked for, the closest one within half a hertz;
    /// otherwise the preferred one, then the highest refresh.
    public func select(from modes: [DisplayMode]) -> DisplayMode? {
        let candidates = modes.filter { mode in
            guard mode.width == width, mode.height == height else { return false }
            guard let hz = refreshHertz else { return true }
            return abs(Double(mode.refreshMillihertz) / 1000 - hz) <= 0.5
        }
        if let hz = refreshHertz {
            let wanted = Int((hz * 1000).rounded())
            return candidates.min { abs($0.refreshMillihertz - wanted) < abs($1.refreshMillihertz - wanted) }
        }
        return candidates.max { a, b in
            if a.isPreferred != b.isPreferred { return !a.isPreferred }
            return a.refreshMillihertz < b.refreshMillihertz
        }
    }

    /// No request: the mode the display calls preferred, else the first (the kernel lists the best first).
    public static func defaultMode(from modes: [DisplayMode]) -> DisplayMode? {
        modes.first(where: \.isPreferred) ?? modes.first
    }
}

extension DisplayMode {
    /// Two modes are the same when the kernel's records are byte for byte the same.
    public static func == (a: DisplayMode, b: DisplayMode) -> Bool {
        withUnsafeBytes(of: a.info) { x in withUnsafeBytes(of: b.info) { y in x.elementsEqual(y) } }
    }
}
