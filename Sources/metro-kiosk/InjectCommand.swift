import ArgumentParser
import Foundation
import Platform
import TouchInput
import Diagnostics

/// `metro-kiosk inject --trace FILE`: plays a recording into a uinput touchscreen, with its timing; `--keys FILE`
/// plays a key trace into a uinput keypad instead. A field tool (replay a gesture on a kiosk) and the VM test's
/// finger and keypad.
struct InjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inject",
        abstract: "Play a touch recording into a virtual (uinput) touchscreen.",
        discussion: """
            The touchscreen's axes span --size, so trace coordinates (output pixels) arrive as the same pixels on an \
            output of that size. The device appears, --settle-ms passes so udev and libinput pick it up, the frames \
            play with their recorded timing, and the device is removed. --unplug-at-us removes it at that offset \
            from the first frame instead, with fingers still down, as an unplugged screen would. --keys plays a key \
            trace (time_us,key,state) into a virtual numeric keypad instead, in the same way.
            """)

    @Option(help: "The recording: evemu .events, libinput record YAML, or CSV time_us,slot,event,x,y.") var trace: String?
    @Option(help: "A key trace (CSV time_us,key,state) to play into a virtual keypad instead of a touch recording.") var keys: String?
    @Option(help: "evemu device description (.desc) for a trace whose .events has none; by default the .desc beside it with the same device name prefix.") var device: String?
    @Option(help: "Output size WIDTHxHEIGHT the coordinates refer to. \(SizeOption.kioskDefaultHelp)", transform: SizeOption.init(parsing:))
    var size: SizeOption = .kioskDefault
    @Option(help: "Milliseconds to wait after creating the device before playing.") var settleMs: Int = 1000
    @Option(help: "Milliseconds to keep the device after the last frame.") var lingerMs: Int = 200
    @Option(help: "Unplug the device this many microseconds after the first frame (fingers still down).") var unplugAtUs: Int64?

    func validate() throws {
        guard (trace == nil) != (keys == nil) else { throw ValidationError("give one of --trace and --keys") }
    }

    func run() throws {
        if let keys { return try playKeys(keys) }
        guard let trace else { return }
        let outputSize = try size.touchscreenAxes()
        let (width, height) = (outputSize.width, outputSize.height)
        let frames: [TouchFrame]
        do {
            frames = try TraceReader.frames(path: trace, outputSize: outputSize, device: device)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(Sysexit.dataError)
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

extension InjectCommand {
    /// The keypad's part: the trace checked first (a bad line is reported before a device appears), then the keypad
    /// plugged in, the settle time, the keys with their timing, and the keypad unplugged.
    func playKeys(_ path: String) throws {
        let events: [KeyEvent]
        do {
            events = try KeyTraceReader.events(path: path)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(Sysexit.dataError)
        }
        let device = try UinputKeypad()
        print("inject: created \(device.name), \(events.count) key events")
        fflush(nil)
        usleep(UInt32(max(0, settleMs)) * 1000)
        let sent = try device.play(events)
        usleep(UInt32(max(0, lingerMs)) * 1000)
        device.destroy()
        print("inject: sent \(sent) key events")
    }
}
