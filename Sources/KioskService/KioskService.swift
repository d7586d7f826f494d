import Diagnostics
import Foundation
import KioskCore
import LiveTimetable
import Logging
import MetroMap
import Platform
import Raster
import Realtime
import Speech
#if canImport(Glibc)
import Glibc
#endif

/// The kiosk on real hardware: the run loop over Platform's backends (DRM display, libinput, CLOCK_MONOTONIC), plus
/// what a service needs around it: signals (TERM/INT stop cleanly, HUP reloads), display hotplug, the seat, the VT,
/// sd_notify. What to do when is `KioskLife`'s to decide; this class hears the devices and carries its actions out.
public final class KioskService: KioskLifeDriver {
    public struct Options: Sendable {
        public var configPath: String?
        /// frames.jsonl of every frame shown, as a headless replay writes it (field diagnosis, the VM test).
        public var framesLogPath: String?

        public init(configPath: String?, framesLogPath: String? = nil) {
            self.configPath = configPath
            self.framesLogPath = framesLogPath
        }
    }

    private let options: Options
    private let logger: Logger
    private let notify = SdNotify()
    private let clock = PollClock()
    var life = KioskLife(configProblems: [])
    private var session: KioskSession?
    private var output: DRMOutput?
    private var input: LibinputKioskInput?
    private var loop: KioskLoop?
    /// The realtime poller's latest snapshot, handed to each loop built (nil: no `[network] realtime`).
    private var liveSnapshot: (() -> RealtimeSnapshot)?
    /// Audio mode's speaker (its own thread), made again when a reload changes `[audio]`.
    private var speaker: (speaker: Speaker?, settings: AudioSettings)?
    /// The headphone jack of the speaker's card, watched on its own thread; made again with the speaker.
    private var jackWatch: HeadphoneJackWatch?
    private var problemsShown = false
    private var displayChanged = false
    /// SIGHUP arrived; the reload is done at the top of the next turn, never from inside a frame.
    private var reloadRequested = false
    private var lastWatchdogMicroseconds: Int64 = 0
    private var journal: FramesJournal?
    /// Where device nodes come from: opened directly, or lent by the seat manager.
    private var access: DeviceAccess = DirectDeviceAccess()
    private var seat: SeatSession?
    private var statistics = FrameStatistics()
    /// The schedule, the wake of a touch on a dark screen, the burn-in orbit.
    private(set) var care = ScreenCare(settings: .init())
    /// The device's input as the map sees it: touches on a dark screen wake it and go no further.
    private var gate: ScreenGateInput?
    private(set) var status = StatusReporter(settings: .init(), startMicroseconds: MonotonicClock.nowMicroseconds())
    private var screenshots: ScreenshotSocket?
    private var screenOn = true

    public init(options: Options, logger: Logger) {
        self.options = options
        self.logger = logger
    }

    /// The state of the kiosk's life (for the status line, and later the status socket).
    public var state: KioskLife.State { life.state }

