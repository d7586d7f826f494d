import Physics

/// The camera's state machine over the physics core. Gestures come in with their event times; the run loop asks
/// for the camera at each frame's presentation time.
///
/// idle → dragging / pinching (a finger down) → decelerating / bouncing / zooming (released) → idle;
/// a double tap zooms; after the idle timeout the camera goes home. A touch during any animation takes over from
/// where the animation is at that moment, so nothing jumps.
public struct CameraController: Sendable {
    public private(set) var geometry: CameraGeometry
    public private(set) var settings: CameraSettings
    public private(set) var home: Camera

    private enum Mode: Equatable, Sendable {
        case resting(Camera)
        /// `anchorTarget` is the unresisted offset the drag started from; translations are added to it and the
        /// rubber band is applied to the absolute result.
        case dragging(anchorTarget: Point, scale: Double, current: Camera)
        /// `requestedScale` is the unresisted scale at the pinch's start; `anchor` the scheme point under the
        /// focal point then (`beganFocalPoint`), which the pinch carries to `focalPoint`.
        case pinching(requestedScale: Double, anchor: Point, beganFocalPoint: Point, focalPoint: Point, current: Camera)
        case animating(CameraAnimation)
    }

    private var mode: Mode
    private var lastInteractionMicroseconds: Int64

    public init(geometry: CameraGeometry, settings: CameraSettings, home: Camera, startMicroseconds: Int64 = 0) {
        self.geometry = geometry
        self.settings = settings
        self.home = home
        self.mode = .resting(home)
        self.lastInteractionMicroseconds = startMicroseconds
    }

    // MARK: Sampling

    /// The camera at `time`; finished animations come to rest here and the idle timeout starts the trip home.
    public mutating func sample(at time: Int64) -> CameraSample {
        settle(at: time)
        switch mode {
        case let .resting(camera): return CameraSample(camera: camera, state: .idle)
        case let .dragging(_, _, current): return CameraSample(camera: current, state: .dragging)
        case let .pinching(_, _, _, _, current): return CameraSample(camera: current, state: .pinching)
        case let .animating(animation): return animation.sample(at: time)
        }
    }

    /// When something will change without new input: an animation's end or the idle deadline. Nil: nothing will.
    public var nextWakeMicroseconds: Int64? {
        switch mode {
        case .dragging, .pinching: return nil
        case let .animating(animation): return animation.endMicroseconds
        case let .resting(camera):
            guard let timeout = settings.idleTimeoutMicroseconds, !isHome(camera) else { return nil }
            return lastInteractionMicroseconds + timeout
        }
    }

    /// True while the picture changes by itself (an animation runs), so the loop must keep drawing.
    public var isAnimating: Bool {
        if case .animating = mode { return true }
        return false
    }

    public var isTouching: Bool {
        switch mode {
        case .dragging, .pinching: return true
        default: return false
        }
    }

    private mutating func settle(at time: Int64) {
        if case let .animating(animation) = mode, time >= animation.endMicroseconds {
            mode = .resting(animation.sample(at: animation.endMicroseconds).camera)
        }
        if case let .resting(camera) = mode, let timeout = settings.idleTimeoutMicroseconds,
           time >= lastInteractionMicroseconds + timeout, !isHome(camera) {
            let start = lastInteractionMicroseconds + timeout
            if let transition = try? ZoomTransition(
                scale: camera.scale, offset: camera.offset, focalPoint: geometry.viewportCentre,
                targetScale: home.scale, targetOffset: home.offset, spring: settings.snapSpring) {
                mode = .animating(.zoom(transition, state: .homing, startMicroseconds: start))
                settle(at: time)
            } else {
                mode = .resting(home)
            }
        }
    }

    private func isHome(_ camera: Camera) -> Bool {
        abs(camera.scale - home.scale) < 1e-9 * home.scale
            && abs(camera.offset.x - home.offset.x) < 1e-6 && abs(camera.offset.y - home.offset.y) < 1e-6
    }

    /// Where the camera is at `time`, stopping whatever animation runs: a touch takes over from here.
    private mutating func takeOver(at time: Int64) -> Camera {
        lastInteractionMicroseconds = time
        switch mode {
        case let .resting(camera): return camera
        case let .dragging(_, _, current), let .pinching(_, _, _, _, current): return current
        case let .animating(animation): return animation.sample(at: time).camera
        }
    }

