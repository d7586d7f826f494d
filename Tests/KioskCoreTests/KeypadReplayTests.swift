import Foundation
import MetroMap
import Overlay
import Raster
import Speech
import TestSupport
import Testing
import TouchInput
@testable import KioskCore

/// Every function of the touch interface reached from the keypad alone: `traces/keys/every-function.csv` replayed
/// through the loop with `traces/keys/kiosk.toml`, a key every 1.5 s; what the screen shows and what is said are
/// read just before each next key.
struct KeypadReplayTests {
    struct Moment {
        var time: Int64
        var focus: String?
        var card: String?
        var scale: Double
        var camera: Camera
        var languages: [String]
        var accessible: Bool
    }

    final class Replay {
        var moments: [Moment] = []
        var spoken: [(time: Int64, phrases: [SpokenPhrase])] = []
        let home: Camera
        let keys: [KeyEvent]

        init() throws {
            let config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("traces/keys/kiosk.toml").path)
            keys = try KeyTraceReader.events(path: RepositoryPaths.file("traces/keys/every-function.csv").path)
            let input = TraceInput(frames: [], keys: keys)
            let clock = SimulatedClock(startMicroseconds: (input.firstEventMicroseconds ?? 0) - 40_000)
            let output = DamageOnlyScreen(width: 1280, height: 800, clock: clock)
            let loop = try KioskLoop(map: try BundledMap.loadDemo(), config: config, font: try Font.loadDefault(), input: input,
                                     output: output, clock: clock)
            home = loop.camera.shownCamera
            loop.onFrame = { [unowned self] record in
                moments.append(Moment(time: record.presentationMicroseconds, focus: loop.keypadFocusStationID,
                                      card: record.station, scale: record.camera.scale, camera: record.camera,
                                      languages: loop.controls?.languages ?? [], accessible: loop.controls?.accessible ?? false))
            }
            loop.onSpeak = { [unowned self, unowned clock] phrases in spoken.append((clock.nowMicroseconds, phrases)) }
            var turns = 0
            while try loop.turn() {
                turns += 1
                if turns > 200_000 { Issue.record("replay never ended"); break }
            }
            #expect(output.mismatches == 0)
        }

        /// The screen as it stood just before key press `index` + 1 (after key `index` settled).
        func settled(after index: Int) -> Moment {
            let presses = keys.filter(\.isPressed)
            let next = index + 1 < presses.count ? presses[index + 1].timeMicroseconds : Int64.max
            return moments.last { $0.time < next }!
        }

        /// What was said for key press `index`.
        func said(for index: Int) -> [String] {
            let presses = keys.filter(\.isPressed)
            let start = presses[index].timeMicroseconds
            let end = index + 1 < presses.count ? presses[index + 1].timeMicroseconds : Int64.max
            return spoken.filter { $0.time >= start && $0.time < end }.flatMap { $0.phrases.map(\.text) }
        }
    }

    @Test func everyTouchFunctionHasAKeyPath() throws {
        let replay = try Replay()
        // 5: audio mode starts, says how, and reads the first line; nothing else moves.
        #expect(replay.said(for: 0).first?.hasPrefix("Audio mode.") == true)
        #expect(replay.said(for: 0).last == "Red Line")
        #expect(replay.settled(after: 0).focus == nil)
        // 5: the Red Line's stations, Hilltop ringed and the map centred on it.
        #expect(replay.settled(after: 1).focus == "hilltop")
        #expect(replay.said(for: 1).first == "Hilltop")
        #expect(replay.settled(after: 1).camera != replay.home)
        #expect(replay.settled(after: 2).focus == "university")
        #expect(replay.settled(after: 3).focus == "botanical-garden")
        // 6: the next line's first station; 4: back to the Red Line's.
        #expect(replay.settled(after: 4).focus == "north-gate")
        #expect(replay.settled(after: 5).focus == "hilltop")
        #expect(replay.settled(after: 6).focus == "university")
        // Enter: the journey to University, its card up and its sentences said.
        let journey = replay.settled(after: 7)
        #expect(journey.card == "university")
        #expect(replay.said(for: 7).first == "University")
        #expect(replay.said(for: 7).contains { $0.contains("from Central Square") })
        // 2: the second step of the journey, alone.
        #expect(replay.said(for: 8).count == 1)
        #expect(replay.said(for: 8) != replay.said(for: 7))
        // Clear: back to the stations, the card gone.
        #expect(replay.settled(after: 9).card == nil)
        #expect(replay.settled(after: 9).focus == "university")
        // + and −: zoom in, then out.
        #expect(replay.settled(after: 10).scale > replay.settled(after: 9).scale * 1.5)
        #expect(replay.settled(after: 11).scale < replay.settled(after: 10).scale / 1.5)
        // 7: the names in Russian, the station said in Russian.
        #expect(replay.settled(after: 12).languages == ["ru", "en"])
        #expect(replay.said(for: 12).first == "Университет")
        // 1: accessible mode.
        #expect(replay.settled(after: 13).accessible)
        // 0: the last phrase again.
        #expect(replay.said(for: 14) == replay.said(for: 13))
        // Cancel: home, the focus back on the first line.
        let home = replay.settled(after: 15)
        #expect(home.focus == nil)
        #expect(abs(home.camera.scale - replay.home.scale) < 1e-6)
        #expect(replay.said(for: 15) == ["Красная линия"])
    }
}

