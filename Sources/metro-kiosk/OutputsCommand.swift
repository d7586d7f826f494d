import ArgumentParser
import KioskCore
import Platform
#if canImport(Glibc)
import Glibc
import Diagnostics
#endif

/// `metro-kiosk outputs`: what the DRM cards can drive, like modetest; `--test-pattern` shows a known picture through
/// the kiosk's own output path (mode set, damage copies, page flips, pacing) and prints what it measured.
struct OutputsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outputs",
        abstract: "List DRM cards, connectors (lit or dark) and modes; optionally show a test pattern through the kiosk's output.",
        discussion: """
            The test pattern is eight colour bars over a grey ramp with a 64 px orange square that moves 16 px per \
            frame (only the square's old and new places are copied each frame). After the frames it prints one JSON \
            line with the flip statistics, then keeps the picture up for --hold-seconds or until a line arrives on \
            standard input, and restores the screen it found.
            """)

    @Option(help: "Only this card (e.g. /dev/dri/card0).") var card: String?
    @Flag(help: "Show the test pattern on a display.") var testPattern = false
    @Option(help: "Connector for the test pattern (e.g. HDMI-A-1); default: the first connected.") var connector: String?
    @Option(help: "Mode WIDTHxHEIGHT[@HZ]; default: the display's preferred mode.") var mode: String?
    @Option(help: "Panel rotation in degrees clockwise: 0, 90, 180 or 270.") var rotation: Int = 0
    @Option(help: "Scanout pixel format: xrgb8888 or rgb565.") var format: String = "xrgb8888"
    @Option(help: "Frames to present.") var frames: Int = 120
    @Option(help: "Seconds to keep the pattern up afterwards (a line on stdin ends it early).") var holdSeconds: Double = 0
    @Option(help: "With no display connected, wait this long for one to be plugged in (udev hotplug).") var waitForDisplay: Double = 0

    func run() throws {
        if testPattern { try showTestPattern() } else { try list() }
    }

    private func list() throws {
        let paths = card.map { [$0] } ?? DRMCard.candidatePaths()
        if paths.isEmpty {
            print("no DRM cards (/dev/dri/card* absent)")
            throw ExitCode(Sysexit.findings)
        }
        for path in paths {
            let opened: DRMCard
            do { opened = try DRMCard(path: path) } catch {
                print("card \(path): \(error)")
                continue
            }
            print("card \(path) driver=\(opened.driverName) dumb-buffers=\(yesNo(opened.supportsDumbBuffers))"
                  + " monotonic-timestamps=\(yesNo(opened.hasMonotonicTimestamps)) prefer-shadow=\(yesNo(opened.prefersShadow))")
            let resources: CardResources
            do { resources = try opened.probe() } catch {
                print("  \(error)")
                continue
            }
            print("  crtcs: \(resources.crtcIDs.map(String.init).joined(separator: " "))")
            for c in resources.connectors {
                print("  connector \(c.name) id=\(c.id) \(c.status.rawValue) size=\(c.widthMillimetres)x\(c.heightMillimetres)mm"
                      + " modes=\(c.modes.count)")
                if c.status == .connected {
                    // Read back from the kernel: the screen schedule's DPMS switch and the CRTC it turns off.
                    let power = opened.power(of: c, in: resources)
                    print("    power dpms=\(power.dpms ?? "none") crtc=\(power.crtcID.map(String.init) ?? "none")"
                          + " active=\(power.active.map { $0 ? "1" : "0" } ?? "unknown")")
                }
                for m in c.modes {
                    print("    mode \(m.description)\(m.isPreferred ? " preferred" : "") name=\(m.name)")
                }
            }
        }
    }

    private func showTestPattern() throws {
        guard let turn = OutputRotation(rawValue: rotation) else {
            throw ValidationError("--rotation must be 0, 90, 180 or 270, not \(rotation)")
        }
        guard let pixelFormat = ScanoutPixelFormat(rawValue: format) else {
            throw ValidationError("--format must be xrgb8888 or rgb565, not \(format)")
        }
        let request = try mode.map { text in
            do { return try ModeRequest(validating: text) } catch { throw ValidationError("\(error)") }
        }
        // SIGTERM/SIGINT must still restore the screen: take them as readable events instead of deaths.
        let signals = SignalDescriptor(blocking: [SIGTERM, SIGINT])
        let terminal = VirtualTerminal()
        defer { terminal?.restore() }
        let output = try DRMOutput(configuration: .init(cardPath: card, connectorName: connector, mode: request,
                                                        rotation: turn, format: pixelFormat))
        defer { output.restore() }
        var waitedForHotplug = false
        if output.display == nil, waitForDisplay > 0 {
            print("outputs: waiting for a display on \(connector ?? "any connector") (hotplug)")
            fflush(nil)
            guard try waitForHotplug(output, signals: signals, seconds: waitForDisplay) else {
                throw ValidationError("no display was connected within \(waitForDisplay) s")
            }
            waitedForHotplug = true
        }
        let s = try OutputTestPatternRun.run(on: output, frames: frames)
        let vt = terminal.flatMap { t in t.currentState.map { "\(t.path): \($0.graphics ? "graphics" : "text"), keyboard \($0.keyboardOff ? "off" : "on")" } } ?? "none"
        print("""
            test-pattern {"connector":"\(s.connector)","mode":"\(s.mode)","width":\(s.uprightWidth),"height":\(s.uprightHeight),\
            "rotation":\(rotation),"format":"\(format)","frames":\(s.framesPresented),"flips":\(s.flipsCompleted),\
            "self_paced":\(s.selfPaced),"refresh_period_us":\(s.refreshPeriodMicroseconds),\
            "mean_flip_interval_us":\(s.meanFlipIntervalMicroseconds),"min_flip_interval_us":\(s.minFlipIntervalMicroseconds),\
            "zero_sequence_flips":\(s.zeroSequenceFlips),"vt":"\(vt)","waited_for_hotplug":\(waitedForHotplug),\
            "marker":[\(s.lastMarker.x0),\(s.lastMarker.y0),\(s.lastMarker.width),\(s.lastMarker.height)]}
            """)
        fflush(nil)
        if holdSeconds > 0 { signals?.waitForLineOrSignal(seconds: holdSeconds) }
    }
}

/// Polls udev's drm events until a hotplug brings a display to `output` (true), the time is up or a signal came.
private func waitForHotplug(_ output: DRMOutput, signals: SignalDescriptor?, seconds: Double) throws -> Bool {
    guard let monitor = DRMHotplugMonitor() else { return false }
    let deadline = MonotonicClock.nowMicroseconds() + Int64(seconds * 1_000_000)
    var fds = [pollfd(fd: monitor.fileDescriptor, events: Int16(POLLIN), revents: 0),
               pollfd(fd: signals?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0)]
    while true {
        let left = deadline - MonotonicClock.nowMicroseconds()
        if left <= 0 { return false }
        let ready = poll(&fds, 2, Int32(min(left / 1000 + 1, 1000)))
        if ready < 0 && errno == EINTR { continue }
        if fds[1].revents != 0 { return false }
        if fds[0].revents != 0, monitor.drainHotplugEvents(), try output.reprobe() == .connected { return true }
    }
}

private func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }
