import MetroMap

/// A map as read, with what it was read from: a reload (SIGHUP) whose map file has not changed byte for byte keeps
/// the map instead of parsing it again: parsing is the slow part of a reload.
public struct LoadedMap: Sendable {
    public let path: String?
    /// FNV-1a 64 of the file's bytes; nil: not a single file (a pMetro folder), never reused.
    public let fingerprint: UInt64?
    public let map: MetroMap

    public init(path: String?, map: MetroMap) {
        self.path = path
        fingerprint = InputFile.fingerprint(of: path)
        self.map = map
    }

    /// The map again if `path` still holds exactly what it was read from.
    public func reused(for path: String?) -> MetroMap? {
        guard path == self.path else { return nil }
        // The bundled demo cannot change under a running process.
        if path == nil { return map }
        guard let fingerprint, InputFile.fingerprint(of: path) == fingerprint else { return nil }
        return map
    }
}
