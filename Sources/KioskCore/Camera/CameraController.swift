import Foundation
import MetroMap
import Physics

/// The camera's state machine over the physics core. Gestures come in with their event times; the run loop asks
/// for the camera at each frame's presentation time.
///
/// idle → dragging / pinching (a finger down) → decelerating / bouncing / zooming (released) → idle;
/// a double tap zooms; after the idle timeout the camera goes home.
///
/// One time base. Touch times and presentation times differ by a fixed latency L (`touchLatencyMicroseconds`):
/// while fingers are down the frame presented at P shows the fingers' path resampled at P − L (`CameraPath`), and
/// an animation released by a finger starts at the presentation time L after the finger's last report, from the
/// camera that report asked for, with the velocity the finger had there. So the frame that first shows the
/// release continues the drag's motion exactly, neither kicked forward (an animation back-dated to the lift) nor
/// stalled. A touch on a moving map freezes it at the camera last presented, which is what the finger landed on.
public struct CameraController: Sendable {
    public private(set) var geometry: CameraGeometry
    public private(set) var settings: CameraSettings
    public private(set) var home: Camera

    private enum Mode: Equatable, Sendable {
        /// `since` is the presentation time from which the camera rests; before it the path is still shown.
        case resting(Camera, since: Int64)
        /// `anchorTarget` is the unresisted offset the drag started from; translations are added to it and the
        /// rubber band is applied to the absolute result (`target`). `finger`: where the finger is, if known.
        case dragging(anchorTarget: ScreenPoint, scale: Double, target: ScreenPoint, finger: ScreenPoint?, current: Camera)
        /// `requestedScale` is the unresisted scale at the pinch's start; `anchor` the scheme point under the
        /// focal point then (`beganFocalPoint`, on the map with its rubber band taken off), which the pinch
        /// carries to `focalPoint`; `target` is the unresisted offset.
        case pinching(requestedScale: Double, relativeScale: Double, anchor: SchemePoint, beganFocalPoint: ScreenPoint,
                      focalPoint: ScreenPoint, target: ScreenPoint, current: Camera)
        case animating(CameraAnimation)
    }

    private var mode: Mode
    private var path = CameraPath()
    /// The last camera handed out for presentation, and for when.
    private var shown: (time: Int64, camera: Camera)?
    /// The glide velocity a touch caught, and when: a flick the same way adds some of it back.
    private var caughtVelocity: (velocity: ScreenPoint, timeMicroseconds: Int64)?
    private var lastInteractionMicroseconds: Int64

    public init(geometry: CameraGeometry, settings: CameraSettings, home: Camera, startMicroseconds: Int64 = 0) {
        self.geometry = geometry
        self.settings = settings
        self.home = home
        self.mode = .resting(home, since: .min)
        self.lastInteractionMicroseconds = startMicroseconds
    }

    private var latency: Int64 { settings.touchLatencyMicroseconds }

    // MARK: Sampling

    /// The camera at presentation time `time`; finished animations come to rest here and the idle timeout starts
    /// the trip home. The loop presents what this returns: a touch that lands next freezes the map there.
    public mutating func sample(at time: Int64) -> CameraSample {
        settle(at: time)
        let resampled = time - latency
        let sample: CameraSample
        switch mode {
        case let .dragging(_, _, _, _, current):
            sample = CameraSample(camera: path.camera(at: resampled, predicting: true) ?? current, state: .dragging)
        case let .pinching(_, _, _, _, _, _, current):
            sample = CameraSample(camera: path.camera(at: resampled, predicting: true) ?? current, state: .pinching)
        case let .resting(camera, since):
            if time < since, let lead = path.camera(at: resampled, predicting: false) {
                sample = CameraSample(camera: lead, state: path.state)
            } else {
                sample = CameraSample(camera: camera, state: .idle)
            }
        case let .animating(animation):
            if time < animation.startMicroseconds, let lead = path.camera(at: resampled, predicting: false) {
                sample = CameraSample(camera: lead, state: path.state)
            } else {
                sample = animation.sample(at: time)
            }
        }
        shown = (time, sample.camera)
        return sample
    }

