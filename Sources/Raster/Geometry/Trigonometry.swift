#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The libm functions under names that read at the call site, in Float.
extension Float {
    static func sine(_ x: Float) -> Float { sinf(x) }
    static func cosine(_ x: Float) -> Float { cosf(x) }
    static func acosApprox(_ x: Float) -> Float { acosf(Swift.max(-1, Swift.min(1, x))) }
    static func atan2(_ y: Float, _ x: Float) -> Float { atan2f(y, x) }
}
