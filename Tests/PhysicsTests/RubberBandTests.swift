import Testing
@testable import Physics

struct RubberBandTests {
    let band = try! RubberBand(dimension: 100, bounds: ClosedInterval(minimum: 0, maximum: 500))

    @Test func overshootOfOneDimensionShowsAboutAThirdOfIt() {
        // f(D) = (1 − 1/1.55)·D
        #expect(abs(band.resistedOvershoot(100) - 35.483870967741936) < 1e-12)
    }

    @Test func insideTheBoundsNothingResists() {
        for target in stride(from: 0.0, through: 500, by: 25) {
            #expect(band.clamp(target) == target)
        }
    }

    @Test func monotonicAndAlwaysBelowTheDimension() {
        var previous = -1.0
        for overshoot in stride(from: 0.0, through: 1e6, by: 997) {
            let shown = band.resistedOvershoot(overshoot)
            #expect(shown > previous || overshoot == 0)
            #expect(shown < 100)
            previous = shown
        }
        #expect(band.resistedOvershoot(1e15) < 100)
    }

    @Test func startsWithTheCoefficientAsItsSlope() {
        let h = 1e-6
        #expect(abs(band.resistedOvershoot(h) / h - 0.55) < 1e-6)
    }

    @Test func appliesOnBothSidesOfTheBounds() {
        #expect(abs(band.clamp(-100) - (-35.483870967741936)) < 1e-12)
        #expect(abs(band.clamp(600) - 535.483870967741936) < 1e-12)
    }

    @Test func appliedToTheAbsoluteTargetTheResultDoesNotDependOnThePath() {
        // Two drags ending at the same finger position show the content at the same place, whatever came between.
        let direct = band.clamp(-240)
        var wandering = 0.0
        for target in [-50.0, -400, -10, 120, -240] { wandering = band.clamp(target) }
        #expect(direct == wandering)
    }

    @Test func unclampInvertsClamp() {
        for target in [-1000.0, -80, -1, 0, 250, 500, 501, 900, 5000] {
            #expect(abs(band.unclamp(band.clamp(target)) - target) < 1e-6 * max(1, abs(target)))
        }
    }

    @Test func twoDimensionalUsesEachAxisOwnDimensionAndBounds() throws {
        let band2D = try RubberBand2D(
            size: ScreenSize(width: 100, height: 200),
            bounds: Rectangle(horizontal: ClosedInterval(minimum: 0, maximum: 10), vertical: ClosedInterval(minimum: -5, maximum: 5)))
        let shown = band2D.clamp(ScreenPoint(x: 110, y: -205))
        #expect(abs(shown.x - (10 + 35.483870967741936)) < 1e-12)
        #expect(abs(shown.y - (-5 - 70.96774193548387)) < 1e-12)
    }
}

struct RubberBandSlopeTests {
    @Test func theSlopeIsTheDerivativeOfTheBand() throws {
        let band = try RubberBand(dimension: 800, bounds: ClosedInterval(minimum: 0, maximum: 1000))
        #expect(band.slope(at: 500) == 1)
        #expect(abs(band.slope(atOvershoot: 0.000001) - 0.55) < 1e-6)
        for target in [-400.0, -50, 1050, 1900] {
            let h = 1e-4
            let numeric = (band.clamp(target + h) - band.clamp(target - h)) / (2 * h)
            #expect(abs(band.slope(at: target) - numeric) < 1e-6, "at \(target)")
        }
    }
}
