import Foundation
import MetroMap
import Physics
import Raster
import TestSupport
import TouchInput
@testable import Overlay

/// Replays a `traces/card/*.csv` gesture into a journey card on a 600×1000 portrait screen at 60 Hz, as the kiosk
/// loop does: the input up to each frame's time, then the card advanced to it. The card starts resting at `peek`.
struct CardTraceReplay {
    struct Frame {
        var timeMicroseconds: Int64
        var extent: Double
        var state: CardState
        var anchor: CardAnchor? = nil
        /// How far the step list is scrolled (header collapse included); nil without a list.
        var scrollOffset: Double? = nil
    }

    /// One finger on the card, as the test sees it independently of the card: where it went down, its samples, and
    /// the release velocity the physics core's tracker gives at the lift.
    struct Touch {
        var downMicroseconds: Int64
        var downY: Double
        var samples: [(time: Int64, y: Double)] = []
        var upMicroseconds: Int64?
        var releaseVelocity = 0.0
    }

    static let screen = IntRect(x: 0, y: 0, width: 600, height: 1000)
    static let settings = CardSettings()
    static let demo = try! BundledMap.loadDemo()
    /// The loop's touch latency at 60 Hz (`CameraSettings.touchLatency`: one refresh period plus 8 ms): the card
    /// follows the finger resampled that far behind each frame, as the map does.
    static let loopLatency: Int64 = 16_667 + 8000

    let card: JourneyCardElement
    var frames: [Frame] = []
    var touches: [Touch] = []
    /// Whether the card took each finger that came down.
    var taken: [Bool] = []

    /// `folder`: `traces/card`, or `traces/feel` for the card's gestures of the feel suite.
    /// `latency`: how far behind each frame the finger is shown: 0 shows the newest report (what `JourneyCardTests`
    /// checks against the physics core, frame for frame), `loopLatency` the resampled finger as the loop shows it.
    /// `destination`: the station whose card is shown (from "north-gate").
    init(trace name: String, folder: String = "traces/card", settings: CardSettings = CardTraceReplay.settings,
         latency: Int64 = 0, destination: String = "museum") throws {
        let text = try String(contentsOf: RepositoryPaths.file("\(folder)/\(name).csv"), encoding: .utf8)
        let input = try CSVTraceReader.frames(from: text, file: name)
        card = JourneyCardElement(settings: settings, fonts: nil, screen: Self.screen)
        card.touchLatencyMicroseconds = latency
        let projection = MapProjection { ScreenPoint(x: $0.x, y: $0.y) }
        let start = (input.first?.timeMicroseconds ?? 0) - 1_000_000
        let content = try JourneyCardContentFixture.content(destination: destination)
        card.show(content, at: start)
        var time = start, index = 0
        let end = (input.last?.timeMicroseconds ?? 0) + 2_000_000
        var tracker = VelocityTracker(strategy: .ios)
        var lastPoint = ScreenPoint.zero
        while time <= end {
            while index < input.count, input[index].timeMicroseconds <= time {
                let frame = input[index]
                for event in frame.events {
                    switch event.phase {
                    case .down:
                        lastPoint = event.position ?? .zero
                        taken.append(card.touchDown(at: lastPoint, timeMicroseconds: frame.timeMicroseconds))
                        tracker.reset()
                        tracker.addSample(x: event.x ?? 0, y: event.y ?? 0, timeMicroseconds: frame.timeMicroseconds)
                        touches.append(Touch(downMicroseconds: frame.timeMicroseconds, downY: event.y ?? 0,
                                             samples: [(frame.timeMicroseconds, event.y ?? 0)]))
                    case .move:
                        lastPoint = event.position ?? .zero
                        card.touchMoved(to: lastPoint, timeMicroseconds: frame.timeMicroseconds)
                        tracker.addSample(x: event.x ?? 0, y: event.y ?? 0, timeMicroseconds: frame.timeMicroseconds)
                        touches[touches.count - 1].samples.append((frame.timeMicroseconds, event.y ?? 0))
                    case .up, .cancel:
                        card.touchUp(at: lastPoint, timeMicroseconds: frame.timeMicroseconds)
                        touches[touches.count - 1].upMicroseconds = frame.timeMicroseconds
                        touches[touches.count - 1].releaseVelocity =
                            tracker.releaseVelocity(liftMicroseconds: frame.timeMicroseconds).y
                    }
                }
                index += 1
            }
            card.advance(to: time, map: projection)
            frames.append(Frame(timeMicroseconds: time, extent: card.extent, state: card.state, anchor: card.anchor,
                                scrollOffset: card.scroll?.offset))
            card.didPresent()
            time += 16_667
        }
    }

    func frames(from start: Int64, to end: Int64) -> [Frame] {
        frames.filter { $0.timeMicroseconds >= start && $0.timeMicroseconds < end }
    }

    /// The last frame at or before `time`.
    func frame(at time: Int64) -> Frame? { frames.last { $0.timeMicroseconds <= time } }
}

/// A card for the demo map's "museum" (or another destination) seen from "north-gate".
enum JourneyCardContentFixture {
    static func content(destination: String = "museum") throws -> JourneyCardContent {
        let map = CardTraceReplay.demo
        guard let content = JourneyCardContent(map: map, destination: destination, origin: "north-gate",
                                               graph: StationGraph(map: map), language: nil) else {
            throw CocoaError(.featureUnsupported)
        }
        return content
    }
}