    /// The camera last handed out for presentation: what a passenger touching the screen sees.
    public var shownCamera: Camera {
        if let shown { return shown.camera }
        switch mode {
        case let .resting(camera, _): return camera
        case let .dragging(_, _, _, _, current), let .pinching(_, _, _, _, _, _, current): return current
        case let .animating(animation): return animation.sample(at: animation.startMicroseconds).camera
        }
    }

    /// When something will change without new input: an animation's end, the end of a release's lead-in, or the
    /// idle deadline. Nil: nothing will.
    public var nextWakeMicroseconds: Int64? {
        switch mode {
        case .dragging, .pinching: return nil
        case let .animating(animation): return animation.endMicroseconds
        case let .resting(camera, since):
            if let shown, shown.time < since { return since }
            guard let timeout = settings.idleTimeoutMicroseconds, !isHome(camera) else { return nil }
            return lastInteractionMicroseconds + timeout
        }
    }

    /// True while the picture changes by itself (an animation runs, or the screen has not yet caught up with the
    /// fingers), so the loop must keep drawing.
    public var isAnimating: Bool {
        let shownTime = shown?.time ?? Int64.min / 2
        switch mode {
        case .animating: return true
        case let .resting(_, since): return shownTime < since
        case .dragging, .pinching: return path.hasMotion(after: shownTime - latency, predicting: true)
        }
    }

    public var isTouching: Bool {
        switch mode {
        case .dragging, .pinching: return true
        default: return false
        }
    }

    private mutating func settle(at time: Int64) {
        if case let .animating(animation) = mode, time >= animation.endMicroseconds {
            mode = .resting(animation.sample(at: animation.endMicroseconds).camera, since: animation.endMicroseconds)
        }
        if case let .resting(camera, since) = mode, time >= since, let timeout = settings.idleTimeoutMicroseconds,
           time >= lastInteractionMicroseconds + timeout, !isHome(camera) {
            let start = max(lastInteractionMicroseconds + timeout, since)
            path.clear()
            if let transition = try? ZoomTransition(
                scale: camera.scale, offset: camera.offset, focalPoint: geometry.viewportCentre,
                targetScale: home.scale, targetOffset: home.offset, spring: settings.snapSpring) {
                mode = .animating(.zoom(transition, state: .homing, startMicroseconds: start))
                settle(at: time)
            } else {
                mode = .resting(home, since: start)
            }
        }
    }

    private func isHome(_ camera: Camera) -> Bool {
        abs(camera.scale - home.scale) < 1e-9 * home.scale
            && abs(camera.offset.x - home.offset.x) < 1e-6 && abs(camera.offset.y - home.offset.y) < 1e-6
    }

    /// Where a touch at `time` takes over from, stopping whatever runs. A moving map that is on screen freezes at
    /// the camera last presented (the path starts again there); a gesture handing over to another in the same
    /// report (pinch → pan), or a release not yet on screen, continues from the fingers' own newest camera, so the
    /// path goes on without a seam.
    private mutating func takeOver(at time: Int64) -> Camera {
        lastInteractionMicroseconds = time
        switch mode {
        case let .resting(camera, since):
            // Still showing the fingers' last motion (a release that ended at rest): go on from its end.
            if path.newest != nil, let shown, shown.time < since { return camera }
            path.reset(camera, at: time, state: .dragging)
            return camera
        case let .dragging(_, _, _, _, current), let .pinching(_, _, _, _, _, _, current):
            return current
        case let .animating(animation):
            if let newest = path.newest, shown.map({ $0.time < animation.startMicroseconds }) ?? true {
                return newest.camera
            }
            let frozen = shown?.camera ?? animation.sample(at: time + latency).camera
            if case .scroll = animation, let shown {
                caughtVelocity = (animation.offsetVelocity(at: shown.time), time)
            }
            path.reset(frozen, at: time, state: .dragging)
            return frozen
        }
    }

