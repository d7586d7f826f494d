import KioskCore
import Testing
@testable import KioskService

/// The schedule's facts in the kiosk's life: dark beats the display, the seat beats dark, a touch lights it.
struct ScreenLifeTests {
    static let dawn = LocalTimeOfDay(parsing: "05:30")

    func showing() -> KioskLife {
        var life = KioskLife(configProblems: [])
        _ = life.handle(.started(displayConnected: true))
        _ = life.handle(.shownOnScreen)
        return life
    }

    @Test func theScheduleDarkensAndLightsTheScreenWithItsStatus() {
        var life = showing()
        #expect(life.handle(.scheduledOff(until: Self.dawn))
                == [.screenPower(on: false, reason: "schedule"), .notifyStatus("screen off until 05:30")])
        #expect(life.state == .screenOff)
        #expect(life.handle(.shownOnScreen) == [])
        #expect(life.handle(.scheduledOn)
                == [.screenPower(on: true, reason: "schedule"), .redrawScreen, .notifyStatus("showing the map")])
        #expect(life.state == .showing)
        #expect(life.handle(.scheduledOn) == [], "already on")
    }

    @Test func aTouchWakesTheDarkScreenUntilTheWakeEnds() {
        var life = showing()
        _ = life.handle(.scheduledOff(until: Self.dawn))
        #expect(life.handle(.touchedWhileOff) == [.screenPower(on: true, reason: "touch"), .redrawScreen,
                                                  .notifyStatus("screen on (woken by a touch): showing the map")])
        #expect(life.state == .showing)
        #expect(life.handle(.touchedWhileOff) == [], "already lit")
        #expect(life.handle(.wakeEnded) == [.screenPower(on: false, reason: "wake time over"),
                                            .notifyStatus("screen off until 05:30")])
        #expect(life.state == .screenOff)
        _ = life.handle(.touchedWhileOff)
        #expect(life.handle(.scheduledOn) == [], "lit already by the touch; the dark period is over")
        #expect(life.handle(.wakeEnded) == [], "no wake left to end")
        #expect(life.state == .showing)
    }

    @Test func readingTheSameNightAgainKeepsAWakeAndANewEndIsAnnounced() {
        var life = showing()
        _ = life.handle(.scheduledOff(until: Self.dawn))
        _ = life.handle(.touchedWhileOff)
        #expect(life.handle(.scheduledOff(until: Self.dawn)) == [], "a reload inside the night does not cut a wake short")
        #expect(life.state == .showing)
        _ = life.handle(.wakeEnded)
        #expect(life.handle(.scheduledOff(until: LocalTimeOfDay(parsing: "06:00"))) == [.notifyStatus("screen off until 06:00")])
        #expect(life.state == .screenOff)
    }

    @Test func startingInsideADarkPeriodIsReadyAtOnceAndDark() {
        var life = KioskLife(configProblems: [])
        #expect(life.handle(.scheduledOff(until: Self.dawn)) == [], "nothing to darken before the devices are open")
        #expect(life.handle(.started(displayConnected: true))
                == [.screenPower(on: false, reason: "schedule"), .notifyReady(status: "screen off until 05:30")])
        #expect(life.state == .screenOff)
    }

    @Test func theSeatBeatsTheScheduleAndComingBackInsideADarkPeriodDarkensAgain() {
        var life = showing()
        _ = life.handle(.seatDisabled)
        #expect(life.handle(.scheduledOff(until: Self.dawn)) == [], "no device to switch while the seat is away")
        #expect(life.state == .pausedBySeat)
        #expect(life.handle(.seatEnabled) == [.resumeInput, .screenPower(on: false, reason: "seat enabled inside a dark period"),
                                              .notifyStatus("screen off until 05:30")])
        #expect(life.state == .screenOff)
    }

    @Test func stoppingAndReloadingBeatDark() {
        var life = showing()
        _ = life.handle(.scheduledOff(until: nil))
        #expect(life.handle(.reloadRequested) == [.reloadConfig])
        #expect(life.state == .reloading)
        _ = life.handle(.reloaded(.unchanged))
        #expect(life.state == .screenOff)
        _ = life.handle(.stopRequested)
        #expect(life.state == .stopping)
    }
}
