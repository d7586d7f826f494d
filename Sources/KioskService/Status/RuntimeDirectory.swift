import Foundation

/// /run/metro-kiosk: systemd makes it for the unit (RuntimeDirectory=); a kiosk started by hand as root (or in the
/// VM test) makes it itself, root and group only, before the first status file or the socket goes in.
enum RuntimeDirectory {
    static func prepare(for path: String) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard !FileManager.default.fileExists(atPath: directory) else { return }
        mkdir(directory, 0o750)
    }
}
