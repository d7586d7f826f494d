import Foundation
import MetroMap
import Speech
import Testing

/// A sink that records what the speaker plays, and can press a key (interrupt) while a chunk plays.
final class RecordingSink: AudioSink, @unchecked Sendable {
    private let lock = NSLock()
    private var played: [Int16] = []
    private(set) var chunkSizes: [Int] = []
    private(set) var discards = 0
    private(set) var finishes = 0
    /// Samples played after `onChunk` asked to interrupt.
    private(set) var afterInterrupt: Int?
    /// Called with the number of chunks played so far, while the newest one plays.
    var onChunk: ((Int) -> Void)?
    private let done = DispatchSemaphore(value: 0)

    func play(_ samples: UnsafeBufferPointer<Int16>, sampleRate: Int) {
        lock.lock()
        played.append(contentsOf: samples)
        chunkSizes.append(samples.count)
        if let after = afterInterrupt { afterInterrupt = after + samples.count }
        let count = chunkSizes.count
        lock.unlock()
        onChunk?(count)
    }

    func markInterrupted() {
        lock.lock()
        afterInterrupt = 0
        lock.unlock()
    }

    func discard() { lock.lock(); discards += 1; lock.unlock(); done.signal() }
    func finish() { lock.lock(); finishes += 1; lock.unlock(); done.signal() }

    /// Waits for the speaker to end a phrase list (finished or discarded).
    func waitForEnd() -> Bool { done.wait(timeout: .now() + 30) == .success }

    var samples: [Int16] { lock.lock(); defer { lock.unlock() }; return played }
}

struct SpeakerTests {
    static let phrase = SpokenPhrase("Red Line from Central Square towards Hilltop, 5 stops", language: "en")

    @Test func aKeyStopsSpeechWithinOneChunk() throws {
        let synthesizer = try EspeakSynthesizer.shared()
        let sink = RecordingSink()
        let speaker = Speaker(synthesizer: synthesizer, sink: sink)
        defer { speaker.stop() }
        // The key comes while the fifth chunk plays, the way a traveller cuts off a phrase they know.
        sink.onChunk = { [unowned sink] count in
            if count == 5 {
                sink.markInterrupted()
                speaker.interrupt()
            }
        }
        speaker.say([Self.phrase, Self.phrase])
        #expect(sink.waitForEnd())
        #expect(sink.discards == 1 && sink.finishes == 0)
        // Nothing is played after the key but what was already going out; what the device still holds is dropped
        // (`discard`). At most 50 ms of speech follows the key.
        let after = try #require(sink.afterInterrupt)
        #expect(after == 0)
        #expect(sink.chunkSizes.allSatisfy { $0 <= synthesizer.sampleRate / 20 }, "a chunk longer than 50 ms: \(sink.chunkSizes.max() ?? 0)")
        #expect(sink.chunkSizes.count == 5)
    }

    @Test func aKeyWhileUnpluggedWaitsAndIsSaidWhenBack() throws {
        let synthesizer = try EspeakSynthesizer.shared()
        let sink = RecordingSink()
        let speaker = Speaker(synthesizer: synthesizer, sink: sink)
        defer { speaker.stop() }
        // Unplugged while the third chunk plays.
        sink.onChunk = { count in if count == 3 { speaker.setPaused(true) } }
        speaker.say([Self.phrase])
        #expect(sink.waitForEnd())
        #expect(sink.discards == 1 && sink.finishes == 0)
        let beforePause = sink.samples.count
        #expect(beforePause == sink.chunkSizes.prefix(3).reduce(0, +))
        // A key while unplugged moves on to its own list; still nothing is played.
        let other = SpokenPhrase("Hilltop", language: "en")
        speaker.say([other])
        Thread.sleep(forTimeInterval: 0.2)
        #expect(sink.samples.count == beforePause && speaker.isPaused)
        // Back in: the newest list is said whole, from its start.
        let otherSink = RecordingSink()
        let otherSpeaker = Speaker(synthesizer: synthesizer, sink: otherSink)
        otherSpeaker.say([other])
        #expect(otherSink.waitForEnd())
        otherSpeaker.stop()
        speaker.setPaused(false)
        #expect(sink.waitForEnd())
        #expect(sink.finishes == 1)
        // Said whole (espeak-ng's output after a list cut off may differ in its first samples, not in its length).
        let resumed = sink.samples.count - beforePause
        #expect(abs(resumed - otherSink.samples.count) <= otherSink.samples.count / 10, "\(resumed) vs \(otherSink.samples.count)")
    }

