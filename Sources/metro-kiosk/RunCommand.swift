import ArgumentParser
import Foundation
import KioskCore
import KioskService
import Logging
import MetroMap
import Platform
import Raster
import TouchInput

/// The kiosk itself: on a DRM display with libinput touch, or headless, replaying a recorded trace on a
/// simulated display and clock.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the kiosk (DRM/KMS + libinput), or replay a trace headless with --headless.",
        discussion: """
            Headless: replays --trace (evemu .events, libinput record YAML, or CSV time_us,slot,event,x,y) against a \
            simulated display and clock and writes DIR/frames.jsonl (one line per frame drawn: t_us, x, y, scale, \
            state, touches, damage, render, station), PNG frames and \
            DIR/contact-sheet.png. The replay ends when the trace has ended and the camera is at rest (including \
            the trip home after the idle timeout).
            """)

    @Option(help: "Kiosk config file (TOML).") var config: String?
    @Flag(help: "Replay a trace on a simulated display instead of driving the hardware.") var headless = false
    @Option(help: "Trace to replay (headless).") var trace: String?
    @Option(help: "Directory for frames.jsonl and PNGs (headless).") var out: String?
    @Option(help: "Simulated display size, WxH (headless).") var size: FrameSize = FrameSize(argument: "1280x800")!
    @Option(help: "Simulated refresh rate in Hz (headless).") var fps: Double = 60
    @Option(help: "PNG frames to write: every, last or none (headless).") var png: HeadlessOutput.PNGPolicy = .last
    @Option(name: .customLong("frames-log"), help: "Also write every frame's camera to this frames.jsonl (device).")
    var framesLog: String?

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 1000 else { throw ValidationError("--fps must be between 1 and 1000") }
        if headless {
            guard trace != nil else { throw ValidationError("--headless needs --trace FILE") }
            guard out != nil else { throw ValidationError("--headless needs --out DIR") }
        }
    }

    func run() throws {
        guard headless, let trace, let out else {
            // On the device a broken config is shown on screen and reloaded on SIGHUP, never fatal.
            LoggingSystem.bootstrap { JournalLogHandler(label: $0) }
            let kiosk = KioskService(options: .init(configPath: config, framesLogPath: framesLog),
                                    logger: Logger(label: "metro-kiosk"))
            let status = kiosk.run()
            if status != 0 { throw ExitCode(status) }
            return
        }
        let settings = try KioskSettingsArgument.load(config)
        try replay(trace: trace, out: out, settings: settings)
    }

    private func replay(trace: String, out: String, settings: KioskConfig) throws {
        let map = try KioskSettingsArgument.map(override: nil, settings: settings)
        let frames: [TouchFrame]
        do {
            frames = try TraceReader.frames(path: trace, outputSize: OutputSize(width: size.width, height: size.height))
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(65)
        }
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw OutputFailure.exit("\(out): cannot create the output directory: \(error.localizedDescription)")
        }
        let input = TraceInput(frames: frames)
        // Start one frame before the first touch so the first frame shows the home view.
        let clock = SimulatedClock(startMicroseconds: (input.firstEventMicroseconds ?? 0) - Int64(1_000_000 / fps) * 2)
        let output = HeadlessOutput(width: size.width, height: size.height, refreshMillihertz: Int(fps * 1000),
                                    clock: clock, directory: out, png: png)
        let fonts: FontStack
        do {
            fonts = try settings.labelFonts()
        } catch {
            throw ValidationError("\(error)")
        }
        let loop = try KioskLoop(map: map, config: settings, fonts: fonts, input: input, output: output, clock: clock)
        let journal: FramesJournal
        do {
            journal = try FramesJournal(path: URL(fileURLWithPath: out).appendingPathComponent("frames.jsonl").path)
        } catch {
            throw OutputFailure.exit(error.description)
        }
        loop.onFrame = journal.record
        do {
            while try loop.turn() {}
            try output.finish()
        } catch let error as PNGError {
            throw OutputFailure.exit(error.description)
        }
        if let failure = journal.close() { throw OutputFailure.exit(failure.description) }
        print("replayed \(frames.count) touch frames from \(trace): \(loop.framesPresented) frames drawn; see \(out)/frames.jsonl, \(out)/contact-sheet.png")
    }
}

extension HeadlessOutput.PNGPolicy: ExpressibleByArgument {}
