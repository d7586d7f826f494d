import Foundation
import KioskCore
import Logging
import Platform
import Raster

/// `KioskService` without devices: the same life (`KioskLife`), screen care, status and screenshot over the
/// headless output, an input source and a simulated clock whose wall-clock time starts where the test says. Waiting
/// jumps the clock, so a test lives through a night (or a day of gestures, reloads and the schedule) in seconds.
public final class HeadlessKioskService: KioskLifeDriver {
    public let clock: SimulatedClock
    private let loopClock: DeadlineClock
    public let output: SimulatedScreen
    public let gate: ScreenGateInput
    public internal(set) var life = KioskLife(configProblems: [])
    public let care: ScreenCare
    public let status: StatusReporter
    public private(set) var session: KioskSession?
    public private(set) var loop: KioskLoop?
    private let wallStartSeconds: Double
    private let startMicroseconds: Int64
    private let timeZone: TimeZone
    var scheduleTimeZone: TimeZone { timeZone }
    private let logger: Logger
    /// What was done to the panel, in order.
    public private(set) var powerChanges: [(timeMicroseconds: Int64, on: Bool, reason: String)] = []
    /// sd_notify STATUS lines, in order (READY=1's status first).
    public private(set) var notifications: [String] = []
    public private(set) var screenOn = true
    /// Called after each frame, as the loop's `onFrame`.
    public var onFrame: ((FrameRecord) -> Void)?
    public private(set) var framesPresented = 0
    /// Map loops built (the first, then one per rebuild: a reload that applied, a display change).
    public private(set) var loopsBuilt = 0
    /// Every line the service logged at notice or above, for tests to read.
    public private(set) var loggedProblems: [String] = []

    /// `wallStartSeconds`: the Unix time the simulated clock's start stands for.
    public init(configPath: String?, input: KioskInput, width: Int, height: Int, startMicroseconds: Int64,
                wallStartSeconds: Double, timeZone: TimeZone, logger: Logger) throws(KioskSession.StartError) {
        session = try KioskSession(configPath: configPath)
        let config = session?.config ?? KioskConfig()
        clock = SimulatedClock(startMicroseconds: startMicroseconds)
        loopClock = DeadlineClock(base: clock)
        output = SimulatedScreen(width: width, height: height, clock: clock)
        gate = ScreenGateInput(input)
        care = ScreenCare(settings: config.screen, timeZone: timeZone)
        status = StatusReporter(settings: config.status, startMicroseconds: startMicroseconds)
        self.startMicroseconds = startMicroseconds
        self.wallStartSeconds = wallStartSeconds
        self.timeZone = timeZone
        self.logger = logger
        identify()
        gate.onTouchWhileDark = { [care] in care.touchArrivedWhileDark() }
        gate.onTouchWhileLit = { [care] time in care.touchedWhileWoken(nowMicroseconds: time) }
        perform(life.handle(.started(displayConnected: true)))
    }

    public var wallSeconds: Double { Double(wallMicroseconds) / 1_000_000 }
    /// The wall clock in whole µs: the simulated clock's µs added to the start, so schedule edges land exactly.
    public var wallMicroseconds: Int64 { Int64(wallStartSeconds * 1_000_000) + clock.nowMicroseconds - startMicroseconds }

    /// Runs the kiosk until the simulated clock reaches `end`.
    public func run(untilMicroseconds end: Int64) throws {
        while clock.nowMicroseconds < end, life.state != .stopping {
            try turn(until: end)
        }
    }

    /// The SIGHUP path: the config file read again, applied or refused as on a device.
    public func requestReload() {
        perform(life.handle(.reloadRequested))
    }

