import Testing
@testable import KioskService

struct BurnInOrbitTests {
    @Test(arguments: [1, 2, 4, 7, 16])
    func theOrbitStaysWithinItsRadiusAndStepsOnePixelAtATime(radius: Int) {
        let orbit = BurnInOrbit(radius: radius, periodMicroseconds: 600_000_000)
        let path = orbit.path
        #expect(path.count >= 4 * radius, "a full circle of whole pixels")
        #expect(path.allSatisfy { $0.x * $0.x + $0.y * $0.y <= radius * radius })
        #expect(path.contains { $0.x == radius } && path.contains { $0.y == -radius }, "it reaches the radius")
        for (index, point) in path.enumerated() {
            let next = path[(index + 1) % path.count]
            #expect(max(abs(next.x - point.x), abs(next.y - point.y)) == 1, "a king's move, never a jump, never a stay")
        }
        #expect(orbit.stepMicroseconds * Int64(path.count) <= 600_000_000)
    }

    @Test func noRadiusNoOrbit() {
        var orbit = BurnInOrbit(radius: 0, periodMicroseconds: 600_000_000)
        #expect(!orbit.isEnabled)
        orbit.step()
        #expect(orbit.shift == (0, 0))
    }
}
