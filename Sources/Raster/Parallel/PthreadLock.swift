#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex over `pthread_mutex_t`, for state shared between render threads. Chosen over `Synchronization.Mutex`
/// because ThreadSanitizer intercepts pthread mutexes but not the futex calls `Mutex` makes on Linux: under a
/// `Mutex`, TSan saw no ordering between threads and reported the glyph cache's accesses as races (issue 35: 70 reports
/// in the KioskCore live-card suites, 33 in `GlyphMemoThreadTests`; 0 over pthread), which would hide a real one.
/// Uncontended, both take one atomic operation each way.
final class PthreadLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value behind a `PthreadLock`, used as `Synchronization.Mutex` is (`withLock { $0 … }`), for the same reason.
final class PthreadMutex<Value>: @unchecked Sendable {
    private let lock = PthreadLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }
}
