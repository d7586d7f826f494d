import Cartography
import Foundation
import LiveTimetable
import MetroMap
import Overlay
import Realtime
import Physics
import Raster
import Speech
import TouchInput

/// The kiosk's one loop over an input, an output and a clock: touch → overlay or gestures → camera → map frame with
/// the overlay composed over it, drawing only when the picture changes. The same loop runs on a kiosk (libinput, DRM,
/// CLOCK_MONOTONIC) and in a replay (trace, headless recorder, simulated clock).
public final class KioskLoop {
    public internal(set) var camera: CameraController
    /// Report times without the kernel's jitter, for everything that moves under a finger (map, card, list, inset).
    private var reportClock = SteadyReportClock()
    /// The map's renderer and the overlay over its buffer: the loop draws the map and composes frames only through it.
    private let picture: MapUnderOverlay
    var renderer: MapFrameRenderer { picture.renderer }
    private var scheduler: FrameScheduler
    private let input: KioskInput
    public let output: KioskOutput
    private let clock: KioskClock
    private var lastDrawn: (view: MapFrameRenderer.View, state: CameraState)?
    /// The screen lost what it showed (the seat came back after a VT switch): the next frame goes out whole.
    private var screenLost = false
    let map: MetroMap
    private let picker: StationPicker
    private let language: String?
    let config: KioskConfig
    private let fonts: FontStack?
    /// The on-screen controls of `[controls]`; nil without the section.
    public let controls: KioskControls?
    /// What is drawn over the map, offered every touch before the map.
    public let overlay = OverlayLayer()
    /// The generated key to the lines (`[map] legend`), whose corner labels keep clear of.
    private(set) var legend: LineLegendElement?
    /// The station a passenger tapped, shown until `StationCalloutElement.shownMicroseconds` pass or the next touch.
    private let callout: StationCalloutElement
    /// With `[map] you_are_here` set, a tapped station raises the journey card (and its route) instead of the callout.
    let journey: KioskJourney?
    /// "You are here" on the kiosk's station, with `[map] you_are_here` set.
    public let youAreHere: YouAreHereElement?
    /// The kiosk's next departures, docked where the card rises, with a timetable and no journey open.
    public let departuresBoard: DeparturesBoardElement?
    /// Stations without step-free access, marked in step-free mode; nil without a timetable (nothing to say).
    let stepFreeMarks: StepFreeMarksElement?
    /// The keypad: its focus, audio mode, and the ring it draws on the focused station.
    let keypad: KioskKeypad
    /// Where audio mode's phrases go (espeak-ng into ALSA on a kiosk); nil: nothing is heard, `onSpeak` still hears.
    public var speech: (any SpeechOutput)?
    /// Called with each phrase list audio mode says, as it is said (the service logs them; tests read them).
    public var onSpeak: (([SpokenPhrase]) -> Void)?
    /// The station the keypad's focus ring is on, if any.
    public var keypadFocusStationID: String? { keypad.ring.stationID }
    /// Whether a key has started audio mode.
    public var isAudioMode: Bool { keypad.isAudioMode }
    /// Input-to-presentation latency of every frame that answered input since start.
    public private(set) var inputLatency = InputLatency()
    /// How long before a vblank a frame's work starts (input taken late, `FrameBudget`).
    private var frameBudget = FrameBudget()
    /// Who gets each touch: those added (`addTouchResponder`), the overlay's elements (topmost first), then the map.
    /// The loop only hands it the reports.
    private lazy var router = TouchRouter(responders: [], elements: { [unowned self] in
        overlay.allElements.reversed().map { OverlayElementResponder(element: $0, loop: self) }
    }, map: mapTouch)
    /// The map as a responder: fingers into gestures into the camera, single taps held for the double tap.
    private lazy var mapTouch = MapTouchResponder(loop: self, touch: TouchPipeline(configuration: config.gestureConfiguration(),
                                                                                    panel: panel.geometry(outputWidth: output.width, outputHeight: output.height)))
    /// Offered each single tap on the map in turn, topmost first (`addMapTapResponder` puts one over these).
    private lazy var mapTapResponders = KioskMapTaps.responders(of: self)
    /// How far (output pixels) a fingertip may land from a station and still pick it.
    public static let tapReachPixels = 28.0
    /// Called after each frame is presented.
    public var onFrame: ((FrameRecord) -> Void)?
    /// Called once per label no font of the stack can fully draw.
    public var onMissingGlyphs: ((_ text: String, _ missing: [Unicode.Scalar]) -> Void)? {
        get { renderer.onMissingGlyphs }
        set { renderer.onMissingGlyphs = newValue }
    }
    public private(set) var framesPresented = 0
    /// Whole output pixels the whole picture is moved by (the service's burn-in orbit). The map is drawn moved, so
    /// the panel's edge still shows map, and taps and the callout follow it.
    public var pictureShift: (x: Int, y: Int) = (0, 0)
    /// The last frame presented: what is on screen now (a screenshot). The loop's own buffer, unchanged until the
    /// next turn draws; with layers (the card at scanout), a picture of the frame with them copied over it.
    public var lastPresented: PixelBuffer? {
        guard let frame = lastPresentedFrame else { return nil }
        guard !frame.layers.isEmpty else { return frame.base }
        let picture = PixelBuffer(width: frame.base.width, height: frame.base.height)
        frame.flatten(into: picture)
        return picture
    }
    /// The last frame presented as the output was given it: the base and the layers over it.
    public private(set) var lastPresentedFrame: LayeredFrame?
    /// The panel's size every millimetre of the config is measured on, and where it came from (logged, reported).
    public let panel: PanelSize

