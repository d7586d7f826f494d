import Foundation
import KioskCore
import Logging
import TouchInput

/// A day in the kiosk's life on the simulated clock: visitors with random gestures (drags, flings, taps, double
/// taps, pinches) and long idle periods between them, the screen schedule's dark night (visitors then wake the
/// screen), and a SIGHUP reload every hour, all through the real loop on the headless output. It reports what a
/// leak or a busy idle loop would show: the resident memory after warm-up and at the end, and the frames drawn
/// while nobody was there that nothing explains (an orbit step, a lit screen, a rebuilt map are explained).
public enum ServiceSoak {
    public struct Report: Codable, Sendable {
        public var simulatedHours: Double
        public var gestures: Int
        public var visits: Int
        public var reloads: Int
        public var frames: Int
        public var idleFrames: Int
        public var unexplainedIdleFrames: Int
        public var screenSwitches: Int
        public var wakes: Int
        public var residentAfterWarmUpBytes: Int
        public var residentAtEndBytes: Int
        public var residentGrowthBytes: Int
        public var seconds: Double
        /// Every switch of the panel: "2026-03-29T00:00:00Z off schedule" (UTC, on/off, why).
        public var switches: [String]
    }

    /// `directory`: where the config (and status files) go. By default the day starts at 2026-03-28 11:00 UTC (noon in
    /// Berlin the day before the clocks go forward: in that zone the night is 3 h 30 min of dark across the jump).
    /// `timeZone`: the zone the schedule is read in (the system's, as a kiosk does, unless a test says otherwise).
    public static func run(hours: Double, seed: UInt64, directory: String, width: Int = 320, height: Int = 240,
                           warmUpHours: Double = 2, timeZone: TimeZone = .current,
                           wallStartSeconds: Double = 1_774_695_600) throws -> Report {
        let began = Date()
        let configPath = URL(fileURLWithPath: directory).appendingPathComponent("kiosk.toml").path
        try config(variant: 0, directory: directory).write(toFile: configPath, atomically: true, encoding: .utf8)
        var random = SplitMix64(seed: seed)
        let start: Int64 = 1_000_000
        let end = start + Int64(hours * 3_600_000_000)
        var visits: [(start: Int64, end: Int64)] = []
        var frames: [TouchFrame] = []
        var gestures = 0
        var time = start + Int64(random.next(in: 60...600) * 1_000_000)
        while time < end - 600_000_000 {
            let visitStart = time
            for _ in 0..<Int(random.next(in: 1...6.99)) {
                let gesture = Self.gesture(&random, at: time, width: Double(width), height: Double(height))
                frames += gesture
                gestures += 1
                time = (gesture.last?.timeMicroseconds ?? time) + Int64(random.next(in: 0.5...5) * 1_000_000)
            }
            visits.append((visitStart, time))
            // Idle: 10 to 50 minutes without anyone.
            time += Int64(random.next(in: 600...3000) * 1_000_000)
        }
        let service = try HeadlessKioskService(
            configPath: configPath, input: TraceInput(frames: frames), width: width, height: height, startMicroseconds: start,
            wallStartSeconds: wallStartSeconds, timeZone: timeZone,
            logger: Logger(label: "soak", factory: { _ in SwiftLogNoOpLogHandler() }))
        // A frame is explained while idle by an orbit step, a screen just lit, or a map rebuilt by a reload.
        var lastLoop = 0
        var lastShift = (x: 0, y: 0)
        var lastPowerChanges = 0
        var idleFrames = 0
        var unexplained = 0
        var frameCount = 0
        service.onFrame = { frame in
            frameCount += 1
            let t = frame.presentationMicroseconds
            let loop = service.loopsBuilt
            let shift = service.loop?.pictureShift ?? (0, 0)
            let lit = service.powerChanges.count != lastPowerChanges
            defer {
                lastLoop = loop
                lastShift = shift
                lastPowerChanges = service.powerChanges.count
            }
            // Idle: more than 90 s after a visit's last touch (idle timeout 60 s, then home) and before the next.
            let previous = visits.last { $0.start <= t }
            let idle = previous.map { t > $0.end + 90_000_000 } ?? true
            guard idle else { return }
            idleFrames += 1
            let explained = shift != lastShift || lit || loop != lastLoop
            if !explained { unexplained += 1 }
        }
        var reloads = 0
        var warm = 0
        var hour = 1
        while service.clock.nowMicroseconds < end {
            let next = min(end, start + Int64(hour) * 3_600_000_000)
            try service.run(untilMicroseconds: next)
            if Double(hour) == warmUpHours { warm = ResidentMemory.bytes() ?? 0 }
            // SIGHUP every hour; every other one changes the config, so the map is rebuilt half the time.
            try config(variant: hour % 2, directory: directory).write(toFile: configPath, atomically: true, encoding: .utf8)
            service.requestReload()
            reloads += 1
            hour += 1
        }
        let atEnd = ResidentMemory.bytes() ?? 0
        return Report(
            simulatedHours: hours, gestures: gestures, visits: visits.count, reloads: reloads, frames: frameCount,
            idleFrames: idleFrames, unexplainedIdleFrames: unexplained,
            screenSwitches: service.powerChanges.count, wakes: service.powerChanges.filter { $0.reason == "touch" }.count,
            residentAfterWarmUpBytes: warm, residentAtEndBytes: atEnd, residentGrowthBytes: atEnd - warm,
            seconds: Date().timeIntervalSince(began),
            switches: service.powerChanges.map { change in
                let wall = wallStartSeconds + Double(change.timeMicroseconds - start) / 1_000_000
                return "\(StatusReporter.iso8601(wall)) \(change.on ? "on" : "off") \(change.reason)"
            })
    }