    private func rubberBand(scale: Double) -> RubberBand2D? {
        guard let bounds = try? geometry.offsetBounds(scale: scale) else { return nil }
        return try? RubberBand2D(coefficient: settings.rubberBandCoefficient, size: geometry.viewport, bounds: bounds)
    }

    // MARK: Drag

    public mutating func dragBegan(at time: Int64) {
        let camera = takeOver(at: time)
        let anchor = rubberBand(scale: camera.scale)?.unclamp(camera.offset) ?? camera.offset
        mode = .dragging(anchorTarget: anchor, scale: camera.scale, current: camera)
    }

    /// `translation`: how far the finger moved since the drag began, in output pixels.
    public mutating func dragChanged(translation: Point, at time: Int64) {
        guard case let .dragging(anchor, scale, _) = mode else { return }
        lastInteractionMicroseconds = time
        let target = Point(x: anchor.x - translation.x, y: anchor.y - translation.y)
        let shown = rubberBand(scale: scale)?.clamp(target) ?? target
        mode = .dragging(anchorTarget: anchor, scale: scale, current: Camera(offset: shown, scale: scale))
    }

    /// `velocity`: the finger's release velocity in px/s (after fling limits); the content moves the other way.
    public mutating func dragEnded(velocity: Point, at time: Int64) {
        guard case let .dragging(_, _, current) = mode else { return }
        release(current, offsetVelocity: Point(x: -velocity.x, y: -velocity.y), at: time)
    }

    // MARK: Pinch

    public mutating func pinchBegan(focalPoint: Point, at time: Int64) {
        let camera = takeOver(at: time)
        let requested = (try? settings.zoomLimits.unrubberBanded(camera.scale)) ?? camera.scale
        mode = .pinching(requestedScale: requested, anchor: geometry.schemePoint(atScreen: focalPoint, camera: camera),
                         beganFocalPoint: focalPoint, focalPoint: focalPoint, current: camera)
    }

    /// `scale`: the fingers' spread relative to the pinch's start; `translation`: how far their centroid has moved
    /// since. The scheme point that was under the centroid at the start stays under it, which is the simultaneous
    /// pan. (The centroid is carried by the translation rather than taken from the fingers, so a finger lifting
    /// or landing never moves the map.)
    public mutating func pinchChanged(scale relativeScale: Double, translation: Point, at time: Int64) {
        guard case let .pinching(requested, anchor, began, _, current) = mode, relativeScale.isFinite, relativeScale > 0,
              translation.x.isFinite, translation.y.isFinite else { return }
        lastInteractionMicroseconds = time
        let focalPoint = Point(x: began.x + translation.x, y: began.y + translation.y)
        let scale = (try? settings.zoomLimits.rubberBanded(requested * relativeScale)) ?? current.scale
        let target = Point(x: (anchor.x - geometry.contentOrigin.x) * scale - focalPoint.x,
                           y: (anchor.y - geometry.contentOrigin.y) * scale - focalPoint.y)
        let shown = rubberBand(scale: scale)?.clamp(target) ?? target
        mode = .pinching(requestedScale: requested, anchor: anchor, beganFocalPoint: began, focalPoint: focalPoint,
                         current: Camera(offset: shown, scale: scale))
    }

    /// Scale and offset spring back within their limits together, around the centroid last seen (the fingers
    /// that remain may be elsewhere); inside the limits the centroid's velocity carries on as a fling.
    public mutating func pinchEnded(scaleVelocity: Double, focalVelocity: Point, at time: Int64) {
        guard case let .pinching(_, _, _, focalPoint, current) = mode else { return }
        if settings.zoomLimits.contains(current.scale) {
            release(current, offsetVelocity: Point(x: -focalVelocity.x, y: -focalVelocity.y), at: time)
        } else {
            zoom(from: current, scaleVelocity: scaleVelocity, focalPoint: focalPoint,
                 targetScale: settings.zoomLimits.clamped(current.scale), spring: settings.bounceSpring,
                 state: .bouncing, at: time)
        }
    }

