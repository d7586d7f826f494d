import Foundation
import KioskCore

/// The service's care of the panel, free of devices: it reads the schedule against the wall clock, times the wake
/// a touch on a dark screen buys, and walks the burn-in orbit while nobody touches the map. It answers in
/// `KioskLife` events and picture shifts; the owner feeds the events to the life and carries out its actions.
public final class ScreenCare {
    public private(set) var schedule: ScreenSchedule
    public private(set) var orbit: BurnInOrbit
    private var wakeMicroseconds: Int64
    /// Until when (monotonic µs) a touch keeps the dark screen lit.
    public private(set) var wakeEndsMicroseconds: Int64?
    /// What the schedule said last (nil: not read yet).
    private var scheduledOn: Bool?
    private var touchedWhileDark = false
    /// When the orbit steps next (monotonic µs), while the map is idle.
    private var nextOrbitStepMicroseconds: Int64?
    /// A map left alone this long is idle, for the orbit: someone reading it is not disturbed.
    public static let idleAfterMicroseconds: Int64 = 30_000_000

    public init(settings: KioskConfig.ScreenSettings, timeZone: TimeZone = .current) {
        schedule = ScreenSchedule(ranges: settings.offRanges, timeZone: timeZone)
        orbit = BurnInOrbit(radius: settings.orbitPixels, periodMicroseconds: Int64(settings.orbitMinutes * 60_000_000))
        wakeMicroseconds = Int64(settings.wakeMinutes * 60_000_000)
    }

    /// A reload: a new schedule is read at the next turn; the orbit keeps its place when its size did not change.
    public func configure(_ settings: KioskConfig.ScreenSettings, timeZone: TimeZone = .current) {
        let scheduleChanged = settings.offRanges != schedule.ranges || timeZone != schedule.timeZone
        schedule = ScreenSchedule(ranges: settings.offRanges, timeZone: timeZone)
        let period = Int64(settings.orbitMinutes * 60_000_000)
        if settings.orbitPixels != orbit.radius || period != orbit.periodMicroseconds {
            orbit = BurnInOrbit(radius: settings.orbitPixels, periodMicroseconds: period)
            nextOrbitStepMicroseconds = nil
        }
        wakeMicroseconds = Int64(settings.wakeMinutes * 60_000_000)
        reading = nil
        // A new schedule is read afresh at the next turn; the same one changes nothing (a wake under way goes on).
        if scheduleChanged { scheduledOn = nil }
    }

    /// The gate saw a touch on the dark screen.
    public func touchArrivedWhileDark() {
        touchedWhileDark = true
    }

    /// The schedule as last read: on or off from `from` until `next` (Unix seconds). Time zone arithmetic is slow
    /// in Foundation, and the loop asks every turn: it is read again only when the wall clock leaves that stretch
    /// (the next edge, or the clock set back).
    private var reading: (from: Int64, on: Bool, next: ScreenSchedule.Transition?)?

    private func read(at wallSeconds: Int64) -> (on: Bool, next: ScreenSchedule.Transition?) {
        if let reading, wallSeconds >= reading.from, wallSeconds < reading.next?.time ?? .max {
            return (reading.on, reading.next)
        }
        let fresh = (from: wallSeconds, on: schedule.screenOn(at: wallSeconds), next: schedule.nextChange(after: wallSeconds))
        reading = fresh
        return (fresh.on, fresh.next)
    }

    /// What changed at `now` (monotonic µs) / `wallMicroseconds` (Unix time, µs): schedule edges, a wake and its end.
    public func events(nowMicroseconds now: Int64, wallMicroseconds: Int64) -> [KioskLife.Event] {
        let wallSeconds = ScreenSchedule.floorDiv(wallMicroseconds, 1_000_000)
        var events: [KioskLife.Event] = []
        let (on, next) = read(at: wallSeconds)
        if on != scheduledOn {
            scheduledOn = on
            wakeEndsMicroseconds = nil
            events.append(on ? .scheduledOn : .scheduledOff(until: next?.local))
        }
        if touchedWhileDark {
            touchedWhileDark = false
            if !on {
                wakeEndsMicroseconds = now + wakeMicroseconds
                events.append(.touchedWhileOff)
            }
        }
        if let end = wakeEndsMicroseconds, now >= end {
            wakeEndsMicroseconds = nil
            events.append(.wakeEnded)
        }
        return events
    }

    /// A touch on a lit screen inside a dark period starts the wake time again: the passenger is still there, and the
    /// screen goes dark `wake_minutes` after the last touch.
    public func touchedWhileWoken(nowMicroseconds now: Int64) {
        if wakeEndsMicroseconds != nil { wakeEndsMicroseconds = now + wakeMicroseconds }
    }

    /// The orbit's shift at `now`: it steps only once the map has been idle (no finger, no motion) for a while, and
    /// stands still while anyone touches it.
    public func orbitShift(nowMicroseconds now: Int64, idleSinceMicroseconds idleSince: Int64?) -> (x: Int, y: Int) {
        guard orbit.isEnabled else { return (0, 0) }
        guard let idleSince else {
            nextOrbitStepMicroseconds = nil
            return orbit.shift
        }
        let due = nextOrbitStepMicroseconds ?? max(idleSince + Self.idleAfterMicroseconds, now)
        if now >= due {
            orbit.step()
            nextOrbitStepMicroseconds = now + orbit.stepMicroseconds
        } else {
            nextOrbitStepMicroseconds = due
        }
        return orbit.shift
    }

    /// The next time (monotonic µs) something here is due: a schedule edge, the end of a wake, an orbit step.
    public func nextDeadline(nowMicroseconds now: Int64, wallMicroseconds: Int64) -> Int64? {
        var deadlines: [Int64] = []
        if let change = read(at: ScreenSchedule.floorDiv(wallMicroseconds, 1_000_000)).next {
            deadlines.append(now + change.time * 1_000_000 - wallMicroseconds)
        }
        if let end = wakeEndsMicroseconds { deadlines.append(end) }
        // A step left due while the screen was dark is taken at the next lit turn, not waited for (a past deadline
        // would make the dark loop spin).
        if let step = nextOrbitStepMicroseconds, step > now { deadlines.append(step) }
        return deadlines.min()
    }
}
