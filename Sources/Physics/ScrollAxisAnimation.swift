/// What an axis is doing at a moment of its animation.
public enum ScrollPhase: String, Equatable, Sendable {
    case decelerating, bouncing, rest
}

public struct ScrollAxisSample: Equatable, Sendable {
    public var value: Double
    public var velocity: Double
    public var phase: ScrollPhase
}

/// One axis after the finger lifts: a glide that, if it crosses a bound, hands off to a spring at the very moment
/// of the crossing, carrying the velocity it had there, so position and velocity are continuous at the hand-off.
/// A release already outside the bounds springs straight back with the release velocity; if it was thrown back
/// toward the content hard enough for that spring to cross the bound, it hands off to a glide there (the mirror of
/// the glide→bounce hand-off), so a hard throw out of the overscroll carries on into the content instead of
/// stopping at the edge. Each axis is animated on its own: one may bounce while the other still glides.
public struct ScrollAxisAnimation: Equatable, Sendable {
    indirect enum Plan: Equatable, Sendable {
        case glide(DecelerationTimingParameters)
        case glideThenBounce(DecelerationTimingParameters, crossingTime: Double, bound: Double, SpringTimingParameters)
        case springBack(bound: Double, SpringTimingParameters)
        case springBackThenGlide(bound: Double, SpringTimingParameters, crossingTime: Double, then: Plan)
    }

    let plan: Plan

    /// `spring` is the bounce a glide meets at a bound; `springBack` (default: the same) brings a release from
    /// outside the bounds back. `maximumBounceVelocity` caps the speed handed to the bounce (and to a spring-back
    /// heading further out), which caps the overshoot of the hardest fling (Flutter: 5000 px/s).
    public init(
        position: Double,
        velocity: Double,
        bounds: ClosedInterval?,
        rate: DecelerationRate = FeelDefaults.decelerationRate,
        threshold: Double = 0.5,
        spring: Spring = FeelDefaults.bounceSpring,
        springBack: Spring? = nil,
        maximumVelocity: Double = .infinity,
        maximumBounceVelocity: Double = .infinity
    ) throws(PhysicsError) {
        guard !maximumBounceVelocity.isNaN, maximumBounceVelocity > 0 else {
            throw .notPositive(parameter: "maximum bounce velocity", value: maximumBounceVelocity)
        }
        let glide = try DecelerationTimingParameters(
            initialValue: position, initialVelocity: velocity, rate: rate,
            threshold: threshold, maximumVelocity: maximumVelocity)
        guard let bounds else {
            plan = .glide(glide)
            return
        }
        func capped(_ velocity: Double) -> Double { min(max(velocity, -maximumBounceVelocity), maximumBounceVelocity) }
        if !bounds.contains(position) {
            let bound = bounds.clamped(position)
            let displacement = position - bound
            let inward = glide.initialVelocity * displacement < 0
            let back = try SpringTimingParameters(
                spring: springBack ?? spring, displacement: displacement,
                initialVelocity: inward ? glide.initialVelocity : capped(glide.initialVelocity), threshold: threshold)
            if inward, let crossing = back.firstZeroCrossing {
                let onward = try ScrollAxisAnimation(
                    position: bound, velocity: back.velocity(at: crossing), bounds: bounds, rate: rate,
                    threshold: threshold, spring: spring, springBack: springBack, maximumBounceVelocity: maximumBounceVelocity)
                plan = .springBackThenGlide(bound: bound, back, crossingTime: crossing, then: onward.plan)
            } else {
                plan = .springBack(bound: bound, back)
            }
            return
        }
        let destination = glide.destination
        if bounds.contains(destination) {
            plan = .glide(glide)
            return
        }
        let bound = bounds.clamped(destination)
        // The destination lies beyond the bound, so the glide does pass it; a nil here can only be rounding
        // right at the bound, where the crossing is immediate.
        let crossingTime = glide.time(toReach: bound) ?? 0
        plan = .glideThenBounce(glide, crossingTime: crossingTime, bound: bound, try SpringTimingParameters(
            spring: spring, displacement: 0, initialVelocity: capped(glide.velocity(at: crossingTime)), threshold: threshold))
    }

    /// Where the axis comes to rest.
    public var restingValue: Double { plan.restingValue }

    /// When the axis comes to rest: a glide ends at its threshold duration, a spring at its settle duration.
    public var duration: Double { plan.duration }

    public func sample(at time: Double) -> ScrollAxisSample { plan.sample(at: time) }
}

extension ScrollAxisAnimation.Plan {
    var restingValue: Double {
        switch self {
        case let .glide(glide): return glide.duration > 0 ? glide.destination : glide.initialValue
        case let .glideThenBounce(_, _, bound, _): return bound
        case let .springBack(bound, _): return bound
        case let .springBackThenGlide(_, _, _, then): return then.restingValue
        }
    }

    var duration: Double {
        switch self {
        case let .glide(glide): return glide.duration
        case let .glideThenBounce(_, crossingTime, _, spring): return crossingTime + spring.duration
        case let .springBack(_, spring): return spring.duration
        case let .springBackThenGlide(_, _, crossingTime, then): return crossingTime + then.duration
        }
    }

    func sample(at time: Double) -> ScrollAxisSample {
        if time >= duration { return ScrollAxisSample(value: restingValue, velocity: 0, phase: .rest) }
        switch self {
        case let .glide(glide):
            return ScrollAxisSample(value: glide.value(at: time), velocity: glide.velocity(at: time), phase: .decelerating)
        case let .glideThenBounce(glide, crossingTime, bound, spring):
            if time < crossingTime {
                return ScrollAxisSample(value: glide.value(at: time), velocity: glide.velocity(at: time), phase: .decelerating)
            }
            let elapsed = time - crossingTime
            return ScrollAxisSample(value: bound + spring.value(at: elapsed), velocity: spring.velocity(at: elapsed), phase: .bouncing)
        case let .springBack(bound, spring):
            return ScrollAxisSample(value: bound + spring.value(at: time), velocity: spring.velocity(at: time), phase: .bouncing)
        case let .springBackThenGlide(bound, spring, crossingTime, then):
            if time < crossingTime {
                return ScrollAxisSample(value: bound + spring.value(at: time), velocity: spring.velocity(at: time), phase: .bouncing)
            }
            return then.sample(at: time - crossingTime)
        }
    }
}
