import Diagnostics
import Foundation

/// Where `[network] timetable` (and `route --timetable`, `link-gtfs --timetable`) read a timetable from: the
/// compiled file `import-gtfs` writes, or a GTFS feed itself (a folder of .txt files or a .zip), compiled on load.
/// A feed is for small networks such as the bundled demo's, whose few frequency rows compile in a blink and would
/// otherwise need a build product kept in step with them; a real network's feed is compiled once with
/// `import-gtfs`, which also lists the rows it skipped.
public enum TimetableSource {
    public static func load(path: String) throws(Diagnostic) -> Timetable {
        guard isFeed(path) else { return try TimetableFile.load(path: path) }
        return TimetableCompiler.compile(try GTFSReader.read(path: path))
    }

    /// A folder or a .zip is a feed; anything else is taken for a compiled file (and refused there if it is not).
    public static func isFeed(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return true }
        return path.lowercased().hasSuffix(".zip")
    }
}
