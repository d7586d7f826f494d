import TouchInput

/// Trace bytes in one format → frames → the gesture recognizer and velocity trackers, as `velocity` and
/// `run --headless` consume them.
enum TraceHarness {
    static func run(_ bytes: [UInt8], format: TraceFormat) {
        guard let frames = try? TraceReader.frames(bytes: bytes, file: "fuzz.trace", outputSize: .kioskDefault,
                                                   format: format) else { return }
        var pipeline = TouchPipeline()
        for frame in frames { _ = pipeline.process(frame) }
    }
}
