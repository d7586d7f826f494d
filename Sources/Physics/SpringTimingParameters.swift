/// A spring released at a displacement from its rest point with a velocity, solved in closed form for every
/// damping regime. It also starts correctly from zero displacement with a non-zero velocity (a fling that meets
/// a bound), which UIKit's own spring animations cannot.
public struct SpringTimingParameters: Equatable, Sendable {
    public let spring: Spring
    public let initialDisplacement: Double
    public let initialVelocity: Double
    /// The spring is at rest once it stays within this distance of its rest point.
    public let threshold: Double

    private let solution: Solution

    /// The three regimes, each as its own closed form; the coefficients fit x(0) = x0 and x'(0) = v0.
    enum Solution: Equatable, Sendable {
        /// x = e^(−βt)·(c1·cos ω't + c2·sin ω't)
        case underdamped(beta: Double, omega: Double, c1: Double, c2: Double)
        /// x = (c1 + c2·t)·e^(−βt)
        case criticallyDamped(beta: Double, c1: Double, c2: Double)
        /// x = a1·e^(r1·t) + a2·e^(r2·t), r2 < r1 < 0
        case overdamped(r1: Double, r2: Double, a1: Double, a2: Double)
    }

    public init(spring: Spring, displacement: Double, initialVelocity: Double, threshold: Double = 0.5) throws(PhysicsError) {
        try requireFinite(displacement, "displacement")
        try requireFinite(initialVelocity, "initial velocity")
        try requirePositive(threshold, "threshold")
        self.spring = spring
        self.initialDisplacement = displacement
        self.initialVelocity = initialVelocity
        self.threshold = threshold

        let beta = spring.decayRate
        let omega0 = spring.undampedAngularFrequency
        let zeta = spring.dampingRatio
        let x0 = displacement, v0 = initialVelocity
        if zeta < 1 {
            let omega = omega0 * (1 - zeta * zeta).squareRoot()
            solution = .underdamped(beta: beta, omega: omega, c1: x0, c2: (v0 + beta * x0) / omega)
        } else if zeta == 1 {
            solution = .criticallyDamped(beta: beta, c1: x0, c2: v0 + beta * x0)
        } else {
            let spread = omega0 * (zeta * zeta - 1).squareRoot()
            let r1 = -beta + spread, r2 = -beta - spread
            let a1 = (v0 - r2 * x0) / (r1 - r2)
            solution = .overdamped(r1: r1, r2: r2, a1: a1, a2: x0 - a1)
        }
        duration = settleDuration
    }

    /// Displacement from the rest point at `time` seconds.
    public func value(at time: Double) -> Double {
        let t = max(time, 0)
        switch solution {
        case let .underdamped(beta, omega, c1, c2):
            return exponential(-beta * t) * (c1 * cosine(omega * t) + c2 * sine(omega * t))
        case let .criticallyDamped(beta, c1, c2):
            return (c1 + c2 * t) * exponential(-beta * t)
        case let .overdamped(r1, r2, a1, a2):
            return a1 * exponential(r1 * t) + a2 * exponential(r2 * t)
        }
    }

    public func velocity(at time: Double) -> Double {
        let t = max(time, 0)
        switch solution {
        case let .underdamped(beta, omega, c1, c2):
            let envelope = exponential(-beta * t)
            let c = cosine(omega * t), s = sine(omega * t)
            return envelope * ((c2 * omega - beta * c1) * c - (c1 * omega + beta * c2) * s)
        case let .criticallyDamped(beta, c1, c2):
            return (c2 - beta * (c1 + c2 * t)) * exponential(-beta * t)
        case let .overdamped(r1, r2, a1, a2):
            return a1 * r1 * exponential(r1 * t) + a2 * r2 * exponential(r2 * t)
        }
    }

