import Diagnostics
import Foundation
import OutputFile

/// The compiled timetable on disk: a versioned little-endian binary the kiosk loads in one read, checked whole on
/// load (every index in range, every trip's times in order), so a truncated or foreign file is refused with a
/// message and the kiosk keeps the timetable it had.
///
/// Layout: the magic "MKTT", the format version (UInt32), the payload's length (UInt64) and its FNV-1a hash
/// (UInt64), then the payload: time zone, agency, stops, routes, services, patterns, pattern stops and rules,
/// trips, times, change times, footpaths; arrays as a UInt32 count then their elements, strings as UTF-8 with a
/// UInt32 length.
public enum TimetableFile {
    public static let magic: [UInt8] = Array("MKTT".utf8)
    /// 2: the feed's translations (translations.txt) after the footpaths. 3: each route's agency_id, so an alert
    /// naming the agency (BART's real alerts name nothing else) reaches its stations.
    public static let formatVersion: UInt32 = 3

    public static func encode(_ timetable: Timetable) -> [UInt8] {
        var payload = BinaryWriter()
        payload.string(timetable.timeZone)
        payload.string(timetable.agencyName)
        payload.array(timetable.stops) { w, stop in
            w.string(stop.id); w.string(stop.name); w.int32(stop.parent); w.uint8(stop.locationType)
            w.uint8(stop.wheelchairBoarding); w.double(stop.latitude); w.double(stop.longitude)
        }
        payload.array(timetable.routes) { w, route in
            w.string(route.id); w.string(route.shortName); w.string(route.longName); w.string(route.color); w.int32(route.type)
            w.string(route.agencyID)
        }
        payload.array(timetable.services) { w, service in
            w.string(service.id); w.uint8(service.weekdays); w.int32(service.start); w.int32(service.end)
            w.array(service.added) { $0.int32($1) }
            w.array(service.removed) { $0.int32($1) }
        }
        payload.array(timetable.patterns) { w, pattern in
            w.int32(pattern.route); w.int32(pattern.firstStop); w.int32(pattern.stopCount)
            w.int32(pattern.firstTrip); w.int32(pattern.tripCount)
        }
        payload.int32s(timetable.patternStops)
        payload.array(timetable.patternStopRules) { $0.uint8($1) }
        payload.array(timetable.trips) { w, trip in
            w.string(trip.id); w.int32(trip.pattern); w.int32(trip.service); w.string(trip.headsign)
            w.uint8(trip.direction); w.int32(trip.firstTime)
        }
        payload.int32s(timetable.times)
        payload.int32s(timetable.changeSeconds)
        payload.array(timetable.footpaths) { w, path in
            w.int32(path.from); w.int32(path.to); w.int32(path.seconds); w.uint8(path.isStepFree ? 1 : 0)
        }
        // (0 by record id or 1 by original words, field, id or words, language, translation), sorted: one
        // timetable always gives the same bytes.
        var entries: [(UInt8, UInt8, String, String, String)] = []
        for (kind, table) in [(UInt8(0), timetable.translations.byRecord), (1, timetable.translations.byValue)] {
            for (key, words) in table {
                for (language, text) in words { entries.append((kind, key.field.rawValue, key.text, language, text)) }
            }
        }
        entries.sort { ($0.0, $0.1, $0.2, $0.3) < ($1.0, $1.1, $1.2, $1.3) }
        payload.array(entries) { w, entry in
            w.uint8(entry.0); w.uint8(entry.1); w.string(entry.2); w.string(entry.3); w.string(entry.4)
        }
        var file = BinaryWriter()
        file.bytes.append(contentsOf: magic)
        file.uint32(formatVersion)
        file.uint64(UInt64(payload.bytes.count))
        file.uint64(fnv1a(payload.bytes[...]))
        file.bytes.append(contentsOf: payload.bytes)
        return file.bytes
    }

    public static func write(_ timetable: Timetable, to path: String) throws(OutputFileError) {
        try OutputFile.write(encode(timetable), to: path)
    }

