import Foundation

/// Speaks phrase lists on its own thread: espeak-ng synthesises into an `AudioSink` chunk by chunk, and a new
/// list or `interrupt()` stops the one under way between two chunks (`EspeakSynthesizer.chunkMilliseconds`, 20 ms)
/// and drops what the device still holds, so a key cuts speech off within one chunk plus the device's buffer
/// (ADA §707.5: interruptible). The frame thread only posts requests.
public final class Speaker: SpeechOutput, @unchecked Sendable {
    private let synthesizer: EspeakSynthesizer
    private let sink: any AudioSink
    private let condition = NSCondition()
    /// Bumped by every `say` and `interrupt`: the thread stops a list whose generation is no longer current.
    private var generation = 0
    private var pending: (phrases: [SpokenPhrase], generation: Int)?
    /// The list being spoken, until it ends: a pause keeps it to say again from its start.
    private var speaking: (phrases: [SpokenPhrase], generation: Int)?
    /// Headphones out: nothing is spoken until they are back (`setPaused`).
    private var paused = false
    private var stopping = false
    private var volumeGain = 0.8
    private var japaneseReadings = JapaneseReadings()
    private var thread: Thread?
    /// Called on the speech thread for each phrase as it starts (the service logs what is spoken).
    public var onPhrase: (@Sendable (SpokenPhrase) -> Void)?
    /// Called on the speech thread when synthesis fails (a missing voice); the kiosk logs it and carries on.
    public var onError: (@Sendable (Error) -> Void)?

    public init(synthesizer: EspeakSynthesizer, sink: any AudioSink) {
        self.synthesizer = synthesizer
        self.sink = sink
        // The thread holds the speaker until `stop()`.
        let thread = Thread { self.run() }
        thread.name = "speech"
        self.thread = thread
        thread.start()
    }

    public var volume: Double {
        get { condition.lock(); defer { condition.unlock() }; return volumeGain }
        set { condition.lock(); volumeGain = min(1, max(0, newValue)); condition.unlock() }
    }

    /// How Japanese phrases are said (their kanji from kana readings): the kiosk sets the map's when it loads one.
    public var readings: JapaneseReadings {
        get { condition.lock(); defer { condition.unlock() }; return japaneseReadings }
        set { condition.lock(); japaneseReadings = newValue; condition.unlock() }
    }

    public func say(_ phrases: [SpokenPhrase]) {
        condition.lock()
        generation += 1
        pending = (phrases, generation)
        condition.signal()
        condition.unlock()
    }

    public func interrupt() {
        condition.lock()
        generation += 1
        pending = nil
        speaking = nil
        condition.unlock()
    }

    /// Pauses speech while the headphones are out (`HeadphoneJackWatch`): the list under way stops between two
    /// chunks and the device drops what it holds, and it is said again from its start when they are back, unless a
    /// key has asked for another list meanwhile (the newest list waits, as ever).
    public func setPaused(_ pause: Bool) {
        condition.lock()
        defer { condition.unlock() }
        guard pause != paused else { return }
        paused = pause
        if pause {
            if pending == nil, let list = speaking {
                generation += 1
                pending = (list.phrases, generation)
            } else if pending != nil {
                generation += 1
                pending!.generation = generation
            }
        } else {
            condition.signal()
        }
    }

    public var isPaused: Bool { condition.lock(); defer { condition.unlock() }; return paused }

    /// Stops the thread after the phrase under way is cut off; the speaker says nothing more.
    public func stop() {
        condition.lock()
        stopping = true
        generation += 1
        pending = nil
        condition.signal()
        condition.unlock()
    }

    /// Whether generation `mine` is still the one to speak.
    private func isCurrent(_ mine: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return generation == mine && !stopping && !paused
    }

    private func run() {
        while true {
            condition.lock()
            while pending == nil || paused, !stopping { condition.wait() }
            if stopping {
                condition.unlock()
                return
            }
            let (phrases, mine) = pending!
            pending = nil
            speaking = (phrases, mine)
            condition.unlock()
            speak(phrases, generation: mine)
            condition.lock()
            if speaking?.generation == mine { speaking = nil }
            condition.unlock()
        }
    }

    private func speak(_ phrases: [SpokenPhrase], generation mine: Int) {
        var scaled: [Int16] = []
        let sampleRate = synthesizer.sampleRate
        let readings = self.readings
        for phrase in phrases {
            guard isCurrent(mine) else { break }
            onPhrase?(phrase)
            do {
                for segment in readings.spoken(phrase) {
                    guard isCurrent(mine) else { break }
                    try synthesizer.synthesize(segment) { [self] chunk in
                        // Checked before each chunk goes out: a key pressed while this one plays stops the next.
                        guard isCurrent(mine) else { return false }
                        let gain = volume
                        scaled.removeAll(keepingCapacity: true)
                        scaled.append(contentsOf: chunk.lazy.map { Int16((Double($0) * gain).rounded()) })
                        scaled.withUnsafeBufferPointer { sink.play($0, sampleRate: sampleRate) }
                        return true
                    }
                }
            } catch {
                onError?(error)
            }
        }
        if isCurrent(mine) { sink.finish() } else { sink.discard() }
    }
}