    /// Labels and callouts in one font (no fallback).
    public convenience init(map: MetroMap, config: KioskConfig, font: Font?, input: KioskInput, output: KioskOutput,
                            clock: KioskClock) throws(PhysicsError) {
        try self.init(map: map, config: config, fonts: font.map { FontStack(fonts: [$0]) }, input: input, output: output,
                      clock: clock)
    }

    /// `timetable`: the real timetable of `[network]` (`KioskSession.timetable`); with it the journey card gives
    /// times, headsigns and the tapped station's departures.
    /// `pool`: the threads that draw its frames. A loop never resizes the process's shared pool itself (issue 35:
    /// tests making loops in parallel swapped it under each other's renderers); the process that owns the screen
    /// sizes it from `[display] render_threads` (`RenderPool.configureShared`) before making its loop.
    public init(map: MetroMap, config: KioskConfig, fonts: FontStack?, input: KioskInput, output: KioskOutput,
                clock: KioskClock, timetable: KioskTimetable? = nil, pool: RenderPool = .shared) throws(PhysicsError) {
        let viewport = ScreenSize(width: Double(output.width), height: Double(output.height))
        let geometry = CameraGeometry(map: map, viewport: viewport)
        scheduler = FrameScheduler(refreshMillihertz: output.refreshMillihertz)
        var settings = try config.cameraSettings(geometry: geometry)
        // The one time base: fingers are shown as they were a fixed latency before each frame's presentation.
        settings.touchLatencyMicroseconds = CameraSettings.touchLatency(refreshPeriodMicroseconds: scheduler.refreshPeriodMicroseconds)
        let connector = output.physicalSizeMillimetres
        let builder = config.sceneBuilder(of: map, fonts: fonts, width: output.width, height: output.height,
                                          connectorMillimetres: connector)
        // Home around "you are here" keeps the station out from under the control column.
        let screenRect = ScreenRect(x: 0, y: 0, width: Double(output.width), height: Double(output.height))
        let homeControls = KioskControls(config: config, map: map, fonts: nil, width: output.width, height: output.height,
                                         connectorMillimetres: connector)
        let legendElement = config.map.legend.flatMap { corner in
            fonts.map { fonts in
                let style = config.mapStyle(outputWidth: output.width, outputHeight: output.height, connectorMillimetres: connector)
                return LineLegendElement(entries: LineBadges.legendEntries(of: map), corner: corner,
                                         screen: IntRect(x: 0, y: 0, width: output.width, height: output.height),
                                         capHeightPixels: style.labelPixels() * Float(MapStyle.capHeightRatio), fonts: fonts)
            }
        }
        let screen = IntRect(x: 0, y: 0, width: output.width, height: output.height)
        let place = config.youAreHerePlace(in: map)
        if timetable != nil, let id = place?.stationIDs.first {
            departuresBoard = DeparturesBoardElement(stationID: id, fonts: fonts, screen: screen,
                                                     column: JourneyCardElement.columnRect(screen: screen))
        } else {
            departuresBoard = nil
        }
        // The legend is laid out with the controls (it may leave a corner the column takes); home keeps out of it too,
        // and out of the departures board where the card rises (its largest, so home does not move as the hour's
        // rows change).
        homeControls?.legend = legendElement
        let resting = (homeControls?.regions(clearOf: nil) ?? (legendElement?.region(clearOf: []).map { [$0] } ?? []))
            + (departuresBoard.map { [$0.largestRegion] } ?? [])
        let free = OverlayLayout.freeRegion(screenRect, insets: OverlayLayout.insets(covering: resting, screen: screenRect))
        let home = config.homeCamera(geometry: geometry, map: map, builder: builder, free: free)
        camera = CameraController(geometry: geometry, settings: settings, home: home, startMicroseconds: clock.nowMicroseconds)
        panel = config.panelSize(width: output.width, height: output.height, connectorMillimetres: connector)
        picture = MapUnderOverlay(renderer: MapFrameRenderer(width: output.width, height: output.height, builder: builder,
                                                             pool: pool),
                                  overlay: overlay)
        self.map = map
        picker = StationPicker(map: map)
        language = config.map.language
        callout = StationCalloutElement(fonts: fonts, screen: IntRect(x: 0, y: 0, width: output.width, height: output.height))
        if let legendElement {
            overlay.add(legendElement)
            legend = legendElement
        }
        self.config = config
        self.fonts = fonts
        controls = KioskControls(config: config, map: map, fonts: fonts, width: output.width, height: output.height,
                                 connectorMillimetres: connector, home: home)
        controls?.legend = legendElement
        journey = place.map { place in
            KioskJourney(map: map, place: place, settings: config.cardSettings(), fonts: fonts, screen: screen)
        }
        journey?.drawing = builder.drawing
        live = timetable.map { KioskLive(map: map, timetable: $0, fonts: fonts, screen: screen) }
        stepFreeMarks = timetable.map { _ in StepFreeMarksElement(screen: screen) }
        youAreHere = place.map {
            YouAreHereElement(station: $0.position, languages: config.map.languages, fonts: fonts, screen: screen,
                              named: $0.stationIDs.first.flatMap(map.station(id:)))
        }
        // Drawing order: the route and the finger's ring on the map, "you are here" over them, the card, and the
        // controls on top (the layout keeps them out of the card's way, so nothing of either is hidden).
        self.input = input
        self.output = output
        self.clock = clock
        if let journey {
            overlay.add(journey.route)
            overlay.add(journey.feedback)
        }
        // Marks on the map's stations (step-free, live alerts) under "you are here": its words must stay legible
        // when its own station is ringed, and the rings are pinned to the map as the stations are.
        if let stepFreeMarks { overlay.add(stepFreeMarks) }
        if let live { overlay.add(live.stations) }
        // A tapped station's callout over them too, for the same reason: a ringed or step-free-marked station
        // under its box struck through its name and departures.
        overlay.add(callout)
        if let youAreHere { overlay.add(youAreHere) }
        // The departures board where the card rises, under it (the card hides it while shown anyway).
        if let departuresBoard { overlay.add(departuresBoard) }
        // The live status strip over the card, under the controls.
        if let journey { overlay.add(journey.card) }
        if let live { overlay.add(live.strip) }
        // The search sheet over the card and the callout (opening it puts them away; a station raised from behind it
        // must not cover it), under the controls, which the layout moves out of its way.
        if controls?.buttons.contains(where: { $0.kind == .search }) == true {
            let search = KioskSearch(map: map, screen: screenRect, pixelsPerMillimetre: panel.geometry(outputWidth: output.width, outputHeight: output.height).pixelsPerMillimetre,
                                     rate: settings.decelerationRate, fonts: fonts)
            overlay.add(search.sheet)
            self.search = search
        } else {
            search = nil
        }
        keypad = KioskKeypad(map: map, keys: .standard, screen: screen)
        // Audio mode's focus ring, under the controls it must not hide.
        overlay.add(keypad.ring)
        controls?.elements.forEach(overlay.add)
        if let journey {
            journey.shareURL = config.shareURL
            journey.card.qrModulePixels = QRCode.modulePixels(
                pixelsPerMillimetre: panel.geometry(outputWidth: output.width, outputHeight: output.height).pixelsPerMillimetre)
            journey.timetable = timetable
            let stepFree = config.access.stepFree, controls = controls
            journey.stepFree = { stepFree || controls?.accessible == true }
            journey.live = { [weak live] wall, language in live?.service(at: wall, language: language) }
        }
        // The card, its list, the search results and the inset follow the same resampled finger as the map (one
        // time base).
        journey?.card.touchLatencyMicroseconds = settings.touchLatencyMicroseconds
        search?.sheet.results.touchLatencyMicroseconds = settings.touchLatencyMicroseconds
        controls?.inset?.touchLatencyMicroseconds = settings.touchLatencyMicroseconds
        // `[controls] accessible_default`: the first passenger finds accessible mode on.
        if controls?.accessible == true { controlsChanged() }
        markStationsWithoutStepFreeAccess()
        // Without a sheet to browse in, the legend is only read: touches on it go on to the map.
        legend?.browsesLines = search != nil
    }