    static func config(variant: Int, directory: String) -> String {
        """
        [display]
        # One thread: handing each small frame to a pool costs more than drawing it, on a loaded machine most of all.
        render_threads = 1
        [kiosk]
        idle_timeout_s = \(60 - variant)
        [screen]
        off = "01:00"
        on = "05:30"
        wake_minutes = 2
        orbit_px = 4
        orbit_minutes = 10
        [status]
        file = "\(directory)/status.json"
        prometheus_file = "\(directory)/kiosk.prom"
        socket = ""
        interval_s = 3600
        """
    }

    /// One random gesture starting at `time`.
    static func gesture(_ random: inout SplitMix64, at time: Int64, width: Double, height: Double) -> [TouchFrame] {
        let x = random.next(in: width * 0.2...width * 0.8), y = random.next(in: height * 0.2...height * 0.8)
        let dx = random.next(in: -width * 0.3...width * 0.3), dy = random.next(in: -height * 0.3...height * 0.3)
        switch Int(random.next(in: 0...4.99)) {
        case 0: return stroke(slot: 0, from: (x, y), by: (dx, dy), at: time, milliseconds: 600)
        case 1: return stroke(slot: 0, from: (x, y), by: (dx, dy), at: time, milliseconds: 90) // a fling
        case 2: return stroke(slot: 0, from: (x, y), by: (0, 0), at: time, milliseconds: 60) // a tap
        case 3:
            return stroke(slot: 0, from: (x, y), by: (0, 0), at: time, milliseconds: 50)
                + stroke(slot: 0, from: (x, y), by: (0, 0), at: time + 180_000, milliseconds: 50)
        default:
            // A pinch: two fingers moving apart (or together) about the same centre.
            let spread = random.next(in: -40...40)
            let a = stroke(slot: 0, from: (x - 30, y), by: (-spread, 0), at: time, milliseconds: 400)
            let b = stroke(slot: 1, from: (x + 30, y), by: (spread, 0), at: time + 4000, milliseconds: 400)
            return (a + b).sorted { $0.timeMicroseconds < $1.timeMicroseconds }
        }
    }

    static func stroke(slot: Int, from: (Double, Double), by delta: (Double, Double), at start: Int64,
                       milliseconds: Int) -> [TouchFrame] {
        let steps = max(2, milliseconds / 8)
        var frames = [TouchFrame(timeMicroseconds: start, events: [
            TouchEvent(slot: slot, phase: .down, x: from.0, y: from.1, timeMicroseconds: start)])]
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            let t = start + Int64(step * milliseconds * 1000 / steps)
            frames.append(TouchFrame(timeMicroseconds: t, events: [
                TouchEvent(slot: slot, phase: .move, x: from.0 + delta.0 * f, y: from.1 + delta.1 * f, timeMicroseconds: t)]))
        }
        let end = start + Int64(milliseconds * 1000) + 8000
        frames.append(TouchFrame(timeMicroseconds: end, events: [TouchEvent(slot: slot, phase: .up, timeMicroseconds: end)]))
        return frames
    }
}
