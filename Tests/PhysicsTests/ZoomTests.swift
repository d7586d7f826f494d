import Testing
@testable import Physics

struct ZoomTests {
    let limits = try! ZoomLimits(minimumScale: 0.5, maximumScale: 4)

    /// Content point under a screen point: (p + offset)/scale.
    func contentPoint(under point: ScreenPoint, offset: ScreenPoint, scale: Double) -> ScreenPoint {
        ScreenPoint(x: (point.x + offset.x) / scale, y: (point.y + offset.y) / scale)
    }

    @Test func changingScaleKeepsTheFocalPointFixed() {
        let focal = ScreenPoint(x: 320, y: 180), offset = ScreenPoint(x: 150, y: -40)
        let before = contentPoint(under: focal, offset: offset, scale: 1.5)
        let newOffset = ZoomGeometry.offsetKeepingFocalPointFixed(offset: offset, scale: 1.5, newScale: 2.7, focalPoint: focal)
        let after = contentPoint(under: focal, offset: newOffset, scale: 2.7)
        #expect(abs(before.x - after.x) < 1e-9 && abs(before.y - after.y) < 1e-9)
    }

    @Test func withinTheLimitsThePinchScaleIsShownAsIs() throws {
        for scale in [0.5, 0.8, 1, 2, 4] {
            #expect(abs(try limits.rubberBanded(scale) - scale) < 1e-12)
        }
    }

    @Test func pastTheLimitsTheScaleResistsEquallyInAndOutInLogSpace() throws {
        // Asking for twice the maximum and half the minimum overshoot by the same factor.
        let inward = try limits.rubberBanded(8) / 4
        let outward = 0.5 / (try limits.rubberBanded(0.25))
        #expect(abs(inward - outward) < 1e-12)
        #expect(inward > 1 && inward < 2)
        // ln 2·(1 − 1/1.55) in log space: about 1.278×
        #expect(abs(inward - 1.2784) < 1e-3)
    }

    @Test func theScaleRubberBandIsMonotonicAndBounded() throws {
        var previous = 0.0
        for requested in stride(from: 0.01, through: 100, by: 0.37) {
            let shown = try limits.rubberBanded(requested)
            #expect(shown > previous)
            #expect(shown < 8 && shown > 0.25)
            previous = shown
        }
    }

    @Test func unrubberBandedInvertsTheScaleRubberBand() throws {
        for requested in [0.1, 0.4, 1, 5, 30] {
            #expect(abs(try limits.unrubberBanded(try limits.rubberBanded(requested)) - requested) < 1e-6 * requested)
        }
    }

    @Test func releasePastTheMaximumSpringsBackWithTheFocalPointFixed() throws {
        let focal = ScreenPoint(x: 400, y: 300), offset = ScreenPoint(x: 900, y: 700)
        let back = try ZoomTransition(springingBackFrom: 5, scaleVelocity: 2, offset: offset, focalPoint: focal, limits: limits)
        #expect(back.targetScale == 4)
        #expect(back.scale(at: 0) == 5)
        #expect(back.scale(at: back.duration) == 4)
        let anchor = contentPoint(under: focal, offset: offset, scale: 5)
        for t in stride(from: 0.0, through: back.duration, by: 0.05) {
            let point = contentPoint(under: focal, offset: back.offset(at: t), scale: back.scale(at: t))
            #expect(abs(point.x - anchor.x) < 1e-9 && abs(point.y - anchor.y) < 1e-9)
        }
    }

    @Test func offsetBoundsCoverTheViewportWhenContentIsLarger() throws {
        let bounds = try ZoomGeometry.offsetBounds(contentSize: ContentSize(width: 2000, height: 1500), viewport: ScreenSize(width: 1280, height: 800), scale: 1)
        #expect(bounds.horizontal == (try ClosedInterval(minimum: 0, maximum: 720)))
        #expect(bounds.vertical == (try ClosedInterval(minimum: 0, maximum: 700)))
    }

    @Test func contentSmallerThanTheViewportIsCentred() throws {
        let bounds = try ZoomGeometry.offsetBounds(contentSize: ContentSize(width: 2000, height: 1500), viewport: ScreenSize(width: 1280, height: 800), scale: 0.5)
        // 1000×750 in 1280×800: 140 px on each side horizontally, 25 vertically.
        #expect(bounds.horizontal == (try ClosedInterval(exactly: -140)))
        #expect(bounds.vertical == (try ClosedInterval(exactly: -25)))
    }

    @Test func aTransitionToAnotherOffsetStartsWithoutAJumpAndEndsThere() throws {
        let focal = ScreenPoint(x: 640, y: 400), offset = ScreenPoint(x: 100, y: 50)
        let zoom = try ZoomTransition(scale: 1, offset: offset, focalPoint: focal, targetScale: 2, targetOffset: ScreenPoint(x: 0, y: 0), spring: FeelDefaults.snapSpring)
        #expect(zoom.scale(at: 0) == 1)
        #expect(abs(zoom.offset(at: 0).x - 100) < 1e-9 && abs(zoom.offset(at: 0).y - 50) < 1e-9)
        let nearlyDone = zoom.offset(at: zoom.duration - 1e-9)
        #expect(abs(nearlyDone.x) < 1 && abs(nearlyDone.y) < 1)
        #expect(zoom.offset(at: zoom.duration) == ScreenPoint(x: 0, y: 0))
        #expect(zoom.scale(at: zoom.duration) == 2)
        var previous = zoom.offset(at: 0)
        for t in stride(from: 0.0, through: zoom.duration, by: 0.001) {
            let current = zoom.offset(at: t)
            #expect(abs(current.x - previous.x) < 15 && abs(current.y - previous.y) < 15, "no jump at \(t)")
            previous = current
        }
    }
}