    /// The live service (alerts, predictions) over the timetable; nil without `[network] timetable`.
    let live: KioskLive?
    /// The station search the search button opens; nil without the button (`[controls] search`, or no room).
    let search: KioskSearch?

    /// The realtime poller's latest snapshot (`[network] realtime`): alerts on the map, the strip and the cards,
    /// predictions in the departures, closed stations avoided. Nil: the timetable alone.
    public var realtime: (() -> RealtimeSnapshot)? {
        get { live?.source }
        set { live?.source = newValue }
    }

    /// The wall clock the timetable is read at: the system's on a kiosk; a fixed moment moving with the simulated
    /// clock in a snapshot (`--at`) or a replay.
    public var wallClock: () -> Date = { Date() } {
        didSet { journey?.wallClock = wallClock }
    }

    /// One turn: take the input that has arrived, draw and present a frame if the picture changes, otherwise
    /// sleep until something is due. Returns false once a replay is over: the trace has ended and nothing is
    /// left to happen (a device never ends).
    public func turn() throws -> Bool {
        var arrived = input.events(upTo: clock.nowMicroseconds)
        // With something to show (input, an animation), input is taken as late as drawing allows (`FrameBudget`):
        // what arrives in the meantime is read, so a device's descriptor is drained, but handled at the deadline.
        if !arrived.isEmpty || camera.isAnimating || camera.isTouching {
            let start = scheduler.nextPresentation(after: clock.nowMicroseconds)
                - frameBudget.budget(periodMicroseconds: scheduler.refreshPeriodMicroseconds)
            while clock.nowMicroseconds < start {
                clock.wait(until: start)
                arrived += input.events(upTo: clock.nowMicroseconds)
            }
        }
        let now = clock.nowMicroseconds
        for event in arrived {
            handle(event)
        }
        // The oldest event this turn answers: the frame it draws (if any) is the first to show its effect.
        let oldestInput = arrived.map(\.timeMicroseconds).min()
        // The double tap can no longer come (no second touch within the interval, nor one still down): the tap acts.
        if let tap = mapTouch.takeTap(dueAt: now) { mapTapped(at: tap, time: now) }
        let presentation = scheduler.nextPresentation(after: now)
        if let controls {
            // The passenger left (the idle return starts now, or would if the map were not home): the next one gets
            // the configured language and look.
            if let idle = camera.idleDeadlineMicroseconds, presentation >= idle, controls.resetForIdleReturn() { controlsChanged() }
            // ...and no half-typed search of the one before.
            if let search, search.isOpen, let idle = camera.idleDeadlineMicroseconds, presentation >= idle { search.close() }
            controls.idleWarning?.deadlineMicroseconds = camera.idleReturnMicroseconds
        }
        if keypad.isAudioMode, let idle = camera.idleDeadlineMicroseconds, presentation >= idle { leaveAudioMode() }
        // A finger dragging the inset's outline pans the map to where this frame shows it, before the map is
        // sampled for the frame: the pan is on screen in the frame it belongs to, as a drag on the map is.
        if let inset = controls?.inset {
            inset.followOutline(to: presentation)
            perform(inset.takeRequests(), time: presentation - camera.settings.touchLatencyMicroseconds)
        }
        let sample = camera.sample(at: presentation)
        if journey?.advance() == true {
            camera.setInsets(EdgeInsets(), at: now)
            fittedAnchor = nil
        }
        // The card's words by the clock (departures ticking down): its picture, never the map, is drawn again.
        journey?.refresh(at: presentation)
        live?.refresh(at: presentation, wall: wallClock(), language: shownLanguage)
        // The strip is worded again by the clock alone: on a device for ever, in a replay until its trace ends.
        if input.isFinished { live?.strip.refreshMicroseconds = nil }
        if let live, live.alertedLines != renderer.builder.dashedLines || live.alertedStops != renderer.builder.dashedStops {
            // A line's alert began or ended: the map is drawn again with it dashed or whole.
            renderer.builder.dashedLines = live.alertedLines
            renderer.builder.dashedStops = live.alertedStops
            renderer.invalidate()
            lastDrawn = nil
        }
        if let live, let route = journey?.route {
            // The route drawn over an alerted line keeps its dash, or the highlight would hide the alert.
            route.dash(lines: live.alertedLines, stops: live.alertedStops)
        }
        refreshDeparturesHere(at: presentation)
        // Back above its station once the route that left upward has gone.
        if let youAreHere, let journey { youAreHere.below = journey.routeLeavesUpward }
        let drawn = shifted(sample.camera)
        placeYouAreHere(drawn)
        overlay.advance(to: presentation, map: projection(for: drawn))
        // The layout pass: the controls keep below the live-service strip while it shows, and out of the search
        // sheet while it is open, else out of the card where it is now (following it as it moves).
        controls?.band = live?.strip.band
        legend?.topInset = Float(live?.strip.band?.maxY ?? 0)
        // The departures board, docked where the card rises, is laid out around as the card at rest is.
        let covering = search?.isOpen == true ? search?.sheet.occupiedRegion : journey?.card.frame ?? departuresBoard?.occupiedRegion
        controls?.layOut(clearOf: covering)
        // Without controls the legend alone keeps out of the card's way.
        if controls == nil { legend?.layOut(clearOf: covering.map { [$0] } ?? []) }
        refitRouteIfTheCardMoved(at: now)
        // A held zoom button steps by itself, without input.
        perform(overlay.takeRequests(), time: presentation - camera.settings.touchLatencyMicroseconds)
        let view = MapFrameRenderer.View(camera: drawn)
        keepLabelsClearOfOverlay(atRest: sample.state == .idle)
        if let lastDrawn, lastDrawn.view == view, lastDrawn.state == sample.state, !overlay.needsRedraw {
            return waitForSomething()
        }
        let scaleChanging = sample.state == .pinching || sample.state == .zooming || sample.state == .homing
            || (sample.state == .bouncing && lastDrawn.map { $0.view.scale != view.scale } ?? false)
        // What the scanout covers with opaque layers (the card, on a DRM display) the map is not drawn under.
        let hidden = output.composesLayers ? overlay.opaqueLayerPixels(bounds: renderer.buffer.bounds) : []
        let drawingStarted = clock.nowMicroseconds
        let frame = picture.render(view, scaleSettled: !scaleChanging, atRest: sample.state == .idle, hidden: hidden)
        nameRouteStations(at: view, scaleSettled: !scaleChanging)
        let selected = journey?.card.stationID ?? callout.stationID
        // An output that composes layers at scanout gets the card as one: a pan with it open neither saves,
        // restores nor redraws it in the map's buffer.
        let (shown, damage) = picture.compose(mapDamage: screenLost ? renderer.buffer.bounds : frame.damage,
                                              layered: output.composesLayers)
        // Every pixel the map left undrawn is under a layer of this frame (one decision, `opaqueLayerPixels`).
        assert(hidden.allSatisfy { rect in shown.layers.contains { $0.rect.intersection(rect) == rect } },
               "the map was left undrawn where no layer covers it")
        screenLost = false
        let drawingMicroseconds = clock.nowMicroseconds - drawingStarted
        let presented = try output.present(shown, damage: damage, predictedMicroseconds: presentation)
        // The scanout copy is the frame's cost too: a budget of drawing alone missed the vblank whenever the copy
        // outgrew the margin, and the frame was shown a period after the one its camera was sampled for.
        frameBudget.recordDrawing(microseconds: drawingMicroseconds + output.scanoutCopyMicroseconds)
        lastPresentedFrame = shown
        scheduler.presented(at: presented)
        lastDrawn = (view, sample.state)
        framesPresented += 1
        onFrame?(FrameRecord(presentationMicroseconds: presented, camera: sample.camera, state: sample.state,
                             touches: mapTouch.fingerCount, damage: damage, method: frame.method,
                             station: selected, card: journey.map(FrameRecord.CardRecord.init),
                             route: journey?.card.routeStationIDs,
                             inputLatencyMicroseconds: oldestInput.map { presented - $0 },
                             search: search.flatMap(FrameRecord.SearchRecord.init), mapPixelsDrawn: frame.drawnPixels))
        if let oldestInput { inputLatency.record(presented - oldestInput) }
        return true
    }

