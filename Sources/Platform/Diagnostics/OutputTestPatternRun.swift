import Raster
/// Drives a DRMOutput the way the kiosk will: a full first frame by mode set, then damage-only frames by page flip,
/// one in flight, paced by the output's pacer. What it measured is returned for the operator (and the VM test).
public struct OutputTestPatternRun {
    public struct Summary: Sendable {
        public var connector: String
        public var mode: String
        public var uprightWidth: Int
        public var uprightHeight: Int
        public var framesPresented: Int
        public var flipsCompleted: Int
        public var selfPaced: Bool
        public var refreshPeriodMicroseconds: Int64
        public var meanFlipIntervalMicroseconds: Int64
        public var minFlipIntervalMicroseconds: Int64
        public var zeroSequenceFlips: Int
        public var lastMarker: IntRect
    }

    public enum Failure: Error, CustomStringConvertible {
        case noDisplay
        case flipTimedOut(frame: Int)
        case output(DRMError)

        public var description: String {
            switch self {
            case .noDisplay: return "no connected display to show the test pattern on"
            case .flipTimedOut(let frame): return "page flip of frame \(frame) did not complete within 1 s"
            case .output(let error): return error.description
            }
        }
    }

    public static func run(on output: DRMOutput, frames: Int) throws(Failure) -> Summary {
        guard let display = output.display else { throw .noDisplay }
        let pattern = TestPattern(width: display.uprightWidth, height: display.uprightHeight)
        let stride = display.uprightWidth
        let shadow = UnsafeMutablePointer<UInt32>.allocate(capacity: stride * display.uprightHeight)
        defer { shadow.deallocate() }
        let frame = ShadowFrame(pixels: shadow, width: pattern.width, height: pattern.height, stridePixels: stride)
        var completions: [FlipCompletion] = []
        var previousMarker: IntRect? = nil
        for index in 0..<max(1, frames) {
            let marker = pattern.marker(frame: index)
            let damage = previousMarker.map { $0.union(marker) } ?? IntRect.full(width: pattern.width, height: pattern.height)
            pattern.draw(into: shadow, stridePixels: stride, rect: damage, frame: index)
            previousMarker = marker
            let result: DRMOutput.Presentation
            do { result = try output.presentAndWait(frame, damage: damage) } catch { throw .output(error) }
            switch result {
            case let .shown(completion, byModeSet):
                // The first frame's mode set has no flip, hence no vblank timestamp to measure intervals by.
                if !byModeSet { completions.append(completion) }
            case .flipTimedOut, .busy: throw .flipTimedOut(frame: index)
            case .noDisplay: throw .noDisplay
            }
        }
        let intervals = zip(completions.dropFirst(), completions).map { $0.timestampMicroseconds - $1.timestampMicroseconds }
        return Summary(
            connector: display.connector.name, mode: display.mode.description,
            uprightWidth: display.uprightWidth, uprightHeight: display.uprightHeight,
            framesPresented: max(1, frames), flipsCompleted: completions.count,
            selfPaced: output.pacer.isSelfPaced, refreshPeriodMicroseconds: output.pacer.refreshPeriodMicroseconds,
            meanFlipIntervalMicroseconds: intervals.isEmpty ? 0 : intervals.reduce(0, +) / Int64(intervals.count),
            minFlipIntervalMicroseconds: intervals.min() ?? 0,
            zeroSequenceFlips: completions.filter { $0.sequence == 0 }.count,
            lastMarker: pattern.marker(frame: max(1, frames) - 1))
    }
}