    private func rubberBand(scale: Double) -> RubberBand2D? {
        guard let bounds = try? geometry.offsetBounds(scale: scale) else { return nil }
        return try? RubberBand2D(coefficient: settings.rubberBandCoefficient, size: geometry.viewport, bounds: bounds)
    }

    /// The on-screen velocity of content dragged at `velocity` toward `target`: through the rubber band's slope.
    private func shownVelocity(_ velocity: ScreenPoint, target: ScreenPoint, scale: Double) -> ScreenPoint {
        guard let band = rubberBand(scale: scale) else { return velocity }
        return ScreenPoint(x: velocity.x * band.horizontal.slope(at: target.x), y: velocity.y * band.vertical.slope(at: target.y))
    }

    // MARK: Drag

    public mutating func dragBegan(at time: Int64, location: ScreenPoint? = nil) {
        let camera = takeOver(at: time)
        let anchor = rubberBand(scale: camera.scale)?.unclamp(camera.offset) ?? camera.offset
        mode = .dragging(anchorTarget: anchor, scale: camera.scale, target: anchor, finger: location, current: camera)
        path.append(camera, at: time, state: .dragging)
    }

    /// `translation`: how far the finger moved since the drag began, in output pixels; `location`: where it is.
    public mutating func dragChanged(translation: ScreenPoint, location: ScreenPoint? = nil, at time: Int64) {
        guard case let .dragging(anchor, scale, _, finger, current) = mode else { return }
        lastInteractionMicroseconds = time
        let target = ScreenPoint(x: anchor.x - translation.x, y: anchor.y - translation.y)
        let shown = rubberBand(scale: scale)?.clamp(target) ?? target
        let camera = Camera(offset: shown, scale: scale)
        mode = .dragging(anchorTarget: anchor, scale: scale, target: target, finger: location ?? finger, current: camera)
        // A report that moves nothing (the lift repeats the last translation) must not stretch the path: the
        // release continues from the last report that moved the map.
        if camera != current || path.newest == nil { path.append(camera, at: time, state: .dragging) }
    }

    /// `velocity`: the finger's release velocity in px/s (after fling limits); the content moves the other way.
    public mutating func dragEnded(velocity: Velocity, at time: Int64) {
        guard case .dragging = mode else { return }
        let shownSpeed = path.finalOffsetSpeed
        holdUntilLift(at: time)
        guard case let .dragging(_, scale, target, finger, current) = mode else { return }
        var content = shownVelocity(ScreenPoint(x: -velocity.x, y: -velocity.y), target: target, scale: scale)
        // The glide starts no faster than the screen shows the drag moving where its path ends: a finger that eased
        // out before lifting (the estimate still weights the faster motion of the ease's start) must not
        // re-accelerate the map. A steady drag's path ends at the finger's speed, so a flick is not slowed.
        let speed = (content.x * content.x + content.y * content.y).squareRoot()
        if let shownSpeed, speed > shownSpeed {
            content = ScreenPoint(x: content.x * shownSpeed / speed, y: content.y * shownSpeed / speed)
        }
        if let caught = caughtVelocity, settings.carriedMomentum > 0,
           time - caught.timeMicroseconds <= CameraSettings.carriedMomentumWindowMicroseconds {
            content = carryingMomentum(content, caught.velocity)
        }
        // The fling cap bounds how far a flick throws the map, not how fast it leaves the finger: a flick the
        // gesture layer clamped to the cap (12000 px/s shown, 8000 handed on) braked visibly at the lift. The glide
        // starts at the speed the screen showed (at most four times the cap: a glitch is still a glitch) and
        // decelerates faster in proportion, so it stops where a glide at the cap would: with v(t) = v0·r^(1000t) a
        // glide travels v0 / (−1000·ln r), so r′ = r^(v0/cap) keeps the distance of a glide at the cap.
        var rate = settings.decelerationRate
        let capped = settings.maximumFlingVelocity
        if let shownSpeed, velocity.length >= capped * (1 - 1e-9), shownSpeed > capped {
            let speed = (content.x * content.x + content.y * content.y).squareRoot()
            let start = min(shownSpeed, 4 * capped)
            if speed > 0, let faster = try? DecelerationRate(perMillisecond: pow(rate.perMillisecond, start / capped)) {
                content = ScreenPoint(x: content.x * start / speed, y: content.y * start / speed)
                rate = faster
            }
        }
        release(current, offsetVelocity: content, focalPoint: finger, rate: rate, at: time)
    }