    /// Where the map puts a scheme point on screen at `shown`, for the overlay elements pinned to the map.
    private func projection(for shown: Camera) -> MapProjection {
        let geometry = camera.geometry
        return MapProjection { scheme in
            geometry.screenPoint(ofScheme: scheme, camera: shown)
        }
    }

    /// The camera as drawn: moved by `pictureShift`.
    func shifted(_ camera: Camera) -> Camera {
        Camera(offset: ScreenPoint(x: camera.offset.x - Double(pictureShift.x), y: camera.offset.y - Double(pictureShift.y)),
               scale: camera.scale)
    }

    /// The station within a fingertip's reach of screen point `point`, if any.
    func station(at point: ScreenPoint) -> String? {
        let shown = shifted(camera.shownCamera)
        let scheme = camera.geometry.schemePoint(atScreen: point, camera: shown)
        return picker.station(near: scheme, within: Self.tapReachPixels / shown.scale)
    }

    /// The language the passenger chose with the language button, if they did; else the configured one.
    var shownLanguage: String? { controls?.languages.first ?? language }

    /// A single tap on the map, offered to its tap responders topmost first until one takes it.
    private func mapTapped(at point: ScreenPoint, time: Int64) {
        let shown = shifted(camera.shownCamera)
        let scheme = camera.geometry.schemePoint(atScreen: point, camera: shown)
        let tap = MapTap(location: point, scheme: scheme, scale: shown.scale,
                         stationID: picker.station(near: scheme, within: Self.tapReachPixels / shown.scale), timeMicroseconds: time)
        for responder in mapTapResponders where responder.mapTapped(tap) { return }
    }

