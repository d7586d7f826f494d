import Foundation
import Physics
import Testing
@testable import TouchInput

/// Recorded gestures with published expected release velocities: Flutter's velocity tracker test data (LSQ2 must
/// agree to 0.1 %) and AOSP's VelocityTracker test cases (per strategy, 20 % for recordings).
struct PublishedVelocityDataTests {
    struct FlutterEvent: Decodable {
        var type: String
        var t_ms: Int64
        var pointer: Int
        var x: Double
        var y: Double
    }

    struct FlutterData: Decodable {
        var velocityEventData: [FlutterEvent]
        var interruptedVelocityEventData: [FlutterEvent]
        var expected_velocity_px_per_s_at_each_up: [[Double]]
        var interrupted_expected_px_per_s: [Double]
    }

    /// Flutter's test adds every down and move position with its timestamp and reads the velocity at each up.
    static func liftVelocities(_ events: [FlutterEvent]) -> [Velocity] {
        var trackers: [Int: VelocityTracker] = [:]
        var velocities: [Velocity] = []
        for event in events {
            let time = event.t_ms * 1000
            switch event.type {
            case "down":
                trackers[event.pointer] = VelocityTracker(strategy: .lsq2)
                trackers[event.pointer]?.addSample(x: event.x, y: event.y, timeMicroseconds: time)
            case "move":
                trackers[event.pointer]?.addSample(x: event.x, y: event.y, timeMicroseconds: time)
            default:
                velocities.append(trackers[event.pointer]?.velocity(liftMicroseconds: time) ?? .zero)
            }
        }
        return velocities
    }

    @Test func lsq2ReproducesFlutterToOneTenthOfAPercent() throws {
        let data = try JSONDecoder().decode(FlutterData.self, from: Data(contentsOf: SharedData.velocity("flutter_velocity_event_data.json")))
        let velocities = Self.liftVelocities(data.velocityEventData)
        try #require(velocities.count == data.expected_velocity_px_per_s_at_each_up.count)
        for (velocity, expected) in zip(velocities, data.expected_velocity_px_per_s_at_each_up) {
            #expect(isClose(velocity.x, expected[0], relative: 0.001), "vx \(velocity.x) vs \(expected[0])")
            #expect(isClose(velocity.y, expected[1], relative: 0.001), "vy \(velocity.y) vs \(expected[1])")
        }
        let interrupted = Self.liftVelocities(data.interruptedVelocityEventData)
        try #require(interrupted.count == 1)
        #expect(isClose(interrupted[0].x, data.interrupted_expected_px_per_s[0], relative: 0.001))
        #expect(isClose(interrupted[0].y, data.interrupted_expected_px_per_s[1], relative: 0.001))
    }

    /// The same events through the lift path the kiosk and `metro-kiosk velocity` use (`FingerVelocityTrackers`,
    /// `releaseVelocity`): a published strategy is the published algorithm there too, whatever the default adds.
    static func trackedLiftVelocities(_ events: [FlutterEvent], strategy: VelocityStrategy) -> [Velocity] {
        var trackers = FingerVelocityTrackers(strategy: strategy)
        var velocities: [Velocity] = []
        for event in events {
            let phase: TouchPhase = event.type == "down" ? .down : event.type == "move" ? .move : .up
            let time = event.t_ms * 1000
            let touch = phase == .up ? TouchEvent(slot: event.pointer, phase: .up, timeMicroseconds: time)
                : TouchEvent(slot: event.pointer, phase: phase, x: event.x, y: event.y, timeMicroseconds: time)
            velocities += trackers.process(TouchFrame(timeMicroseconds: time, events: [touch])).map(\.velocity)
        }
        return velocities
    }

    @Test func lsq2LiftsReproduceFlutterThroughTheKiosksLiftPath() throws {
        let data = try JSONDecoder().decode(FlutterData.self, from: Data(contentsOf: SharedData.velocity("flutter_velocity_event_data.json")))
        let velocities = Self.trackedLiftVelocities(data.velocityEventData, strategy: .lsq2)
        try #require(velocities.count == data.expected_velocity_px_per_s_at_each_up.count)
        for (index, (velocity, expected)) in zip(velocities, data.expected_velocity_px_per_s_at_each_up).enumerated() {
            #expect(isClose(velocity.x, expected[0], relative: 0.001), "lift \(index + 1): vx \(velocity.x) vs \(expected[0])")
            #expect(isClose(velocity.y, expected[1], relative: 0.001), "lift \(index + 1): vy \(velocity.y) vs \(expected[1])")
        }
    }