    /// One turn of the service: the screen's care, then the map (lit) or only the input (dark).
    func turn(until end: Int64) throws {
        let deadline = { [unowned self] () -> Int64? in
            [care.nextDeadline(nowMicroseconds: clock.nowMicroseconds, wallMicroseconds: wallMicroseconds),
             status.nextDueMicroseconds(), end].compactMap { $0 }.min()
        }
        loopClock.deadline = deadline
        careTurn()
        switch life.state {
        case .showing:
            if loop == nil { startLoop() }
            guard let loop else { return clock.wait(until: deadline()) }
            loop.pictureShift = care.orbitShift(nowMicroseconds: clock.nowMicroseconds, idleSinceMicroseconds: idleSince(loop))
            let before = loop.framesPresented
            let started = MonotonicClock.nowMicroseconds()
            let more = try loop.turn()
            if loop.framesPresented > before {
                status.recordFrame(drawMicroseconds: MonotonicClock.nowMicroseconds() - started)
            }
            // The input has ended and nothing moves: only the service's own deadlines are left.
            if !more { clock.wait(until: deadline()) }
        case .screenOff:
            // Dark: the input is read only for a touch that wakes the screen, which lights it at once.
            _ = gate.events(upTo: clock.nowMicroseconds)
            careTurn()
            if life.state == .screenOff {
                clock.wait(until: [deadline(), gate.nextEventMicroseconds].compactMap { $0 }.min())
            }
        default:
            clock.wait(until: deadline())
        }
    }

    /// The schedule, a wake and its end, then the status file.
    private func careTurn() {
        let now = clock.nowMicroseconds
        for event in care.events(nowMicroseconds: now, wallMicroseconds: wallMicroseconds) {
            perform(life.handle(event))
        }
        gate.isDark = life.state == .screenOff
        let lastTouch = gate.lastTouchMicroseconds.map { wallSeconds - Double(now - $0) / 1_000_000 }
        if let problem = status.update(state: life.state, screenOn: screenOn, nowMicroseconds: now, wallSeconds: wallSeconds,
                                       touches: gate.touches, lastTouchWallSeconds: lastTouch) {
            log(.error, problem)
        }
    }

    /// Since when nobody has touched or moved the map (nil: someone is at it now).
    private func idleSince(_ loop: KioskLoop) -> Int64? {
        if gate.isTouching || loop.camera.isTouching || loop.camera.isAnimating { return nil }
        return gate.lastTouchMicroseconds ?? startMicroseconds
    }

    private func startLoop() {
        guard let session else { return }
        do {
            let loop = try KioskLoop(map: session.map, config: session.config, fonts: nil, input: gate, output: output,
                                     clock: loopClock, timetable: session.timetable)
            loop.onFrame = { [weak self] frame in
                guard let self else { return }
                framesPresented += 1
                onFrame?(frame)
                perform(life.handle(.shownOnScreen))
            }
            self.loop = loop
            loopsBuilt += 1
            status.panel = loop.panel.description
            logger.info("panel: \(loop.panel)")
        } catch {
            status.lastError = "\(error)"
            perform(life.handle(.mapFailed(problems: ["\(error)"])))
        }
    }

    // MARK: Carrying the life's actions out, onto the simulated screen

    func reloadConfig() -> KioskLife.ReloadOutcome {
        guard let session else { return .stillBroken(problems: ["no session"]) }
        return applyReload(of: session)
    }

    func dropMap() { loop = nil }
    func redrawProblems() {}
    func redrawScreen() { loop?.screenWasLost() }
    func suspendInput() {}
    func resumeInput() {}

    func setScreenPower(on: Bool, reason: String) {
        if !on { loop?.cancelTouch(atMicroseconds: clock.nowMicroseconds) }
        screenOn = on
        powerChanges.append((clock.nowMicroseconds, on, reason))
    }

    func announce(status text: String, ready: Bool) { notifications.append(text) }

    func actionsDone() { gate.isDark = life.state == .screenOff }

    func identify() {
        status.config = .of(path: session?.configPath)
        status.map = .of(path: session?.config.map.file, name: session?.map.name)
    }

    /// The frame on screen as PNG (a black frame while the panel is dark), as the screenshot socket answers.
    public func screenshotPNG() -> Result<[UInt8], ScreenshotSocket.ScreenshotError> {
        ServiceScreenshot.png(of: screenOn ? loop?.lastPresented : nil, width: output.width, height: output.height)
    }

    func log(_ level: Logger.Level, _ message: String) {
        if level >= .notice { loggedProblems.append(message) }
        logger.log(level: level, "\(message)")
    }
}