    /// Puts `responder` over the overlay's elements and the map: it is offered each touch first, and a touch it
    /// claims (its first finger down) goes no further, every report of it to `responder` until its fingers are up.
    public func addTouchResponder(_ responder: any TouchResponder) {
        router.add(responder)
    }

    /// The screen goes dark and the loop stops reading the input: the touch under way is cancelled now (the map's
    /// gesture ends without a fling, an element's press is let go), as its lift will never reach the loop.
    public func cancelTouch(atMicroseconds time: Int64) {
        router.cancelTouch(atMicroseconds: time)
    }

    /// Puts `responder` over the map's own tap responders (the line badges, the sheet, the card or the callout): it
    /// is offered each single tap on the map first, and a tap it takes goes no further.
    public func addMapTapResponder(_ responder: any MapTapResponder) {
        mapTapResponders.insert(responder, at: 0)
    }

    /// The station nearest scheme point `point`, however far.
    func nearestStation(to point: SchemePoint) -> String? {
        picker.station(near: point, within: .infinity)
    }

    /// A station's callout: with a timetable, its step-free access too.
    func stationInfo(_ stationID: String, language: String?) -> StationInfo? {
        if let timetable = live?.timetable { return timetable.stationInfo(map: map, stationID: stationID, language: language) }
        return StationInfo(map: map, stationID: stationID, language: language)
    }

