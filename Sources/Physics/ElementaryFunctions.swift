// The standard library has no exp/log/trig; libm is the C library every Swift program already links,
// so the physics layer reaches it here, in one place, and stays free of Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@inline(__always) func exponential(_ x: Double) -> Double { exp(x) }
@inline(__always) func naturalLogarithm(_ x: Double) -> Double { log(x) }
@inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) func sine(_ x: Double) -> Double { sin(x) }
@inline(__always) func arcTangent2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
