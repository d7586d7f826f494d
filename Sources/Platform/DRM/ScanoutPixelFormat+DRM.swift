import KioskCore

extension ScanoutPixelFormat {
    /// The `depth` argument of drmModeAddFB.
    var depth: UInt32 { self == .xrgb8888 ? 24 : 16 }
}