    /// The first moment after the start at which the spring passes its rest point, or nil when it never does
    /// (a critically or overdamped spring that is not thrown past it).
    public var firstZeroCrossing: Double? {
        switch solution {
        case let .underdamped(_, omega, c1, c2):
            // x = A·e^(−βt)·cos(ωt − φ) with φ = atan2(c2, c1): zero where ωt − φ = π/2 + nπ.
            var phase = arcTangent2(c2, c1) + Double.pi / 2
            while phase > Double.pi { phase -= Double.pi }
            while phase <= 1e-12 { phase += Double.pi }
            return phase / omega
        case let .criticallyDamped(_, c1, c2):
            guard c2 != 0 else { return nil }
            let time = -c1 / c2
            return time > 0 ? time : nil
        case let .overdamped(r1, r2, a1, a2):
            // a1·e^(r1·t) = −a2·e^(r2·t) ⇔ e^((r1 − r2)·t) = −a2/a1, which needs a ratio above 1 for t > 0.
            guard a1 != 0, -a2 / a1 > 1 else { return nil }
            return naturalLogarithm(-a2 / a1) / (r1 - r2)
        }
    }

    /// The last moment the displacement is as large as the threshold: after it the spring stays within the
    /// threshold for good, and just before it it does not. Zero when it never leaves the threshold.
    /// Computed in bounded time whatever the spring: see `settleDuration`.
    /// Computed once, at construction: an animation asks for it every frame.
    public private(set) var duration: Double = 0

    /// A time after which the envelope guarantees rest (an upper bound of `duration`, in closed form): what
    /// `SettleTimeLimit` compares against its limit.
    public var settleTimeBound: Double { envelopeBound }

    /// Steps the walk back from the envelope bound may take. A spring whose envelope bound lies more steps than this
    /// past the crossing (only springs far outside `SettleTimeLimit`) gets the time reached, an upper bound of the
    /// true settle time, instead of a walk of 10^15 steps (a config once froze the kiosk that way).
    static let maximumWalkSteps = 100_000

    private var settleDuration: Double {
        let bound = envelopeBound
        guard bound > 0 else { return 0 }
        guard bound.isFinite else { return .greatestFiniteMagnitude }
        // Walk back from a time after which the envelope guarantees rest, in steps short enough that no
        // excursion past the threshold fits between two samples, then bisect the crossing.
        let step = samplingStep
        var later = bound
        var earlier = max(bound - step, 0)
        var steps = 0
        while abs(value(at: earlier)) < threshold {
            if earlier == 0 { return 0 }
            steps += 1
            if steps > Self.maximumWalkSteps || earlier == later { return later }
            later = earlier
            earlier = max(earlier - step, 0)
        }
        for _ in 0..<60 {
            let middle = (earlier + later) / 2
            if abs(value(at: middle)) >= threshold { earlier = middle } else { later = middle }
        }
        return later
    }

    /// A time after which |x(t)| < threshold is guaranteed by the regime's envelope.
    private var envelopeBound: Double {
        let epsilon = threshold
        switch solution {
        case let .underdamped(beta, _, c1, c2):
            let amplitude = (c1 * c1 + c2 * c2).squareRoot()
            return amplitude > epsilon ? naturalLogarithm(amplitude / epsilon) / beta : 0
        case let .criticallyDamped(beta, c1, c2):
            // |c1 + c2·t|·e^(−βt) ≤ |c1|·e^(−βt) + |c2|·t·e^(−βt); each half falls below ε/2 past these times
            // (t·e^(−βt/2) ≤ 2/(eβ) bounds the second).
            var time = 0.0
            if c1 != 0 { time = max(time, naturalLogarithm(2 * abs(c1) / epsilon) / beta) }
            if c2 != 0 { time = max(time, 2 * naturalLogarithm(4 * abs(c2) / (2.718281828459045 * beta * epsilon)) / beta) }
            return max(time, 0)
        case let .overdamped(r1, _, a1, a2):
            let amplitude = abs(a1) + abs(a2)
            return amplitude > epsilon ? naturalLogarithm(amplitude / epsilon) / -r1 : 0
        }
    }

    private var samplingStep: Double {
        switch solution {
        case let .underdamped(beta, omega, _, _):
            return min(2 * Double.pi / omega, 1 / beta) / 32
        case let .criticallyDamped(beta, _, _):
            return 1 / (32 * beta)
        case let .overdamped(r1, _, _, _):
            return 1 / (32 * -r1)
        }
    }
}
