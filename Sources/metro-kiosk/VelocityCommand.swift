import ArgumentParser
import KioskCore
import Foundation
import Physics
import TouchInput
import Diagnostics
import JSONText

/// `metro-kiosk velocity`: what the velocity tracker says at each finger lift of a recording, before fling limits.
struct VelocityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "velocity",
        abstract: "Print one JSON line per finger lift of a touch trace: {\"time_us\",\"slot\",\"vx\",\"vy\"} in px/s (y down).",
        discussion: """
            Traces: evemu recordings (.events, protocol A or B; a header-less .events is paired with NAME.desc), \
            libinput record YAML (every touchscreen in it), or CSV time_us,slot,event,x,y.
            """)

    @Option(name: .long, help: "The recorded trace to read.")
    var trace: String

    @Option(name: .long, help: "evemu device description (.desc) for a trace whose .events has none; by default the .desc beside it with the same device name prefix.")
    var device: String?

    @Option(name: .long, help: "Velocity strategy: ios (default, UIScrollView's weighted mean), lsq2 or impulse.")
    var strategy: String = VelocityStrategy.ios.rawValue

    @Option(name: .long, help: "Output size WxH that device coordinates map onto (evemu and libinput record traces). \(SizeOption.kioskDefaultHelp)",
            transform: SizeOption.init(parsing:))
    var size: SizeOption = .kioskDefault

    func validate() throws {
        guard VelocityStrategy(rawValue: strategy) != nil else {
            throw ValidationError("--strategy must be one of \(VelocityStrategy.allCases.map(\.rawValue).joined(separator: ", ")), got '\(strategy)'")
        }
    }

    func run() throws {
        guard let strategy = VelocityStrategy(rawValue: strategy) else {
            throw ExitCode(Sysexit.usage)
        }
        let frames: [TouchFrame]
        do {
            frames = try TraceReader.frames(path: trace, outputSize: size.outputSize, device: device)
        } catch let error as TraceError {
            FileHandle.standardError.write(Data("metro-kiosk velocity: \(error)\n".utf8))
            throw ExitCode(Sysexit.dataError) // EX_DATAERR: the input file is at fault, not the command line.
        }
        var trackers = FingerVelocityTrackers(strategy: strategy)
        var output = ""
        for frame in frames {
            for lift in trackers.process(frame) {
                output += JSONLine(["time_us": .integer(lift.timeMicroseconds), "slot": .integer(Int64(lift.slot)),
                                    "vx": .number(lift.velocity.x), "vy": .number(lift.velocity.y)]).text + "\n"
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }
}
