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
/// A release already outside the bounds springs straight back with the release velocity. Each axis is animated
/// on its own: one may bounce while the other still glides.
public struct ScrollAxisAnimation: Equatable, Sendable {
    enum Plan: Equatable, Sendable {
        case glide(DecelerationTimingParameters)
        case glideThenBounce(DecelerationTimingParameters, crossingTime: Double, bound: Double, SpringTimingParameters)
        case springBack(bound: Double, SpringTimingParameters)
    }

    let plan: Plan

    public init(
        position: Double,
        velocity: Double,
        bounds: ClosedInterval?,
        rate: DecelerationRate = .normal,
        threshold: Double = 0.5,
        spring: Spring = .bounce,
        maximumVelocity: Double = .infinity
    ) throws(PhysicsError) {
        let glide = try DecelerationTimingParameters(
            initialValue: position, initialVelocity: velocity, rate: rate,
            threshold: threshold, maximumVelocity: maximumVelocity)
        guard let bounds else {
            plan = .glide(glide)
            return
        }
        if !bounds.contains(position) {
            let bound = bounds.clamped(position)
            plan = .springBack(bound: bound, try SpringTimingParameters(
                spring: spring, displacement: position - bound,
                initialVelocity: glide.initialVelocity, threshold: threshold))
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
            spring: spring, displacement: 0, initialVelocity: glide.velocity(at: crossingTime), threshold: threshold))
    }

    /// Where the axis comes to rest.
    public var restingValue: Double {
        switch plan {
        case let .glide(glide): return glide.duration > 0 ? glide.destination : glide.initialValue
        case let .glideThenBounce(_, _, bound, _): return bound
        case let .springBack(bound, _): return bound
        }
    }

    /// When the axis comes to rest: a glide ends at its threshold duration, a spring at its settle duration.
    public var duration: Double {
        switch plan {
        case let .glide(glide): return glide.duration
        case let .glideThenBounce(_, crossingTime, _, spring): return crossingTime + spring.duration
        case let .springBack(_, spring): return spring.duration
        }
    }

    public func sample(at time: Double) -> ScrollAxisSample {
        if time >= duration { return ScrollAxisSample(value: restingValue, velocity: 0, phase: .rest) }
        switch plan {
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
        }
    }
}