    /// Shows `info` in the station callout (nil hides it).
    func showCallout(_ info: StationInfo?, at time: Int64) {
        callout.show(info, at: time)
    }

    /// Where the station callout was last laid out, nil while none is up: what a test compares pixels inside.
    var calloutLayout: StationCallout.Layout? { callout.layout }

    /// Shows the journey card for `stationID` as a tap on it does (`snapshot --route`); false without a card
    /// (`[map] you_are_here` unset) or for an unknown station.
    public func showJourney(to stationID: String) -> Bool {
        guard let journey, map.station(id: stationID) != nil else { return false }
        let time = clock.nowMicroseconds
        journey.tapped(stationID: stationID, nearest: nil, language: shownLanguage, at: time)
        perform(overlay.takeRequests(), time: time)
        return true
    }

    /// The search button: the card and the callout go (the sheet takes their place), the sheet opens for the
    /// shown language. A second press while it is open closes it.
    private func openSearch(at time: Int64) {
        guard let search else { return }
        if search.isOpen {
            search.close()
            return
        }
        if let journey {
            journey.card.dismiss(at: time)
            journey.route.show(nil, on: map)
        }
        callout.show(nil, at: time)
        search.open(language: shownLanguage)
    }

    /// A tap on a line's badge on the map or its legend entry: the search sheet lists the line's stations in order,
    /// as browsing by line in the sheet does (its first row leads back to the lines), so a traveller who knows the
    /// line's colour or number finds a station on it without typing. Nothing without a sheet on this kiosk.
    func browseLine(_ lineID: String, at time: Int64) {
        guard let search, map.lines.contains(where: { $0.id == lineID }) else { return }
        if !search.isOpen { openSearch(at: time) }
        guard search.isOpen else { return }
        _ = search.sheet.choose(.line(lineID))
    }

    /// A station chosen in the search results, shown as a tap on it on the map shows it: with `[map] you_are_here`
    /// its journey card and route (the card asks the camera to frame the route), else its callout with the map
    /// centred on it.
    private func showStation(_ stationID: String, at time: Int64) {
        if let journey {
            journey.tapped(stationID: stationID, nearest: nil, language: shownLanguage, at: time)
            perform(overlay.takeRequests(), time: time)
            return
        }
        guard let position = map.station(id: stationID)?.position else { return }
        callout.show(stationInfo(stationID, language: shownLanguage), at: time)
        perform([.jump(to: position)], time: time)
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
        if let change = overlay.nextChangeMicroseconds { wakes.append(change) }
        // The board's departures tick by the clock alone: on a device for ever, in a replay until its trace ends.
        if let tick = departuresBoard?.refreshMicroseconds, !input.isFinished { wakes.append(tick) }
        if let pendingTap = mapTouch.pendingTap { wakes.append(pendingTap.deadline) }
        if let controls, !controls.isAsConfigured, let idle = camera.idleDeadlineMicroseconds { wakes.append(idle) }
        if keypad.isAudioMode, let idle = camera.idleDeadlineMicroseconds { wakes.append(idle) }
        if search?.isOpen == true, let idle = camera.idleDeadlineMicroseconds { wakes.append(idle) }
        if input.isFinished, wakes.isEmpty, !camera.isTouching { return false }
        clock.wait(until: wakes.min())
        return true
    }

    private func handle(_ event: InputEvent) {
        switch event {
        case let .touch(reported):
            router.route(reportClock.steady(reported))
        case let .wheel(wheel):
            camera.wheelZoomed(by: wheel.factor, at: wheel.focus, time: wheel.timeMicroseconds)
        case let .key(event):
            handle(key: event)
        case let .keypadAttached(_, time):
            keypadAttached(at: time)
        case .deviceAdded, .deviceRemoved:
            // A device is only the loop's business once it reports something (a keypad plugged in is its own event).
            break
        }
    }

    /// Accessible mode's line colours, worked out on first use (a graph colouring over the lines that meet).
    private lazy var accessiblePalette = AccessiblePalette(map: map)