    /// Carried momentum: a flick the same way as the glide it caught (axis by axis) adds `carriedMomentum` times
    /// the glide's velocity, up to the fling cap, so repeated flicks speed the map up as on iOS.
    private func carryingMomentum(_ velocity: ScreenPoint, _ caught: ScreenPoint) -> ScreenPoint {
        func axis(_ v: Double, _ c: Double) -> Double { v * c > 0 ? v + settings.carriedMomentum * c : v }
        var result = ScreenPoint(x: axis(velocity.x, caught.x), y: axis(velocity.y, caught.y))
        let speed = (result.x * result.x + result.y * result.y).squareRoot()
        if speed > settings.maximumFlingVelocity {
            result = ScreenPoint(x: result.x * settings.maximumFlingVelocity / speed, y: result.y * settings.maximumFlingVelocity / speed)
        }
        return result
    }

    // MARK: Pinch

    public mutating func pinchBegan(focalPoint: ScreenPoint, at time: Int64) {
        let camera = takeOver(at: time)
        let requested = (try? settings.zoomLimits.unrubberBanded(camera.scale)) ?? camera.scale
        // Like a drag, a pinch starts from the offset the rubber band is showing, taken off the band; otherwise
        // the band would be applied a second time and the map would jump.
        let unresisted = rubberBand(scale: camera.scale)?.unclamp(camera.offset) ?? camera.offset
        let anchor = geometry.schemePoint(atScreen: focalPoint, camera: Camera(offset: unresisted, scale: camera.scale))
        mode = .pinching(requestedScale: requested, relativeScale: 1, anchor: anchor, beganFocalPoint: focalPoint,
                         focalPoint: focalPoint, target: unresisted, current: camera)
        path.append(camera, at: time, state: .pinching)
    }

    /// `scale`: the fingers' spread relative to the pinch's start; `translation`: how far their centroid has moved
    /// since. The scheme point that was under the centroid at the start stays under it, which is the simultaneous
    /// pan. (The centroid is carried by the translation rather than taken from the fingers, so a finger lifting
    /// or landing never moves the map.)
    public mutating func pinchChanged(scale relativeScale: Double, translation: ScreenPoint, at time: Int64) {
        guard case let .pinching(requested, _, anchor, began, _, _, current) = mode, relativeScale.isFinite, relativeScale > 0,
              translation.x.isFinite, translation.y.isFinite else { return }
        lastInteractionMicroseconds = time
        let focalPoint = ScreenPoint(x: began.x + translation.x, y: began.y + translation.y)
        let scale = (try? settings.zoomLimits.rubberBanded(requested * relativeScale)) ?? current.scale
        let target = ScreenPoint(x: (anchor.x - geometry.contentOrigin.x) * scale - focalPoint.x,
                                 y: (anchor.y - geometry.contentOrigin.y) * scale - focalPoint.y)
        // Below the minimum the map is smaller than the screen and its bounds only centre it: banding the offset
        // toward that centre slid the map off the fingers. There the offset is banded as it would be at the
        // minimum, and the scale's own band shrinks the map about the fingers' centroid from that camera, so the
        // point under the fingers stays under them (and the picture is continuous where the scale crosses it).
        let minimum = settings.zoomLimits.minimumScale
        let shown: ScreenPoint
        if scale < minimum {
            let atMinimum = ScreenPoint(x: (anchor.x - geometry.contentOrigin.x) * minimum - focalPoint.x,
                                        y: (anchor.y - geometry.contentOrigin.y) * minimum - focalPoint.y)
            let banded = rubberBand(scale: minimum)?.clamp(atMinimum) ?? atMinimum
            shown = ZoomGeometry.offsetKeepingFocalPointFixed(offset: banded, scale: minimum, newScale: scale, focalPoint: focalPoint)
        } else {
            shown = rubberBand(scale: scale)?.clamp(target) ?? target
        }
        let camera = Camera(offset: shown, scale: scale)
        mode = .pinching(requestedScale: requested, relativeScale: relativeScale, anchor: anchor, beganFocalPoint: began,
                         focalPoint: focalPoint, target: target, current: camera)
        if camera != current { path.append(camera, at: time, state: .pinching) }
    }

