#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written line by line while others read it (the frames journal): the same checks as `OutputFile`, then a
/// new, empty file is renamed into place at once and appended to, so a reader can follow it live. What was at the
/// path before is replaced only by that rename, never truncated in place, and never when it is not a regular file.
public final class OutputJournal {
    public let path: String
    private var descriptor: Int32
    /// The first failed write, if any: a full disk stops the journal, never the caller.
    public private(set) var failure: OutputFileError?

    public init(path: String, symlinks: OutputFile.Symlinks = .follow) throws(OutputFileError) {
        self.path = path
        let target = try OutputFile.resolve(path, symlinks: symlinks)
        let temporary = try OutputFile.Temporary(beside: target, reportedAs: path)
        let fd = dup(temporary.descriptor)
        guard fd >= 0 else {
            let code = errno
            temporary.discard()
            throw .systemError(path: path, operation: "dup", errno: code)
        }
        do {
            try temporary.commit()
        } catch {
            Glibc.close(fd)
            temporary.discard()
            throw error
        }
        descriptor = fd
    }

    public func append(_ text: String) {
        guard failure == nil, descriptor >= 0 else { return }
        if let code = OutputFile.writeAll(Array(text.utf8), to: descriptor) {
            failure = .systemError(path: path, operation: "write", errno: code)
        }
    }

    /// fsyncs and closes; returns the first failure so a batch run can exit 73.
    @discardableResult
    public func close() -> OutputFileError? {
        guard descriptor >= 0 else { return failure }
        if failure == nil, fsync(descriptor) != 0, errno != EINVAL {
            failure = .systemError(path: path, operation: "fsync", errno: errno)
        }
        if Glibc.close(descriptor) != 0, failure == nil {
            failure = .systemError(path: path, operation: "close", errno: errno)
        }
        descriptor = -1
        return failure
    }

    deinit { close() }
}
