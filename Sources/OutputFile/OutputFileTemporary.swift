#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension OutputFile {
    /// A temporary file beside the target (same directory, so the final rename is atomic on one file system).
    final class Temporary {
        let target: String
        let reportedPath: String
        private(set) var path: String
        private(set) var descriptor: Int32

        init(beside target: String, reportedAs reportedPath: String) throws(OutputFileError) {
            self.target = target
            self.reportedPath = reportedPath
            var existing = stat()
            let replacing = stat(target, &existing) == 0
            if replacing { StaleTemporaries.sweep(beside: target) }
            (descriptor, path) = try Self.create(beside: target, reportedAs: reportedPath)
            // A replaced regular file keeps its permissions; a new one gets the usual 0666 & ~umask, not mkstemp's 0600.
            if replacing {
                fchmod(descriptor, existing.st_mode & 0o7777)
            } else {
                let mask = umask(0)
                umask(mask)
                fchmod(descriptor, 0o666 & ~mask)
            }
        }

        /// A new temporary file, open and locked (`StaleTemporaries`). A sweep in another process may have removed it
        /// between `mkstemp` and the lock; then it has no name any more and another is made.
        private static func create(beside target: String, reportedAs reportedPath: String) throws(OutputFileError) -> (Int32, String) {
            for _ in 0..<8 {
                var template = Array((OutputFile.directory(of: target) + "/." + OutputFile.name(of: target) + ".XXXXXX").utf8CString)
                let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
                guard fd >= 0 else { throw .systemError(path: reportedPath, operation: "create temporary file", errno: errno) }
                // No flock on this file system: nothing is swept on it either, so the file keeps its name.
                _ = flock(fd, LOCK_EX)
                var info = stat()
                if fstat(fd, &info) == 0, info.st_nlink > 0 {
                    return (fd, template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
                }
                close(fd)
            }
            throw .systemError(path: reportedPath, operation: "create temporary file", errno: ENOENT)
        }

        func append(_ bytes: [UInt8]) throws(OutputFileError) {
            if let code = OutputFile.writeAll(bytes, to: descriptor) {
                throw .systemError(path: reportedPath, operation: "write", errno: code)
            }
        }

        /// fsync, rename over the target, close, then fsync the directory so the rename itself survives a power cut.
        /// The close comes after the rename: the descriptor's lock must last as long as the temporary's name does.
        /// A directory that cannot be opened or flushed is reported at the path (the new file is in place, but a power
        /// cut may still bring the old one back, which the caller must hear of); only a file system that cannot flush
        /// a directory at all (EINVAL, as some FUSE and network ones answer) is taken as done.
        func commit(_ calls: DurableCalls = .system) throws(OutputFileError) {
            guard calls.fsync(descriptor) == 0 else { throw .systemError(path: reportedPath, operation: "fsync", errno: errno) }
            guard calls.rename(path, target) == 0 else { throw .systemError(path: reportedPath, operation: "rename", errno: errno) }
            path = ""
            let closed = close(descriptor)
            descriptor = -1
            guard closed == 0 else { throw .systemError(path: reportedPath, operation: "close", errno: errno) }
            let directory = open(OutputFile.directory(of: target), O_RDONLY | O_DIRECTORY)
            guard directory >= 0 else {
                throw .systemError(path: reportedPath, operation: "open directory to fsync", errno: errno)
            }
            defer { close(directory) }
            if calls.fsync(directory) != 0 {
                let code = errno
                guard code == EINVAL else { throw .systemError(path: reportedPath, operation: "fsync directory", errno: code) }
            }
        }

        /// Removes the temporary file; the target was never touched.
        func discard() {
            if !path.isEmpty { unlink(path) }
            path = ""
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
    }

    /// Writes every byte to `descriptor`, retrying after signals; the errno of a failed write, or nil.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
