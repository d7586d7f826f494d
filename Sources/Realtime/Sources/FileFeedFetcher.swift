#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `file://` source (a feed another process drops on the kiosk, as `/var/lib/metro-kiosk/alerts.pb`): read whole
/// when its modification time or size changed, refused past the size limit, never a FIFO or device (a read that
/// could block the poller forever).
public final class FileFeedFetcher: FeedFetcher {
    public let path: String
    public let maximumBytes: Int

    public init(path: String, maximumBytes: Int) {
        self.path = path
        self.maximumBytes = maximumBytes
    }

    public func fetch(validators: FeedValidators?) -> FeedFetch {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failed("\(path): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failed("\(path): not a regular file") }
        guard Int(info.st_size) <= maximumBytes else {
            return .failed("\(path): \(info.st_size) bytes, more than the limit of \(maximumBytes)")
        }
        let stamp = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_size)"
        if validators?.lastModified == stamp { return .notModified }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failed("\(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        // One byte past the limit is read to tell a file that grew since stat from one that fits.
        var bytes = [UInt8](repeating: 0, count: maximumBytes + 1)
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failed("\(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            total += count
        }
        guard total <= maximumBytes else { return .failed("\(path): more than the limit of \(maximumBytes) bytes") }
        return .body(Array(bytes[0..<total]), FeedValidators(lastModified: stamp))
    }

    public func shutDown() {}

    /// A file spares no server, and one not there yet is the usual state before another process first drops it: a
    /// backoff would show its first alert minutes late (10, 20, 40… s after the kiosk started without it).
    public var backsOffOnFailure: Bool { false }
}
