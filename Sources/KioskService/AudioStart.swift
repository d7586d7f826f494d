import KioskCore
import Logging
import Platform
import Speech

/// Audio mode's speaker for a kiosk: espeak-ng into the `[audio] device`, or, when that device is absent (no
/// headphone jack, a USB card unplugged), into nothing, so the keypad still works and the screen still follows;
/// the log and status say which.
enum AudioStart {
    /// The speaker and what status.json says of it; a nil speaker when espeak-ng itself cannot start.
    static func speaker(_ settings: AudioSettings, logger: Logger) -> (speaker: Speaker?, status: String) {
        let synthesizer: EspeakSynthesizer
        do {
            synthesizer = try EspeakSynthesizer.shared()
        } catch {
            logger.error("speech: \(error); audio mode works without speech")
            return (nil, "silent: \(error)")
        }
        let sink: any AudioSink
        let status: String
        do {
            let alsa = try ALSAAudioSink(device: settings.device)
            alsa.onError = { [logger] problem in logger.warning("speech: \(problem)") }
            sink = alsa
            status = "ALSA \(settings.device)"
            logger.info("speech: espeak-ng at \(synthesizer.sampleRate) Hz into ALSA \(settings.device)")
        } catch {
            sink = SilentSink()
            status = "silent: \(error)"
            logger.warning("speech: \(error); audio mode works silently")
        }
        let speaker = Speaker(synthesizer: synthesizer, sink: sink)
        speaker.volume = settings.volume
        speaker.onError = { [logger] problem in logger.warning("speech: \(problem)") }
        return (speaker, status)
    }
}
