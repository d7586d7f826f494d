import Testing
@testable import Physics

struct PhysicsInputValidationTests {
    @Test func nonFiniteNumbersAreRefused() {
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(throws: PhysicsError.self) { try DecelerationTimingParameters(initialValue: bad, initialVelocity: 1) }
            #expect(throws: PhysicsError.self) { try DecelerationTimingParameters(initialValue: 0, initialVelocity: bad) }
            #expect(throws: PhysicsError.self) { try SpringTimingParameters(spring: .reference, displacement: bad, initialVelocity: 0) }
            #expect(throws: PhysicsError.self) { try SpringTimingParameters(spring: .reference, displacement: 0, initialVelocity: bad) }
            #expect(throws: PhysicsError.self) { try Spring(mass: bad, stiffness: 1, dampingRatio: 1) }
            #expect(throws: PhysicsError.self) { try ClosedInterval(minimum: bad, maximum: 1) }
            #expect(throws: PhysicsError.self) { try AnchorProjection(position: 0, velocity: 0, anchors: [0, bad]) }
        }
    }

    @Test func ratesOutsideZeroToOneAreRefused() {
        for bad in [0.0, 1, -0.5, 1.5, .nan] {
            #expect(throws: PhysicsError.self) { try DecelerationRate(perMillisecond: bad) }
        }
        #expect(throws: PhysicsError.decelerationRateOutOfRange(1)) { try DecelerationRate(perMillisecond: 1) }
    }

    @Test func nonPositiveSpringParametersAreRefused() {
        #expect(throws: PhysicsError.notPositive(parameter: "mass", value: 0)) { try Spring(mass: 0, stiffness: 100, dampingRatio: 1) }
        #expect(throws: PhysicsError.notPositive(parameter: "stiffness", value: -1)) { try Spring(mass: 1, stiffness: -1, dampingRatio: 1) }
        #expect(throws: PhysicsError.notPositive(parameter: "damping ratio", value: 0)) { try Spring(mass: 1, stiffness: 100, dampingRatio: 0) }
    }

    @Test func otherBadNumbersAreRefused() {
        #expect(throws: PhysicsError.self) { try DecelerationTimingParameters(initialValue: 0, initialVelocity: 1, threshold: 0) }
        #expect(throws: PhysicsError.self) { try RubberBand(dimension: 0, bounds: ClosedInterval(minimum: 0, maximum: 1)) }
        #expect(throws: PhysicsError.invertedBounds(minimum: 2, maximum: 1)) { try ClosedInterval(minimum: 2, maximum: 1) }
        #expect(throws: PhysicsError.self) { try ZoomLimits(minimumScale: 0, maximumScale: 1) }
        #expect(throws: PhysicsError.self) { try ZoomLimits(minimumScale: 2, maximumScale: 1) }
        #expect(throws: PhysicsError.self) { try ZoomGeometry.offsetBounds(contentSize: ContentSize(width: 1, height: 1), viewport: ScreenSize(width: 0, height: 1), scale: 1) }
    }

    @Test func errorsSayWhatWasWrong() {
        #expect(PhysicsError.notPositive(parameter: "mass", value: 0).description == "mass must be greater than 0, got 0.0")
        #expect(PhysicsError.decelerationRateOutOfRange(1.2).description.contains("between 0 and 1"))
    }
}