/// Speech as the loop drives it: the volume it is set to, and whether it was cut off.
final class RecordingSpeech: SpeechOutput {
    var volume = 0.5
    var said: [[SpokenPhrase]] = []
    var interruptions = 0
    func say(_ phrases: [SpokenPhrase]) { said.append(phrases) }
    func interrupt() { interruptions += 1 }
}

struct KeypadIdleReturnTests {
    /// 5 starts audio mode, 9 turns it up; a minute later (`idle_timeout_s`) the kiosk is as the next traveller
    /// should find it: out of audio mode, silent, at the configured volume.
    @Test func theIdleReturnEndsAudioModeAndRestoresTheVolume() throws {
        let config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("traces/keys/kiosk.toml").path)
        let keys = try KeyTraceReader.events(from: "1000000,5,down\n1100000,5,up\n2000000,9,down\n2100000,9,up\n", file: "idle.csv")
        let input = TraceInput(frames: [], keys: keys)
        let clock = SimulatedClock(startMicroseconds: 960_000)
        let output = DamageOnlyScreen(width: 1280, height: 800, clock: clock)
        let loop = try KioskLoop(map: try BundledMap.loadDemo(), config: config, font: try Font.loadDefault(), input: input,
                                 output: output, clock: clock)
        let speech = RecordingSpeech()
        loop.speech = speech
        // The volume as each phrase list is said: the second is 9's repeat, at the new volume.
        var volumes: [Double] = []
        loop.onSpeak = { _ in volumes.append(speech.volume) }
        var turns = 0
        while try loop.turn() {
            turns += 1
            if turns > 100_000 { Issue.record("replay never ended"); break }
        }
        #expect(volumes.count == 2 && abs((volumes.last ?? 0) - 0.6) < 1e-9, "\(volumes)")
        #expect(speech.said.count == 2)
        #expect(!loop.isAudioMode)
        #expect(clock.nowMicroseconds >= 62_000_000)
        #expect(abs(speech.volume - config.audio.volume) < 1e-9)
    }
}

struct AudioModeTouchTests {
    /// In audio mode a tap says the station under the finger (ringed, the focus moved there, the map still) and a
    /// double tap opens its journey, as screen readers do; before audio mode the same tap raises the card at once.
    @Test func aTapSpeaksAndADoubleTapActivates() throws {
        let config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("traces/keys/kiosk.toml").path)
        let map = try BundledMap.loadDemo()
        func point(of id: String, _ loop: KioskLoop) -> (x: Double, y: Double) {
            let p = loop.camera.geometry.screenPoint(ofScheme: map.station(id: id)!.position!, camera: loop.camera.shownCamera)
            return (p.x, p.y)
        }
        func tap(_ p: (x: Double, y: Double), at time: Int64) -> [TouchFrame] {
            [TouchFrame(timeMicroseconds: time, events: [TouchEvent(slot: 0, phase: .down, x: p.x, y: p.y, timeMicroseconds: time)]),
             TouchFrame(timeMicroseconds: time + 60_000, events: [TouchEvent(slot: 0, phase: .up, timeMicroseconds: time + 60_000)])]
        }
        let probe = try KioskLoop(map: map, config: config, font: nil, input: TraceInput(frames: []),
                                  output: DamageOnlyScreen(width: 1280, height: 800, clock: SimulatedClock(startMicroseconds: 0)),
                                  clock: SimulatedClock(startMicroseconds: 0))
        let hilltop = point(of: "hilltop", probe), seaside = point(of: "seaside", probe)
        let touches = tap(hilltop, at: 2_000_000) + tap(seaside, at: 3_000_000) + tap(seaside, at: 3_150_000)
        let keys = [KeyEvent(key: .digit5, isPressed: true, timeMicroseconds: 1_000_000)]
        let input = TraceInput(frames: touches, keys: keys)
        let clock = SimulatedClock(startMicroseconds: 960_000)
        let loop = try KioskLoop(map: map, config: config, font: try Font.loadDefault(), input: input,
                                 output: DamageOnlyScreen(width: 1280, height: 800, clock: clock), clock: clock)
        let home = loop.camera.shownCamera
        var said: [(Int64, [String])] = []
        loop.onSpeak = { said.append((clock.nowMicroseconds, $0.map(\.text))) }
        var states: [(time: Int64, focus: String?, card: String?, camera: Camera)] = []
        loop.onFrame = { states.append(($0.presentationMicroseconds, loop.keypadFocusStationID, $0.station, $0.camera)) }
        var turns = 0
        while try loop.turn() {
            turns += 1
            if turns > 100_000 { Issue.record("replay never ended"); break }
        }
        // The tap on Hilltop: said with its line, ringed, no card, the map where it was.
        #expect(said.contains { $0.1 == ["Hilltop", "Red Line"] })
        let afterTap = try #require(states.last { $0.time < 3_000_000 })
        #expect(afterTap.focus == "hilltop" && afterTap.card == nil && afterTap.camera == home)
        // The double tap on Seaside: its journey, said from the card.
        #expect(said.last?.1.first == "Seaside")
        #expect(said.last?.1.contains { $0.contains("from Central Square") } == true)
        #expect(states.contains { $0.card == "seaside" })
    }
}

