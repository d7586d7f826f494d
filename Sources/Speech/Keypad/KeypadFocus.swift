import MetroMap

/// Where the keypad's focus is in the three nested lists a traveller moves through without the screen: the map's
/// lines, then a line's stations, then the steps of the journey to a station. A value: the loop asks it what a key
/// does and carries out the `Move` it answers.
public struct KeypadFocus: Sendable, Equatable {
    public enum Level: String, Sendable { case lines, stations, steps }

    /// What the focus is on after a key.
    public enum Target: Sendable, Equatable {
        case line(id: String)
        case station(id: String, lineID: String)
        /// Step `index` of the journey to `stationID`.
        case step(index: Int, stationID: String)
    }

    /// What the loop does for a key the focus handled.
    public enum Move: Sendable, Equatable {
        /// The focus moved to a new target: say it (and show it).
        case focused(Target)
        /// The journey to a station is asked for (5 or Enter on it): the loop raises its card and calls `enterSteps`.
        case openJourney(stationID: String)
        /// Out of a journey: the card goes.
        case closeJourney(Target)
        /// Nothing changed (the end of a list, Clear at the top): the target in focus is said again.
        case unchanged(Target)
    }

    public private(set) var level: Level = .lines
    private var lineIndex = 0
    private var stationIndex = 0
    private var stepIndex = 0
    private var stepCount = 0
    private var journeyStationID: String?
    /// The map's lines that have a station placed on the scheme, in the map's order, with those stations in line order.
    private let lines: [(id: String, stationIDs: [String])]

    public init(map: MetroMap) {
        lines = map.lines.compactMap { line in
            var seen = Set<String>()
            let placed = line.stationIDs.filter { map.station(id: $0)?.isPlaced == true && seen.insert($0).inserted }
            return placed.isEmpty ? nil : (line.id, placed)
        }
    }

    public static func == (a: KeypadFocus, b: KeypadFocus) -> Bool { a.target == b.target && a.level == b.level }

    public var isEmpty: Bool { lines.isEmpty }

    /// What the focus is on now; nil on a map without lines.
    public var target: Target? {
        guard !lines.isEmpty else { return nil }
        switch level {
        case .lines: return .line(id: lines[lineIndex].id)
        case .stations: return .station(id: lines[lineIndex].stationIDs[stationIndex], lineID: lines[lineIndex].id)
        case .steps: return .step(index: stepIndex, stationID: journeyStationID ?? "")
        }
    }

    /// The journey to the focused station is shown with `steps` steps: 2/8 now move through them.
    public mutating func enterSteps(count steps: Int, stationID: String) {
        guard steps > 0 else { return }
        level = .steps
        stepIndex = 0
        stepCount = steps
        journeyStationID = stationID
    }

    /// The focus on `stationID` in the first line that stops there (a tap on it in audio mode); false for a station
    /// on no line.
    @discardableResult
    public mutating func focus(stationID: String) -> Bool {
        guard let line = lines.firstIndex(where: { $0.stationIDs.contains(stationID) }),
              let station = lines[line].stationIDs.firstIndex(of: stationID) else { return false }
        level = .stations
        lineIndex = line
        stationIndex = station
        journeyStationID = nil
        return true
    }

    /// Back to the first line (Cancel, the idle return).
    public mutating func reset() {
        level = .lines
        lineIndex = 0
        stationIndex = 0
        journeyStationID = nil
    }

    /// What `action` does to the focus; nil for actions that are not about the lists (zoom, volume, language…).
    public mutating func apply(_ action: KeyAction) -> Move? {
        guard let before = target else { return nil }
        switch action {
        case .previousItem, .nextItem:
            let step = action == .nextItem ? 1 : -1
            switch level {
            case .lines: lineIndex = Self.wrapped(lineIndex + step, lines.count)
            case .stations: stationIndex = Self.wrapped(stationIndex + step, lines[lineIndex].stationIDs.count)
            case .steps: stepIndex = Self.wrapped(stepIndex + step, stepCount)
            }
        case .previousList, .nextList:
            let step = action == .nextList ? 1 : -1
            switch level {
            case .lines: lineIndex = Self.wrapped(lineIndex + step, lines.count)
            case .stations:
                // The neighbouring line's stations, from its first.
                lineIndex = Self.wrapped(lineIndex + step, lines.count)
                stationIndex = 0
            case .steps: stepIndex = Self.wrapped(stepIndex + step, stepCount)
            }
        case .select, .confirm:
            switch level {
            case .lines where action == .select:
                level = .stations
                stationIndex = 0
            case .lines:
                // Enter on a line: its first station's journey, the quickest way to a card for a known line.
                return .openJourney(stationID: lines[lineIndex].stationIDs[0])
            case .stations: return .openJourney(stationID: lines[lineIndex].stationIDs[stationIndex])
            case .steps: return .unchanged(before)
            }
        case .back:
            switch level {
            case .lines: return .unchanged(before)
            case .stations: level = .lines
            case .steps:
                level = .stations
                journeyStationID = nil
                return target.map(Move.closeJourney)
            }
        case .home:
            reset()
        default:
            return nil
        }
        guard let after = target else { return nil }
        return after == before ? .unchanged(after) : .focused(after)
    }

    private static func wrapped(_ index: Int, _ count: Int) -> Int { count == 0 ? 0 : ((index % count) + count) % count }
}
