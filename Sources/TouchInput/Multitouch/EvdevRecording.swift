/// A device description and its kernel events, as an evdev-level trace (evemu, libinput record) stores them.
/// Parsing and decoding are separate steps so decoding can be run (and timed) from memory.
public struct EvdevRecording: Sendable, Equatable {
    public var device: TouchDeviceDescription
    public var events: [EvdevEvent]

    public init(device: TouchDeviceDescription, events: [EvdevEvent]) {
        self.device = device
        self.events = events
    }

    public func frames(outputSize: OutputSize, file: String) throws -> [TouchFrame] {
        var decoder = try EvdevFrameDecoder(device: device, outputSize: outputSize, file: file, line: events.first?.line ?? 0)
        for event in events { try decoder.feed(event) }
        return decoder.finish()
    }
}
