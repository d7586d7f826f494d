import Foundation
import KioskCore
import Logging
import MetroMap
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// The kiosk on real hardware: the run loop over libinput, the DRM display and CLOCK_MONOTONIC, plus what a
/// service needs around it: signals (TERM/INT stop cleanly, HUP reloads), display hotplug, the VT, sd_notify.
public final class DeviceKiosk {
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
    private var session: KioskSession?
    /// Why the kiosk cannot show its map, shown on screen until a reload fixes it.
    private var startProblems: [String] = []
    private var output: DRMOutput?
    private var input: LibinputKioskInput?
    private var loop: KioskLoop?
    private var errorPanelShown = false
    private var stopping = false
    private var reloadRequested = false
    private var displayChanged = false
    private var readySent = false
    private var lastWatchdogMicroseconds: Int64 = 0
    private var journal: FramesJournal?
    /// Where device nodes come from: opened directly, or lent by the seat manager.
    private var access: DeviceAccess = DirectDeviceAccess()
    private var seat: SeatSession?
    /// The seat manager took the devices away (another VT); nothing is drawn or read until it gives them back.
    private var paused = false
    private var statistics = FrameStatistics()

    public init(options: Options, logger: Logger) {
        self.options = options
        self.logger = logger
    }

    /// Runs until SIGTERM or SIGINT; returns the process exit status.
    public func run() -> Int32 {
        guard let signals = SignalDescriptor(blocking: [SIGTERM, SIGINT, SIGHUP]) else {
            logger.critical("cannot block signals for the poll loop")
            return 1
        }
        loadSession()
        let display = session?.config.display ?? KioskConfig().display
        if session?.config.kiosk.session == .libseat {
            do {
                let seat = try SeatSession()
                self.seat = seat
                access = seat
                logger.info("devices from the seat manager, seat \(seat.seatName)")
            } catch {
                logger.critical("session: \(error)")
                _ = notify.send(.status("no seat: \(error)"))
                return 1
            }
        }
        let drm: DRMOutput
        do {
            drm = try openDisplay(display)
        } catch {
            logger.critical("display: \(error)")
            _ = notify.send(.status("no display device: \(error)"))
            return 1
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
        clock.latestWake = { [weak self] in self?.nextWatchdogMicroseconds }
        logger.info("started", metadata: ["config": "\(options.configPath ?? "defaults")"])

        while !stopping {
            // Signals, hotplug and the seat are heard even while frames keep the loop from ever sleeping.
            clock.wait(until: MonotonicClock.nowMicroseconds())
            if stopping { break }
            if reloadRequested { reload() }
            if paused {
                pingWatchdog()
                clock.wait(until: nil)
                continue
            }
            if displayChanged { reprobe() }
            if drm.display == nil {
                // Up and healthy, only dark: systemd must not time the start out and restart us in a loop.
                if !readySent {
                    readySent = true
                    _ = notify.send([.ready, .status("waiting for a display to be connected")])
                }
                input?.discardPending()
                pingWatchdog()
                clock.wait(until: nil)
                continue
            }
            if loop == nil, startProblems.isEmpty { startLoop(on: drm) }
            if let loop {
                do {
                    let started = MonotonicClock.nowMicroseconds()
                    let before = loop.framesPresented
                    _ = try loop.turn()
                    if loop.framesPresented > before {
                        statistics.record(renderMicroseconds: MonotonicClock.nowMicroseconds() - started)
                    }
                } catch {
                    logger.error("frame failed: \(error)")
                    clock.wait(until: MonotonicClock.nowMicroseconds() + 100_000)
                }
            } else {
                showErrorPanel(on: drm)
                input?.discardPending()
                clock.wait(until: nil)
            }
            pingWatchdog()
            reportStatistics()
        }
        return 0
    }

    // MARK: Config and map

    private func loadSession() {
        do {
            session = try KioskSession(configPath: options.configPath)
            startProblems = []
        } catch {
            startProblems = error.problems
            for problem in error.problems { logger.error("\(problem)") }
        }
    }

    private func reload() {
        reloadRequested = false
        guard let session else {
            // Started broken: a reload is the operator's fix.
            loadSession()
            if startProblems.isEmpty { logger.info("config reloaded; starting the map") }
            errorPanelShown = false
            return
        }
        let before = session.config
        switch session.reload() {
        case .applied:
            logger.info("config reloaded")
            if session.config.display != before.display || session.config.input != before.input
                || session.config.kiosk.session != before.kiosk.session {
                // The display and the input devices are opened once; changing them under a running kiosk is not worth
                // the risk of a dark screen.
                logger.notice("[display], [input] and session changes take effect at the next start (systemctl restart metro-kiosk)")
                _ = notify.send(.status("reloaded; restart to apply [display]/[input] changes"))
            }
            loop = nil
        case .unchanged:
            logger.info("config reloaded: nothing changed")
        case let .kept(problems):
            logger.error("config reload refused, keeping the running config")
            for problem in problems { logger.error("\(problem)") }
            _ = notify.send(.status("reload refused: \(problems.first ?? "")"))
        }
    }

    // MARK: Display

    /// The configured connector and mode, or, when the panel has no such connector or mode (a typo, a different
    /// screen), the first connected one at its preferred mode: a map on the wrong output beats a black screen.
    private func openDisplay(_ display: KioskConfig.Display) throws -> DRMOutput {
        do {
            return try DRMOutput(configuration: try Self.outputConfiguration(display), access: access)
        } catch let error as DRMError {
            switch error {
            case .connectorNotFound, .modeNotAvailable:
                logger.warning("[display]: \(error); using the first connected display at its preferred mode instead")
                var fallback = display
                fallback.connector = nil
                fallback.mode = nil
                return try DRMOutput(configuration: try Self.outputConfiguration(fallback), access: access)
            default:
                throw error
            }
        }
    }

    static func outputConfiguration(_ display: KioskConfig.Display) throws -> DRMOutput.Configuration {
        DRMOutput.Configuration(
            cardPath: display.device, connectorName: display.connector,
            mode: display.mode,
            rotation: OutputRotation(degrees: display.rotation.rawValue) ?? .none,
            format: ScanoutPixelFormat(rawValue: display.format.rawValue) ?? .xrgb8888)
    }

    private func reprobe() {
        displayChanged = false
        guard let output else { return }
        do {
            switch try output.reprobe() {
            case .connected:
                logger.info("display connected: \(output.display.map { "\($0.connector.name) \($0.mode)" } ?? "")")
                loop = nil
                errorPanelShown = false
            case .disconnected:
                logger.warning("display disconnected; waiting for it to come back")
                loop = nil
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
            if input == nil {
                let libinput = try LibinputInput(configuration: .init(
                    seat: config.input.seat, scanoutWidth: Int(display.mode.width), scanoutHeight: Int(display.mode.height),
                    rotation: OutputRotation(degrees: config.display.rotation.rawValue) ?? .none,
                    calibration: CalibrationMatrix(config.input.calibration)), access: access)
                let adapter = LibinputKioskInput(libinput: libinput, logger: logger)
                input = adapter
                clock.sources.append((libinput.fileDescriptor, { adapter.pump() }))
            } else {
                input?.libinput.setScanoutSize(width: Int(display.mode.width), height: Int(display.mode.height))
            }
            guard let input else { return }
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
            let loop = try KioskLoop(map: session.map, config: config, fonts: fonts, input: input, output: kioskOutput, clock: clock)
            loop.onFrame = { [weak self] frame in self?.framePresented(frame) }
            loop.onMissingGlyphs = { [logger] text, missing in
                logger.warning("no configured font has a glyph for \(missing.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")) in \"\(text)\"; drawn without it")
            }
            kioskOutput.onFlip = { [weak self] flip in self?.statistics.record(flip: flip) }
            self.loop = loop
            logger.info("showing \"\(session.map.name)\" on \(display.connector.name) \(display.mode)")
        } catch {
            logger.critical("cannot start: \(error)")
            startProblems = ["\(error)"]
        }
    }

