import MetroMap
import Physics
import Raster
import TouchInput

/// The kiosk's one loop over an input, an output and a clock: touch → gestures → camera → frame, drawing only
/// when the picture changes. The same loop runs on a kiosk (libinput, DRM, CLOCK_MONOTONIC) and in a replay
/// (trace, headless recorder, simulated clock).
public final class KioskLoop {
    public private(set) var camera: CameraController
    private var touch: TouchPipeline
    private let renderer: MapFrameRenderer
    private var scheduler: FrameScheduler
    private let input: KioskInput
    public let output: KioskOutput
    private let clock: KioskClock
    private var lastDrawn: (view: MapFrameRenderer.View, state: CameraState)?
    /// The screen lost what it showed (the seat came back after a VT switch): the next frame goes out whole.
    private var screenLost = false
    private let map: MetroMap
    private let picker: StationPicker
    private let language: String?
    private let font: Font?
    /// The station a passenger tapped, shown in a callout until this time or the next touch.
    private var selection: (info: StationInfo, untilMicroseconds: Int64)?
    private var lastSelected: String?
    /// The touch under way landed on a moving map and stopped it: as on iOS, that touch is consumed (no tap).
    private var touchStoppedMotion = false
    /// The map with the callout over it; the renderer's own buffer stays the clean map it reuses.
    private var overlay: PixelBuffer?
    public static let calloutMicroseconds: Int64 = 8_000_000
    /// How far (output pixels) a fingertip may land from a station and still pick it.
    public static let tapReachPixels = 28.0
    /// Called after each frame is presented.
    public var onFrame: ((FrameRecord) -> Void)?
    /// Called once per label the font cannot fully draw.
    public var onMissingGlyphs: ((_ text: String, _ missing: [Unicode.Scalar]) -> Void)? {
        get { renderer.onMissingGlyphs }
        set { renderer.onMissingGlyphs = newValue }
    }
    public private(set) var framesPresented = 0

    public init(map: MetroMap, config: KioskConfig, font: Font?, input: KioskInput, output: KioskOutput,
                clock: KioskClock) throws(PhysicsError) {
        let viewport = Size(width: Double(output.width), height: Double(output.height))
        let geometry = CameraGeometry(map: map, viewport: viewport)
        scheduler = FrameScheduler(refreshMillihertz: output.refreshMillihertz)
        var settings = try config.cameraSettings(geometry: geometry)
        // The one time base: fingers are shown as they were a fixed latency before each frame's presentation.
        settings.touchLatencyMicroseconds = CameraSettings.touchLatency(refreshPeriodMicroseconds: scheduler.refreshPeriodMicroseconds)
        camera = CameraController(geometry: geometry, settings: settings,
                                  home: config.homeCamera(geometry: geometry), startMicroseconds: clock.nowMicroseconds)
        touch = TouchPipeline(configuration: config.gestureConfiguration(),
                              panel: config.panelGeometry(width: output.width, height: output.height))
        renderer = MapFrameRenderer(width: output.width, height: output.height,
                                    builder: MapSceneBuilder(drawing: config.drawing(of: map), font: font))
        self.map = map
        picker = StationPicker(map: map)
        language = config.map.language
        self.font = font
        self.input = input
        self.output = output
        self.clock = clock
    }