    /// Inside the limits the centroid's velocity carries on as a fling. Past a limit scale and offset spring back
    /// together around the centroid last seen, the scale starting at the rate it was changing on screen.
    /// `scaleVelocity` is d(scale)/dt of the fingers' relative scale.
    public mutating func pinchEnded(scaleVelocity: Double, focalVelocity: Velocity, at time: Int64) {
        guard case .pinching = mode else { return }
        holdUntilLift(at: time)
        guard case let .pinching(requested, relativeScale, _, _, focalPoint, target, current) = mode else { return }
        if settings.zoomLimits.contains(current.scale) {
            release(current, offsetVelocity: shownVelocity(ScreenPoint(x: -focalVelocity.x, y: -focalVelocity.y), target: target,
                                                           scale: current.scale),
                    focalPoint: focalPoint, at: time)
        } else {
            // d(ln s_shown)/dt = d(ln s_shown)/d(ln s_requested) · d(ln s_requested)/dt, and the requested scale is
            // `requested · relativeScale`, so d(ln s_requested)/dt = scaleVelocity / relativeScale.
            let slope = (try? settings.zoomLimits.logSlope(atRequested: requested * relativeScale)) ?? 1
            let logVelocity = relativeScale > 0 && scaleVelocity.isFinite ? scaleVelocity / relativeScale * slope : 0
            let (camera, start) = releaseStart(current, time)
            zoom(from: camera, logScaleVelocity: logVelocity, focalPoint: focalPoint,
                 targetScale: settings.zoomLimits.clamped(camera.scale), spring: settings.zoomSpring,
                 state: .bouncing, at: start)
        }
    }

    // MARK: Touch down and lift

    /// A finger landed: whatever animation runs stops under it, as a scroll view stops when touched, even before
    /// the finger has moved far enough to pan.
    public mutating func touchedDown(at time: Int64) {
        lastInteractionMicroseconds = time
        guard !isTouching, isAnimating else { return }
        caughtVelocity = nil
        dragBegan(at: time)
    }

    /// A tap changes nothing on the map but is a passenger at the screen: the idle timeout starts again.
    public mutating func tapped(at time: Int64) {
        lastInteractionMicroseconds = time
    }

    /// The last finger lifted; if no gesture ended the touch (a tap on a moving map), settle without a fling.
    public mutating func touchesLifted(at time: Int64) {
        cancelled(at: time)
    }

    // MARK: Taps, wheel, cancel

    /// Zooms in by the configured factor around the tap; at the maximum it zooms back out to the home scale.
    public mutating func doubleTapped(at point: ScreenPoint, time: Int64) {
        let camera = takeOver(at: time)
        let limits = settings.zoomLimits
        let atMaximum = camera.scale >= limits.maximumScale * (1 - 1e-6)
        let target = atMaximum ? limits.clamped(home.scale) : limits.clamped(camera.scale * settings.doubleTapZoomFactor)
        path.clear()
        zoom(from: camera, logScaleVelocity: 0, focalPoint: point, targetScale: target, spring: settings.snapSpring,
             state: .zooming, at: time + latency)
    }

    /// A mouse wheel (maintenance, QEMU's tablet): zoom by `factor` around the pointer.
    public mutating func wheelZoomed(by factor: Double, at point: ScreenPoint, time: Int64) {
        guard factor.isFinite, factor > 0 else { return }
        let camera = takeOver(at: time)
        path.clear()
        zoom(from: camera, logScaleVelocity: 0, focalPoint: point,
             targetScale: settings.zoomLimits.clamped(camera.scale * factor), spring: settings.snapSpring,
             state: .zooming, at: time + latency)
    }