    @Test func aListCutOffByUnpluggingIsSaidWholeWhenBack() throws {
        let synthesizer = try EspeakSynthesizer.shared()
        let whole = RecordingSink()
        let reference = Speaker(synthesizer: synthesizer, sink: whole)
        reference.say([Self.phrase])
        #expect(whole.waitForEnd())
        reference.stop()

        let sink = RecordingSink()
        let speaker = Speaker(synthesizer: synthesizer, sink: sink)
        defer { speaker.stop() }
        sink.onChunk = { count in if count == 3 { speaker.setPaused(true) } }
        speaker.say([Self.phrase])
        #expect(sink.waitForEnd())
        let beforePause = sink.samples.count
        speaker.setPaused(false)
        #expect(sink.waitForEnd())
        // From its start, not from where it stopped: as long as the whole list.
        let resumed = sink.samples.count - beforePause
        #expect(abs(resumed - whole.samples.count) <= whole.samples.count / 10, "\(resumed) vs \(whole.samples.count)")
    }

    @Test func volumeScalesTheSamples() throws {
        let synthesizer = try EspeakSynthesizer.shared()
        var levels: [Double] = []
        for volume in [1.0, 0.5] {
            let sink = RecordingSink()
            let speaker = Speaker(synthesizer: synthesizer, sink: sink)
            speaker.volume = volume
            speaker.say([Self.phrase])
            #expect(sink.waitForEnd())
            speaker.stop()
            levels.append(AudioLevel.rms(sink.samples))
        }
        #expect(abs(levels[1] / levels[0] - 0.5) < 0.01, "levels \(levels)")
    }

    @Test func aNewListReplacesTheOneBeingSaid() throws {
        let synthesizer = try EspeakSynthesizer.shared()
        let sink = RecordingSink()
        let speaker = Speaker(synthesizer: synthesizer, sink: sink)
        defer { speaker.stop() }
        let whole = try synthesizer.samples(of: Self.phrase).count
        sink.onChunk = { count in if count == 3 { speaker.say([SpokenPhrase("Hilltop", language: "en")]) } }
        speaker.say([Self.phrase])
        #expect(sink.waitForEnd())
        #expect(sink.discards == 1)
        #expect(sink.waitForEnd())
        #expect(sink.finishes == 1)
        // The first phrase stopped after three chunks; the second was said whole.
        let hilltop = try synthesizer.samples(of: SpokenPhrase("Hilltop", language: "en")).count
        #expect(sink.samples.count < whole)
        #expect(sink.samples.count >= hilltop)
    }

    /// A Japanese phrase is said from its readings, segment after segment in each one's voice: as long as the kana
    /// and the English name, not the kanji spelled "Chinese letter" and the name letter by letter.
    @Test func japaneseIsSaidFromItsReadings() throws {
        let synthesizer = try EspeakSynthesizer.shared()
        let sink = RecordingSink()
        let speaker = Speaker(synthesizer: synthesizer, sink: sink)
        defer { speaker.stop() }
        let map = MetroMap(name: "t", bounds: SchemeRect(x: 0, y: 0, width: 1, height: 1),
                           stations: [Station(id: "v", name: "Victoria", position: nil)], lines: [])
        speaker.readings = JapaneseReadings(map: map)
        speaker.say([SpokenPhrase("Victoriaに到着", language: "ja")])
        #expect(sink.waitForEnd())
        let meant = try synthesizer.samples(of: SpokenPhrase("Victoria", language: "en"))
            + synthesizer.samples(of: SpokenPhrase("にとうちゃく", language: "ja"))
        let written = try synthesizer.samples(of: SpokenPhrase("Victoriaに到着", language: "ja"))
        // Within a tenth: espeak-ng's pauses at a voice's start vary by a few chunks; the kanji as written take
        // nearly three times as long (88,085 samples against 31,814).
        #expect(abs(Double(sink.samples.count) / Double(meant.count) - 1) < 0.1, "\(sink.samples.count) samples; readings \(meant.count), as written \(written.count)")
    }
}