struct KeypadHotplugTests {
    /// Runs the demo kiosk (names in English and Russian, `traces/keys/kiosk.toml`) on `events`; what was said.
    static func said(_ events: [InputEvent], languages: [String]? = nil) throws -> (said: [[SpokenPhrase]], loop: KioskLoop) {
        var config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("traces/keys/kiosk.toml").path)
        if let languages { config.map.languages = languages }
        let input = TraceInput(events: events)
        let clock = SimulatedClock(startMicroseconds: (input.firstEventMicroseconds ?? 0) - 40_000)
        let loop = try KioskLoop(map: try BundledMap.loadDemo(), config: config, font: nil, input: input,
                                 output: DamageOnlyScreen(width: 1280, height: 800, clock: clock), clock: clock)
        var said: [[SpokenPhrase]] = []
        loop.onSpeak = { said.append($0) }
        var turns = 0
        while try loop.turn() {
            turns += 1
            if turns > 100_000 { Issue.record("replay never ended"); break }
        }
        return (said, loop)
    }

    /// A keypad plugged in while the kiosk runs starts audio mode and says the guide, once; the first key after it
    /// then acts (it does not say the guide again).
    @Test func pluggingAKeypadInStartsAudioModeOnce() throws {
        let (said, _) = try Self.said([.keypadAttached(name: "keypad", timeMicroseconds: 1_000_000), .keypadAttached(name: "keypad", timeMicroseconds: 1_500_000),
                                       .key(KeyEvent(key: .digit5, isPressed: true, timeMicroseconds: 2_000_000))])
        #expect(said.count == 2, "\(said)")
        #expect(said.first?.first?.text.hasPrefix("Audio mode.") == true)
        // 5 went into the Red Line's stations rather than starting audio mode again.
        #expect(said.last?.first?.text == "Hilltop")
    }

    /// The guide is said in the language the map is shown in, as the card's sentences are.
    @Test func theGuideIsInTheShownLanguage() throws {
        let (said, _) = try Self.said([.keypadAttached(name: "keypad", timeMicroseconds: 1_000_000)], languages: ["ru", "en"])
        let guide = try #require(said.first?.first)
        #expect(guide.language == "ru")
        #expect(guide.text.hasPrefix("Звуковой режим."))
    }

    /// 5 on a ride step says that ride's stops, as the card's every-stop list shows them.
    @Test func selectOnARideSaysItsStops() throws {
        func key(_ k: KeypadKey, _ t: Int64) -> InputEvent { .key(KeyEvent(key: k, isPressed: true, timeMicroseconds: t)) }
        // 5 (audio mode), 5 (Red Line's stations), 2 (University), Enter (its journey), 5 on its first step.
        let (said, loop) = try Self.said([key(.digit5, 1_000_000), key(.digit5, 2_500_000), key(.digit2, 4_000_000),
                                          key(.enter, 5_500_000), key(.digit5, 7_000_000)])
        let content = try #require(loop.journey?.card.content)
        let ride = try #require(content.steps.first { $0.kind == .ride })
        #expect(content.steps.first?.kind == .ride)
        let stops = try #require(said.last).map(\.text)
        #expect(stops == [content.everyStopHeading] + ride.stops)
    }
}