    /// The controls changed the map's language or look: the renderer is rebuilt for it, so the frame drawn next (the
    /// one that shows the button released) already has the new labels; the gestures follow accessible mode.
    private func controlsChanged() {
        guard let controls else { return }
        youAreHere?.show(languages: controls.languages)
        // The sheet in the controls' colours: accessible mode's high contrast on its keys and list too.
        search?.sheet.palette = controls.accessible ? .highContrast : .standard
        var drawingConfig = config
        drawingConfig.map.languages = controls.languages
        journey?.card.textScale = controls.accessible ? Float(AccessibleMapStyle.cardTextScale) : 1
        var drawing = drawingConfig.drawing(of: map)
        if controls.accessible { drawing = drawing.recoloured(by: accessiblePalette) }
        let missing = renderer.onMissingGlyphs
        let style = controls.style(from: config.mapStyle(outputWidth: output.width, outputHeight: output.height,
                                                         connectorMillimetres: output.physicalSizeMillimetres))
        picture.replace(renderer: MapFrameRenderer(width: output.width, height: output.height,
                                                   builder: MapSceneBuilder(drawing: drawing, style: style, fonts: fonts,
                                                                            labelZoom: config.zoomRange(geometry: camera.geometry),
                                                                            homeScale: config.labelHomeScale(geometry: camera.geometry)),
                                                   pool: renderer.pool))
        renderer.onMissingGlyphs = missing
        journey?.drawing = drawing
        // A route on screen takes the new colours now, not at the next journey.
        if let journey, let content = journey.card.content, !journey.route.stationIDs.isEmpty { journey.showRoute(of: content) }
        lastDrawn = nil
        screenLost = true
        markStationsWithoutStepFreeAccess()
        if mapTouch.fingerCount == 0 {
            mapTouch.touch = TouchPipeline(configuration: controls.gestures(from: config.gestureConfiguration()),
                                  panel: panel.geometry(outputWidth: output.width, outputHeight: output.height))
        }
    }

    /// Step-free mode (`[access] step_free`, or accessible mode on) marks the stations a wheelchair cannot board
    /// at; out of it, none are.
    private func markStationsWithoutStepFreeAccess() {
        guard let stepFreeMarks, let timetable = live?.timetable else { return }
        let stepFree = config.access.stepFree || controls?.accessible == true
        stepFreeMarks.show(stepFree ? timetable.stationsWithoutStepFreeAccess().compactMap { map.station(id: $0)?.position } : [])
    }

    /// The callout takes the side of its station that covers the fewest of the names the map sets there and of the
    /// other stations' marks; with a journey open it keeps above or below, where the route's fitting counted on it.
    private func placeYouAreHere(_ drawn: Camera) {
        guard let youAreHere else { return }
        guard journey?.card.stationID == nil else {
            youAreHere.namesAround = []
            youAreHere.marksAround = []
            return
        }
        let view = MapFrameRenderer.View(camera: drawn)
        youAreHere.namesAround = renderer.builder.plannedNameBoxes(offsetX: view.offsetX, offsetY: view.offsetY, scale: view.scale,
                                                                   width: output.width, height: output.height)
        // Each mark's middle (the map's dot radius varies by scale; a box over the dot's edge still leaves it read).
        let geometry = camera.geometry, width = Double(output.width), height = Double(output.height), r: Float = 3
        youAreHere.marksAround = map.stations.compactMap { station in
            guard let position = station.position, position != youAreHere.station else { return nil }
            let point = geometry.screenPoint(ofScheme: position, camera: drawn)
            guard point.x > -10, point.y > -10, point.x < width + 10, point.y < height + 10 else { return nil }
            return Rect(x: Float(point.x) - r, y: Float(point.y) - r, width: 2 * r, height: 2 * r)
        }
    }

    /// The wall-clock second the departures board was last worded for.
    private var departuresHereSecond: Int64?

    /// With a timetable and no journey open, the board lists the kiosk's next departures, worded again once a
    /// wall-clock second (only a changed list redraws it); a journey open hides it (the card has the tapped
    /// station's).
    private func refreshDeparturesHere(at time: Int64) {
        guard let board = departuresBoard, let journey, journey.timetable != nil else { return }
        guard journey.card.stationID == nil else {
            if !board.departures.isEmpty { board.show(name: board.name, departures: []) }
            board.refreshMicroseconds = nil
            departuresHereSecond = nil
            return
        }
        let wall = wallClock()
        let microseconds = Int64((wall.timeIntervalSince1970 * 1_000_000).rounded(.down))
        board.refreshMicroseconds = time + (1_000_000 - ((microseconds % 1_000_000) + 1_000_000) % 1_000_000)
        let second = Int64(wall.timeIntervalSince1970.rounded(.down))
        let name = youAreHere?.name ?? board.name
        guard second != departuresHereSecond || name != board.name else { return }
        departuresHereSecond = second
        let rows = journey.departuresHere(language: shownLanguage)
        if rows != board.departures || name != board.name { board.show(name: name, departures: rows) }
    }

    /// Where the overlay's fixed elements rest now, which no station name is drawn under: the card at the anchor it
    /// rests at or heads for, the controls laid out beside it (not where they are mid-move, so a card in flight
    /// does not redraw the map every frame), the inset while shown, the legend and the "You are here" callout.
    var labelRegions: [ScreenRect] {
        // The departures board, where the card rises, counts as the card at rest while no card is shown.
        let sheet = journey?.card.occupiedRegion ?? departuresBoard?.occupiedRegion
        // The controls' regions hold the legend's corner beside the resting card; without controls it is the legend's own.
        let key = controls == nil ? legend?.region(clearOf: sheet.map { [$0] } ?? []).map { [$0] } ?? [] : []
        return (sheet.map { [$0] } ?? []) + (controls?.labelRegions(clearOf: sheet) ?? []) + key
            + (youAreHere?.box.map { [ScreenRect($0)] } ?? [])
    }

