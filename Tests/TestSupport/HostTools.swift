import Foundation

/// What this machine has, for tests that need a tool or a device: they are marked `.enabled(if:)` with these so a
/// missing one shows as skipped in the test report, never as passed.
public enum HostTools {
    /// The first executable among `paths`, if any.
    public static func executable(_ paths: String...) -> String? {
        paths.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `systemd-analyze` (Debian 12: the systemd package).
    public static var systemdAnalyze: String? { executable("/usr/bin/systemd-analyze", "/bin/systemd-analyze") }

    /// Whether the machine has DRM devices (a GPU driver loaded).
    public static var hasDRMDevices: Bool { FileManager.default.fileExists(atPath: "/dev/dri") }

    /// Whether a file exists, e.g. a system font a test compares against.
    public static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
}
