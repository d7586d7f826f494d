import MetroMap
import Overlay
import Speech
import Raster
import TouchInput

/// The keypad's state in the loop: the key map, where the focus is, whether audio mode has started and speech is
/// on, and the last phrases said (for 0, repeat). The loop turns keys into actions here and carries them out.
final class KioskKeypad {
    let keys: KeyMap
    var focus: KeypadFocus
    /// Where the focus is in the search sheet while it is open.
    var searchFocus = SearchKeypadFocus()
    let ring: FocusRingElement
    /// Set by the first key: from then on keys act, and the journey's card is spoken as it is shown.
    var isAudioMode = false
    var isSpeaking = true
    var lastPhrases: [SpokenPhrase] = []
    /// How much one volume key changes the gain.
    static let volumeStep = 0.1

    init(map: MetroMap, keys: KeyMap, screen: IntRect) {
        self.keys = keys
        focus = KeypadFocus(map: map)
        ring = FocusRingElement(screen: screen)
    }

    /// The next passenger finds the keypad as it started: no audio mode, the focus at the first line.
    func reset() {
        isAudioMode = false
        isSpeaking = true
        focus.reset()
        searchFocus.reset()
        ring.focus(nil)
        lastPhrases = []
    }
}