    /// Hands the regions, and the stations the overlay names itself, to the map's labels. While the map moves the
    /// next frames use the regions as they come; at rest, or when a route's destination comes or goes, the map is
    /// drawn again at once, or a name freed by a card going down would stay missing until the next pan (and the
    /// destination's own label would stay beside its plate).
    private func keepLabelsClearOfOverlay(atRest: Bool) {
        let regions = labelRegions.map(Rect.init)
        let named = stationsNamedByOverlay
        let namesChanged = named != renderer.builder.namedByOverlay
        guard regions != renderer.builder.overlayRegions || namesChanged else { return }
        // The map under the card, left undrawn, is drawn with the regions it would have been drawn with.
        picture.drawUndrawn()
        renderer.builder.overlayRegions = regions
        renderer.builder.namedByOverlay = named
        if atRest || namesChanged {
            renderer.invalidate()
            lastDrawn = nil
        }
    }

    /// The union of the regions the overlay occupies now, as insets: the camera's zooms and jumps centre on what it
    /// leaves.
    private var occupiedInsets: EdgeInsets {
        let screen = ScreenRect(x: 0, y: 0, width: Double(output.width), height: Double(output.height))
        return OverlayLayout.insets(covering: overlay.allElements.compactMap(\.occupiedRegion), screen: screen)
    }

    /// The middle of the part of the screen no overlay element occupies.
    private var freeCentre: ScreenPoint {
        let screen = ScreenRect(x: 0, y: 0, width: Double(output.width), height: Double(output.height))
        let free = OverlayLayout.freeRegion(screen, insets: occupiedInsets)
        return ScreenPoint(x: (free.minX + free.maxX) / 2, y: (free.minY + free.maxY) / 2)
    }

    /// The anchor the route was last fitted beside; when the card comes to rest at another (flung from peek to
    /// half), the route is fitted again into what the card now leaves.
    private var fittedAnchor: CardAnchor?

    private func refitRouteIfTheCardMoved(at time: Int64) {
        guard let journey, let anchor = journey.card.anchor, journey.card.state == .resting, anchor != fittedAnchor,
              fittedAnchor != nil, anchor != .full, journey.route.stationIDs.count > 1, !camera.isTouching else { return }
        fitRoute(journey.route.stationIDs, at: time)
    }

    /// The camera springs to show the route's stations, "you are here" and the destination's plate inside what the
    /// card (where it rests) and the controls (laid out around it) leave.
    private func fitRoute(_ stationIDs: [String], at time: Int64) {
        guard let journey else { return }
        // The live-service strip stays across the top whatever the card does: the route keeps out from under it.
        let framing = journey.framing(of: stationIDs, youAreHere: youAreHere, controls: controls, geometry: camera.geometry,
                                      maximumScale: camera.settings.zoomLimits.maximumScale,
                                      fixed: [live?.strip.occupiedRegion, controls == nil ? legend?.frame : nil].compactMap { $0 })
        fittedAnchor = journey.card.anchor
        camera.setInsets(framing.insets, at: time)
        camera.animate(to: framing.camera, at: time)
    }

    /// Acts on what the overlay elements asked of the map in the input just routed.
    func perform(_ requests: [OverlayRequest], time: Int64) {
        for request in requests {
            switch request {
            case let .zoom(factor, about):
                let centre = about ?? freeCentre
                camera.wheelZoomed(by: factor, at: centre, time: time)
            case let .zoomContinuing(factor, about):
                let centre = about ?? freeCentre
                // Each step runs a frame longer than the button's repeat: the next takes over before it ends.
                camera.zoomContinued(by: factor, at: centre, time: time,
                                     durationMicroseconds: ControlButton.repeatIntervalMicroseconds + scheduler.refreshPeriodMicroseconds)
            case .home:
                camera.goHome(at: time)
            case let .jump(centre):
                let scale = camera.shownCamera.scale
                // Centred in the part of the screen the overlay leaves, not under the controls or the card.
                var target = camera.geometry.camera(centredOn: centre, scale: scale)
                let free = freeCentre, middle = camera.geometry.viewportCentre
                target.offset = ScreenPoint(x: target.offset.x - (free.x - middle.x), y: target.offset.y - (free.y - middle.y))
                camera.go(to: target, at: time)
            case let .pan(delta):
                let scale = camera.shownCamera.scale
                camera.panned(by: ScreenPoint(x: delta.x * scale, y: delta.y * scale), at: time)
            case .nextLanguage:
                controls?.nextLanguage()
                controlsChanged()
                // An open sheet follows: the new language's keyboard, the typed text kept.
                search?.languageChanged(to: shownLanguage)
            case .toggleAccessible:
                controls?.toggleAccessible()
                controlsChanged()
            case let .fitRoute(stationIDs, _):
                fitRoute(stationIDs, at: time)
            case .openSearch:
                openSearch(at: time)
            case .closeSearch:
                search?.close()
            case let .showStation(id):
                search?.close()
                showStation(id, at: time)
            case let .browseLine(id):
                browseLine(id, at: time)
            }
        }
    }
}
