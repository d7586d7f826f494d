/// Where spoken samples go: the ALSA device on a kiosk (`Platform`), a recording in tests. Called from the speech
/// thread only, never the frame thread.
public protocol AudioSink: AnyObject {
    /// Plays mono 16-bit samples at `sampleRate`; may block until the device has room (that paces the speech).
    func play(_ samples: UnsafeBufferPointer<Int16>, sampleRate: Int)
    /// The phrase was interrupted: drop what is queued on the device, so the next phrase starts at once.
    func discard()
    /// The phrase list ended: let what is queued play out.
    func finish()
}
