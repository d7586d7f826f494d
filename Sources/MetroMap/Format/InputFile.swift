#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutputFile

/// Reading a file an operator named (a map, a config): opened without blocking and checked to be a regular file
/// before a byte is read. A FIFO named as the map blocked `check-config`, `snapshot` and `audit-map` forever in
/// `open` (issue 38); a device would be read without end.
public enum InputFile {
    /// The whole file, or why it cannot be read (worded for a message after the path).
    public static func read(_ path: String) -> Result<[UInt8], InputFileError> {
        // O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(InputFileError(reason: String(cString: strerror(errno)))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(InputFileError(reason: String(cString: strerror(errno)))) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .failure(InputFileError(reason: "it is \(OutputFile.kind(of: info.st_mode)), not a regular file"))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let got = Glibc.read(fd, &buffer, buffer.count)
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return .failure(InputFileError(reason: String(cString: strerror(errno)))) }
            if got == 0 { return .success(bytes) }
            bytes += buffer[0..<got]
        }
    }

}

public struct InputFileError: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}
