import Foundation
@testable import TouchInput
import TestSupport

/// The shared real data beside the repository (`../shared/data`), read in place and never copied in.
enum SharedData {
    static var root: URL { RepositoryPaths.sharedData }

    static func evemu(_ name: String) -> String {
        root.appendingPathComponent("touch/evemu/\(name)").path
    }

    static func velocity(_ name: String) -> URL {
        root.appendingPathComponent("velocity/\(name)")
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }
}

/// Builds frames by hand for synthetic traces.
enum Frames {
    static func down(_ slot: Int, _ x: Double, _ y: Double, at time: Int64) -> TouchEvent {
        TouchEvent(slot: slot, phase: .down, x: x, y: y, timeMicroseconds: time)
    }

    static func move(_ slot: Int, _ x: Double, _ y: Double, at time: Int64) -> TouchEvent {
        TouchEvent(slot: slot, phase: .move, x: x, y: y, timeMicroseconds: time)
    }

    static func up(_ slot: Int, at time: Int64) -> TouchEvent {
        TouchEvent(slot: slot, phase: .up, timeMicroseconds: time)
    }

    static func cancel(_ slot: Int, at time: Int64) -> TouchEvent {
        TouchEvent(slot: slot, phase: .cancel, timeMicroseconds: time)
    }

    static func frame(_ events: TouchEvent...) -> TouchFrame {
        TouchFrame(timeMicroseconds: events.first?.timeMicroseconds ?? 0, events: events)
    }
}

func isClose(_ a: Double, _ b: Double, relative: Double, absolute: Double = 1e-9) -> Bool {
    abs(a - b) <= max(absolute, relative * abs(b))
}
