import Physics
import TouchInput
@testable import Overlay

/// The report times of the finger a replay fed an element: its touch-down, its last move, its lift.
struct ReplayedFinger {
    var downMicroseconds: Int64 = 0
    var lastMoveMicroseconds: Int64 = 0
    var upMicroseconds: Int64 = 0
}

/// Replays touch frames into one overlay element at 60 Hz as the kiosk loop does: the input up to each frame's time,
/// then the element advanced to it, `frame` told the frame's time, and the frame presented; from 100 ms before the
/// first report to 2 s after the last.
enum ElementTraceReplay {
    static func replay(_ input: [TouchFrame], into element: any OverlayElement, map: MapProjection,
                       frame: (Int64) -> Void) -> ReplayedFinger {
        var finger = ReplayedFinger()
        var time = (input.first?.timeMicroseconds ?? 0) - 100_000
        let end = (input.last?.timeMicroseconds ?? 0) + 2_000_000
        var index = 0
        var last = ScreenPoint.zero
        while time <= end {
            while index < input.count, input[index].timeMicroseconds <= time {
                let report = input[index]
                for event in report.events {
                    switch event.phase {
                    case .down:
                        last = event.position ?? .zero
                        _ = element.touchDown(at: last, timeMicroseconds: report.timeMicroseconds)
                        finger.downMicroseconds = report.timeMicroseconds
                    case .move:
                        last = event.position ?? .zero
                        element.touchMoved(to: last, timeMicroseconds: report.timeMicroseconds)
                        finger.lastMoveMicroseconds = report.timeMicroseconds
                    case .up, .cancel:
                        element.touchUp(at: last, timeMicroseconds: report.timeMicroseconds)
                        finger.upMicroseconds = report.timeMicroseconds
                    }
                }
                index += 1
            }
            element.advance(to: time, map: map)
            frame(time)
            element.didPresent()
            time += 16_667
        }
        return finger
    }
}
