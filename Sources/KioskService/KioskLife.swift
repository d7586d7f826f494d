import KioskCore

/// The kiosk's life as a state machine, free of devices: the service feeds it what happened (a display came, the seat
/// left, SIGHUP, the first frame went out) and does what it answers. Tests drive it through every transition.
///
/// The state follows from a few facts, in this order of precedence: stopping beats everything; a reload in progress
/// comes next; then whether the seat is ours; then whether a display is connected; then whether the config is usable.
/// The operator's screen schedule slots in as one more fact between the seat and the display: scheduled dark and not
/// woken by a touch is `screenOff`.
public struct KioskLife: Sendable {
    public enum State: String, Equatable, Sendable {
        /// Config read, devices being opened; nothing on screen yet.
        case starting
        /// Up and healthy with no display connected: nothing to draw until a hotplug brings one.
        case waitingForDisplay
        /// The map on screen, its loop running.
        case showing
        /// The config (or its map) is broken: the problems on screen until a reload fixes them.
        case showingProblems
        /// The seat manager gave the devices to another session (a VT switch): nothing is drawn or read.
        case pausedBySeat
        /// The operator's schedule has the panel dark (CRTC inactive): no frames, input read only to wake it.
        case screenOff
        /// SIGHUP: the config is being read again.
        case reloading
        /// SIGTERM/SIGINT: the loop ends, the display and console are restored.
        case stopping
    }

    /// What happened, as the service saw it.
    public enum Event: Equatable, Sendable {
        /// The devices are open; `displayConnected`: a display was found on the card.
        case started(displayConnected: Bool)
        case displayConnected
        case displayDisconnected
        case seatDisabled
        case seatEnabled
        case reloadRequested
        case reloaded(ReloadOutcome)
        /// The map could not be started (its loop failed to build): shown as problems.
        case mapFailed(problems: [String])
        /// Something went out on screen: the map's first frame, or the problems panel.
        case shownOnScreen
        case stopRequested
        /// The schedule's dark period began; it ends at `until` (local time), if the schedule has an end.
        case scheduledOff(until: LocalTimeOfDay?)
        /// The schedule's dark period ended.
        case scheduledOn
        /// A touch on the dark screen: it lights the screen for a while (the touch itself is not the map's).
        case touchedWhileOff
        /// The while a touch lit the dark screen is over.
        case wakeEnded
    }

    public enum ReloadOutcome: Equatable, Sendable {
        /// A new config is in use; `restartNeeded`: it changed what is only read at start ([display], [input], session).
        case applied(restartNeeded: Bool)
        case unchanged
        /// Broken: the running config is kept.
        case kept(problems: [String])
        /// The kiosk had started broken, and is still broken (maybe differently).
        case stillBroken(problems: [String])
        /// The kiosk had started broken, and the config is now good.
        case fixed
    }

    /// What the service must do, in order.
    public enum Action: Equatable, Sendable {
        /// Re-read the config (answered by `.reloaded`).
        case reloadConfig
        /// Drop the map's loop: it is rebuilt (for a new config, a new display size) when showing next.
        case rebuildMap
        /// Draw the problems panel again (new problems, a new display, the screen was lost).
        case redrawProblems
        /// The screen lost what it showed (another session had it): the next frame goes out whole, with a mode set.
        case redrawScreen
        case suspendInput
        case resumeInput
        /// Tell systemd READY=1 with this status (once in the kiosk's life).
        case notifyReady(status: String)
        case notifyStatus(String)
        /// Light the panel (CRTC active) or darken it (CRTC inactive); logged as a transition.
        case screenPower(on: Bool, reason: String)
    }

    public private(set) var isStopping = false
    public private(set) var isReloading = false
    public private(set) var isStarted = false
    public private(set) var seatIsOurs = true
    public private(set) var displayIsConnected = false
    /// Why the map cannot be shown (a broken config at start, a map that failed to start); empty when it can.
    public private(set) var problems: [String]
    public private(set) var readySent = false
    /// The schedule has the screen dark now.
    public private(set) var scheduledOff = false
    /// When the current dark period ends (for the status line).
    public private(set) var darkUntil: LocalTimeOfDay?
    /// A touch lit the screen inside a dark period.
    public private(set) var woken = false

    /// `problems`: what was wrong with the config read at start (empty: it loaded).
    public init(configProblems problems: [String]) {
        self.problems = problems
    }

    public var state: State {
        if isStopping { return .stopping }
        if isReloading { return .reloading }
        if !isStarted { return .starting }
        if !seatIsOurs { return .pausedBySeat }
        if scheduledOff, !woken { return .screenOff }
        if !displayIsConnected { return .waitingForDisplay }
        return problems.isEmpty ? .showing : .showingProblems
    }