    /// Runs until SIGTERM or SIGINT; returns nil then, or why it could not run: `.unavailable` (EX_UNAVAILABLE)
    /// when the signals, the seat or the display it needs are not to be had.
    public func run() -> Sysexit? {
        guard let signals = SignalDescriptor(blocking: [SIGTERM, SIGINT, SIGHUP]) else {
            logger.critical("cannot block signals for the poll loop")
            return .unavailable
        }
        life = KioskLife(configProblems: loadSession())
        let config = session?.config ?? KioskConfig()
        let display = config.display
        care = ScreenCare(settings: config.screen)
        status = StatusReporter(settings: config.status, startMicroseconds: MonotonicClock.nowMicroseconds())
        // Polled on threads of their own: the loop only ever takes the snapshot.
        let realtime = RealtimePoller.start(config.realtime, logger: logger)
        defer { realtime?.stop() }
        if let realtime { status.realtime = { realtime.snapshot } }
        liveSnapshot = realtime.map { poller in { poller.snapshot } }
        identify()
        if session?.config.kiosk.session == .libseat {
            do {
                let seat = try SeatSession()
                self.seat = seat
                access = seat
                logger.info("devices from the seat manager, seat \(seat.seatName)")
            } catch {
                logger.critical("session: \(error)")
                _ = notify.send(.status("no seat: \(error)"))
                return .unavailable
            }
        }
        let drm: DRMOutput
        do {
            drm = try openDisplay(display)
        } catch {
            logger.critical("display: \(error)")
            _ = notify.send(.status("no display device: \(error)"))
            return .unavailable
        }
        output = drm
        // A seat manager puts the VT in graphics mode itself (and switches it); directly, it is ours to do.
        let terminal = seat == nil ? VirtualTerminal() : nil
        if terminal == nil, seat == nil { logger.notice("no virtual terminal to put in graphics mode; the console may show through") }
        defer {
            _ = notify.send(.stopping)
            drm.restore()
            terminal?.restore()
            journal?.close()
            logger.info("stopped; display and console restored")
        }
        if let path = options.framesLogPath {
            do { journal = try FramesJournal(path: path) } catch { logger.error("frames log \(path): \(error)") }
        }
        let hotplug = DRMHotplugMonitor()
        clock.sources = [(signals.fileDescriptor, { [weak self] in self?.handle(signals: signals.drain()) })]
        if let hotplug {
            clock.sources.append((hotplug.fileDescriptor, { [weak self] in
                if hotplug.drainHotplugEvents() { self?.displayChanged = true }
            }))
        }
        if let seat {
            clock.sources.append((seat.fileDescriptor, { [weak self] in self?.dispatchSeat(seat) }))
        }
        if let path = config.status.socket { listenForScreenshots(at: path) }
        clock.latestWake = { [weak self] in
            guard let self else { return nil }
            let now = MonotonicClock.nowMicroseconds()
            return [nextWatchdogMicroseconds, care.nextDeadline(nowMicroseconds: now, wallMicroseconds: Self.wallMicroseconds()),
                    status.nextDueMicroseconds()].compactMap { $0 }.min()
        }
        logger.info("started", metadata: ["config": "\(options.configPath ?? "defaults")"])
        perform(life.handle(.started(displayConnected: drm.display != nil)))

        while life.state != .stopping {
            // Signals, hotplug and the seat are heard even while frames keep the loop from ever sleeping.
            clock.wait(until: MonotonicClock.nowMicroseconds())
            if life.state == .stopping { break }
            if reloadRequested {
                reloadRequested = false
                // A reload through systemd resets and hangs up the unit's VT first (see `reclaimIfLost`).
                if terminal?.reclaimIfLost() == true {
                    logger.notice("the virtual terminal was reset under the kiosk (systemd's TTYReset on reload): graphics mode again")
                }
                perform(life.handle(.reloadRequested))
            }
            if displayChanged, life.state != .pausedBySeat { reprobe(drm) }
            careForScreen()
            switch life.state {
            case .starting, .reloading, .stopping:
                continue
            case .screenOff:
                // Dark: no frames; the input is read only for a touch that wakes the screen.
                if gate == nil, let display = drm.display, let session { try? openInput(display, config: session.config) }
                _ = gate?.events(upTo: MonotonicClock.nowMicroseconds())
                careForScreen()
                pingWatchdog()
                if life.state == .screenOff { clock.wait(until: nil) }
                continue
            case .pausedBySeat:
                pingWatchdog()
                clock.wait(until: nil)
                continue
            case .waitingForDisplay:
                input?.discardPending()
                pingWatchdog()
                clock.wait(until: nil)
                continue
            case .showing:
                if loop == nil { startLoop(on: drm) }
                if let loop { turn(loop) } else { clock.wait(until: nil) }
            case .showingProblems:
                showProblems(on: drm)
                input?.discardPending()
                clock.wait(until: nil)
            }
            pingWatchdog()
            reportStatistics()
        }
        return nil
    }

    // MARK: Carrying the life's actions out, onto the devices

    var scheduleTimeZone: TimeZone { .current }

    func dropMap() { loop = nil }
    func redrawProblems() { problemsShown = false }

    func redrawScreen() {
        output?.invalidate()
        loop?.screenWasLost()
    }

    func setScreenPower(on: Bool, reason: String) {
        if !on { loop?.cancelTouch(atMicroseconds: MonotonicClock.nowMicroseconds()) }
        do {
            try output?.setScreenPower(on: on)
        } catch {
            logger.error("screen power: \(error)")
            status.lastError = "screen power: \(error)"
        }
        screenOn = on
    }

    func suspendInput() {
        input?.libinput.suspend()
        input?.pump()
    }

    func resumeInput() { input?.libinput.resume() }

    func announce(status text: String, ready: Bool) {
        _ = notify.send(ready ? [.ready, .status(text)] : [.status(text)])
    }

    func actionsDone() {}

