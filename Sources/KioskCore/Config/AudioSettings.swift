/// `[audio]`: where audio mode's speech is played and how loud it starts.
public struct AudioSettings: Equatable, Sendable {
    /// The ALSA PCM to play into. "default" is ALSA's default device, on a kiosk with one sound card its analog
    /// output, where the headphone jack is; `aplay -L` lists the others ("plughw:CARD=PCH,DEV=0", …).
    public var device = "default"
    /// The starting gain, 0 to 1; the volume keys step it by 0.1, and the idle return restores it.
    public var volume = 0.8

    public init() {}
}
