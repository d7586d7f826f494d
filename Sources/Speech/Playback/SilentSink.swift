/// Where speech goes when the configured audio device is absent: audio mode still moves the focus and the screen
/// follows, and the phrases are still logged; nothing is heard (the log and status say why).
public final class SilentSink: AudioSink {
    public init() {}
    public func play(_ samples: UnsafeBufferPointer<Int16>, sampleRate: Int) {}
    public func discard() {}
    public func finish() {}
}
