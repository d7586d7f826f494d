import Physics
import Testing
@testable import KioskCore

/// `ScreenAudit.freeShare` counts a row's covered grid points by runs; the plainest statement of the count tests every
/// point against every region. Random regions overlapping, touching, hanging off the screen, empty and with a NaN
/// edge, on screens of several shapes, must give the same share exactly.
struct ScreenAuditFreeShareTests {
    static func pointByPoint(width: Int, height: Int, regions: [ScreenRect]) -> Double {
        let step = max(Double(min(width, height)) / 200, 1)
        var free = 0, all = 0
        var y = step / 2
        while y < Double(height) {
            var x = step / 2
            while x < Double(width) {
                all += 1
                let point = ScreenPoint(x: x, y: y)
                if !regions.contains(where: { $0.contains(point) }) { free += 1 }
                x += step
            }
            y += step
        }
        return all == 0 ? 0 : Double(free) / Double(all)
    }

    @Test func runsCountWhatPointByPointCounts() {
        var random = SplitMix64(seed: 27)
        func coordinate(_ extent: Int) -> Double { Double(Int(random.next() % UInt64(extent + 200))) - 100 + 0.5 * Double(random.next() % 2) }
        for (width, height) in [(1920, 1080), (1080, 1920), (64, 40), (3, 2000), (1, 1)] {
            for _ in 0..<40 {
                var regions = (0..<Int(random.next() % 8)).map { _ in
                    let x = coordinate(width), y = coordinate(height)
                    return ScreenRect(minX: x, minY: y, maxX: x + coordinate(width) / 2, maxY: y + coordinate(height) / 2)
                }
                if random.next() % 4 == 0 { regions.append(ScreenRect(minX: 10, minY: .nan, maxX: 500, maxY: 300)) }
                if random.next() % 4 == 0 { regions.append(ScreenRect(minX: 10, minY: 10, maxX: .nan, maxY: 300)) }
                let share = ScreenAudit.freeShare(width: width, height: height, regions: regions)
                #expect(share == Self.pointByPoint(width: width, height: height, regions: regions), "\(width)×\(height) \(regions)")
            }
        }
        // Both ways: a screen wholly covered and one untouched.
        #expect(ScreenAudit.freeShare(width: 800, height: 600, regions: [ScreenRect(minX: 0, minY: 0, maxX: 800, maxY: 600)]) == 0)
        #expect(ScreenAudit.freeShare(width: 800, height: 600, regions: []) == 1)
    }
}