    private func framePresented(_ frame: FrameRecord) {
        journal?.record(frame)
        if !readySent {
            readySent = true
            _ = notify.send([.ready, .status("showing the map")])
            logger.info("first frame on screen", metadata: Self.metadata(frame))
        }
        if frame.state == .idle {
            logger.info("camera at rest", metadata: Self.metadata(frame))
        }
    }

    static func metadata(_ frame: FrameRecord) -> Logger.Metadata {
        ["t_us": "\(frame.presentationMicroseconds)", "x": "\(frame.camera.offset.x)", "y": "\(frame.camera.offset.y)",
         "scale": "\(frame.camera.scale)"]
    }

    /// A broken config at start: the problems on screen (and in the log) instead of a black screen.
    private func showErrorPanel(on drm: DRMOutput) {
        guard !errorPanelShown, let kioskOutput = DRMKioskOutput(output: drm) else { return }
        let buffer = PixelBuffer(width: kioskOutput.width, height: kioskOutput.height)
        ErrorPanel.render(title: "metro-kiosk cannot show the map: fix the config, then reload (SIGHUP)",
                          problems: startProblems, into: buffer, font: try? Font.loadDefault())
        do {
            _ = try kioskOutput.present(buffer, damage: buffer.bounds, predictedMicroseconds: MonotonicClock.nowMicroseconds())
            errorPanelShown = true
            if !readySent {
                readySent = true
                _ = notify.send([.ready, .status("config error: \(startProblems.first ?? "")")])
            }
        } catch {
            logger.error("cannot show the error panel: \(error)")
        }
    }

    // MARK: Seat

    /// The seat manager's messages: on disable the devices are let go before it is acknowledged; on enable the
    /// screen is set up and drawn again, and input devices reopened.
    private func dispatchSeat(_ seat: SeatSession) {
        let changes = seat.dispatch(beforeAcknowledgingDisable: { [weak self] in
            guard let self else { return }
            self.paused = true
            self.input?.libinput.suspend()
            self.input?.pump()
        })
        for change in changes {
            switch change {
            case .disabled:
                logger.info("seat disabled (another session has the screen): paused")
                _ = notify.send(.status("paused: the seat is in another session"))
            case .enabled:
                logger.info("seat enabled: showing the map again")
                // Otherwise the service's status would say "paused" until the next statistics summary.
                _ = notify.send(.status("seat enabled: drawing again"))
                paused = false
                input?.libinput.resume()
                output?.invalidate()
                loop?.screenWasLost()
                errorPanelShown = false
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
                stopping = true
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
