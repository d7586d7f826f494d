#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls that make a replacement survive a power cut (issue 35): the temporary file's data is flushed
/// before the rename, so the name never points at a file whose blocks were not written, and the directory after it,
/// so the rename itself is on disk. A test passes its own calls to see them made, in that order; the kiosk uses
/// `system`.
struct DurableCalls: Sendable {
    var fsync: @Sendable (Int32) -> Int32
    var rename: @Sendable (String, String) -> Int32

    static let system = DurableCalls(fsync: { descriptor in
        #if canImport(Glibc)
        Glibc.fsync(descriptor)
        #else
        Darwin.fsync(descriptor)
        #endif
    }, rename: { from, to in
        #if canImport(Glibc)
        Glibc.rename(from, to)
        #else
        Darwin.rename(from, to)
        #endif
    })
}
