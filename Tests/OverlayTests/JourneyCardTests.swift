import Physics
import Testing
@testable import Overlay

/// The journey card against the physics core: each gesture of `traces/card/` replayed into the card, and every frame
/// compared with the core's own rubber band, projection and spring (closed form, 1e-6 px).
struct JourneyCardTests {
    static let length = 1000.0
    static let peek = 220.0, half = 500.0, full = 920.0
    static let anchors = [0, peek, half, full]

    /// The extent the card shows for a drag target: the physics core's rubber band past `full` (dimension: the room
    /// to the top edge) and below `peek` (dimension: the peek itself, the room to the bottom edge).
    static func shown(_ target: Double) throws -> Double {
        let bounds = try ClosedInterval(minimum: peek, maximum: full)
        if target > full { return try RubberBand(dimension: length - full, bounds: bounds).clamp(target) }
        return try RubberBand(dimension: peek, bounds: bounds).clamp(target)
    }

    static func slope(_ target: Double) throws -> Double {
        let bounds = try ClosedInterval(minimum: peek, maximum: full)
        if target > full { return try RubberBand(dimension: length - full, bounds: bounds).slope(at: target) }
        return try RubberBand(dimension: peek, bounds: bounds).slope(at: target)
    }

    /// Checks a touch that grabbed the card at `grabExtent`: while the finger is down (past the 10 px slop) the card
    /// follows it through the rubber band; from the lift, the core's `AnchorProjection` (normal rate, m 1, s 200, ζ 1)
    /// carrying the finger's release velocity. Returns that projection.
    @discardableResult
    static func check(_ replay: CardTraceReplay, touch index: Int, grabExtent: Double) throws -> AnchorProjection {
        let touch = replay.touches[index]
        let up = try #require(touch.upMicroseconds)
        let grabTarget = try RubberBand(dimension: grabExtent > full ? length - full : peek,
                                        bounds: ClosedInterval(minimum: peek, maximum: full)).unclamp(grabExtent)
        var slopPassed = false, lastTarget = grabTarget
        for frame in replay.frames(from: touch.downMicroseconds, to: up) {
            guard let finger = touch.samples.last(where: { $0.time <= frame.timeMicroseconds }) else { continue }
            if abs(finger.y - touch.downY) > Double(JourneyCardElement.tapSlopPixels) { slopPassed = true }
            guard slopPassed else { continue }
            lastTarget = grabTarget + (touch.downY - finger.y)
            let expected = try shown(lastTarget)
            #expect(abs(frame.extent - expected) < 1e-6, "drag frame at \(frame.timeMicroseconds): \(frame.extent) vs \(expected)")
            #expect(frame.state == .dragging)
        }
        let released = try shown(lastTarget)
        let projection = try AnchorProjection(position: released, velocity: -touch.releaseVelocity * slope(lastTarget),
                                              anchors: anchors, rate: .normal, spring: FeelDefaults.cardSpring)
        let springEnd = up + Int64((projection.duration * 1_000_000).rounded(.up))
        let next = replay.touches.indices.contains(index + 1) ? replay.touches[index + 1].downMicroseconds : Int64.max
        var checked = 0
        for frame in replay.frames(from: up, to: min(springEnd, next)) {
            let expected = projection.value(at: Double(frame.timeMicroseconds - up) / 1_000_000)
            #expect(abs(frame.extent - expected) < 1e-6, "spring frame at \(frame.timeMicroseconds): \(frame.extent) vs \(expected)")
            checked += 1
        }
        #expect(checked > 3)
        if next > springEnd + 16_667 {
            let rest = try #require(replay.frame(at: springEnd + 16_667))
            #expect(rest.extent == projection.anchor)
            #expect(rest.state == (projection.anchor == 0 ? .hidden : .resting))
        }
        return projection
    }

    @Test func theCardSpringsInToPeek() throws {
        let replay = try CardTraceReplay(trace: "slow-drag")
        let first = try #require(replay.touches.first)
        #expect(replay.frame(at: first.downMicroseconds - 1)?.extent == Self.peek)
        #expect(replay.frames.first.map { $0.extent < 1 } == true, "it rises from the screen edge")
    }

