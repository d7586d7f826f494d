import KioskCore
import MetroMap

/// `kiosk.toml` bytes → the loader check-config and a reload use; an accepted config also builds its runtime
/// settings (camera limits, springs), where numbers meet the physics.
enum ConfigHarness {
    static func run(_ bytes: [UInt8]) {
        guard let config = try? KioskConfigLoader.parse(bytes: bytes, fileName: "fuzz.toml") else { return }
        let geometry = CameraGeometry(contentOrigin: .init(x: 0, y: 0), contentSize: .init(width: 1000, height: 800),
                                      viewport: .init(width: 1280, height: 800))
        _ = try? config.cameraSettings(geometry: geometry)
        _ = config.homeCamera(geometry: geometry)
    }
}