    struct AndroidPointer: Decodable {
        var x: Double?
        var y: Double?
        var resampled: Bool?
    }

    struct AndroidEvent: Decodable {
        var t_ns: Int64
        var pointers: [AndroidPointer?]
        var comment: String
    }

    struct AndroidCheck: Decodable {
        var strategy: String
        var axis: String
        var expected: Double?
        var pointer: Int
        var tolerance: String
    }

    struct AndroidCase: Decodable {
        var name: String
        var events: [AndroidEvent]
        var checks: [AndroidCheck]
    }

    struct AndroidData: Decodable {
        var cases: [AndroidCase]
    }

    /// Replays one AOSP case as its test harness builds MotionEvents: the first row is ACTION_DOWN, the last (with one
    /// pointer) ACTION_UP, a row followed by one with fewer pointers is a POINTER_UP; up rows carry no new positions
    /// and resampled positions are skipped, as Android's VelocityTracker does. Android's test reads every pointer's
    /// velocity after the final ACTION_UP, so that row's time is the lift time for all of them.
    static func releaseVelocities(_ testCase: AndroidCase, strategy: VelocityStrategy, release: Bool = false) -> [Int: Velocity] {
        var trackers: [Int: VelocityTracker] = [:]
        func present(_ row: AndroidEvent) -> [Int] {
            row.pointers.indices.filter { row.pointers[$0]?.x != nil && row.pointers[$0]?.y != nil }
        }
        let rows = testCase.events
        for (index, row) in rows.enumerated() {
            let here = present(row)
            let isLastUp = index == rows.count - 1 && here.count == 1
            let isPointerUp = index + 1 < rows.count && present(rows[index + 1]).count < here.count
            guard !isLastUp, !isPointerUp else { continue }
            for pointer in here {
                guard let sample = row.pointers[pointer], let x = sample.x, let y = sample.y, sample.resampled != true else { continue }
                trackers[pointer, default: VelocityTracker(strategy: strategy)].addSample(x: x, y: y, timeMicroseconds: row.t_ns / 1000)
            }
        }
        let liftTime = (rows.last?.t_ns ?? 0) / 1000
        return trackers.mapValues { release ? $0.releaseVelocity(liftMicroseconds: liftTime) : $0.velocity(liftMicroseconds: liftTime) }
    }

    @Test func aospCasesAgreeThroughTheReleaseVelocityToo() throws {
        let data = try JSONDecoder().decode(AndroidData.self, from: Data(contentsOf: SharedData.velocity("android_velocitytracker_test_cases.json")))
        var checked = 0
        for testCase in data.cases {
            for check in testCase.checks {
                let strategy: VelocityStrategy = check.strategy == "IMPULSE" ? .impulse : .lsq2
                let raw = Self.releaseVelocities(testCase, strategy: strategy)[check.pointer] ?? .zero
                // The same samples read through the lift path: a published strategy is not guarded.
                let lift = Self.releaseVelocities(testCase, strategy: strategy, release: true)[check.pointer] ?? .zero
                #expect(lift == raw, "\(testCase.name) \(check.strategy): \(lift) vs \(raw)")
                checked += 1
            }
        }
        #expect(checked >= 30)
    }

    @Test func androidCasesAgreeWithinTheirTolerance() throws {
        let data = try JSONDecoder().decode(AndroidData.self, from: Data(contentsOf: SharedData.velocity("android_velocitytracker_test_cases.json")))
        var checked = 0
        for testCase in data.cases {
            for check in testCase.checks {
                let strategy: VelocityStrategy = check.strategy == "IMPULSE" ? .impulse : .lsq2
                let velocity = Self.releaseVelocities(testCase, strategy: strategy)[check.pointer] ?? .zero
                let relative = Double(check.tolerance.split(separator: " ").dropFirst().first ?? "0.2") ?? 0.2
                // No expected value means Android reports no velocity: a lift after a rest, which is zero here.
                let expected = check.expected ?? 0
                let axes: [Double] = check.axis == "X" ? [velocity.x] : check.axis == "Y" ? [velocity.y] : [velocity.x, velocity.y]
                for value in axes {
                    #expect(isClose(value, expected, relative: relative, absolute: 1e-6),
                            "\(testCase.name) \(check.strategy) \(check.axis) pointer \(check.pointer): \(value) vs \(expected)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 60)
    }
}
