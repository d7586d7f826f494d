import ArgumentParser
import Foundation
import Platform
import TouchInput

/// `metro-kiosk inject --trace FILE`: plays a recording into a uinput touchscreen, with its timing. A field tool
/// (replay a gesture on a kiosk) and the VM test's finger.
struct InjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inject",
        abstract: "Play a touch recording into a virtual (uinput) touchscreen.",
        discussion: """
            The touchscreen's axes span --size, so trace coordinates (output pixels) arrive as the same pixels on an \
            output of that size. The device appears, --settle-ms passes so udev and libinput pick it up, the frames \
            play with their recorded timing, and the device is removed. --unplug-at-us removes it at that offset \
            from the first frame instead, with fingers still down, as an unplugged screen would.
            """)

    @Option(help: "The recording: CSV time_us,slot,event,x,y.") var trace: String
    @Option(help: "Output size WIDTHxHEIGHT the coordinates refer to.") var size: String = "1280x800"
    @Option(help: "Milliseconds to wait after creating the device before playing.") var settleMs: Int = 1000
    @Option(help: "Milliseconds to keep the device after the last frame.") var lingerMs: Int = 200
    @Option(help: "Unplug the device this many microseconds after the first frame (fingers still down).") var unplugAtUs: Int64?

    func run() throws {
        guard let (width, height) = parseSize(size) else { throw ValidationError("--size must be WIDTHxHEIGHT, not \(size)") }
        let frames: [TouchFrame]
        switch MinimalCSVTrace.read(path: trace) {
        case .success(let read): frames = read
        case .failure(let error):
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(65)
        }
        let device = try UinputTouchscreen(.init(maxX: Int32(width - 1), maxY: Int32(height - 1)))
        print("inject: created \(device.description.name) (\(device.systemName ?? "?")), \(frames.count) frames")
        fflush(nil)
        usleep(UInt32(max(0, settleMs)) * 1000)
        let sent = try TracePlayer(frames: frames).play(into: device, stopAtMicroseconds: unplugAtUs)
        if unplugAtUs == nil { usleep(UInt32(max(0, lingerMs)) * 1000) }
        device.destroy()
        print("inject: sent \(sent) frames\(unplugAtUs != nil ? ", unplugged mid-trace" : "")")
    }
}

func parseSize(_ text: String) -> (Int, Int)? {
    let parts = text.split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 1, h > 1 else { return nil }
    return (w, h)
}

/// Just enough of DESIGN.md's CSV trace format for the injector until the touch layer's TraceReader lands on main:
/// then `TraceReader.frames(path:)` replaces this (and brings evemu and libinput-record recordings).
enum MinimalCSVTrace {
    struct Failure: Error, CustomStringConvertible {
        var file: String, line: Int, message: String
        var description: String { "\(file):\(line): \(message)" }
    }

    static func read(path: String) -> Result<[TouchFrame], Failure> {
        Result { () throws(Failure) -> [TouchFrame] in try frames(path: path) }
    }

    static func frames(path: String) throws(Failure) -> [TouchFrame] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw Failure(file: path, line: 0, message: "cannot read the file as UTF-8 text")
        }
        var frames: [TouchFrame] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty || trimmed.hasPrefix("time_us") { continue }
            let fields = trimmed.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let number = index + 1
            guard fields.count == 5 || fields.count == 3 else {
                throw Failure(file: path, line: number, message: "expected time_us,slot,event,x,y (\(fields.count) fields)")
            }
            guard let time = Int64(fields[0]) else { throw Failure(file: path, line: number, message: "time_us: expected an integer") }
            guard let slot = Int(fields[1]), slot >= 0 else { throw Failure(file: path, line: number, message: "slot: expected a non-negative integer") }
            guard let phase = TouchPhase(rawValue: fields[2]) else {
                throw Failure(file: path, line: number, message: "event: expected down, move, up or cancel, not \"\(fields[2])\"")
            }
            var x: Double? = nil, y: Double? = nil
            if fields.count == 5, !fields[3].isEmpty || !fields[4].isEmpty {
                guard let px = Double(fields[3]), let py = Double(fields[4]), px.isFinite, py.isFinite else {
                    throw Failure(file: path, line: number, message: "x,y: expected two numbers")
                }
                x = px
                y = py
            }
            if (phase == .down || phase == .move) && x == nil {
                throw Failure(file: path, line: number, message: "a \(phase.rawValue) needs x,y")
            }
            let event = TouchEvent(slot: slot, phase: phase, x: x, y: y, timeMicroseconds: time)
            if let last = frames.last, last.timeMicroseconds == time {
                frames[frames.count - 1].events.append(event)
            } else {
                frames.append(TouchFrame(timeMicroseconds: time, events: [event]))
            }
        }
        return frames
    }
}
