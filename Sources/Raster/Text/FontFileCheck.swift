#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutputFile

/// What a font path must be before FreeType opens it: a regular file (FreeType's `open` of a FIFO waits for a
/// writer for ever, issue 38) and, for TrueType and OpenType files, long enough for every table its directory
/// lists. FreeType reads tables lazily, so a file cut at 90 % opened fine and drew missing or garbled glyphs.
enum FontFileCheck {
    /// Why `path` (face `faceIndex`) is no usable font file, or nil when it may be handed to FreeType.
    static func problem(path: String, faceIndex: Int) -> FontError? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            return errno == ENOENT ? .fileNotFound(path: path) : .unusableFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .unusableFile(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .unusableFile(path: path, reason: "it is \(OutputFile.kind(of: info.st_mode)), not a font file")
        }
        let size = Int(info.st_size)
        guard let needed = bytesNeeded(fd: fd, faceIndex: faceIndex, size: size) else { return nil }
        guard needed <= size else {
            return .unusableFile(path: path, reason: "the file is cut short: its tables need \(needed) bytes, it has \(size)")
        }
        return nil
    }

    /// The end of the furthest table of an sfnt face (TrueType, OpenType, or one face of a collection); nil for
    /// other formats, which FreeType checks itself.
    static func bytesNeeded(fd: Int32, faceIndex: Int, size: Int) -> Int? {
        func uint32(at offset: Int) -> Int? {
            var bytes = [UInt8](repeating: 0, count: 4)
            guard offset >= 0, offset + 4 <= size, pread(fd, &bytes, 4, off_t(offset)) == 4 else { return nil }
            return bytes.reduce(0) { $0 << 8 | Int($1) }
        }
        guard let tag = uint32(at: 0) else { return nil }
        var face = 0
        if tag == 0x7474_6366 { // "ttcf": a collection, the face's offset is in its header
            guard let count = uint32(at: 8), faceIndex >= 0, faceIndex < count, let offset = uint32(at: 12 + 4 * faceIndex) else {
                return nil
            }
            face = offset
        }
        guard let version = uint32(at: face), [0x0001_0000, 0x4F54_544F, 0x7472_7565].contains(version) else { return nil }
        var header = [UInt8](repeating: 0, count: 2)
        guard face + 6 <= size, pread(fd, &header, 2, off_t(face + 4)) == 2 else { return size + 1 }
        let tables = Int(header[0]) << 8 | Int(header[1])
        let directoryEnd = face + 12 + 16 * tables
        guard directoryEnd <= size else { return directoryEnd }
        var directory = [UInt8](repeating: 0, count: 16 * tables)
        guard tables == 0 || pread(fd, &directory, directory.count, off_t(face + 12)) == directory.count else { return directoryEnd }
        var needed = directoryEnd
        for index in 0..<tables {
            let record = directory[(16 * index + 8)..<(16 * index + 16)].reduce(0) { $0 << 8 | Int($1) }
            let offset = record >> 32, length = record & 0xFFFF_FFFF
            needed = max(needed, offset + length)
        }
        return needed
    }

}