    func log(_ level: Logger.Level, _ message: String) { logger.log(level: level, "\(message)") }

    private func turn(_ loop: KioskLoop) {
        do {
            let started = MonotonicClock.nowMicroseconds()
            loop.pictureShift = care.orbitShift(nowMicroseconds: started, idleSinceMicroseconds: idleSince(loop))
            let before = loop.framesPresented
            _ = try loop.turn()
            if loop.framesPresented > before {
                let drawn = MonotonicClock.nowMicroseconds() - started
                statistics.record(renderMicroseconds: drawn)
                status.recordFrame(drawMicroseconds: drawn)
            }
        } catch {
            logger.error("frame failed: \(error)")
            status.lastError = "frame failed: \(error)"
            clock.wait(until: MonotonicClock.nowMicroseconds() + 100_000)
        }
    }

    // MARK: Config and map

    /// Reads the config and its map; returns what is wrong with them (empty: the session is ready).
    private func loadSession() -> [String] {
        do {
            session = try KioskSession(configPath: options.configPath)
            return []
        } catch {
            for problem in error.problems { logger.error("\(problem)") }
            return error.problems
        }
    }

    func reloadConfig() -> KioskLife.ReloadOutcome {
        guard let session else {
            // Started broken: a reload is the operator's fix.
            let problems = loadSession()
            if problems.isEmpty {
                logger.info("config reloaded; starting the map")
                care.configure(self.session?.config.screen ?? .init(), timeZone: scheduleTimeZone)
                status.settings = self.session?.config.status ?? .init()
                identify()
                return .fixed
            }
            return .stillBroken(problems: problems)
        }
        return applyReload(of: session)
    }

    // MARK: Display

    /// The configured connector and mode, or, when the panel has no such connector or mode (a typo, a different
    /// screen), the first connected one at its preferred mode: a map on the wrong output beats a black screen.
    private func openDisplay(_ display: KioskConfig.Display) throws -> DRMOutput {
        do {
            return try DRMOutput(configuration: Self.outputConfiguration(display), access: access)
        } catch {
            switch error {
            case .connectorNotFound, .modeNotAvailable:
                logger.warning("[display]: \(error); using the first connected display at its preferred mode instead")
                var fallback = display
                fallback.connector = nil
                fallback.mode = nil
                return try DRMOutput(configuration: Self.outputConfiguration(fallback), access: access)
            default:
                throw error
            }
        }
    }

    static func outputConfiguration(_ display: KioskConfig.Display) -> DRMOutput.Configuration {
        DRMOutput.Configuration(
            cardPath: display.device, connectorName: display.connector,
            mode: display.mode,
            rotation: display.rotation, format: display.format)
    }

    private func reprobe(_ output: DRMOutput) {
        displayChanged = false
        do {
            switch try output.reprobe() {
            case .connected:
                logger.info("display connected: \(output.display.map { "\($0.connector.name) \($0.mode)" } ?? "")")
                perform(life.handle(.displayConnected))
            case .disconnected:
                logger.warning("display disconnected; waiting for it to come back")
                perform(life.handle(.displayDisconnected))
            case .unchanged:
                break
            }
        } catch {
            logger.error("display re-probe failed: \(error)")
        }
    }