    /// One turn: take the input that has arrived, draw and present a frame if the picture changes, otherwise
    /// sleep until something is due. Returns false once a replay is over: the trace has ended and nothing is
    /// left to happen (a device never ends).
    public func turn() throws -> Bool {
        let now = clock.nowMicroseconds
        for event in input.events(upTo: now) {
            handle(event)
        }
        let presentation = scheduler.nextPresentation(after: now)
        if let shown = selection, presentation >= shown.untilMicroseconds { selection = nil }
        let selected = selection?.info.stationID
        let sample = camera.sample(at: presentation)
        let view = MapFrameRenderer.View(camera: sample.camera)
        if let lastDrawn, lastDrawn.view == view, lastDrawn.state == sample.state, selected == lastSelected {
            return waitForSomething()
        }
        let scaleChanging = sample.state == .pinching || sample.state == .zooming || sample.state == .homing
            || (sample.state == .bouncing && lastDrawn.map { $0.view.scale != view.scale } ?? false)
        let frame = renderer.render(view, scaleSettled: !scaleChanging)
        var shown = renderer.buffer
        var damage = screenLost || selected != lastSelected ? renderer.buffer.bounds : frame.damage
        if let info = selection?.info, let font {
            shown = callout(info, over: renderer.buffer, camera: sample.camera, font: font)
            damage = renderer.buffer.bounds
        }
        screenLost = false
        lastSelected = selected
        let presented = try output.present(shown, damage: damage, predictedMicroseconds: presentation)
        scheduler.presented(at: presented)
        lastDrawn = (view, sample.state)
        framesPresented += 1
        onFrame?(FrameRecord(presentationMicroseconds: presented, camera: sample.camera, state: sample.state,
                             touches: touch.recognizer.fingerCount, damage: damage, method: frame.method,
                             station: selected))
        return true
    }

    /// A tap on a station shows what it is; a tap elsewhere hides the callout.
    private func select(at point: Physics.Point, time: Int64) {
        let shown = camera.shownCamera
        let scheme = camera.geometry.schemePoint(atScreen: point, camera: shown)
        let id = picker.station(near: SchemePoint(x: scheme.x, y: scheme.y), within: Self.tapReachPixels / shown.scale)
        selection = id.flatMap { StationInfo(map: map, stationID: $0, language: language) }
            .map { ($0, time + Self.calloutMicroseconds) }
    }

    private func callout(_ info: StationInfo, over map: PixelBuffer, camera shown: Camera, font: Font) -> PixelBuffer {
        let buffer = overlay ?? PixelBuffer(width: map.width, height: map.height)
        overlay = buffer
        for y in 0..<map.height { buffer.row(y).update(from: map.row(y), count: map.width) }
        let anchor = camera.geometry.screenPoint(ofScheme: Physics.Point(x: info.position.x, y: info.position.y), camera: shown)
        StationCallout.draw(info, at: Raster.Point(Float(anchor.x), Float(anchor.y)), on: Canvas(buffer: buffer), font: font)
        return buffer
    }

    /// Someone else had the screen: show the current frame again in full on the next turn.
    public func screenWasLost() {
        screenLost = true
        lastDrawn = nil
    }

    /// Nothing to draw now: sleep until input, the next change the camera knows of, or (while an animation is
    /// slower than a pixel a frame) the next vblank, so its last sub-pixel steps are still shown on time instead of
    /// all at once when it ends.
    private func waitForSomething() -> Bool {
        var wakes = [camera.nextWakeMicroseconds, input.nextEventMicroseconds].compactMap { $0 }
        if camera.isAnimating { wakes.append(scheduler.nextPresentation(after: clock.nowMicroseconds)) }
        if let selection { wakes.append(selection.untilMicroseconds) }
        if input.isFinished, wakes.isEmpty, !camera.isTouching { return false }
        clock.wait(until: wakes.min())
        return true
    }

    private func handle(_ event: KioskInputEvent) {
        switch event {
        case let .touch(frame):
            if frame.events.contains(where: { $0.phase == .down }) {
                if touch.recognizer.fingerCount == 0 { touchStoppedMotion = camera.isAnimating }
                camera.touchedDown(at: frame.timeMicroseconds)
                selection = nil
            }
            for gesture in touch.process(frame) {
                if touchStoppedMotion, case .tapped = gesture { continue }
                if touchStoppedMotion, case .doubleTapped = gesture { continue }
                camera.apply(gesture)
                if case let .tapped(location, time) = gesture { select(at: Physics.Point(location), time: time) }
            }
            if touch.recognizer.fingerCount == 0 {
                camera.touchesLifted(at: frame.timeMicroseconds)
            } else if !frame.events.contains(where: { $0.phase == .up || $0.phase == .cancel }) {
                camera.fingersReported(at: frame.timeMicroseconds)
            }
        case let .zoom(factor, x, y, time):
            camera.wheelZoomed(by: factor, at: Point(x: x, y: y), time: time)
        }
    }
}
