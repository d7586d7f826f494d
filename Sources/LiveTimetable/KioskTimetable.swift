import Diagnostics
import Foundation
import MetroMap
import Network
import Overlay
import Realtime

/// The real timetable as a running kiosk uses it (`[network] timetable` and `links`): the compiled timetable, which
/// scheme station boards at which of its stops, and the service day of the moment asked about, built once per date
/// and kept (building it sorts every pattern's trips; a station card refreshed each second must not).
public final class KioskTimetable {
    public let timetable: Timetable
    /// Scheme station id → the GTFS stop it is linked to (a station or a platform).
    public let links: [String: String]
    /// What each was read from, so a reload whose files did not change keeps this one (`KioskSession`).
    private let fingerprints: [UInt64?]
    /// GTFS station (parent) index → the scheme stations linked to it, sorted: how a ride's stops are found on the
    /// map. Several when the scheme draws one station once per line (links.toml links each to the same stop).
    private let schemeStationsByStop: [Int32: [String]]
    private var day: ServiceDay?
    /// The links as the realtime layer reads them (`LiveService`), built at the first live update.
    var cachedStationLinks: StationLinks?

    /// Why the timetable or its links could not be used, located in the file it is in.
    public struct LoadError: Error, CustomStringConvertible {
        public var diagnostics: [Diagnostic]
        public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
    }

    public init(timetable: Timetable, links: [String: String], fingerprints: [UInt64?] = []) {
        self.timetable = timetable
        self.links = links
        self.fingerprints = fingerprints
        var stations: [Int32: [String]] = [:]
        for (station, stopID) in links.sorted(by: { $0.key < $1.key }) {
            guard let stop = timetable.stopIndex(id: stopID) else { continue }
            stations[timetable.station(of: stop), default: []].append(station)
        }
        schemeStationsByStop = stations
    }

    /// The compiled timetable at `timetablePath` with the links file at `linksPath` (`[network] timetable` and
    /// `links`, absolute as `KioskConfigCheck` leaves them); nil when either is unset. A problem is located in the
    /// file it is in (the links file's line, the timetable file's name).
    public static func load(timetable timetablePath: String?, links linksPath: String?) throws(LoadError) -> KioskTimetable? {
        guard let timetablePath, let linksPath else { return nil }
        let timetable: Timetable
        do {
            timetable = try TimetableSource.load(path: timetablePath)
        } catch {
            throw LoadError(diagnostics: [error])
        }
        let contents = LinksFile.read(path: linksPath)
        guard contents.problems.isEmpty else { throw LoadError(diagnostics: contents.problems) }
        return KioskTimetable(timetable: timetable,
                              links: Dictionary(contents.entries.map { ($0.station, $0.stop) }, uniquingKeysWith: { first, _ in first }),
                              fingerprints: [InputFile.fingerprint(of: timetablePath), InputFile.fingerprint(of: linksPath)])
    }

    /// Whether the files at these paths still hold exactly what this was read from.
    public func isCurrent(timetable timetablePath: String?, links linksPath: String?) -> Bool {
        guard !fingerprints.isEmpty, fingerprints.allSatisfy({ $0 != nil }) else { return false }
        return fingerprints == [InputFile.fingerprint(of: timetablePath), InputFile.fingerprint(of: linksPath)]
    }

    /// The feed's zone (the agency's): the times a traveller reads are its wall clock.
    public var timeZone: TimeZone { TimeZone(identifier: timetable.timeZone) ?? TimeZone(identifier: "UTC")! }

    /// The service day `instant` falls on (its calendar date in the feed's zone; the trips of the evening before
    /// still running after midnight are part of it) and the instant on that day's clock.
    public func moment(_ instant: Date) -> (day: ServiceDay, seconds: Int32) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        let date = ServiceDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1) ?? ServiceDate(dayNumber: 0)
        if day?.date != date { day = ServiceDay(timetable: timetable, date: date) }
        let day = day ?? ServiceDay(timetable: timetable, date: date)
        return (day, Int32(instant.timeIntervalSince(day.origin).rounded(.down)))
    }

    /// The stops a scheme station boards at (every platform of the station its link names); nil when unlinked.
    public func stops(for station: String) -> [Int32]? {
        guard let stopID = links[station], let stop = timetable.stopIndex(id: stopID) else { return nil }
        return timetable.boardingStops(of: timetable.station(of: stop))
    }

    /// The linked scheme stations a wheelchair cannot board at: every platform of them says `wheelchair_boarding`
    /// 2, so a step-free journey neither starts, changes nor ends there (`Raptor.Query.stepFree`). Sorted.
    public func stationsWithoutStepFreeAccess() -> [String] {
        links.keys.sorted().filter { station in
            guard let stops = stops(for: station), !stops.isEmpty else { return false }
            return stops.allSatisfy { timetable.stops[Int($0)].wheelchairBoarding == 2 }
        }
    }

    /// The step-free access of a linked scheme station (every platform of the station its link names, each code
    /// inherited from the station as the compiler inherits it); nil when unlinked.
    public func stepFreeAccess(of station: String) -> StepFreeAccess? {
        guard let stops = stops(for: station), !stops.isEmpty else { return nil }
        return StepFreeAccess(platforms: stops.map { timetable.stops[Int($0)].wheelchairBoarding })
    }

    /// What the callout and the card say of a linked station's step-free access, in `language`.
    public func accessFact(of station: String, language: String?) -> StationAccessFact? {
        stepFreeAccess(of: station).map { access in
            switch access {
            case .stepFree: StationAccessFact(kind: .stepFree, language: language)
            case .none: StationAccessFact(kind: .noStepFree, language: language)
            case .unknown: StationAccessFact(kind: .unknown, language: language)
            }
        }
    }

    /// A station's callout: its names and lines from the map, its step-free access from the timetable.
    public func stationInfo(map: MetroMap, stationID: String, language: String?) -> StationInfo? {
        var info = StationInfo(map: map, stationID: stationID, language: language)
        info?.access = accessFact(of: stationID, language: language)
        return info
    }

    /// The scheme station a timetable stop belongs to, if its station is linked (the first by id when several are:
    /// what names the stop).
    public func schemeStation(of stop: Int32) -> String? {
        schemeStationsByStop[timetable.station(of: stop)]?.first
    }

    /// Every scheme station linked to the station of a timetable stop (sorted by id; empty when none is).
    public func schemeStations(of stop: Int32) -> [String] {
        schemeStationsByStop[timetable.station(of: stop)] ?? []
    }

    /// The instant of "YYYY-MM-DD HH:MM" read in the feed's zone (`snapshot --at`); nil when it is not that.
    public func instant(local text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 2, parts[0].count == 10, let date = ServiceDate(parts[0]) else { return nil }
        let clock = parts[1].split(separator: ":")
        guard clock.count == 2, let hour = Int(clock[0]), let minute = Int(clock[1]), (0...23).contains(hour),
              (0...59).contains(minute) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let (y, m, d) = date.components
        return calendar.date(from: DateComponents(year: y, month: m, day: d, hour: hour, minute: minute))
    }

    /// Whether `seconds` on `day`'s clock falls on a later calendar date (in the feed's zone) than `now` does.
    public func isLaterDate(_ seconds: Int32, than now: Int32, on day: ServiceDay) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.compare(day.instant(seconds), to: day.instant(now), toGranularity: .day) == .orderedDescending
    }

    /// "14:03": a time on `day`'s clock as the feed's wall clock shows it.
    public func clock(_ seconds: Int32, on day: ServiceDay) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: day.instant(seconds))
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
