import Foundation

/// Where the repository and the shared real data (`../shared/data`, read in place, never copied in) are, for every
/// test target: found from this file's own location, so a test runs from any working directory.
public enum RepositoryPaths {
    /// The repository's root folder.
    public static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// `../shared/data` beside the repository.
    public static var sharedData: URL {
        root.deletingLastPathComponent().appendingPathComponent("shared/data")
    }

    /// A file or folder under `../shared/data`, e.g. `sharedData("maps/pmetro-moscow")`.
    public static func sharedData(_ relativePath: String) -> URL {
        sharedData.appendingPathComponent(relativePath)
    }

    /// A file or folder of the repository, e.g. `file("configs/kiosk.toml")`.
    public static func file(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }
}
