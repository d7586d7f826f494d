import Testing
import Physics

/// The one screen-position type: its arithmetic is the vector arithmetic every layer above relied on.
struct ScreenPointTests {
    @Test func sumsDifferencesAndScalingAreComponentwise() {
        let a = ScreenPoint(x: 3, y: -4), b = ScreenPoint(x: 0.5, y: 2)
        #expect(a + b == ScreenPoint(x: 3.5, y: -2))
        #expect(a - b == ScreenPoint(x: 2.5, y: -6))
        #expect(a * 2 == ScreenPoint(x: 6, y: -8))
        #expect([a, b, .zero].reduce(.zero, +) == a + b)
    }

    @Test func lengthAndDistanceAreEuclidean() {
        #expect(ScreenPoint(x: 3, y: -4).length == 5)
        #expect(ScreenPoint(x: 1, y: 1).distance(to: ScreenPoint(x: 4, y: 5)) == 5)
        #expect(ScreenPoint.zero.length == 0)
    }

    /// Defaults written in code build the same spring as values read from a file.
    @Test func aConstantSpringEqualsTheCheckedOne() throws {
        #expect(Spring(constantMass: 0.5, stiffness: 100, dampingRatio: 1.1)
                == (try Spring(mass: 0.5, stiffness: 100, dampingRatio: 1.1)))
    }
}
