/// Decoding, velocity tracking and gesture recognition driven from memory, with no I/O: what the run loop does
/// per frame, and what the benchmark times (events per second through all three stages).
public struct TouchPipeline: Sendable {
    public private(set) var recognizer: GestureRecognizer

    public init(configuration: GestureConfiguration = GestureConfiguration(), panel: PanelGeometry = .kioskDefault) {
        recognizer = GestureRecognizer(configuration: configuration, panel: panel)
    }

    public mutating func process(_ frame: TouchFrame) -> [GestureEvent] {
        recognizer.process(frame)
    }

    /// Every gesture event for a sequence of frames.
    public static func gestures(for frames: [TouchFrame], configuration: GestureConfiguration = GestureConfiguration(),
                                panel: PanelGeometry = .kioskDefault) -> [GestureEvent] {
        var pipeline = TouchPipeline(configuration: configuration, panel: panel)
        var events: [GestureEvent] = []
        for frame in frames { events.append(contentsOf: pipeline.process(frame)) }
        return events
    }

    /// The whole path from kernel events: protocol-B decoding, then gestures (which track velocities).
    /// Returns the number of gesture events, so a benchmark has a result to keep alive.
    public static func run(_ recording: EvdevRecording, panel: PanelGeometry = .kioskDefault,
                           configuration: GestureConfiguration = GestureConfiguration()) throws -> Int {
        var decoder = try MultitouchDecoder(device: recording.device, outputSize: panel.outputSize, file: "<memory>")
        var pipeline = TouchPipeline(configuration: configuration, panel: panel)
        var count = 0
        for event in recording.events {
            if let frame = try decoder.feed(event) { count += pipeline.process(frame).count }
        }
        if let frame = decoder.finish() { count += pipeline.process(frame).count }
        return count
    }
}
