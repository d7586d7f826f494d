/// What a station's platforms say about boarding in a wheelchair (GTFS `wheelchair_boarding`, each platform's value
/// after inheriting its parent station's when it says 0 or nothing, as the spec asks). Three answers, because a feed
/// that says nothing has not said "step-free": a traveller in a wheelchair must not be sent to a station on a guess,
/// nor told it has no access when nobody knows.
public enum StepFreeAccess: Sendable, Equatable {
    /// Every platform says 1 (some step-free boarding), or some say 1 and the others 2: the trains can be boarded.
    case stepFree
    /// Every platform says 2.
    case none
    /// A platform says 0 or nothing (after inheriting), so the station's access is not known.
    case unknown

    /// The access of a station whose platforms say `values` (GTFS codes; anything but 1 and 2 is unknown).
    public init(platforms values: [UInt8]) {
        if values.isEmpty || values.contains(where: { $0 != 1 && $0 != 2 }) {
            self = .unknown
        } else {
            self = values.allSatisfy { $0 == 2 } ? .none : .stepFree
        }
    }

    /// Whether a step-free journey may board, alight or change at a stop whose (inherited) code is `code`: only a
    /// stated 1. Unknown is not step-free.
    public static func allowsStepFreeJourneys(_ code: UInt8) -> Bool { code == 1 }
}

extension Timetable {
    /// The step-free access of `station` (a parent stop, or a stop without one): its boarding platforms' codes.
    public func stepFreeAccess(ofStation station: Int32) -> StepFreeAccess {
        StepFreeAccess(platforms: boardingStops(of: station).map { stops[Int($0)].wheelchairBoarding })
    }
}
