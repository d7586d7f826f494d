import Foundation

/// Where the repository and the shared test data are, from this file's own location.
enum MetroKioskPaths {
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var sharedData: URL {
        repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    }
}
