import Foundation
import Physics

/// A zoom at a steady rate: the scale moves from one camera's to another's at a constant rate in log scale over
/// `durationSeconds`, the offset with it so the point the two cameras agree on (the zoom's centre, where the bounds
/// leave it) stays put. What a held zoom button shows: a spring per step accelerated and braked five times a
/// second (the map pulsed at 5 Hz); ramps joined end to end zoom at one rate for as long as the button is held.
struct ZoomRamp: Equatable, Sendable {
    var from: Camera
    var to: Camera
    var durationSeconds: Double

    init(from: Camera, to: Camera, durationSeconds: Double) {
        self.from = from
        self.to = to
        self.durationSeconds = durationSeconds.isFinite ? max(durationSeconds, 0) : 0
    }

    /// d(ln scale)/dt while it runs.
    var logScaleRate: Double {
        guard durationSeconds > 0, from.scale > 0, to.scale > 0 else { return 0 }
        return log(to.scale / from.scale) / durationSeconds
    }

    func camera(at elapsed: Double) -> Camera {
        guard durationSeconds > 0, elapsed < durationSeconds else { return to }
        let u = max(elapsed, 0) / durationSeconds
        let scale = from.scale > 0 && to.scale > 0 ? from.scale * pow(to.scale / from.scale, u) : from.scale + (to.scale - from.scale) * u
        // The offset is affine in the scale for a fixed zoom centre: following the scale (not time) keeps that
        // centre in place at every scale between the two cameras.
        let step = to.scale - from.scale
        let w = abs(step) > 1e-12 * max(from.scale, to.scale) ? (scale - from.scale) / step : u
        return Camera(offset: ScreenPoint(x: from.offset.x + (to.offset.x - from.offset.x) * w,
                                          y: from.offset.y + (to.offset.y - from.offset.y) * w),
                      scale: scale)
    }
}
