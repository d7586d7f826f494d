#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the kiosk writes a file an operator named (`--out`, snapshots, frames, journals).
///
/// A regular file or a new path is replaced atomically: the bytes go to a temporary file in the same directory,
/// are fsync'd, and only then renamed over the path, so a reader sees the old file or the new one, never half of
/// one, and a failed write leaves the old file as it was. Anything else at the path (a device node, a FIFO, a
/// directory, a socket, a symlink to one of those) is refused before anything is opened: renaming over `/dev/null`
/// as root would replace the device with a regular file. A symlink to a regular file is followed, so the link
/// survives and its target is replaced; but a fixed name the program chooses inside an output directory
/// (`frames.jsonl` in `run --headless --out DIR`) names no target of the operator's: a symlink planted there is
/// replaced itself, never followed out of the directory (`Symlinks.replace`).
public enum OutputFile {
    /// What a symlink at the path means.
    public enum Symlinks: Sendable {
        /// The operator named the path: the link's regular-file target is written.
        case follow
        /// The program chose the name inside a directory: the link itself is replaced, its target left alone.
        case replace
    }

    /// Writes `bytes` to `path` atomically (see the type's comment).
    public static func write(_ bytes: some Collection<UInt8>, to path: String,
                             symlinks: Symlinks = .follow) throws(OutputFileError) {
        try write(Array(bytes), to: path, symlinks: symlinks, calls: .system)
    }

    /// `write` with the flushing and renaming calls given (a test counts them).
    static func write(_ bytes: [UInt8], to path: String, symlinks: Symlinks, calls: DurableCalls) throws(OutputFileError) {
        let target = try resolve(path, symlinks: symlinks)
        let temporary = try Temporary(beside: target, reportedAs: path)
        do {
            try temporary.append(bytes)
            try temporary.commit(calls)
        } catch {
            temporary.discard()
            throw error
        }
    }

    /// Writes UTF-8 text to `path` atomically.
    public static func write(text: String, to path: String, symlinks: Symlinks = .follow) throws(OutputFileError) {
        try write(Array(text.utf8), to: path, symlinks: symlinks)
    }

    /// Writes UTF-8 text that `produce` hands over in pieces, atomically: a large output (an imported city's map)
    /// never has to be held whole. `produce` may only rethrow what the sink throws.
    public static func write(to path: String,
                             textPieces produce: ((String) throws(OutputFileError) -> Void) throws(OutputFileError) -> Void)
        throws(OutputFileError) {
        let target = try resolve(path)
        let temporary = try Temporary(beside: target, reportedAs: path)
        do {
            try produce { (piece: String) throws(OutputFileError) in try temporary.append(Array(piece.utf8)) }
            try temporary.commit()
        } catch {
            temporary.discard()
            throw error
        }
    }

    /// Whether `write` would accept `path`, without writing anything: `check-config` applies the rule to the files
    /// the config names, so a FIFO or a directory there is reported before the kiosk starts.
    public static func check(_ path: String) throws(OutputFileError) {
        _ = try resolve(path)
    }

    /// The path the bytes will finally be renamed to: `path` itself, or the regular file a symlink points to.
    /// Throws for anything that is not a regular file or a new name in an existing directory.
    static func resolve(_ path: String, symlinks: Symlinks = .follow) throws(OutputFileError) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return path }
            throw .systemError(path: path, operation: "lstat", errno: code)
        }
        // The rename replaces the link itself: nothing outside the directory is touched.
        if info.st_mode & S_IFMT == S_IFLNK, symlinks == .replace { return path }
        if info.st_mode & S_IFMT == S_IFLNK {
            var target = stat()
            guard stat(path, &target) == 0 else {
                let code = errno
                if code == ENOENT { throw .danglingSymlink(path: path) }
                throw .systemError(path: path, operation: "stat", errno: code)
            }
            guard target.st_mode & S_IFMT == S_IFREG else {
                throw .notARegularFile(path: path, kind: "a symlink to " + kind(of: target.st_mode))
            }
            guard let real = realpath(path, nil) else {
                throw .systemError(path: path, operation: "realpath", errno: errno)
            }
            defer { free(real) }
            return String(cString: real)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .notARegularFile(path: path, kind: kind(of: info.st_mode))
        }
        return path
    }

    /// What a file that is not a regular one is, in the words every refusal uses (output files here; maps and
    /// fonts read by MetroMap and Raster too, so an operator reads one wording).
    public static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO"
        case S_IFDIR: return "a directory"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symlink"
        default: return "a special file"
        }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }

    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
