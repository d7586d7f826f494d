import KioskCore
import Logging
import Platform
import Speech

/// Audio mode's speaker for a kiosk: espeak-ng into the `[audio] device`, or, when that device is absent (no
/// headphone jack, a USB card unplugged), into nothing, so the keypad still works and the screen still follows;
/// the log and status say which. The headphone jack is watched on the card the device plays on, when that card has a
/// jack control.
enum AudioStart {
    /// The speaker, what status.json says of it and where the jack's state comes from; a nil speaker when espeak-ng
    /// itself cannot start.
    static func speaker(_ settings: AudioSettings, logger: Logger)
        -> (speaker: Speaker?, status: String, jack: any HeadphoneJackSource) {
        let synthesizer: EspeakSynthesizer
        do {
            synthesizer = try EspeakSynthesizer.shared()
        } catch {
            logger.error("speech: \(error); audio mode works without speech")
            return (nil, "silent: \(error)", NoHeadphoneJack())
        }
        let sink: any AudioSink
        let status: String
        var jack: any HeadphoneJackSource = NoHeadphoneJack()
        do {
            let alsa = try ALSAAudioSink(device: settings.device)
            alsa.onError = { [logger] problem in logger.warning("speech: \(problem)") }
            sink = alsa
            // The configured name, then what ALSA made of it: the device in use, as status.json's audio.output.
            status = "ALSA \(settings.device) (\(alsa.opened))"
            logger.info("speech: espeak-ng at \(synthesizer.sampleRate) Hz into \(status)")
            if let card = alsa.card, let control = ALSAJackControl(card: card) {
                jack = control
                logger.info("speech: watching '\(control.name)' on card \(card); unplugged headphones pause speech")
            } else {
                logger.info("speech: \(settings.device) has no headphone jack control; speech plays regardless")
            }
        } catch {
            sink = SilentSink()
            status = "silent: \(error)"
            logger.warning("speech: \(error); audio mode works silently")
        }
        let speaker = Speaker(synthesizer: synthesizer, sink: sink)
        speaker.volume = settings.volume
        speaker.onError = { [logger] problem in logger.warning("speech: \(problem)") }
        return (speaker, status, jack)
    }
}