    /// The camera put at `target` at once, resting there with no animation and nothing of a path to show: a still at
    /// a chosen camera (`snapshot --camera`), drawn exactly there (not clamped), as `frames.jsonl` logged it.
    public mutating func rest(at target: Camera) {
        path.clear()
        shown = nil
        mode = .resting(target, since: .min)
    }

    /// A home control was pressed: animate back to the home view with the snap spring, as the idle return does.
    public mutating func goHome(at time: Int64) {
        go(to: home, at: time)
    }

    /// An on-screen control asked for a view (the inset's jump): animate there with the snap spring, scale and
    /// offset together, the offset kept within the map's bounds.
    public mutating func go(to target: Camera, at time: Int64) {
        let camera = takeOver(at: time)
        path.clear()
        var target = target
        if let bounds = try? geometry.offsetBounds(scale: target.scale) { target.offset = bounds.clamped(target.offset) }
        if let transition = try? ZoomTransition(
            scale: camera.scale, offset: camera.offset, focalPoint: geometry.viewportCentre,
            targetScale: target.scale, targetOffset: target.offset, spring: settings.snapSpring) {
            mode = .animating(.zoom(transition, state: target == home ? .homing : .zooming, startMicroseconds: time + latency))
        } else {
            mode = .resting(target, since: time + latency)
        }
    }

    /// A held zoom control's next step: the map zooms by `factor` at a steady rate over `durationMicroseconds`,
    /// about `point`. Steps compound on the step before's target (held for n steps is factorⁿ, however the frames
    /// fell), and a step that comes while the one before still runs takes over from where it is: with a duration a
    /// little longer than the button's repeat interval (`KioskLoop` adds a frame) the zoom never pauses between
    /// steps, and its rate settles at ln(factor) per interval. A spring per step pulsed the zoom at 5 Hz.
    public mutating func zoomContinued(by factor: Double, at point: ScreenPoint, time: Int64, durationMicroseconds: Int64) {
        guard factor.isFinite, factor > 0 else { return }
        var base: Double?
        switch mode {
        case let .animating(.zoom(transition, _, _)): base = transition.targetScale
        case let .animating(.ramp(ramp, _)): base = ramp.to.scale
        default: break
        }
        let running = mode
        let camera = takeOver(at: time)
        path.clear()
        var from = camera
        // The step starts from where the running zoom will be when this one starts, not where the screen froze.
        if case let .animating(animation) = running { from = animation.sample(at: time + latency).camera }
        let targetScale = settings.zoomLimits.clamped((base ?? from.scale) * factor)
        let focalFixed = ZoomGeometry.offsetKeepingFocalPointFixed(offset: from.offset, scale: from.scale, newScale: targetScale,
                                                                   focalPoint: point)
        let target = Camera(offset: (try? geometry.offsetBounds(scale: targetScale))?.clamped(focalFixed) ?? focalFixed,
                            scale: targetScale)
        let ramp = ZoomRamp(from: from, to: target, durationSeconds: Double(durationMicroseconds) / 1_000_000)
        mode = ramp.durationSeconds > 0 && from != target
            ? .animating(.ramp(ramp, startMicroseconds: time + latency)) : .resting(target, since: time + latency)
    }

    /// A finger dragging the inset's outline: the view moves by `delta` output pixels at once (no animation), kept
    /// within the map's bounds.
    public mutating func panned(by delta: ScreenPoint, at time: Int64) {
        var camera = takeOver(at: time)
        path.clear()
        camera.offset = ScreenPoint(x: camera.offset.x + delta.x, y: camera.offset.y + delta.y)
        if let bounds = try? geometry.offsetBounds(scale: camera.scale) { camera.offset = bounds.clamped(camera.offset) }
        mode = .resting(camera, since: time + latency)
    }

