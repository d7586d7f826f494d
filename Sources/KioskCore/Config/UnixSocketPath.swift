#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a UNIX socket's path may be: `sockaddr_un.sun_path` holds 108 bytes with the final NUL, and a longer path
/// copied into it is cut to another name, which then reaches (or creates) another socket. The screenshot socket,
/// its client and `check-config` refuse a path that does not fit instead.
public enum UnixSocketPath {
    /// 107 on Linux.
    public static let maximumBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// Whether `path` fits whole (and holds no NUL, which would end it early).
    public static func fits(_ path: String) -> Bool {
        path.utf8.count <= maximumBytes && !path.utf8.contains(0)
    }

    public static func tooLongMessage(_ path: String) -> String {
        "a socket path holds at most \(maximumBytes) bytes, this one has \(path.utf8.count)"
    }
}
