import Testing
@testable import KioskService

/// Every transition of the kiosk's life, without a device: what the service hears, the state it leads to, and what the
/// service is told to do.
struct KioskLifeTests {
    /// A kiosk started with a good config on a connected display, showing its map.
    func showing() -> KioskLife {
        var life = KioskLife(configProblems: [])
        _ = life.handle(.started(displayConnected: true))
        _ = life.handle(.shownOnScreen)
        return life
    }

    @Test func itStartsAndShowsTheMapOnAConnectedDisplayReadyOnceTheFirstFrameIsOut() {
        var life = KioskLife(configProblems: [])
        #expect(life.state == .starting)
        #expect(life.handle(.started(displayConnected: true)) == [])
        #expect(life.state == .showing)
        #expect(life.handle(.shownOnScreen) == [.notifyReady(status: "showing the map")])
        #expect(life.handle(.shownOnScreen) == [], "READY=1 once in the kiosk's life")
    }

    @Test func withoutADisplayItIsReadyAndWaitsThenShowsWhenOneIsConnected() {
        var life = KioskLife(configProblems: [])
        #expect(life.handle(.started(displayConnected: false)) == [.notifyReady(status: "waiting for a display to be connected")])
        #expect(life.state == .waitingForDisplay)
        #expect(life.handle(.displayConnected) == [.rebuildMap, .redrawProblems])
        #expect(life.state == .showing)
        #expect(life.handle(.shownOnScreen) == [], "already ready")
    }

    @Test func unpluggingTheDisplayDropsTheMapAndWaits() {
        var life = showing()
        #expect(life.handle(.displayDisconnected) == [.rebuildMap])
        #expect(life.state == .waitingForDisplay)
        _ = life.handle(.displayConnected)
        #expect(life.state == .showing)
    }

    @Test func aBrokenConfigAtStartIsShownAsProblemsUntilAReloadFixesIt() {
        var life = KioskLife(configProblems: ["kiosk.toml:2:1: [kiosk]: bad"])
        _ = life.handle(.started(displayConnected: true))
        #expect(life.state == .showingProblems)
        #expect(life.handle(.shownOnScreen) == [.notifyReady(status: "config error: kiosk.toml:2:1: [kiosk]: bad")])
        #expect(life.handle(.reloadRequested) == [.reloadConfig])
        #expect(life.state == .reloading)
        #expect(life.handle(.reloaded(.stillBroken(problems: ["kiosk.toml:3:1: other"]))) == [.redrawProblems])
        #expect(life.state == .showingProblems && life.problems == ["kiosk.toml:3:1: other"])
        _ = life.handle(.reloadRequested)
        #expect(life.handle(.reloaded(.fixed)) == [.rebuildMap])
        #expect(life.state == .showing && life.problems.isEmpty)
    }

    @Test func aReloadAppliesAGoodConfigAndKeepsTheRunningOneOverABrokenOne() {
        var life = showing()
        #expect(life.handle(.reloadRequested) == [.reloadConfig])
        #expect(life.state == .reloading)
        #expect(life.handle(.reloadRequested) == [], "one reload at a time")
        #expect(life.handle(.reloaded(.applied(restartNeeded: false))) == [.rebuildMap])
        #expect(life.state == .showing)
        _ = life.handle(.reloadRequested)
        #expect(life.handle(.reloaded(.applied(restartNeeded: true)))
                == [.rebuildMap, .notifyStatus("reloaded; restart to apply [display]/[input] changes")])
        _ = life.handle(.reloadRequested)
        #expect(life.handle(.reloaded(.unchanged)) == [])
        _ = life.handle(.reloadRequested)
        #expect(life.handle(.reloaded(.kept(problems: ["kiosk.toml:1:1: x", "y"]))) == [.notifyStatus("reload refused: kiosk.toml:1:1: x")])
        #expect(life.state == .showing, "the running config is kept")
    }

    @Test func aMapThatFailsToStartIsShownAsProblemsAndAnAppliedReloadRetriesIt() {
        var life = showing()
        #expect(life.handle(.mapFailed(problems: ["bad spring"])) == [.rebuildMap, .redrawProblems])
        #expect(life.state == .showingProblems)
        _ = life.handle(.reloadRequested)
        _ = life.handle(.reloaded(.applied(restartNeeded: false)))
        #expect(life.state == .showing)
    }

    @Test func theSeatGoingAwayPausesAndItsReturnRedrawsTheWholeScreen() {
        var life = showing()
        #expect(life.handle(.seatDisabled) == [.suspendInput, .notifyStatus("paused: the seat is in another session")])
        #expect(life.state == .pausedBySeat)
        #expect(life.handle(.seatDisabled) == [], "told twice, paused once")
        // Hotplug while paused is heard on return; the seat outranks the display.
        _ = life.handle(.displayDisconnected)
        #expect(life.state == .pausedBySeat)
        _ = life.handle(.displayConnected)
        #expect(life.handle(.seatEnabled)
                == [.resumeInput, .redrawScreen, .redrawProblems, .notifyStatus("seat enabled: drawing again")])
        #expect(life.state == .showing)
        #expect(life.handle(.seatEnabled) == [])
    }

    @Test func aReloadWhilePausedIsDoneAndThePauseKept() {
        var life = showing()
        _ = life.handle(.seatDisabled)
        #expect(life.handle(.reloadRequested) == [.reloadConfig])
        _ = life.handle(.reloaded(.applied(restartNeeded: false)))
        #expect(life.state == .pausedBySeat)
    }

    @Test func stoppingOutranksEveryOtherState() {
        var lives: [KioskLife] = [KioskLife(configProblems: []), showing(), KioskLife(configProblems: ["x"])]
        var paused = showing()
        _ = paused.handle(.seatDisabled)
        lives.append(paused)
        var reloading = showing()
        _ = reloading.handle(.reloadRequested)
        lives.append(reloading)
        for var life in lives {
            #expect(life.handle(.stopRequested) == [])
            #expect(life.state == .stopping)
            #expect(life.handle(.reloadRequested) == [], "no reload once stopping")
            _ = life.handle(.seatEnabled)
            _ = life.handle(.displayConnected)
            #expect(life.state == .stopping)
        }
    }
}
