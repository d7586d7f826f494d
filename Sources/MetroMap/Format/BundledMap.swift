import Foundation

/// Finds the demo map the project ships (`maps/demo-city.toml`), the default when no map is configured.
public enum BundledMap {
    public static let demoFileName = "demo-city.toml"
    /// Overrides every other place: a directory holding `demo-city.toml` (or a `maps/` folder that does).
    public static let dataDirectoryVariable = "METRO_KIOSK_DATA_DIR"

    /// Where the demo map is looked for, in order: `$METRO_KIOSK_DATA_DIR` (and its `maps/`),
    /// `/usr/share/metro-kiosk/maps`, beside the executable (`../share/metro-kiosk/maps` for an installed
    /// binary; `../../maps` and `../../../maps` for one built in `.build/`), then the source tree this file
    /// was compiled from.
    public static var searchDirectories: [String] {
        var directories: [String] = []
        if let data = ProcessInfo.processInfo.environment[dataDirectoryVariable], !data.isEmpty {
            directories += [data, data + "/maps"]
        }
        directories.append("/usr/share/metro-kiosk/maps")
        if let executable = executablePath {
            let binDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent()
            for relative in ["../share/metro-kiosk/maps", "../../maps", "../../../maps"] {
                directories.append(binDirectory.appendingPathComponent(relative).standardizedFileURL.path)
            }
        }
        // Sources/MetroMap/Format/BundledMap.swift → repository root.
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        directories.append(sourceRoot.appendingPathComponent("maps").path)
        return directories
    }

    /// The first demo map found, or nil when none of `searchDirectories` has one.
    public static var demoPath: String? {
        searchDirectories.lazy.map { $0 + "/" + demoFileName }.first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// Loads the demo map, or reports every place it looked.
    public static func loadDemo() throws(MapFileError) -> MetroMap {
        guard let path = demoPath else {
            throw .unreadable(path: demoFileName,
                              reason: "bundled demo map not found in: " + searchDirectories.joined(separator: ", "))
        }
        return try MapFileLoader.load(contentsOf: path)
    }

    private static var executablePath: String? {
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return link }
        return Bundle.main.executablePath
    }
}
