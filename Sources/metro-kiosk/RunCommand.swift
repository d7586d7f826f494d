import ArgumentParser
import Foundation
import KioskCore
import KioskService
import Logging
import MetroMap
import OutputFile
import Platform
import Raster
import TOMLDocument
import TouchInput
import Diagnostics
import JSONText

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
            DIR/contact-sheet.png; --plot FILE.png draws the camera's x, y, scale and on-screen speed over time with \
            each phase in its colour, and with a journey card its extent and its step list's offset, each with its \
            per-frame step. The replay ends when the trace has ended and the camera is at rest (including \
            the trip home after the idle timeout).
            """)

    @Option(help: "Kiosk config file (TOML).") var config: String?
    @Flag(help: "Replay a trace on a simulated display instead of driving the hardware.") var headless = false
    @Option(help: "Trace to replay (headless).") var trace: String?
    @Option(help: "Key trace (CSV time_us,key,state) to replay with the trace, or alone (headless); what audio mode says goes to DIR/spoken.jsonl.")
    var keys: String?
    @Option(help: "evemu device description (.desc) for a --headless trace whose .events has none; by default the .desc beside it with the same device name prefix.") var device: String?
    @Option(help: "Directory for frames.jsonl and PNGs (headless); with the config's [network] realtime sources, also status.json (their age and errors).") var out: String?
    @Option(help: "Simulated display size, WxH (headless). \(SizeOption.kioskDefaultHelp)", transform: SizeOption.init(parsing:)) var size: SizeOption = .kioskDefault
    @Option(help: "Simulated refresh rate in Hz (headless).") var fps: Double = 60
    @Option(help: "PNG frames to write: every, last or none (headless).") var png: HeadlessOutput.PNGPolicy = .last
    @Option(help: "Also draw x, y, scale and speed over time, phases coloured, into this PNG (headless).")
    var plot: String?
    @Option(name: .customLong("frames-log"), help: "Also write every frame's camera to this frames.jsonl (device).")
    var framesLog: String?
    @Option(help: "The moment the replay starts, \"YYYY-MM-DD HH:MM\" in the timetable's zone (headless, with the config's [network] timetable): the same departures on every run. Default: now.")
    var at: String?

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 1000 else { throw ValidationError("--fps must be between 1 and 1000") }
        if headless {
            guard trace != nil || keys != nil else { throw ValidationError("--headless needs --trace FILE or --keys FILE") }
            guard out != nil else { throw ValidationError("--headless needs --out DIR") }
        } else if device != nil {
            throw ValidationError("--device describes a --headless --trace recording")
        } else if at != nil {
            throw ValidationError("--at sets a --headless replay's clock")
        }
    }

    func run() throws {
        guard headless, let out, let trace = trace ?? keys else {
            // On the device a broken config is shown on screen and reloaded on SIGHUP, never fatal.
            LoggingSystem.bootstrap { JournalLogHandler(label: $0) }
            let kiosk = KioskService(options: .init(configPath: config, framesLogPath: framesLog),
                                    logger: Logger(label: "metro-kiosk"))
            if let failure = kiosk.run() { throw ExitCode(failure) }
            return
        }
        let settings = try KioskSettingsArgument.load(config)
        try replay(trace: trace, out: out, settings: settings)
    }

    private func replay(trace: String, out: String, settings: KioskConfig) throws {
        let map = try KioskSettingsArgument.map(override: nil, settings: settings)
        let frames: [TouchFrame]
        let keyEvents: [KeyEvent]
        do {
            frames = self.trace == nil ? [] : try TraceReader.frames(path: trace, outputSize: size.outputSize,
                                                                      device: device)
            keyEvents = try keys.map(KeyTraceReader.events(path:)) ?? []
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(Sysexit.dataError)
        }
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw OutputFailure.exit("\(out): cannot create the output directory: \(error.localizedDescription)")
        }
        let input = TraceInput(frames: frames, keys: keyEvents)
        // Start one frame before the first touch so the first frame shows the home view.
        let clock = SimulatedClock(startMicroseconds: (input.firstEventMicroseconds ?? 0) - Int64(1_000_000 / fps) * 2)
        let output = HeadlessOutput(width: size.width, height: size.height, refreshMillihertz: Int(fps * 1000),
                                    clock: clock, directory: out, png: png)
        let fonts: FontStack
        do {
            fonts = try settings.labelFonts()
        } catch {
            throw FontFailure.exit(error, config: config, settings: settings)
        }
        let timetable = try KioskSettingsArgument.timetable(settings, configPath: config, command: "run")
        // One pool for the process, sized by the config: the frame renderer and the scanout copy share it.
        RenderPool.configureShared(threads: settings.display.renderThreads)
        let loop = try KioskLoop(map: map, config: settings, fonts: fonts, input: input, output: output, clock: clock,
                                 timetable: timetable)
        // The timetable is read at the moment the replay starts, moving on with the simulated clock: departures
        // tick down with the replay's seconds, not with how fast the machine draws them.
        var started = Date()
        if let at {
            guard let timetable else { throw ValidationError("--at needs the config's [network] timetable") }
            guard let moment = timetable.instant(local: at) else {
                throw ValidationError("--at \"\(TOMLText.excerpt(at))\" is not \"YYYY-MM-DD HH:MM\" (the feed's local time)")
            }
            started = moment
        }
        let startMicroseconds = clock.nowMicroseconds
        loop.wallClock = { started.addingTimeInterval(Double(clock.nowMicroseconds - startMicroseconds) / 1_000_000) }
        let realtime = HeadlessRealtime(settings.realtime, startingAt: started)
        if let realtime {
            realtime.startAndAwaitFirstAnswers()
            loop.realtime = { realtime.poller.snapshot }
        }
        let journal: FramesJournal
        do {
            journal = try FramesJournal(path: URL(fileURLWithPath: out).appendingPathComponent("frames.jsonl").path,
                                        symlinks: .replace)
        } catch {
            throw OutputFailure.exit(error.description)
        }
        var spoken: [String] = []
        if keys != nil {
            loop.onSpeak = { phrases in
                spoken.append(JSONLine(["t_us": .integer(clock.nowMicroseconds), "phrases": .strings(phrases.map(\.text)),
                                        "languages": .strings(phrases.map { $0.language ?? "" })]).text + "\n")
            }
        }
        var records: [FrameRecord] = []
        loop.onFrame = { record in
            journal.record(record)
            if plot != nil { records.append(record) }
        }
        do {
            while try loop.turn() {}
            try output.finish()
        } catch let error as PNGError {
            throw OutputFailure.exit(error.description)
        }
        if let failure = journal.close() { throw OutputFailure.exit(failure.description) }
        do {
            try realtime?.finish(writingStatusIn: out, now: loop.wallClock())
        } catch {
            throw OutputFailure.exit("\(out)/status.json: \(error)")
        }
        if keys != nil {
            do {
                try OutputFile.write(text: spoken.joined(), to: URL(fileURLWithPath: out).appendingPathComponent("spoken.jsonl").path)
            } catch {
                throw OutputFailure.exit(error.description)
            }
        }
        if let plot {
            do {
                try Self.plot(records, title: URL(fileURLWithPath: trace).lastPathComponent).write(to: plot)
            } catch {
                throw OutputFailure.exit("\(error)")
            }
        }
        print("replayed \(frames.count) touch frames\(keys == nil ? "" : " and \(keyEvents.count) key events") from \(trace): \(loop.framesPresented) frames drawn; see \(out)/frames.jsonl, \(out)/contact-sheet.png")
        // The model's input-to-presentation latency (the simulated vblank after each event): what the loop itself
        // adds, without a kernel's or a panel's share.
        if let p50 = loop.inputLatency.percentile(0.5), let p95 = loop.inputLatency.percentile(0.95) {
            print("input-to-presentation latency (model): p50 \(Self.milliseconds(p50)) ms, p95 \(Self.milliseconds(p95)) ms over \(loop.inputLatency.count) frames")
        } else {
            print("input-to-presentation latency (model): no frame answered input")
        }
    }
}

extension RunCommand {
    static func milliseconds(_ microseconds: Int64) -> String { String(format: "%.1f", Double(microseconds) / 1000) }

    /// The replay's camera over time: offset x and y, scale, and on-screen speed (offset change per second between
    /// frames drawn), each frame in its state's colour. Stretches with nothing drawn (a minute idle before the trip
    /// home) are shortened to half a second, so the gestures keep the width.
    static func plot(_ records: [FrameRecord], title: String) -> TrajectoryPlot {
        var plotted: [Int64: Double] = [:]
        var elapsed: Int64 = 0
        for (index, record) in records.enumerated() {
            if index > 0 { elapsed += min(record.presentationMicroseconds - records[index - 1].presentationMicroseconds, 500_000) }
            plotted[record.presentationMicroseconds] = Double(elapsed) / 1_000_000
        }
        func seconds(_ record: FrameRecord) -> Double { plotted[record.presentationMicroseconds] ?? 0 }
        func series(_ value: (FrameRecord) -> Double) -> [TrajectoryPlot.Sample] {
            records.map { TrajectoryPlot.Sample(time: seconds($0), value: value($0), phase: $0.state.rawValue) }
        }
        var speed: [TrajectoryPlot.Sample] = []
        for (a, b) in zip(records, records.dropFirst()) {
            let dt = Double(b.presentationMicroseconds - a.presentationMicroseconds) / 1_000_000
            let dx = b.camera.offset.x - a.camera.offset.x, dy = b.camera.offset.y - a.camera.offset.y
            speed.append(.init(time: seconds(b), value: dt > 0 ? (dx * dx + dy * dy).squareRoot() / dt : 0, phase: b.state.rawValue))
        }
        var panels: [TrajectoryPlot.Panel] = [
            .init(name: "x (px)", samples: series { $0.camera.offset.x }),
            .init(name: "y (px)", samples: series { $0.camera.offset.y }),
            .init(name: "scale", samples: series { $0.camera.scale }),
            .init(name: "speed (px/s)", samples: speed),
        ]
        // The journey card and its step list, each with its step per frame drawn: judder shows as steps alternating
        // in length, a kick at the lift as a spike where the colour changes.
        let carded = records.filter { $0.card != nil && $0.card?.state != "hidden" }
        if !carded.isEmpty {
            panels += cardSeries(carded, name: "card extent", seconds: seconds) { card in (card.offset, card.state) }
            if carded.contains(where: { $0.card?.listOffset != nil }) {
                panels += cardSeries(carded, name: "card list offset", seconds: seconds) { card in
                    card.listOffset.map { ($0, card.listState ?? "rest") }
                }
            }
        }
        return TrajectoryPlot(title: "\(title) (idle gaps shortened to 0.5 s)", panels: panels, height: 260 * panels.count)
    }

    /// A card series over the frames drawn, and its step (change since the frame drawn before), in its states' colours.
    private static func cardSeries(_ records: [FrameRecord], name: String, seconds: (FrameRecord) -> Double,
                                   _ value: (FrameRecord.CardRecord) -> (Double, String)?) -> [TrajectoryPlot.Panel] {
        var values: [TrajectoryPlot.Sample] = [], steps: [TrajectoryPlot.Sample] = []
        var previous: Double?
        for record in records {
            guard let card = record.card, let (v, phase) = value(card) else { previous = nil; continue }
            values.append(.init(time: seconds(record), value: v, phase: phase))
            if let previous { steps.append(.init(time: seconds(record), value: abs(v - previous), phase: phase)) }
            previous = v
        }
        return [.init(name: "\(name) (px)", samples: values), .init(name: "\(name) step (px/frame)", samples: steps)]
    }
}

extension HeadlessOutput.PNGPolicy: ExpressibleByArgument {}
