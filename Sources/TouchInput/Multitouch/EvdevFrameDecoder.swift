/// A recorded device's events, one at a time, into touch frames: protocol B and single-touch devices straight
/// into `MultitouchDecoder`, protocol A devices through libmtdev first. Readers feed it while they read, so a
/// trace's memory is the frames it yields, not its events.
public struct EvdevFrameDecoder {
    private var decoder: MultitouchDecoder
    private let translator: ProtocolATranslator?
    public private(set) var frames: [TouchFrame] = []

    public init(device: TouchDeviceDescription, outputSize: OutputSize, file: String, line: Int = 0) throws {
        if device.isProtocolA {
            guard let translator = ProtocolATranslator(device: device) else {
                throw TraceError(file: file, line: line, message: "cannot set up libmtdev for this protocol A device (out of memory?)")
            }
            self.translator = translator
            decoder = try MultitouchDecoder(device: translator.translatedDevice, outputSize: outputSize, file: file, line: line)
        } else {
            translator = nil
            decoder = try MultitouchDecoder(device: device, outputSize: outputSize, file: file, line: line)
        }
    }

    public mutating func feed(_ event: EvdevEvent) throws {
        guard let translator else {
            if let frame = try decoder.feed(event) { frames.append(frame) }
            return
        }
        // SYN_DROPPED is about the recording, not the contacts: the decoder applies the kernel's rule to it directly.
        // Time is checked on the recorded events, since mtdev stamps what it emits with the frame's time.
        if event.type == EvdevCode.evSyn, event.code == EvdevCode.synDropped {
            if let frame = try decoder.feed(event) { frames.append(frame) }
            return
        }
        try decoder.checkTime(event)
        for translated in translator.translate(event) {
            if let frame = try decoder.feed(translated) { frames.append(frame) }
        }
    }

    /// The frames, with touches still down at the end cancelled (`MultitouchDecoder.finish`).
    public mutating func finish() -> [TouchFrame] {
        if let frame = decoder.finish() { frames.append(frame) }
        return frames
    }
}