    @Test func aSlowDragBetweenAnchorsFollowsTheFingerAndSpringsToTheNearest() throws {
        let replay = try CardTraceReplay(trace: "slow-drag")
        #expect(replay.taken == [true])
        let projection = try Self.check(replay, touch: 0, grabExtent: Self.peek)
        #expect(replay.touches[0].releaseVelocity == 0, "held before the lift: no fling")
        #expect(projection.anchor == Self.half)
    }

    @Test func aFlickUpFromPeekLandsOnFull() throws {
        let replay = try CardTraceReplay(trace: "flick-up")
        let projection = try Self.check(replay, touch: 0, grabExtent: Self.peek)
        #expect(replay.touches[0].releaseVelocity < -1500)
        #expect(projection.projection > Self.full)
        #expect(projection.anchor == Self.full)
        #expect(replay.card.anchor == .full)
    }

    @Test func aWeakFlickStaysAtPeek() throws {
        let replay = try CardTraceReplay(trace: "weak-flick")
        let projection = try Self.check(replay, touch: 0, grabExtent: Self.peek)
        #expect(replay.touches[0].releaseVelocity < 0, "a flick, if a weak one")
        #expect(projection.anchor == Self.peek)
        #expect(replay.card.anchor == .peek)
    }

    @Test func aFlickDownPastPeekDismisses() throws {
        let replay = try CardTraceReplay(trace: "flick-down")
        let projection = try Self.check(replay, touch: 0, grabExtent: Self.peek)
        #expect(projection.anchor == 0)
        let up = try #require(replay.touches[0].upMicroseconds)
        #expect(replay.frames(from: up, to: up + 100_000).allSatisfy { $0.state == .dismissing })
        #expect(replay.frames.last?.state == .hidden)
        #expect(replay.card.frame == nil && replay.card.stationID == nil)
        // Below peek the card was resisted: never as low as the finger asked.
        let lowest = try #require(replay.frames(from: replay.touches[0].downMicroseconds, to: up).map(\.extent).min())
        #expect(lowest > Self.peek - 100)
    }

    @Test func aDragPastFullMeetsTheRubberBandAndComesBack() throws {
        let replay = try CardTraceReplay(trace: "rubber-band-full")
        #expect(replay.taken == [true, true])
        try Self.check(replay, touch: 0, grabExtent: Self.peek)
        let projection = try Self.check(replay, touch: 1, grabExtent: Self.full)
        let second = replay.touches[1]
        let stretched = replay.frames(from: second.downMicroseconds, to: second.upMicroseconds ?? 0).map(\.extent)
        let highest = try #require(stretched.max())
        #expect(highest > Self.full + 20 && highest < Self.length, "resisted, never reaching the screen edge")
        #expect(projection.anchor == Self.full)
    }

    @Test func aFlingCaughtWhileSpringingIsTakenWithoutAJump() throws {
        let replay = try CardTraceReplay(trace: "catch-springing")
        #expect(replay.taken == [true, true])
        try Self.check(replay, touch: 0, grabExtent: Self.peek)
        let catchTime = replay.touches[1].downMicroseconds
        let before = try #require(replay.frame(at: catchTime - 1))
        #expect(before.state == .springing)
        // The finger came down on the springing card: it stops where the screen showed it.
        let held = replay.frames(from: catchTime, to: catchTime + 50_000)
        #expect(!held.isEmpty && held.allSatisfy { $0.extent == before.extent })
        let projection = try Self.check(replay, touch: 1, grabExtent: before.extent)
        #expect(projection.anchor == Self.full || projection.anchor == Self.half)
    }

    @Test func theCardIsABottomSheetOnPortraitAndASideSheetOnLandscape() {
        let portrait = JourneyCardElement(settings: CardSettings(), fonts: nil, screen: IntRectFixture.portrait)
        let landscape = JourneyCardElement(settings: CardSettings(), fonts: nil, screen: IntRectFixture.landscape)
        #expect(!portrait.isSideSheet && portrait.sheetWidth == 600)
        #expect(landscape.isSideSheet && landscape.sheetWidth < 1280 / 2)
        #expect(portrait.insets(for: .peek) == EdgeInsets(bottom: 220))
        #expect(landscape.insets(for: .peek).left == Double(landscape.sheetX + landscape.sheetWidth))
    }
}

import Raster
enum IntRectFixture {
    static let portrait = IntRect(x: 0, y: 0, width: 600, height: 1000)
    static let landscape = IntRect(x: 0, y: 0, width: 1280, height: 800)
}
