import ArgumentParser
import KioskCore
import Platform
import TouchInput
#if canImport(Glibc)
import Glibc
#endif
import JSONText

/// `metro-kiosk inputs`: what the kiosk's libinput input sees, one JSON line per event, for a while. Checks a
/// touchscreen's calibration and rotation on site, and lets the VM test see injected touches without the full kiosk.
struct InputsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inputs",
        abstract: "Print the touch and pointer events the kiosk receives (libinput, udev seat), as JSON lines.")

    @Option(help: "udev seat.") var seat: String = "seat0"
    @Option(help: "Output (mode) size WIDTHxHEIGHT touch coordinates are scaled to. \(SizeOption.kioskDefaultHelp)", transform: SizeOption.init(parsing:))
    var size: SizeOption = .kioskDefault
    @Option(help: "Panel rotation in degrees clockwise: 0, 90, 180 or 270.") var rotation: Int = 0
    @Option(help: "Seconds to listen.") var seconds: Double = 10
    @Option(help: "Stop after this many devices were removed.") var exitAfterRemovals: Int?

    func run() throws {
        let axes = try size.touchscreenAxes()
        let (width, height) = (axes.width, axes.height)
        guard let turn = OutputRotation(rawValue: rotation) else { throw ValidationError("--rotation must be 0, 90, 180 or 270") }
        let input = try LibinputInput(configuration: .init(seat: seat, scanoutWidth: width, scanoutHeight: height, rotation: turn))
        print("inputs: listening on \(seat)")
        fflush(nil)
        let deadline = MonotonicClock.nowMicroseconds() + Int64(seconds * 1_000_000)
        var removals = 0
        var fds = pollfd(fd: input.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            for event in input.dispatch() {
                print(json(event))
                if case .deviceRemoved = event { removals += 1 }
            }
            fflush(nil)
            if let limit = exitAfterRemovals, removals >= limit { return }
            let left = deadline - MonotonicClock.nowMicroseconds()
            if left <= 0 { return }
            _ = poll(&fds, 1, Int32(min(left / 1000 + 1, 1000)))
        }
    }

    private func json(_ event: InputEvent) -> String {
        switch event {
        case .deviceAdded(let name, _): return JSONLine(["device_added": .string(name)]).text
        case .deviceRemoved(let name, _): return JSONLine(["device_removed": .string(name)]).text
        case .keypadAttached(let name, _): return JSONLine(["keypad_attached": .string(name)]).text
        case .key(let k):
            return #"{"key":{"key":"\#(k.key.rawValue)","state":"\#(k.isPressed ? "down" : "up")","time_us":\#(k.timeMicroseconds)}}"#
        case .wheel(let z): return #"{"zoom":{"steps":\#(z.steps),"x":\#(z.focus.x),"y":\#(z.focus.y),"time_us":\#(z.timeMicroseconds)}}"#
        case .touch(let frame):
            let events = frame.events.map { e in
                let position = e.x.map { x in #","x":\#(x),"y":\#(e.y ?? 0)"# } ?? ""
                return #"{"slot":\#(e.slot),"event":"\#(e.phase.rawValue)"\#(position)}"#
            }
            return #"{"touch":{"time_us":\#(frame.timeMicroseconds),"events":[\#(events.joined(separator: ","))]}}"#
        }
    }
}
