/// SplitMix64 (Steele, Lea and Flood): a tiny, well-known seeded generator. Soaks and benchmarks use it so the
/// same seed replays the same day or draws the same scene on every machine, which `SystemRandomNumberGenerator`
/// cannot promise.
public struct SplitMix64: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `range`, from the top 53 bits (a Double's mantissa).
    public mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }

    /// Uniform in [0, 1), from the top 24 bits (a Float's mantissa).
    public mutating func unit() -> Float { Float(next() >> 40) / Float(1 << 24) }
}
