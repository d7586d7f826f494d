#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC in microseconds: the clock libinput event times and DRM flip timestamps use.
public enum MonotonicClock {
    public static func nowMicroseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000
    }
}