    public static func load(path: String) throws(Diagnostic) -> Timetable {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic(file: path, line: 0, message: "cannot be read")
        }
        return try decode([UInt8](data), file: path)
    }

    public static func decode(_ bytes: [UInt8], file: String) throws(Diagnostic) -> Timetable {
        func fail(_ message: String) -> Diagnostic { Diagnostic(file: file, line: 0, message: message) }
        guard bytes.count >= 24, Array(bytes[0..<4]) == magic else {
            throw fail("not a compiled timetable (no MKTT header; compile one with `metro-kiosk import-gtfs`)")
        }
        var header = BinaryReader(bytes: bytes, offset: 4)
        let version = (try? header.uint32()) ?? 0
        guard version == formatVersion else {
            throw fail("timetable format \(version), this kiosk reads format \(formatVersion): compile it again with import-gtfs")
        }
        guard let length = try? header.uint64(), let hash = try? header.uint64(), length == UInt64(bytes.count - 24) else {
            throw fail("truncated: the header's length does not match the file's (\(bytes.count) bytes)")
        }
        guard fnv1a(bytes[24...]) == hash else { throw fail("corrupt: the payload's checksum does not match") }
        var r = BinaryReader(bytes: bytes, offset: 24)
        do {
            let timeZone = try r.string(), agency = try r.string()
            guard TimeZone(identifier: timeZone) != nil else { throw fail("unknown time zone \"\(timeZone)\"") }
            let stops = try r.array { r throws(BinaryReader.Failure) in
                Timetable.Stop(id: try r.string(), name: try r.string(), parent: try r.int32(), locationType: try r.uint8(),
                               wheelchairBoarding: try r.uint8(), latitude: try r.double(), longitude: try r.double())
            }
            let routes = try r.array { r throws(BinaryReader.Failure) in
                Timetable.Route(id: try r.string(), shortName: try r.string(), longName: try r.string(),
                                color: try r.string(), type: try r.int32(), agencyID: try r.string())
            }
            let services = try r.array { r throws(BinaryReader.Failure) in
                Timetable.Service(id: try r.string(), weekdays: try r.uint8(), start: try r.int32(), end: try r.int32(),
                                  added: try r.array { r throws(BinaryReader.Failure) in try r.int32() },
                                  removed: try r.array { r throws(BinaryReader.Failure) in try r.int32() })
            }
            let patterns = try r.array { r throws(BinaryReader.Failure) in
                Timetable.Pattern(route: try r.int32(), firstStop: try r.int32(), stopCount: try r.int32(),
                                  firstTrip: try r.int32(), tripCount: try r.int32())
            }
            let patternStops = try r.int32s()
            let rules = try r.array { r throws(BinaryReader.Failure) in try r.uint8() }
            let trips = try r.array { r throws(BinaryReader.Failure) in
                Timetable.Trip(id: try r.string(), pattern: try r.int32(), service: try r.int32(), headsign: try r.string(),
                               direction: try r.uint8(), firstTime: try r.int32())
            }
            let times = try r.int32s()
            let change = try r.int32s()
            let footpaths = try r.array { r throws(BinaryReader.Failure) in
                Timetable.Footpath(from: try r.int32(), to: try r.int32(), seconds: try r.int32(), isStepFree: try r.uint8() != 0)
            }
            var translations = FeedTranslations()
            let entries = try r.array { r throws(BinaryReader.Failure) in
                (kind: try r.uint8(), field: try r.uint8(), text: try r.string(), language: try r.string(), words: try r.string())
            }
            for entry in entries {
                guard entry.kind <= 1, let field = FeedTranslations.Field(rawValue: entry.field) else {
                    throw fail("a translation of unknown kind \(entry.kind) or field \(entry.field)")
                }
                let key = FeedTranslations.Key(field, entry.text)
                if entry.kind == 0 {
                    translations.byRecord[key, default: [:]][entry.language] = entry.words
                } else {
                    translations.byValue[key, default: [:]][entry.language] = entry.words
                }
            }
            guard r.offset == bytes.count else { throw fail("\(bytes.count - r.offset) unexpected bytes after the timetable") }
            try validate(stops: stops, routes: routes, services: services, patterns: patterns, patternStops: patternStops,
                         rules: rules, trips: trips, times: times, change: change, footpaths: footpaths, fail: fail)
            var timetable = Timetable(timeZone: timeZone, agencyName: agency, stops: stops, routes: routes, services: services,
                                      patterns: patterns, patternStops: patternStops, patternStopRules: rules, trips: trips,
                                      times: times, changeSeconds: change, footpaths: footpaths)
            timetable.translations = translations
            return timetable
        } catch let failure as BinaryReader.Failure {
            throw fail("truncated or corrupt at byte \(failure.offset): \(failure.message)")
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw fail("\(error)")
        }
    }

    /// Everything RAPTOR indexes without checking: checked once here.
    private static func validate(stops: [Timetable.Stop], routes: [Timetable.Route], services: [Timetable.Service],
                                 patterns: [Timetable.Pattern], patternStops: [Int32], rules: [UInt8],
                                 trips: [Timetable.Trip], times: [Int32], change: [Int32], footpaths: [Timetable.Footpath],
                                 fail: (String) -> Diagnostic) throws(Diagnostic) {
        guard change.count == stops.count, rules.count == patternStops.count else {
            throw fail("inconsistent: per-stop and per-pattern-stop tables have the wrong lengths")
        }
        for (index, stop) in stops.enumerated() where stop.parent != -1 {
            guard stop.parent >= 0, Int(stop.parent) < stops.count, stops[Int(stop.parent)].parent == -1 else {
                throw fail("stop \(index) (\(stop.id)) has a parent out of range")
            }
        }
        for stop in patternStops where stop < 0 || Int(stop) >= stops.count {
            throw fail("a pattern calls at stop \(stop), out of range")
        }
        for (index, pattern) in patterns.enumerated() {
            guard pattern.route >= 0, Int(pattern.route) < routes.count, pattern.stopCount >= 2,
                  pattern.firstStop >= 0, Int(pattern.firstStop) + Int(pattern.stopCount) <= patternStops.count,
                  pattern.firstTrip >= 0, pattern.tripCount >= 1, Int(pattern.firstTrip) + Int(pattern.tripCount) <= trips.count
            else { throw fail("pattern \(index) is out of range") }
            for t in Int(pattern.firstTrip)..<Int(pattern.firstTrip + pattern.tripCount) {
                let trip = trips[t]
                guard trip.pattern == Int32(index), trip.service >= 0, Int(trip.service) < services.count,
                      trip.firstTime >= 0, Int(trip.firstTime) + 2 * Int(pattern.stopCount) <= times.count
                else { throw fail("trip \(t) (\(trip.id)) is out of range") }
                var previous = Int32.min
                for k in 0..<(2 * Int(pattern.stopCount)) {
                    let time = times[Int(trip.firstTime) + k]
                    guard time >= previous, time >= 0, time <= GTFSTime.maximumSeconds else {
                        throw fail("trip \(t) (\(trip.id)) has times out of order")
                    }
                    previous = time
                }
            }
        }
        for path in footpaths {
            guard path.from >= 0, Int(path.from) < stops.count, path.to >= 0, Int(path.to) < stops.count, path.seconds >= 0
            else { throw fail("a footpath is out of range") }
        }
    }

    /// FNV-1a, 64 bit: enough to tell a damaged file from a good one (not a defence against a crafted one, which
    /// the range checks handle).
    static func fnv1a(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        return hash
    }
}
