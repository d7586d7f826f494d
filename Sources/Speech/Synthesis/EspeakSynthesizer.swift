import CEspeakNG
import Foundation

/// Speech from text through libespeak-ng, as 16-bit mono samples handed out in chunks of at most
/// `chunkMilliseconds` as they are made, so a caller can stop a phrase between any two chunks.
///
/// espeak-ng keeps one synthesiser per process (global state, a callback without a context pointer that reaches
/// us): every synthesis holds `libraryLock`, and the one instance is `shared`.
public final class EspeakSynthesizer: @unchecked Sendable {
    public enum SynthesisError: Error, CustomStringConvertible {
        case initialisation
        case voice(String)
        case synthesis(String, Int32)

        public var description: String {
            switch self {
            case .initialisation: "espeak-ng could not start (is espeak-ng-data installed?)"
            case let .voice(name): "espeak-ng has no voice '\(name)'"
            case let .synthesis(text, code): "espeak-ng failed (error \(code)) on '\(text)'"
            }
        }
    }

    /// The length of the buffers espeak-ng fills: the longest a phrase runs on after it is told to stop.
    public static let chunkMilliseconds: Int32 = 20
    public let sampleRate: Int

    private static let libraryLock = NSLock()
    /// The chunk handler of the synthesis under way (espeak-ng's callback has no context); under `libraryLock`.
    nonisolated(unsafe) private static var handler: ((UnsafeBufferPointer<Int16>) -> Bool)?
    private static let result: Result<EspeakSynthesizer, SynthesisError> = {
        // DONT_EXIT: a missing data folder is an error to report, not a process exit inside the library.
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, chunkMilliseconds, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        guard rate > 0 else { return .failure(.initialisation) }
        espeak_SetSynthCallback { samples, count, _ in
            guard let samples, count > 0 else { return 0 }
            let keepGoing = EspeakSynthesizer.handler?(UnsafeBufferPointer(start: samples, count: Int(count))) ?? true
            return keepGoing ? 0 : 1
        }
        return .success(EspeakSynthesizer(sampleRate: Int(rate)))
    }()

    /// The process's synthesiser, started on first use.
    public static func shared() throws(SynthesisError) -> EspeakSynthesizer {
        try result.get()
    }

    private init(sampleRate: Int) {
        self.sampleRate = sampleRate
    }

    /// Speaks `phrase` in its language's voice, handing each chunk of samples to `chunk` as it is made; `chunk`
    /// returns false to stop there. Returns whether the phrase was spoken to its end.
    @discardableResult
    public func synthesize(_ phrase: SpokenPhrase, chunk: @escaping (UnsafeBufferPointer<Int16>) -> Bool) throws(SynthesisError) -> Bool {
        Self.libraryLock.lock()
        defer { Self.libraryLock.unlock() }
        let voice = EspeakVoice.name(for: phrase.language)
        guard espeak_SetVoiceByName(voice) == EE_OK else { throw .voice(voice) }
        var stopped = false
        Self.handler = { samples in
            if stopped { return false }
            if !chunk(samples) { stopped = true }
            return !stopped
        }
        defer { Self.handler = nil }
        let text = SpokenDigits.ungrouped(phrase.text)
        let status = text.withCString { pointer in
            espeak_Synth(pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil)
        }
        guard status == EE_OK else { throw .synthesis(text, Int32(status.rawValue)) }
        if stopped { Self.forgetUnsaidText() }
        return !stopped
    }

    /// espeak-ng keeps the clause a stopped synthesis had read ahead, and `espeak_TextToPhonemes` then reads it
    /// before its own text ("fifty" before "one thousand two hundred stops" after "…, 5 stops" was cut off); a new
    /// `espeak_Synth` starts its text afresh, so an empty one drops it. Under `libraryLock`.
    private static func forgetUnsaidText() {
        handler = nil
        _ = "".withCString { espeak_Synth($0, 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil) }
    }

    /// What espeak-ng reads `phrase` as, in IPA, words separated by spaces and clauses by " | "; a switch to another
    /// voice shows as "(en)…(ja)". For tests: what a listener hears, without listening.
    public func phonemes(of phrase: SpokenPhrase) throws(SynthesisError) -> String {
        Self.libraryLock.lock()
        defer { Self.libraryLock.unlock() }
        let voice = EspeakVoice.name(for: phrase.language)
        guard espeak_SetVoiceByName(voice) == EE_OK else { throw .voice(voice) }
        var clauses: [String] = []
        SpokenDigits.ungrouped(phrase.text).withCString { start in
            var next: UnsafeRawPointer? = UnsafeRawPointer(start)
            while next != nil, let clause = espeak_TextToPhonemes(&next, espeakCHARS_UTF8, espeakPHONEMES_IPA) {
                clauses.append(String(cString: clause))
            }
        }
        return clauses.joined(separator: " | ")
    }

    /// Every sample of `phrase`, for measuring and tests.
    public func samples(of phrase: SpokenPhrase) throws(SynthesisError) -> [Int16] {
        var all: [Int16] = []
        try synthesize(phrase) { all.append(contentsOf: $0); return true }
        return all
    }
}
