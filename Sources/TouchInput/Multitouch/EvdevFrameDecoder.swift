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
        try Self.checkKernelRange(event, file: decoder.file)
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

    /// A recorded event the kernel could never have sent (linux/input-event-codes.h: EV_MAX 0x1f, SYN_MAX 0xf,
    /// KEY_MAX 0x2ff, ABS_MAX 0x3f) is a damaged file. libmtdev indexes its tables by code unchecked (the fuzzer
    /// found an ABS code of 0x5036 reading past them), so no such event may reach it.
    static func checkKernelRange(_ event: EvdevEvent, file: String) throws {
        let limit: UInt16? = switch event.type {
        case EvdevCode.evSyn: 0x0f
        case EvdevCode.evKey: 0x2ff
        case EvdevCode.evAbs: 0x3f
        case 0...0x1f: nil
        default: 0
        }
        if event.type > 0x1f || limit.map({ event.code > $0 }) == true {
            throw TraceError(file: file, line: event.line, message: event.type > 0x1f
                ? "expected an event type the kernel sends (0...0x1f), got 0x\(String(event.type, radix: 16))"
                : "expected an event code the kernel sends for type \(event.type) (0...0x\(String(limit ?? 0, radix: 16))), got 0x\(String(event.code, radix: 16))")
        }
    }

    /// The frames, with touches still down at the end cancelled (`MultitouchDecoder.finish`).
    public mutating func finish() -> [TouchFrame] {
        if let frame = decoder.finish() { frames.append(frame) }
        return frames
    }
}
