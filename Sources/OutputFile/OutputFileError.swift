import Diagnostics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an output file was not written. Whatever was at the path before is untouched in every case.
public enum OutputFileError: Error, Equatable, CustomStringConvertible {
    /// The path names something that is not a regular file (a device, a FIFO, a directory, a socket, or a symlink to
    /// one of those): writing there would either feed a device or replace it with a regular file.
    case notARegularFile(path: String, kind: String)
    /// The path is a symlink to nothing: following it would create a file somewhere the operator did not name.
    case danglingSymlink(path: String)
    /// A system call failed (no directory, no space, no permission, file too large…).
    case systemError(path: String, operation: String, errno: Int32)

    public var description: String {
        switch self {
        case .notARegularFile(let path, let kind):
            return "\(path): refusing to write: it is \(kind), not a regular file (give a new path or a regular file)"
        case .danglingSymlink(let path):
            return "\(path): refusing to write: it is a symlink to a missing file"
        case .systemError(let path, let operation, let code):
            return "\(path): cannot write: \(operation): \(String(cString: strerror(code)))"
        }
    }

    /// sysexits.h EX_CANTCREAT: every output failure is reported with this status.
    public static let exitStatus = Sysexit.cannotCreate
}