    private func startLoop(on drm: DRMOutput) {
        guard let session, let display = drm.display, let kioskOutput = DRMKioskOutput(output: drm) else { return }
        let config = session.config
        do {
            try openInput(display, config: config)
            guard let input, let gate else { return }
            // Touches made while no map was shown are stale: they must not start a fling now.
            input.discardPending()
            let fonts: FontStack?
            do { fonts = try config.labelFonts() } catch {
                logger.error("labels: \(error); drawing the map without them")
                fonts = nil
            }
            if let unavailable = fonts?.unavailable, !unavailable.isEmpty {
                logger.warning("[text] fonts: not installed: \(unavailable.joined(separator: ", "))")
            }
            // One pool for the process, sized by this config: the frame renderer and the scanout copy share it.
            RenderPool.configureShared(threads: config.display.renderThreads)
            let loop = try KioskLoop(map: session.map, config: config, fonts: fonts, input: gate, output: kioskOutput, clock: clock,
                                     timetable: session.timetable)
            loop.onFrame = { [weak self] frame in self?.framePresented(frame) }
            loop.realtime = liveSnapshot
            loop.onMissingGlyphs = { [logger] text, missing in
                logger.warning("no configured font has a glyph for \(missing.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")) in \"\(text)\"; drawn without it")
            }
            kioskOutput.onFlip = { [weak self] flip in self?.statistics.record(flip: flip) }
            if speaker?.settings != config.audio {
                speaker?.speaker?.stop()
                let started = AudioStart.speaker(config.audio, logger: logger)
                speaker = (started.speaker, config.audio)
                status.audio = started.status
                jackWatch?.stop()
                let watch = HeadphoneJackWatch(source: started.jack) { [speech = started.speaker, logger] jack in
                    speech?.setPaused(jack == .unplugged)
                    if jack != .unknown { logger.info("speech: headphones \(jack.rawValue)\(jack == .unplugged ? ", speech paused" : "")") }
                }
                jackWatch = watch
                status.jack = { watch.state }
            }
            loop.speech = speaker?.speaker
            let japanese = JapaneseReadings.isSpoken(in: config.map.languages)
            let readings = japanese ? JapaneseReadings(map: session.map, names: session.timetable?.translatedNames ?? [])
                                    : JapaneseReadings()
            speaker?.speaker?.readings = readings
            if let warning = readings.unreadWarning { logger.warning("\(warning)") }
            status.unreadNames = readings.unreadNames.isEmpty ? nil : readings.unreadNames
            loop.onSpeak = { [logger] phrases in logger.info("said: \(phrases.map(\.text).joined(separator: " | "))") }
            self.loop = loop
            status.panel = loop.panel.description
            logger.info("showing \"\(session.map.name)\" on \(display.connector.name) \(display.mode); panel: \(loop.panel)")
        } catch {
            logger.critical("cannot start: \(error)")
            status.lastError = "cannot start: \(error)"
            perform(life.handle(.mapFailed(problems: ["\(error)"])))
        }
    }

    /// The libinput device, opened once (at the first map, or the first dark turn), behind the screen's gate.
    private func openInput(_ display: DRMOutput.Display, config: KioskConfig) throws {
        if input == nil {
            let libinput = try LibinputInput(configuration: .init(
                seat: config.input.seat, scanoutWidth: Int(display.mode.width), scanoutHeight: Int(display.mode.height),
                rotation: config.display.rotation,
                calibration: CalibrationMatrix(config.input.calibration)), access: access)
            let adapter = LibinputKioskInput(libinput: libinput, logger: logger)
            input = adapter
            let gate = ScreenGateInput(adapter)
            gate.onTouchWhileDark = { [weak self] in self?.care.touchArrivedWhileDark() }
            gate.onTouchWhileLit = { [weak self] time in self?.care.touchedWhileWoken(nowMicroseconds: time) }
            self.gate = gate
            clock.sources.append((libinput.fileDescriptor, { adapter.pump() }))
        } else {
            input?.libinput.setScanoutSize(width: Int(display.mode.width), height: Int(display.mode.height))
        }
    }

    // MARK: Screen care, status, screenshots

    /// The schedule's edges and a wake's end become the life's events; then the status file, when due or changed.
    private func careForScreen() {
        let now = MonotonicClock.nowMicroseconds()
        for event in care.events(nowMicroseconds: now, wallMicroseconds: Self.wallMicroseconds()) {
            perform(life.handle(event))
        }
        gate?.isDark = life.state == .screenOff
        let wall = Date().timeIntervalSince1970
        let lastTouch = gate?.lastTouchMicroseconds.map { wall - Double(now - $0) / 1_000_000 }
        if let problem = status.update(state: life.state, screenOn: screenOn, nowMicroseconds: now, wallSeconds: wall,
                                       touches: gate?.touches ?? 0, lastTouchWallSeconds: lastTouch) {
            logger.error("\(problem)")
        }
    }

    static func wallMicroseconds() -> Int64 { Int64((Date().timeIntervalSince1970 * 1_000_000).rounded(.down)) }

    /// Since when nobody has touched or moved the map (nil: someone is at it now), for the burn-in orbit.
    private func idleSince(_ loop: KioskLoop) -> Int64? {
        if gate?.isTouching ?? false || loop.camera.isTouching || loop.camera.isAnimating { return nil }
        return gate?.lastTouchMicroseconds ?? 0
    }

    func identify() {
        status.config = .of(path: session?.configPath)
        status.map = .of(path: session?.config.map.file, name: session?.map.name)
    }

    private func listenForScreenshots(at path: String) {
        do {
            let socket = try ScreenshotSocket(path: path)
            socket.log = { [logger] message in logger.warning("\(message)") }
            socket.capture = { [weak self] in
                guard let self else { return .failure(.init(message: "stopping")) }
                let frame = screenOn && life.state == .showing ? loop?.lastPresented : nil
                let size = (loop?.output).map { ($0.width, $0.height) } ?? (output?.display).map { ($0.uprightWidth, $0.uprightHeight) }
                    ?? (1, 1)
                return ServiceScreenshot.png(of: frame, width: size.0, height: size.1)
            }
            screenshots = socket
            clock.sources.append((socket.fileDescriptor, { socket.serve() }))
            logger.info("screenshots on \(path)")
        } catch {
            logger.error("screenshot socket: \(error)")
        }
    }

    private func framePresented(_ frame: FrameRecord) {
        journal?.record(frame)
        if let latency = frame.inputLatencyMicroseconds { status.recordInputLatency(microseconds: latency) }
        if !life.readySent {
            logger.info("first frame on screen", metadata: Self.metadata(frame))
        }
        perform(life.handle(.shownOnScreen))
        if frame.state == .idle {
            logger.info("camera at rest", metadata: Self.metadata(frame))
        }
    }

    static func metadata(_ frame: FrameRecord) -> Logger.Metadata {
        ["t_us": "\(frame.presentationMicroseconds)", "x": "\(frame.camera.offset.x)", "y": "\(frame.camera.offset.y)",
         "scale": "\(frame.camera.scale)"]
    }

    /// A broken config at start: the problems on screen (and in the log) instead of a black screen.
    private func showProblems(on drm: DRMOutput) {
        guard !problemsShown, let kioskOutput = DRMKioskOutput(output: drm) else { return }
        let buffer = PixelBuffer(width: kioskOutput.width, height: kioskOutput.height)
        ErrorPanel.render(title: "metro-kiosk cannot show the map: fix the config, then reload (SIGHUP)",
                          problems: life.problems, into: buffer, font: try? Font.loadDefault())
        do {
            _ = try kioskOutput.present(buffer, damage: buffer.bounds, predictedMicroseconds: MonotonicClock.nowMicroseconds())
            problemsShown = true
            perform(life.handle(.shownOnScreen))
        } catch {
            logger.error("cannot show the error panel: \(error)")
        }
    }

    // MARK: Seat

    /// The seat manager's messages: on disable the devices are let go before it is acknowledged; on enable the
    /// screen is set up and drawn again, and input devices reopened.
    private func dispatchSeat(_ seat: SeatSession) {
        var disabled: [KioskLife.Action] = []
        let changes = seat.dispatch(beforeAcknowledgingDisable: { [weak self] in
            guard let self else { return }
            disabled = life.handle(.seatDisabled)
            perform(disabled.filter { $0 == .suspendInput })
        })
        for change in changes {
            switch change {
            case .disabled:
                logger.info("seat disabled (another session has the screen): paused")
                perform(disabled.filter { $0 != .suspendInput })
            case .enabled:
                logger.info("seat enabled: showing the map again")
                perform(life.handle(.seatEnabled))
            }
        }
    }

    // MARK: Signals, watchdog, statistics

    private func handle(signals: [Int32]) {
        for signal in signals {
            switch signal {
            case SIGHUP:
                logger.info("SIGHUP: reloading the config")
                reloadRequested = true
            default:
                logger.info("signal \(signal): stopping")
                perform(life.handle(.stopRequested))
            }
        }
    }

    private var nextWatchdogMicroseconds: Int64? {
        notify.watchdogPingMicroseconds.map { lastWatchdogMicroseconds + $0 }
    }

    /// Pinged from the loop itself, so a hung frame (or a hung driver) stops the pings and systemd restarts us.
    private func pingWatchdog() {
        guard let interval = notify.watchdogPingMicroseconds else { return }
        // A display whose flips stopped completing is a hung kiosk, however busy the loop looks.
        if let output = loop?.output as? DRMKioskOutput, output.consecutiveFlipTimeouts >= 3 { return }
        let now = MonotonicClock.nowMicroseconds()
        if now - lastWatchdogMicroseconds >= interval {
            _ = notify.send(.watchdog)
            lastWatchdogMicroseconds = now
        }
    }

    private func reportStatistics() {
        guard let summary = statistics.summaryIfDue(now: MonotonicClock.nowMicroseconds()) else { return }
        logger.info("\(summary)")
        _ = notify.send(.status(summary))
    }
}