    /// When the passenger counts as gone (the idle timeout after the last touch), wherever the map is; nil while a
    /// finger is down or with no timeout. Controls reset their language and accessible mode then.
    public var idleDeadlineMicroseconds: Int64? {
        guard let timeout = settings.idleTimeoutMicroseconds, !isTouching else { return nil }
        return lastInteractionMicroseconds + timeout
    }

    /// When the idle return will start, if nothing touches the screen before: nil when the camera is at home, in a
    /// touch, or there is no timeout. What the idle warning counts down to.
    public var idleReturnMicroseconds: Int64? {
        guard let timeout = settings.idleTimeoutMicroseconds, case let .resting(camera, _) = mode, !isHome(camera) else { return nil }
        return lastInteractionMicroseconds + timeout
    }

    /// An overlay asked to show a view (the journey card fitting its route): spring there from what is shown, scale
    /// in log space, with the snap spring, as a double-tap zoom does.
    public mutating func animate(to target: Camera, at time: Int64) {
        let camera = takeOver(at: time)
        path.clear()
        if let transition = try? ZoomTransition(
            scale: camera.scale, offset: camera.offset, focalPoint: geometry.viewportCentre,
            targetScale: target.scale, targetOffset: target.offset, spring: settings.snapSpring), transition.duration > 0 {
            mode = .animating(.zoom(transition, state: .zooming, startMicroseconds: time + latency))
        } else {
            mode = .resting(target, since: time + latency)
        }
    }

    /// An overlay now covers `insets` of the screen (or none): the map may scroll that much further. A map resting
    /// beyond the new bounds (the card that covered them went away) springs back into them.
    public mutating func setInsets(_ insets: EdgeInsets, at time: Int64) {
        guard insets != geometry.insets else { return }
        geometry.insets = insets
        guard case let .resting(camera, _) = mode, let bounds = try? geometry.offsetBounds(scale: camera.scale) else { return }
        let clamped = bounds.clamped(camera.offset)
        if clamped != camera.offset { animate(to: Camera(offset: clamped, scale: camera.scale), at: time) }
    }

    /// The gesture was cancelled (device gone, SYN_DROPPED): no fling, but the map never stays out of bounds.
    public mutating func cancelled(at time: Int64) {
        guard isTouching else { return }
        holdUntilLift(at: time)
        var focal: ScreenPoint?
        if case let .dragging(_, _, _, finger, _) = mode { focal = finger }
        if case let .pinching(_, _, _, _, focalPoint, _, _) = mode { focal = focalPoint }
        release(takeOver(at: time), offsetVelocity: .zero, focalPoint: focal, at: time)
    }

    // MARK: Releases

    /// Where and when (presentation time) an animation released by the fingers starts: from their last report,
    /// L after it; or, when the screen has already shown the path predicted past that report (the lift came
    /// late), from the camera last shown, at once, so the screen never jumps ahead or back.
    private func releaseStart(_ camera: Camera, _ time: Int64) -> (camera: Camera, presentation: Int64) {
        guard let newest = path.newest else { return (camera, time + latency) }
        guard let shown, shown.time - latency > newest.timeMicroseconds else { return (camera, newest.timeMicroseconds + latency) }
        return (path.camera(at: shown.time - latency, predicting: true) ?? camera, shown.time)
    }

    /// A finger that stops reporting is still down and still: lifted after the path went still (a hold past an
    /// edge, a pinch held past a limit, on a panel that sends nothing while a finger does not move), it was where
    /// the screen holds it until the lift. The path learns so, and the release starts from there at the lift (a
    /// latency later on screen) instead of being back-dated to the last report before the hold, which landed a
    /// spring-back most of the way home in its first frame.
    private mutating func holdUntilLift(at time: Int64) {
        guard let newest = path.newest, time > newest.timeMicroseconds, path.isStill(at: time),
              let held = path.camera(at: time, predicting: true) else { return }
        path.append(held, at: time, state: path.state)
        switch mode {
        case let .dragging(anchor, scale, target, finger, _):
            mode = .dragging(anchorTarget: anchor, scale: scale, target: target, finger: finger, current: held)
        case let .pinching(requested, relative, anchor, began, focal, target, _):
            mode = .pinching(requestedScale: requested, relativeScale: relative, anchor: anchor, beganFocalPoint: began,
                             focalPoint: focal, target: target, current: held)
        default:
            break
        }
    }

    /// The fingers reported without moving the map: the path learns they stayed, so the screen stops with them
    /// instead of predicting motion that did not happen.
    public mutating func fingersReported(at time: Int64) {
        switch mode {
        case let .dragging(_, _, _, _, current), let .pinching(_, _, _, _, _, _, current):
            if let newest = path.newest, time > newest.timeMicroseconds { path.append(current, at: time, state: path.state) }
        default:
            break
        }
    }

    /// `offsetVelocity` is what the screen showed (already through the rubber band); `focalPoint` the finger or
    /// centroid a zoom spring-back keeps fixed (the screen centre when unknown).
    /// `rate`: the glide's deceleration (the configured one unless a flick past the fling cap needs a faster one).
    private mutating func release(_ current: Camera, offsetVelocity: ScreenPoint, focalPoint: ScreenPoint?,
                                  rate: DecelerationRate? = nil, at time: Int64) {
        lastInteractionMicroseconds = time
        caughtVelocity = nil
        let (camera, start) = releaseStart(current, time)
        // A drag that took over a zoom still past its limits (one finger of a pinch lifted first) must not leave
        // the map over- or under-zoomed: scale and offset spring back together, about the finger still down.
        guard settings.zoomLimits.contains(camera.scale) else {
            zoom(from: camera, logScaleVelocity: 0, focalPoint: focalPoint ?? geometry.viewportCentre,
                 targetScale: settings.zoomLimits.clamped(camera.scale), spring: settings.zoomSpring,
                 state: .bouncing, at: start)
            return
        }
        func axis(_ position: Double, _ velocity: Double, _ bounds: ClosedInterval) -> ScrollAxisAnimation? {
            try? ScrollAxisAnimation(
                position: position, velocity: velocity.isFinite ? velocity : 0, bounds: bounds,
                rate: rate ?? settings.decelerationRate, spring: settings.bounceSpring, springBack: settings.springBackSpring,
                maximumBounceVelocity: settings.maximumBounceVelocity)
        }
        guard let bounds = try? geometry.offsetBounds(scale: camera.scale),
              let x = axis(camera.offset.x, offsetVelocity.x, bounds.horizontal),
              let y = axis(camera.offset.y, offsetVelocity.y, bounds.vertical)
        else {
            mode = .resting(camera, since: start)
            return
        }
        let animation = CameraAnimation.scroll(x: x, y: y, scale: camera.scale, startMicroseconds: start)
        mode = animation.durationSeconds > 0 ? .animating(animation) : .resting(camera, since: start)
    }

    /// `logScaleVelocity`: d(ln scale)/dt on screen at the start; `time`: the presentation time it starts at.
    private mutating func zoom(from camera: Camera, logScaleVelocity: Double, focalPoint: ScreenPoint, targetScale: Double,
                               spring: Spring, state: CameraState, at time: Int64) {
        let focalFixed = ZoomGeometry.offsetKeepingFocalPointFixed(
            offset: camera.offset, scale: camera.scale, newScale: targetScale, focalPoint: focalPoint)
        let targetOffset = (try? geometry.offsetBounds(scale: targetScale))?.clamped(focalFixed) ?? focalFixed
        guard let transition = try? ZoomTransition(
            scale: camera.scale, scaleVelocity: logScaleVelocity.isFinite ? logScaleVelocity * camera.scale : 0,
            offset: camera.offset, focalPoint: focalPoint, targetScale: targetScale, targetOffset: targetOffset, spring: spring)
        else {
            mode = .resting(camera, since: time)
            return
        }
        mode = transition.duration > 0
            ? .animating(.zoom(transition, state: state, startMicroseconds: time))
            : .resting(Camera(offset: targetOffset, scale: targetScale), since: time)
    }
}
