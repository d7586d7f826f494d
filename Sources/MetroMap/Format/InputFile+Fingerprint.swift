extension InputFile {
    /// FNV-1a 64 of a file's bytes, so a reload can keep what it read from a file that has not changed byte for byte
    /// (the map, the timetable, the links); nil: no path, or nothing readable as a regular file there.
    public static func fingerprint(of path: String?) -> UInt64? {
        guard let path, case let .success(bytes) = read(path) else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
