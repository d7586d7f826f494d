import Foundation
import KioskCore
import Logging

/// A service that carries out its `KioskLife`'s actions: `KioskService` on devices, `HeadlessKioskService` on a
/// simulated screen. `perform` and `applyReload` are the one place actions and reloads are turned into effects, so
/// the headless service that the tests live a day through cannot drift from the one that runs on the panel; only the
/// effects themselves (a CRTC's power, a recorded list) differ.
protocol KioskLifeDriver: AnyObject {
    var life: KioskLife { get set }
    var care: ScreenCare { get }
    var status: StatusReporter { get }
    /// The zone the screen schedule's local times are in.
    var scheduleTimeZone: TimeZone { get }

    /// Re-reads the config; `applyReload` does it for a service that has a session.
    func reloadConfig() -> KioskLife.ReloadOutcome
    func dropMap()
    func redrawProblems()
    func redrawScreen()
    func setScreenPower(on: Bool, reason: String)
    func suspendInput()
    func resumeInput()
    /// sd_notify: STATUS, with READY=1 the first time.
    func announce(status: String, ready: Bool)
    /// After a batch of actions: whatever follows the life's new state (the input gate's darkness).
    func actionsDone()
    /// Records the config and map now in use in the status.
    func identify()
    func log(_ level: Logger.Level, _ message: String)
}

extension KioskLifeDriver {
    func perform(_ actions: [KioskLife.Action]) {
        for action in actions {
            switch action {
            case .reloadConfig:
                perform(life.handle(.reloaded(reloadConfig())))
            case .rebuildMap:
                dropMap()
            case .redrawProblems:
                redrawProblems()
            case .redrawScreen:
                redrawScreen()
            case let .screenPower(on, reason):
                log(.notice, ServiceLog.screenPower(on: on, reason: reason, until: life.darkUntil))
                setScreenPower(on: on, reason: reason)
            case .suspendInput:
                suspendInput()
            case .resumeInput:
                resumeInput()
            case let .notifyReady(text):
                announce(status: text, ready: true)
            case let .notifyStatus(text):
                announce(status: text, ready: false)
            }
        }
        actionsDone()
    }

    /// A SIGHUP on a running session: the new config applied (with the screen care and status following it),
    /// nothing to do, or refused with the running config kept.
    func applyReload(of session: KioskSession) -> KioskLife.ReloadOutcome {
        let before = session.config
        switch session.reload() {
        case .applied:
            log(.info, "config reloaded")
            care.configure(session.config.screen, timeZone: scheduleTimeZone)
            status.settings = session.config.status
            identify()
            let restartNeeded = session.config.display != before.display || session.config.input != before.input
                || session.config.kiosk.session != before.kiosk.session
            if restartNeeded {
                // The display and the input devices are opened once; changing them under a running kiosk is not
                // worth the risk of a dark screen.
                log(.notice, "[display], [input] and session changes take effect at the next start (systemctl restart metro-kiosk)")
            }
            return .applied(restartNeeded: restartNeeded)
        case .unchanged:
            log(.info, "config reloaded: nothing changed")
            return .unchanged
        case let .kept(problems):
            log(.error, "config reload refused, keeping the running config")
            status.lastError = "config reload refused: \(problems.first ?? "")"
            for problem in problems { log(.error, problem) }
            return .kept(problems: problems)
        }
    }
}