    /// Takes in what happened; returns what to do about it.
    public mutating func handle(_ event: Event) -> [Action] {
        switch event {
        case let .started(displayConnected):
            isStarted = true
            displayIsConnected = displayConnected
            // Started inside a dark period: no frame will go out to say so, but the kiosk is up.
            if state == .screenOff { return [.screenPower(on: false, reason: "schedule")] + darkStatus }
            // Up and healthy, only dark: systemd must not time the start out and restart us in a loop.
            return displayConnected ? [] : ready("waiting for a display to be connected")
        case .displayConnected:
            displayIsConnected = true
            return [.rebuildMap, .redrawProblems] + (state == .screenOff ? [.screenPower(on: false, reason: "schedule")] : [])
        case .displayDisconnected:
            displayIsConnected = false
            return [.rebuildMap] + ready("waiting for a display to be connected")
        case .seatDisabled:
            guard seatIsOurs else { return [] }
            seatIsOurs = false
            return [.suspendInput, .notifyStatus("paused: the seat is in another session")]
        case .seatEnabled:
            guard !seatIsOurs else { return [] }
            seatIsOurs = true
            // The other session may have lit the panel: dark again at once if the schedule says so.
            if state == .screenOff { return [.resumeInput, .screenPower(on: false, reason: "seat enabled inside a dark period")] + darkStatus }
            // Otherwise the service's status would say "paused" until the next statistics summary.
            return [.resumeInput, .redrawScreen, .redrawProblems, .notifyStatus("seat enabled: drawing again")]
        case .reloadRequested:
            guard !isStopping, !isReloading else { return [] }
            isReloading = true
            return [.reloadConfig]
        case let .reloaded(outcome):
            isReloading = false
            switch outcome {
            case let .applied(restartNeeded):
                // A map that failed to start under the old config gets another chance under the new one.
                problems = []
                return [.rebuildMap]
                    + (restartNeeded ? [.notifyStatus("reloaded; restart to apply [display]/[input] changes")] : [])
            case .unchanged:
                return []
            case let .kept(problems):
                return [.notifyStatus("reload refused: \(problems.first ?? "")")]
            case let .stillBroken(problems):
                self.problems = problems
                return [.redrawProblems]
            case .fixed:
                problems = []
                return [.rebuildMap]
            }
        case let .mapFailed(problems):
            self.problems = problems
            return [.rebuildMap, .redrawProblems]
        case .shownOnScreen:
            switch state {
            case .showing: return ready("showing the map")
            case .showingProblems: return ready("config error: \(problems.first ?? "")")
            default: return []
            }
        case .stopRequested:
            isStopping = true
            return []
        case let .scheduledOff(until):
            if scheduledOff {
                // Still the same night, read again (a reload): a wake goes on; only the end may have moved.
                let moved = darkUntil != until
                darkUntil = until
                return moved && state == .screenOff ? darkStatus : []
            }
            let wasOff = state == .screenOff
            scheduledOff = true
            darkUntil = until
            woken = false
            guard !wasOff, state == .screenOff else { return [] }
            return [.screenPower(on: false, reason: "schedule")] + darkStatus
        case .scheduledOn:
            let wasOff = state == .screenOff
            scheduledOff = false
            darkUntil = nil
            woken = false
            return wasOff ? lightActions(reason: "schedule") : []
        case .touchedWhileOff:
            guard state == .screenOff else { return [] }
            woken = true
            return lightActions(reason: "touch")
        case .wakeEnded:
            guard woken else { return [] }
            woken = false
            guard state == .screenOff else { return [] }
            return [.screenPower(on: false, reason: "wake time over")] + darkStatus
        }
    }

    /// The status line of a dark period; the first status of the kiosk's life is its READY=1.
    private var darkStatus: [Action] {
        mutating get {
            let status = darkUntil.map { "screen off until \($0)" } ?? "screen off"
            return isStarted && !readySent ? ready(status) : [.notifyStatus(status)]
        }
    }

    /// Out of a dark period: the panel lit, the whole frame drawn again, the status back to what is shown.
    private func lightActions(reason: String) -> [Action] {
        var actions: [Action] = [.screenPower(on: true, reason: reason), .redrawScreen]
        switch state {
        case .showing: actions.append(.notifyStatus(woken ? "screen on (woken by a touch): showing the map" : "showing the map"))
        case .showingProblems: actions += [.redrawProblems, .notifyStatus("config error: \(problems.first ?? "")")]
        default: break
        }
        return actions
    }

    private mutating func ready(_ status: String) -> [Action] {
        guard !readySent else { return [] }
        readySent = true
        return [.notifyReady(status: status)]
    }
}
