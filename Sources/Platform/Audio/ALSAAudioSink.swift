import CALSA
import Glibc
import Speech

/// Speech played through ALSA (`[audio] device`): 16-bit mono at the synthesiser's rate, resampled by ALSA when
/// the device wants another, with a 40 ms device buffer so an interrupted phrase is cut off within it (`discard`
/// drops what is queued). Used from the speech thread only; the device is opened at start, so an absent one is
/// known (and reported) before anyone presses a key.
public final class ALSAAudioSink: AudioSink {
    public struct DeviceError: Error, CustomStringConvertible {
        public var device: String
        public var reason: String
        public var description: String { "audio device '\(device)': \(reason)" }
    }

    /// How much sound the device may hold: the longest speech runs on after a key, beyond the 20 ms chunk.
    public static let latencyMicroseconds: UInt32 = 40_000
    public let device: String
    private let pcm: OpaquePointer
    private var configuredRate: Int?
    /// Called with a problem writing to the device (unplugged headphones on USB audio), once per kind.
    public var onError: ((DeviceError) -> Void)?

    public init(device: String) throws(DeviceError) {
        var handle: OpaquePointer?
        let status = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
        guard status >= 0, let handle else { throw DeviceError(device: device, reason: Self.message(status)) }
        self.device = device
        pcm = handle
    }

    deinit { snd_pcm_close(pcm) }

    /// The index of the sound card the device plays on, where its headphone jack is watched; nil for a device on
    /// no card (ALSA's file or null plugins).
    public var card: Int32? {
        var info: OpaquePointer?
        guard snd_pcm_info_malloc(&info) >= 0, let info else { return nil }
        defer { snd_pcm_info_free(info) }
        guard snd_pcm_info(pcm, info) >= 0 else { return nil }
        let card = snd_pcm_info_get_card(info)
        return card >= 0 ? card : nil
    }

    /// What ALSA opened for the name, for status.json and the log: its PCM type ("FILE", "NULL", "PLUG", "HW"…) and,
    /// for a device on a card, that card's index and name ("PLUG on card 0 'HDA Intel PCH'"), since "default" alone
    /// does not say where speech goes.
    public var opened: String {
        let type = String(cString: snd_pcm_type_name(snd_pcm_type(pcm)))
        guard let card else { return type }
        var name: UnsafeMutablePointer<CChar>?
        guard snd_card_get_name(card, &name) >= 0, let name else { return "\(type) on card \(card)" }
        defer { free(name) }
        return "\(type) on card \(card) '\(String(cString: name))'"
    }

    static func message(_ status: Int32) -> String { String(cString: snd_strerror(status)) }

    public func play(_ samples: UnsafeBufferPointer<Int16>, sampleRate: Int) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        if configuredRate != sampleRate {
            let status = snd_pcm_set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(sampleRate), 1,
                                            Self.latencyMicroseconds)
            guard status >= 0 else {
                onError?(DeviceError(device: device, reason: "cannot play 16-bit mono at \(sampleRate) Hz: \(Self.message(status))"))
                return
            }
            configuredRate = sampleRate
        }
        var offset = 0
        while offset < samples.count {
            let written = snd_pcm_writei(pcm, base + offset, snd_pcm_uframes_t(samples.count - offset))
            if written >= 0 {
                offset += written
                continue
            }
            // An underrun (the speech thread was late) or a suspend: recover and go on; anything else drops the chunk.
            let recovered = snd_pcm_recover(pcm, Int32(written), 1)
            if recovered < 0 {
                onError?(DeviceError(device: device, reason: Self.message(recovered)))
                return
            }
        }
    }

    public func discard() {
        guard configuredRate != nil else { return }
        snd_pcm_drop(pcm)
        snd_pcm_prepare(pcm)
    }

    public func finish() {
        guard configuredRate != nil else { return }
        snd_pcm_drain(pcm)
        snd_pcm_prepare(pcm)
    }
}
