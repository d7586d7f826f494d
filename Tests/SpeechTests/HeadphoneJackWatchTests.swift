import Foundation
import Speech
import Testing

/// A jack that changes when the test says so: each `plug`/`unplug` is one control event the watch wakes for.
final class ScriptedJack: HeadphoneJackSource, @unchecked Sendable {
    private let lock = NSLock()
    private var state: HeadphoneJack
    private var events = 0
    private let wake = DispatchSemaphore(value: 0)

    init(_ state: HeadphoneJack) { self.state = state }

    func set(_ new: HeadphoneJack) {
        lock.lock()
        state = new
        events += 1
        lock.unlock()
        wake.signal()
    }

    func read() -> HeadphoneJack { lock.lock(); defer { lock.unlock() }; return state }

    func waitForChange(timeoutMilliseconds: Int32) -> Bool {
        _ = wake.wait(timeout: .now() + .milliseconds(Int(timeoutMilliseconds)))
        return true
    }
}

/// What the watch reported, in order, with a wait for the next report.
final class JackReports: @unchecked Sendable {
    private let lock = NSLock()
    private var states: [HeadphoneJack] = []
    private let arrived = DispatchSemaphore(value: 0)

    func record(_ state: HeadphoneJack) {
        lock.lock()
        states.append(state)
        lock.unlock()
        arrived.signal()
    }

    func next() -> Bool { arrived.wait(timeout: .now() + 10) == .success }
    var all: [HeadphoneJack] { lock.lock(); defer { lock.unlock() }; return states }
}

struct HeadphoneJackWatchTests {
    @Test func startStateThenEachChangeOnce() {
        let jack = ScriptedJack(.plugged)
        let reports = JackReports()
        let watch = HeadphoneJackWatch(source: jack) { reports.record($0) }
        defer { watch.stop() }
        #expect(reports.all == [.plugged] && watch.state == .plugged)
        jack.set(.unplugged)
        #expect(reports.next() && reports.next())
        #expect(watch.state == .unplugged)
        // An event that leaves the jack as it was (another control changed) reports nothing.
        jack.set(.unplugged)
        jack.set(.plugged)
        #expect(reports.next())
        #expect(reports.all == [.plugged, .unplugged, .plugged])
    }

    @Test func aCardWithoutJackIsUnknownAndNotWatched() {
        let reports = JackReports()
        let watch = HeadphoneJackWatch(source: NoHeadphoneJack()) { reports.record($0) }
        watch.stop()
        #expect(reports.all == [.unknown] && watch.state == .unknown)
    }
}
