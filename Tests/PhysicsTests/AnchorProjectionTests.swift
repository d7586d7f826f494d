import Testing
@testable import Physics

struct AnchorProjectionTests {
    let anchors = [0.0, 300, 600, 900]

    @Test func picksTheAnchorNearestTheProjectionNotTheStart() throws {
        // From 100 at 1000 px/s the glide projects to 599.5: the 600 anchor, two anchors away from the nearest one.
        let snap = try AnchorProjection(position: 100, velocity: 1000, anchors: anchors)
        #expect(abs(snap.projection - 599.5) < 0.01)
        #expect(snap.anchor == 600)
    }

    @Test func springsThereCarryingTheReleaseVelocity() throws {
        let snap = try AnchorProjection(position: 100, velocity: 1000, anchors: anchors)
        #expect(snap.value(at: 0) == 100)
        #expect(abs(snap.velocity(at: 0) - 1000) < 1e-9)
        #expect(abs(snap.value(at: snap.duration) - 600) <= 0.5 + 1e-9)
    }

    @Test func aSlowReleaseStaysWithTheNearestAnchor() throws {
        let snap = try AnchorProjection(position: 320, velocity: -10, anchors: anchors)
        #expect(snap.anchor == 300)
    }

    @Test func dragBeyondTheOuterAnchorsMeetsTheRubberBand() throws {
        let snap = try AnchorProjection(position: 0, velocity: 0, anchors: anchors)
        let band = try snap.dragRubberBand(dimension: 100)
        #expect(band.clamp(450) == 450)
        #expect(abs(band.clamp(1000) - (900 + 35.483870967741936)) < 1e-9)
        #expect(abs(band.clamp(-100) - (-35.483870967741936)) < 1e-9)
    }

    @Test func noAnchorsIsRefused() {
        #expect(throws: PhysicsError.noAnchors) { try AnchorProjection(position: 0, velocity: 0, anchors: []) }
    }
}
