import MetroMap
import Overlay
import Speech
import TouchInput

/// The keypad in the loop: every key interrupts speech, the first one starts audio mode and says how to use it,
/// and each later one does what the key map says, as the touch controls would, then says where the focus is.
extension KioskLoop {
    func handle(key event: KeyEvent) {
        guard let action = keypad.keys.action(for: event) else { return }
        let time = event.timeMicroseconds
        // A passenger at the keypad is at the kiosk: the idle return waits, as for a touch.
        camera.tapped(at: time)
        speech?.interrupt()
        guard keypad.isAudioMode else {
            startAudioMode(at: time)
            return
        }
        // The open search sheet takes the keys it has a use for (`KioskLoop+KeypadSearch`).
        if handleInSearch(action, at: time) { return }
        switch action {
        case .zoomIn, .zoomOut:
            perform([.zoom(factor: action == .zoomIn ? ControlButton.pressFactor : 1 / ControlButton.pressFactor, about: nil)],
                     time: time)
        case .nextLanguage:
            perform([.nextLanguage], time: time)
            say(phrases(for: keypad.focus.target))
        case .toggleAccessible:
            perform([.toggleAccessible], time: time)
            say(phrases(for: keypad.focus.target))
        case .toggleSpeech:
            keypad.isSpeaking.toggle()
            if keypad.isSpeaking { say(keypad.lastPhrases) }
        case .volumeUp, .volumeDown:
            if let speech {
                speech.volume += action == .volumeUp ? KioskKeypad.volumeStep : -KioskKeypad.volumeStep
            }
            say(keypad.lastPhrases)
        case .repeatPhrase:
            say(keypad.lastPhrases)
        case .search:
            toggleSearchFromKeypad(at: time)
        case .home:
            search?.close()
            _ = keypad.focus.apply(.home)
            journey?.card.dismiss(at: time)
            perform([.home], time: time)
            keypad.ring.focus(nil)
            say(phrases(for: keypad.focus.target))
        default:
            guard let move = keypad.focus.apply(action) else { return }
            switch move {
            case let .unchanged(.step(index, _)) where action == .select:
                // 5 on a ride: its stops, as the card's every-stop list shows them.
                guard let content = journey?.card.content else { return }
                say(ScreenPhrases.stops(ofStep: index, of: content, language: shownLanguage))
            case let .focused(target), let .unchanged(target):
                showFocus(at: time)
                say(phrases(for: target))
            case let .openJourney(stationID):
                openJourney(to: stationID, at: time)
            case let .closeJourney(target):
                journey?.card.dismiss(at: time)
                showFocus(at: time)
                say(phrases(for: target))
            }
        }
    }

    /// A keypad was plugged in while the kiosk runs: a traveller who brought or reached for it is about to use it,
    /// so audio mode starts and says how the keypad works, as the first key would (keypads present at start wait
    /// for a key: a built-in keypad must not talk to an empty station).
    func keypadAttached(at time: Int64) {
        camera.tapped(at: time)
        guard !keypad.isAudioMode else { return }
        speech?.interrupt()
        startAudioMode(at: time)
    }

    /// Audio mode on: the focus ring where the focus is, and the guide in the shown language, then the focus.
    private func startAudioMode(at time: Int64) {
        keypad.isAudioMode = true
        showFocus(at: time)
        say(KeypadGuide.phrases(keys: keypad.keys, language: shownLanguage) + phrases(for: keypad.focus.target))
    }

    /// A touch in audio mode, as screen readers take it (for travellers who see a little): a tap says the station
    /// under the finger and moves the focus there, a double tap opens its journey; neither moves the map. Returns
    /// whether the gesture was taken (pans and pinches are the map's as ever).
    func handleInAudioMode(_ gesture: GestureEvent) -> Bool {
        switch gesture {
        case let .tapped(location, time):
            camera.tapped(at: time)
            speech?.interrupt()
            guard let id = station(at: location), keypad.focus.focus(stationID: id) else { return true }
            showFocus(at: time, centring: false)
            say(phrases(for: keypad.focus.target))
            return true
        case let .doubleTapped(location, time):
            camera.tapped(at: time)
            speech?.interrupt()
            guard let id = station(at: location), keypad.focus.focus(stationID: id) else { return true }
            openJourney(to: id, at: time)
            return true
        default:
            return false
        }
    }

    /// The idle return: the traveller has gone, so the next one starts as the first did (their first key says how
    /// the keypad works), at the configured volume, in silence until then.
    func leaveAudioMode() {
        keypad.reset()
        speech?.interrupt()
        speech?.volume = config.audio.volume
    }

    /// The journey to `stationID`, as a tap on it raises it: the card, the route, its phrases; on a kiosk without
    /// `you_are_here`, the station's callout and its name with its lines.
    func openJourney(to stationID: String, at time: Int64) {
        let language = shownLanguage
        guard let journey else {
            let info = stationInfo(stationID, language: language)
            showCallout(info, at: time)
            say(info.map { ScreenPhrases.station($0, language: language) } ?? [])
            return
        }
        journey.tapped(stationID: stationID, nearest: nil, language: language, at: time)
        perform(overlay.takeRequests(), time: time)
        guard let content = journey.card.content else { return }
        keypad.focus.enterSteps(count: content.steps.count, stationID: stationID)
        keypad.ring.focus(nil)
        say(ScreenPhrases.journey(content, language: language))
    }

    /// The screen follows the focus: a station is ringed and (for a key; a finger already points at it) the map
    /// centres on it.
    private func showFocus(at time: Int64, centring: Bool = true) {
        guard case let .station(id, _) = keypad.focus.target, let position = map.station(id: id)?.position else {
            keypad.ring.focus(nil)
            return
        }
        keypad.ring.focus((id, position))
        if centring { perform([.jump(to: position)], time: time) }
    }

    /// What is said for the focus on `target`, in the language the map is shown in.
    func phrases(for target: KeypadFocus.Target?) -> [SpokenPhrase] {
        let language = shownLanguage
        switch target {
        case let .line(id)?:
            return ScreenPhrases.line(id, map: map, language: language)
        case let .station(id, _)?:
            return stationInfo(id, language: language).map { ScreenPhrases.station($0, language: language) } ?? []
        case let .step(index, _)?:
            guard let content = journey?.card.content else { return [] }
            return ScreenPhrases.step(index, of: content, language: language)
        case nil:
            return []
        }
    }

    func say(_ phrases: [SpokenPhrase]) {
        guard !phrases.isEmpty else { return }
        keypad.lastPhrases = phrases
        guard keypad.isSpeaking else { return }
        onSpeak?(phrases)
        speech?.say(phrases)
    }
}
