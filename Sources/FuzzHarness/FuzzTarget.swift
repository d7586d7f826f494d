import Foundation

/// Every input the kiosk reads from an operator's or attacker's file, as a function of raw bytes: what libFuzzer
/// drives (`scripts/fuzz TARGET SECONDS`) and what the regression tests replay from `Tests/FuzzHarnessTests/Hostile/`.
/// A harness returns normally for any input, accepted or refused; a crash, a trap or a hang is the finding.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case config, map, pmetro, evemu, csv
    case libinputRecord = "libinput-record"
    case physics
    case gtfsRealtime = "gtfs-realtime"
    case gtfs
    case journey
    case screenshotAnswer = "screenshot-answer"

    public func run(_ bytes: [UInt8]) {
        switch self {
        case .config: ConfigHarness.run(bytes)
        case .map: MapHarness.run(bytes)
        case .pmetro: PMetroHarness.run(bytes)
        case .evemu: TraceHarness.run(bytes, format: .evemu)
        case .csv: TraceHarness.run(bytes, format: .csv)
        case .libinputRecord: TraceHarness.run(bytes, format: .libinputRecord)
        case .physics: PhysicsHarness.run(bytes)
        case .gtfsRealtime: RealtimeHarness.run(bytes)
        case .gtfs: GTFSHarness.run(bytes)
        case .journey: JourneyHarness.run(bytes)
        case .screenshotAnswer: ScreenshotAnswerHarness.run(bytes)
        }
    }

    /// Inputs longer than this are cut: libFuzzer's default max_len is 4096; the cap keeps a replayed corpus file
    /// (a whole pMetro city) from turning a harness quadratic in the test suite.
    public static let maximumInputBytes = 1 << 20
}