    // MARK: Touch down and lift

    /// A finger landed: whatever animation runs stops under it, as a scroll view stops when touched, even before
    /// the finger has moved far enough to pan.
    public mutating func touchedDown(at time: Int64) {
        lastInteractionMicroseconds = time
        guard isAnimating else { return }
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
    public mutating func doubleTapped(at point: Point, time: Int64) {
        let camera = takeOver(at: time)
        let limits = settings.zoomLimits
        let atMaximum = camera.scale >= limits.maximumScale * (1 - 1e-6)
        let target = atMaximum ? limits.clamped(home.scale) : limits.clamped(camera.scale * settings.doubleTapZoomFactor)
        zoom(from: camera, scaleVelocity: 0, focalPoint: point, targetScale: target, spring: settings.snapSpring,
             state: .zooming, at: time)
    }

    /// A mouse wheel (maintenance, QEMU's tablet): zoom by `factor` around the pointer.
    public mutating func wheelZoomed(by factor: Double, at point: Point, time: Int64) {
        guard factor.isFinite, factor > 0 else { return }
        let camera = takeOver(at: time)
        zoom(from: camera, scaleVelocity: 0, focalPoint: point,
             targetScale: settings.zoomLimits.clamped(camera.scale * factor), spring: settings.snapSpring,
             state: .zooming, at: time)
    }

    /// The gesture was cancelled (device gone, SYN_DROPPED): no fling, but the map never stays out of bounds.
    public mutating func cancelled(at time: Int64) {
        guard isTouching else { return }
        release(takeOver(at: time), offsetVelocity: .zero, at: time)
    }

    // MARK: Releases

    private mutating func release(_ camera: Camera, offsetVelocity: Point, at time: Int64) {
        lastInteractionMicroseconds = time
        // A drag that took over a zoom still past its limits (one finger of a pinch lifted first) must not leave
        // the map over- or under-zoomed: scale and offset spring back together.
        guard settings.zoomLimits.contains(camera.scale) else {
            zoom(from: camera, scaleVelocity: 0, focalPoint: geometry.viewportCentre,
                 targetScale: settings.zoomLimits.clamped(camera.scale), spring: settings.bounceSpring,
                 state: .bouncing, at: time)
            return
        }
        guard let bounds = try? geometry.offsetBounds(scale: camera.scale),
              let x = try? ScrollAxisAnimation(
                position: camera.offset.x, velocity: offsetVelocity.x.isFinite ? offsetVelocity.x : 0,
                bounds: bounds.horizontal, rate: settings.decelerationRate, spring: settings.bounceSpring),
              let y = try? ScrollAxisAnimation(
                position: camera.offset.y, velocity: offsetVelocity.y.isFinite ? offsetVelocity.y : 0,
                bounds: bounds.vertical, rate: settings.decelerationRate, spring: settings.bounceSpring)
        else {
            mode = .resting(camera)
            return
        }
        let animation = CameraAnimation.scroll(x: x, y: y, scale: camera.scale, startMicroseconds: time)
        mode = animation.durationSeconds > 0 ? .animating(animation) : .resting(camera)
    }

    private mutating func zoom(from camera: Camera, scaleVelocity: Double, focalPoint: Point, targetScale: Double,
                               spring: Spring, state: CameraState, at time: Int64) {
        lastInteractionMicroseconds = time
        let focalFixed = ZoomGeometry.offsetKeepingFocalPointFixed(
            offset: camera.offset, scale: camera.scale, newScale: targetScale, focalPoint: focalPoint)
        let targetOffset = (try? geometry.offsetBounds(scale: targetScale))?.clamped(focalFixed) ?? focalFixed
        guard let transition = try? ZoomTransition(
            scale: camera.scale, scaleVelocity: scaleVelocity.isFinite ? scaleVelocity : 0, offset: camera.offset,
            focalPoint: focalPoint, targetScale: targetScale, targetOffset: targetOffset, spring: spring)
        else {
            mode = .resting(camera)
            return
        }
        mode = transition.duration > 0
            ? .animating(.zoom(transition, state: state, startMicroseconds: time))
            : .resting(Camera(offset: targetOffset, scale: targetScale))
    }
}
