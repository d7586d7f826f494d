/// What the loop tells speech: say these phrases (cutting off whatever is being said), or be quiet. Implemented by
/// `Speaker` (espeak-ng into an `AudioSink`, on its own thread) and by recorders in tests; never blocks the caller.
public protocol SpeechOutput: AnyObject {
    func say(_ phrases: [SpokenPhrase])
    func interrupt()
    /// Volume as a gain from 0 to 1 applied to the samples; the keypad steps it.
    var volume: Double { get set }
}
