import Diagnostics
import Foundation

/// Reads a GTFS feed (zip or folder) into a `GTFSFeed`. A problem with the feed as a whole (not a zip, a required
/// file or column missing, no usable trips) is thrown, located; a bad row is skipped, located and counted in the
/// feed's report, so one typo in 400,000 stop times does not lose the timetable.
public enum GTFSReader {
    /// Frequency-based trips are expanded to one trip per departure; a feed whose headways would expand past this
    /// many stop times (a headway of 1 s over a week) is cut there, reported.
    public static let maximumExpandedStopTimes = 8_000_000

    public static func read(path: String) throws(Diagnostic) -> GTFSFeed {
        let source = try GTFSSource(path: path)
        return try read(source)
    }

    public static func read(_ source: GTFSSource) throws(Diagnostic) -> GTFSFeed {
        var builder = Builder(source: source)
        try builder.readAll()
        return builder.feed
    }

    private struct Builder {
        let source: GTFSSource
        var feed = GTFSFeed()
        var stopIndex: [String: Int32] = [:]
        var routeIndex: [String: Int32] = [:]
        var tripIndex: [String: Int32] = [:]
        var serviceIndex: [String: Int32] = [:]
        var agencyIndex: [String: Int32] = [:]
        var levelIndex: [String: Int32] = [:]

        init(source: GTFSSource) {
            self.source = source
        }

        func location(_ name: String) -> String {
            source.isArchive ? source.path + "(" + name + ")" : (source.path as NSString).appendingPathComponent(name)
        }

        /// The table of `name`, or nil when the feed has none; CSV problems are noted.
        mutating func table(_ name: String, required: Bool = false) throws(Diagnostic) -> CSVTable? {
            guard let bytes = try source.read(name) else {
                if required { throw Diagnostic(file: location(name), line: 0, message: "missing: a GTFS feed must have \(name)") }
                return nil
            }
            if let bad = bytes.firstIndex(of: 0) {
                let line = bytes[..<bad].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
                throw Diagnostic(file: location(name), line: line, column: 0, message: "NUL byte: not a text file")
            }
            let table = CSVTable(file: location(name), bytes: bytes)
            for problem in table.problems { feed.report.note(problem) }
            return table
        }

        func require(_ table: CSVTable, _ column: String) throws(Diagnostic) -> Int {
            guard let index = table.column(column) else {
                throw Diagnostic(file: table.file, line: 1, column: 0,
                                 message: "no \(column) column (columns: \(table.columns.joined(separator: ", ")))")
            }
            return index
        }

        func problem(_ table: CSVTable, _ record: CSVTable.Record, _ column: Int?, _ message: String,
                     severity: Diagnostic.Severity = .warning) -> Diagnostic {
            Diagnostic(file: table.file, line: record.line, column: (column ?? -1) + 1, message: message, severity: severity)
        }

        mutating func readAll() throws(Diagnostic) {
            try readAgencies()
            try readLevels()
            try readStops()
            try readRoutes()
            try readCalendar()
            try readTrips()
            try readStopTimes()
            try readFrequencies()
            try readTransfers()
            try readPathways()
            try readTranslations()
            guard feed.trips.contains(where: { !$0.stopTimes.isEmpty }) else {
                throw Diagnostic(file: location("trips.txt"), line: 0,
                                 message: "no trip could be kept (\(feed.report.totalSkipped) rows skipped)")
            }
        }

        // MARK: agency, levels, stops, routes

        mutating func readAgencies() throws(Diagnostic) {
            guard let table = try table("agency.txt", required: true) else { return }
            let id = table.column("agency_id"), name = table.column("agency_name")
            let zone = try require(table, "agency_timezone")
            for row in 0..<table.count {
                let record = table.record(row)
                let zoneName = table.string(record, zone)
                guard TimeZone(identifier: zoneName) != nil else {
                    feed.report.skip(problem(table, record, zone, "unknown time zone \"\(zoneName)\""))
                    continue
                }
                let agencyID = table.string(record, id)
                if agencyIndex[agencyID] != nil {
                    feed.report.skip(problem(table, record, id, "duplicate agency_id \"\(agencyID)\""))
                    continue
                }
                agencyIndex[agencyID] = Int32(feed.agencies.count)
                feed.agencies.append(.init(id: agencyID, name: table.string(record, name), timeZone: zoneName))
            }
            guard !feed.agencies.isEmpty else {
                throw Diagnostic(file: table.file, line: 0, message: "no agency with a known time zone")
            }
        }

        mutating func readLevels() throws(Diagnostic) {
            guard let table = try table("levels.txt") else { return }
            let id = try require(table, "level_id"), index = table.column("level_index"), name = table.column("level_name")
            for row in 0..<table.count {
                let record = table.record(row)
                let levelID = table.string(record, id)
                guard levelIndex[levelID] == nil else {
                    feed.report.skip(problem(table, record, id, "duplicate level_id \"\(levelID)\""))
                    continue
                }
                levelIndex[levelID] = Int32(feed.levels.count)
                feed.levels.append(.init(id: levelID, index: Double(table.string(record, index)) ?? 0,
                                         name: table.string(record, name)))
            }
        }

        mutating func readStops() throws(Diagnostic) {
            guard let table = try table("stops.txt", required: true) else { return }
            let id = try require(table, "stop_id")
            let name = table.column("stop_name"), lat = table.column("stop_lat"), lon = table.column("stop_lon")
            let type = table.column("location_type"), parent = table.column("parent_station")
            let wheelchair = table.column("wheelchair_boarding"), level = table.column("level_id")
            let platform = table.column("platform_code")
            var parents: [(stop: Int32, parent: String, record: CSVTable.Record)] = []
            for row in 0..<table.count {
                let record = table.record(row)
                let stopID = table.string(record, id)
                guard !stopID.isEmpty else {
                    feed.report.skip(problem(table, record, id, "empty stop_id"))
                    continue
                }
                guard stopIndex[stopID] == nil else {
                    feed.report.skip(problem(table, record, id, "duplicate stop_id \"\(stopID)\""))
                    continue
                }
                var locationType = GTFSFeed.LocationType.stop
                if !table.isEmpty(record, type) {
                    guard let value = UInt8(table.string(record, type)), let known = GTFSFeed.LocationType(rawValue: value) else {
                        feed.report.skip(problem(table, record, type, "location_type \"\(table.string(record, type))\" is not 0–4"))
                        continue
                    }
                    locationType = known
                }
                var latitude = Double(table.string(record, lat)), longitude = Double(table.string(record, lon))
                if let la = latitude, let lo = longitude, !(abs(la) <= 90 && abs(lo) <= 180) {
                    feed.report.note(problem(table, record, lat, "coordinates \(la), \(lo) are off the globe; ignored"))
                    latitude = nil
                    longitude = nil
                }
                let index = Int32(feed.stops.count)
                stopIndex[stopID] = index
                var levelRef: Int32?
                if !table.isEmpty(record, level) {
                    levelRef = levelIndex[table.string(record, level)]
                    if levelRef == nil {
                        feed.report.note(problem(table, record, level, "level_id \"\(table.string(record, level))\" is not in levels.txt"))
                    }
                }
                let wheelchairValue = UInt8(table.string(record, wheelchair)) ?? 0
                feed.stops.append(.init(id: stopID, name: table.string(record, name), latitude: latitude, longitude: longitude,
                                        locationType: locationType, parent: nil,
                                        wheelchairBoarding: wheelchairValue <= 2 ? wheelchairValue : 0,
                                        level: levelRef, platformCode: table.string(record, platform)))
                if !table.isEmpty(record, parent) { parents.append((index, table.string(record, parent), record)) }
            }
            for (stop, parentID, record) in parents {
                guard let parentIndex = stopIndex[parentID], parentIndex != stop else {
                    feed.report.note(problem(table, record, parent, "parent_station \"\(parentID)\" is not a stop of this feed"))
                    continue
                }
                feed.stops[Int(stop)].parent = parentIndex
            }
            // A parent's own parent would make "the station of a platform" ambiguous (and a cycle would make it
            // endless): keep only parents that are themselves top-level.
            for index in feed.stops.indices {
                if let p = feed.stops[index].parent, feed.stops[Int(p)].parent != nil {
                    feed.stops[index].parent = feed.stops[Int(p)].parent
                    if let q = feed.stops[index].parent, feed.stops[Int(q)].parent != nil || Int(q) == index {
                        feed.stops[index].parent = nil
                    }
                }
            }
        }

        mutating func readRoutes() throws(Diagnostic) {
            guard let table = try table("routes.txt", required: true) else { return }
            let id = try require(table, "route_id"), agency = table.column("agency_id")
            let short = table.column("route_short_name"), long = table.column("route_long_name")
            let type = table.column("route_type"), color = table.column("route_color")
            for row in 0..<table.count {
                let record = table.record(row)
                let routeID = table.string(record, id)
                guard routeIndex[routeID] == nil else {
                    feed.report.skip(problem(table, record, id, "duplicate route_id \"\(routeID)\""))
                    continue
                }
                var agencyRef: Int32 = 0
                if !table.isEmpty(record, agency) {
                    guard let known = agencyIndex[table.string(record, agency)] else {
                        feed.report.skip(problem(table, record, agency, "agency_id \"\(table.string(record, agency))\" is not in agency.txt"))
                        continue
                    }
                    agencyRef = known
                }
                routeIndex[routeID] = Int32(feed.routes.count)
                feed.routes.append(.init(id: routeID, agency: agencyRef, shortName: table.string(record, short),
                                         longName: table.string(record, long),
                                         type: Int32(table.string(record, type)) ?? 3, color: table.string(record, color)))
            }
        }

        // MARK: calendar

        mutating func readCalendar() throws(Diagnostic) {
            let calendar = try table("calendar.txt")
            let dates = try table("calendar_dates.txt")
            guard calendar != nil || dates != nil else {
                throw Diagnostic(file: location("calendar.txt"), line: 0,
                                 message: "missing: a GTFS feed must have calendar.txt or calendar_dates.txt")
            }
            if let table = calendar {
                let id = try require(table, "service_id")
                let days = try ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map { name throws(Diagnostic) in try require(table, name) }
                let start = try require(table, "start_date"), end = try require(table, "end_date")
                rows: for row in 0..<table.count {
                    let record = table.record(row)
                    let serviceID = table.string(record, id)
                    guard serviceIndex[serviceID] == nil else {
                        feed.report.skip(problem(table, record, id, "duplicate service_id \"\(serviceID)\""))
                        continue
                    }
                    var mask: UInt8 = 0
                    for (bit, column) in days.enumerated() {
                        switch table.string(record, column) {
                        case "1": mask |= 1 << UInt8(bit)
                        case "0": break
                        default:
                            feed.report.skip(problem(table, record, column, "\"\(table.string(record, column))\" is not 0 or 1"))
                            continue rows
                        }
                    }
                    guard let first = ServiceDate(table.string(record, start)) else {
                        feed.report.skip(problem(table, record, start, "start_date \"\(table.string(record, start))\" is not a YYYYMMDD date"))
                        continue
                    }
                    guard let last = ServiceDate(table.string(record, end)), last >= first else {
                        feed.report.skip(problem(table, record, end, "end_date \"\(table.string(record, end))\" is not a YYYYMMDD date on or after start_date"))
                        continue
                    }
                    serviceIndex[serviceID] = Int32(feed.services.count)
                    feed.services.append(.init(id: serviceID, weekdays: mask, start: first, end: last, added: [], removed: []))
                }
            }
            if let table = dates {
                let id = try require(table, "service_id"), date = try require(table, "date")
                let type = try require(table, "exception_type")
                for row in 0..<table.count {
                    let record = table.record(row)
                    guard let day = ServiceDate(table.string(record, date)) else {
                        feed.report.skip(problem(table, record, date, "date \"\(table.string(record, date))\" is not a YYYYMMDD date"))
                        continue
                    }
                    let kind = table.string(record, type)
                    guard kind == "1" || kind == "2" else {
                        feed.report.skip(problem(table, record, type, "exception_type \"\(kind)\" is not 1 or 2"))
                        continue
                    }
                    let serviceID = table.string(record, id)
                    let index: Int32
                    if let known = serviceIndex[serviceID] {
                        index = known
                    } else {
                        index = Int32(feed.services.count)
                        serviceIndex[serviceID] = index
                        feed.services.append(.init(id: serviceID, weekdays: 0, start: nil, end: nil, added: [], removed: []))
                    }
                    if kind == "1" {
                        feed.services[Int(index)].added.insert(day)
                    } else {
                        feed.services[Int(index)].removed.insert(day)
                    }
                }
            }
        }

        // MARK: translations

        /// translations.txt (GTFS's form: table_name, field_name, language, translation, then record_id or
        /// field_value). Rows for fields the kiosk does not show are passed over; a row that cannot be used (no
        /// language, both or neither of record_id and field_value, a record the feed does not have) is a located skip.
        mutating func readTranslations() throws(Diagnostic) {
            guard let table = try table("translations.txt") else { return }
            let tableName = try require(table, "table_name"), fieldName = try require(table, "field_name")
            let language = try require(table, "language"), translation = try require(table, "translation")
            let recordID = table.column("record_id"), fieldValue = table.column("field_value")
            for row in 0..<table.count {
                let record = table.record(row)
                guard let field = FeedTranslations.Field(table: table.string(record, tableName),
                                                         field: table.string(record, fieldName)) else { continue }
                let tag = table.string(record, language), words = table.string(record, translation)
                guard !tag.isEmpty else {
                    feed.report.skip(problem(table, record, language, "no language"))
                    continue
                }
                guard !words.isEmpty else {
                    feed.report.skip(problem(table, record, translation, "no translation"))
                    continue
                }
                let id = table.string(record, recordID), value = table.string(record, fieldValue)
                switch (id.isEmpty, value.isEmpty) {
                case (false, false):
                    feed.report.skip(problem(table, record, fieldValue, "both record_id and field_value: GTFS allows one"))
                case (true, true):
                    feed.report.skip(problem(table, record, recordID, "neither record_id nor field_value"))
                case (false, true):
                    let known: Bool
                    switch field {
                    case .stopName: known = stopIndex[id] != nil
                    case .routeShortName, .routeLongName: known = routeIndex[id] != nil
                    case .tripHeadsign: known = tripIndex[id] != nil
                    }
                    guard known else {
                        feed.report.skip(problem(table, record, recordID, "record_id \"\(id)\" is not in \(table.string(record, tableName)).txt"))
                        continue
                    }
                    feed.translations.byRecord[FeedTranslations.Key(field, id), default: [:]][tag] = words
                case (true, false):
                    feed.translations.byValue[FeedTranslations.Key(field, value), default: [:]][tag] = words
                }
            }
        }

        // MARK: trips and stop times

        mutating func readTrips() throws(Diagnostic) {
            guard let table = try table("trips.txt", required: true) else { return }
            let id = try require(table, "trip_id"), route = try require(table, "route_id")
            let service = try require(table, "service_id")
            let headsign = table.column("trip_headsign"), direction = table.column("direction_id")
            for row in 0..<table.count {
                let record = table.record(row)
                let tripID = table.string(record, id)
                guard tripIndex[tripID] == nil else {
                    feed.report.skip(problem(table, record, id, "duplicate trip_id \"\(tripID)\""))
                    continue
                }
                guard let routeRef = routeIndex[table.string(record, route)] else {
                    feed.report.skip(problem(table, record, route, "route_id \"\(table.string(record, route))\" is not in routes.txt"))
                    continue
                }
                guard let serviceRef = serviceIndex[table.string(record, service)] else {
                    feed.report.skip(problem(table, record, service, "service_id \"\(table.string(record, service))\" is in neither calendar.txt nor calendar_dates.txt"))
                    continue
                }
                tripIndex[tripID] = Int32(feed.trips.count)
                feed.trips.append(.init(id: tripID, route: routeRef, service: serviceRef,
                                        headsign: table.string(record, headsign),
                                        direction: UInt8(table.string(record, direction)).flatMap { $0 <= 1 ? $0 : nil },
                                        stopTimes: 0..<0))
            }
        }

        mutating func readStopTimes() throws(Diagnostic) {
            guard let table = try table("stop_times.txt", required: true) else { return }
            let trip = try require(table, "trip_id"), stop = try require(table, "stop_id")
            let sequence = try require(table, "stop_sequence")
            let arrival = table.column("arrival_time"), departure = table.column("departure_time")
            let pickup = table.column("pickup_type"), dropOff = table.column("drop_off_type")
            struct Row { var trip: Int32; var sequence: Int32; var time: GTFSFeed.StopTime; var hasTime: Bool; var line: Int32 }
            var rows: [Row] = []
            rows.reserveCapacity(table.count)
            // Real feeds list a trip's stop times together: remember the last trip id's bytes to skip most lookups.
            var lastTripBytes: ArraySlice<UInt8> = []
            var lastTrip: Int32? = nil
            for row in 0..<table.count {
                let record = table.record(row)
                let tripBytes = table.trimmedBytes(record, trip)
                if tripBytes != lastTripBytes || lastTrip == nil {
                    lastTripBytes = tripBytes
                    lastTrip = tripIndex[String(decoding: tripBytes, as: UTF8.self)]
                }
                guard let tripRef = lastTrip else {
                    feed.report.skip(problem(table, record, trip, "trip_id \"\(String(decoding: tripBytes, as: UTF8.self))\" is not in trips.txt"))
                    lastTripBytes = []
                    continue
                }
                let stopText = String(decoding: table.trimmedBytes(record, stop), as: UTF8.self)
                guard let stopRef = stopIndex[stopText] else {
                    feed.report.skip(problem(table, record, stop, "stop_id \"\(stopText)\" is not in stops.txt"))
                    continue
                }
                guard let sequenceValue = Int32(String(decoding: table.trimmedBytes(record, sequence), as: UTF8.self)),
                      sequenceValue >= 0 else {
                    feed.report.skip(problem(table, record, sequence, "stop_sequence \"\(table.string(record, sequence))\" is not a whole number ≥ 0"))
                    continue
                }
                let arrivalBytes = table.trimmedBytes(record, arrival), departureBytes = table.trimmedBytes(record, departure)
                var arrivalValue: Int32? = nil, departureValue: Int32? = nil
                if !arrivalBytes.isEmpty {
                    guard let value = GTFSTime.seconds(arrivalBytes) else {
                        feed.report.skip(problem(table, record, arrival, "arrival_time \"\(table.string(record, arrival))\" is not a time HH:MM:SS up to 168:00:00"))
                        continue
                    }
                    arrivalValue = value
                }
                if !departureBytes.isEmpty {
                    guard let value = GTFSTime.seconds(departureBytes) else {
                        feed.report.skip(problem(table, record, departure, "departure_time \"\(table.string(record, departure))\" is not a time HH:MM:SS up to 168:00:00"))
                        continue
                    }
                    departureValue = value
                }
                let a = arrivalValue ?? departureValue ?? 0, d = departureValue ?? arrivalValue ?? 0
                guard d >= a else {
                    feed.report.skip(problem(table, record, departure, "departure_time before arrival_time"))
                    continue
                }
                rows.append(Row(trip: tripRef, sequence: sequenceValue,
                                time: .init(stop: stopRef, arrival: a, departure: d,
                                            noPickup: table.string(record, pickup) == "1",
                                            noDropOff: table.string(record, dropOff) == "1"),
                                hasTime: arrivalValue != nil || departureValue != nil, line: Int32(clamping: record.line)))
            }
            rows.sort { ($0.trip, $0.sequence) < ($1.trip, $1.sequence) }
            var kept: [GTFSFeed.StopTime] = []
            kept.reserveCapacity(rows.count)
            var start = 0
            var tripsWithTimes = Array(repeating: false, count: feed.trips.count)
            while start < rows.count {
                var end = start
                while end < rows.count, rows[end].trip == rows[start].trip { end += 1 }
                let tripRef = rows[start].trip
                if let reason = checkTrip(rows[start..<end].map { ($0.sequence, $0.time, $0.hasTime, $0.line) }, table: table) {
                    feed.report.skip(reason)
                } else {
                    var times = rows[start..<end].map(\.time)
                    Self.interpolate(&times, known: rows[start..<end].map(\.hasTime))
                    let first = kept.count
                    kept.append(contentsOf: times)
                    feed.trips[Int(tripRef)].stopTimes = first..<kept.count
                    tripsWithTimes[Int(tripRef)] = true
                }
                start = end
            }
            feed.stopTimes = kept
            let withoutTimes = tripsWithTimes.lazy.filter { !$0 }.count
            if withoutTimes > 0 {
                feed.report.note(Diagnostic(file: table.file, line: 0,
                                            message: "\(withoutTimes) trip\(withoutTimes == 1 ? "" : "s") of trips.txt with fewer than two usable stop times; dropped",
                                            severity: .warning))
            }
        }

        /// Why a trip's stop times cannot be used, located at the offending row; nil when they can.
        func checkTrip(_ rows: [(sequence: Int32, time: GTFSFeed.StopTime, hasTime: Bool, line: Int32)],
                       table: CSVTable) -> Diagnostic? {
            guard rows.count >= 2 else {
                return Diagnostic(file: table.file, line: Int(rows[0].line), column: 0,
                                  message: "a trip with one stop time; dropped", severity: .warning)
            }
            guard rows.first!.hasTime, rows.last!.hasTime else {
                return Diagnostic(file: table.file, line: Int(rows.first!.hasTime ? rows.last!.line : rows.first!.line), column: 0,
                                  message: "a trip's first and last stop times must have times; trip dropped", severity: .warning)
            }
            var previous = rows[0]
            for row in rows.dropFirst() {
                if row.sequence == previous.sequence {
                    return Diagnostic(file: table.file, line: Int(row.line), column: 0,
                                      message: "stop_sequence \(row.sequence) repeated within the trip; trip dropped", severity: .warning)
                }
                if row.hasTime, row.time.arrival < previous.time.departure, previous.hasTime {
                    return Diagnostic(file: table.file, line: Int(row.line), column: 0,
                                      message: "time goes backwards (\(GTFSTime.text(row.time.arrival)) after \(GTFSTime.text(previous.time.departure))); trip dropped",
                                      severity: .warning)
                }
                if row.hasTime { previous = row } else { previous.sequence = row.sequence }
            }
            return nil
        }

        /// Stops without times (not timepoints) get times spread evenly between the timed ones around them.
        static func interpolate(_ times: inout [GTFSFeed.StopTime], known: [Bool]) {
            var lastKnown = 0
            for index in times.indices.dropFirst() where known[index] {
                let gap = index - lastKnown
                if gap > 1 {
                    let from = times[lastKnown].departure, to = times[index].arrival
                    for step in 1..<gap {
                        let t = from + Int32((Int64(to - from) * Int64(step)) / Int64(gap))
                        times[lastKnown + step].arrival = t
                        times[lastKnown + step].departure = t
                    }
                }
                lastKnown = index
            }
        }

        // MARK: frequencies

        mutating func readFrequencies() throws(Diagnostic) {
            guard let table = try table("frequencies.txt") else { return }
            let trip = try require(table, "trip_id"), start = try require(table, "start_time")
            let end = try require(table, "end_time"), headway = try require(table, "headway_secs")
            var templates = Set<Int32>()
            var expanded = 0
            var newTrips: [GTFSFeed.Trip] = []
            var newTimes: [GTFSFeed.StopTime] = []
            for row in 0..<table.count {
                let record = table.record(row)
                guard let tripRef = tripIndex[table.string(record, trip)] else {
                    feed.report.skip(problem(table, record, trip, "trip_id \"\(table.string(record, trip))\" is not in trips.txt"))
                    continue
                }
                let template = feed.trips[Int(tripRef)]
                guard template.stopTimes.count >= 2 else {
                    feed.report.skip(problem(table, record, trip, "trip \"\(template.id)\" has no usable stop times"))
                    continue
                }
                guard let first = GTFSTime.seconds(table.trimmedBytes(record, start)) else {
                    feed.report.skip(problem(table, record, start, "start_time \"\(table.string(record, start))\" is not a time"))
                    continue
                }
                guard let last = GTFSTime.seconds(table.trimmedBytes(record, end)), last >= first else {
                    feed.report.skip(problem(table, record, end, "end_time \"\(table.string(record, end))\" is not a time at or after start_time"))
                    continue
                }
                guard let step = Int32(table.string(record, headway)), step > 0, step <= 86_400 else {
                    feed.report.skip(problem(table, record, headway, "headway_secs \"\(table.string(record, headway))\" is not 1–86400 s"))
                    continue
                }
                templates.insert(tripRef)
                let times = feed.stopTimes[template.stopTimes]
                let origin = times.first!.departure
                // GTFS: departures every headway from start_time while before end_time.
                var departure = first
                while departure < last {
                    guard expanded + times.count <= GTFSReader.maximumExpandedStopTimes else {
                        feed.report.note(problem(table, record, headway, "frequencies expand past \(GTFSReader.maximumExpandedStopTimes) stop times; cut here"))
                        break
                    }
                    let shift = departure - origin
                    guard times.last!.arrival + shift <= GTFSTime.maximumSeconds else { break }
                    let firstIndex = feed.stopTimes.count + newTimes.count
                    for time in times {
                        var shifted = time
                        shifted.arrival += shift
                        shifted.departure += shift
                        newTimes.append(shifted)
                    }
                    var copy = template
                    copy.id = template.id + "@" + GTFSTime.text(departure)
                    copy.stopTimes = firstIndex..<(firstIndex + times.count)
                    newTrips.append(copy)
                    expanded += times.count
                    departure += step
                }
            }
            guard !templates.isEmpty else { return }
            // A frequency-based trip's own stop times only give the running times between stops: it is replaced by
            // its expansion (its stop times stay in the array, unreferenced, and are dropped when compiled).
            for template in templates { feed.trips[Int(template)].stopTimes = 0..<0 }
            feed.stopTimes.append(contentsOf: newTimes)
            feed.trips.append(contentsOf: newTrips)
        }

        // MARK: transfers, pathways

        mutating func readTransfers() throws(Diagnostic) {
            guard let table = try table("transfers.txt") else { return }
            let from = try require(table, "from_stop_id"), to = try require(table, "to_stop_id")
            let type = try require(table, "transfer_type"), minimum = table.column("min_transfer_time")
            for row in 0..<table.count {
                let record = table.record(row)
                guard let fromStop = stopIndex[table.string(record, from)] else {
                    feed.report.skip(problem(table, record, from, "from_stop_id \"\(table.string(record, from))\" is not in stops.txt"))
                    continue
                }
                guard let toStop = stopIndex[table.string(record, to)] else {
                    feed.report.skip(problem(table, record, to, "to_stop_id \"\(table.string(record, to))\" is not in stops.txt"))
                    continue
                }
                let typeText = table.string(record, type)
                guard let kind = GTFSFeed.TransferType(rawValue: UInt8(typeText.isEmpty ? "0" : typeText) ?? 99) else {
                    feed.report.skip(problem(table, record, type, "transfer_type \"\(typeText)\" is not 0–3 (in-seat transfers are not used)"))
                    continue
                }
                var seconds: Int32?
                if !table.isEmpty(record, minimum) {
                    guard let value = Int32(table.string(record, minimum)), value >= 0, value <= 86_400 else {
                        feed.report.skip(problem(table, record, minimum, "min_transfer_time \"\(table.string(record, minimum))\" is not 0–86400 s"))
                        continue
                    }
                    seconds = value
                }
                if kind == .minimumTime, seconds == nil {
                    feed.report.skip(problem(table, record, minimum, "transfer_type 2 needs a min_transfer_time"))
                    continue
                }
                feed.transfers.append(.init(from: fromStop, to: toStop, type: kind, minimumSeconds: seconds))
            }
        }

        mutating func readPathways() throws(Diagnostic) {
            guard let table = try table("pathways.txt") else { return }
            let id = try require(table, "pathway_id"), from = try require(table, "from_stop_id")
            let to = try require(table, "to_stop_id"), mode = try require(table, "pathway_mode")
            let bidirectional = try require(table, "is_bidirectional")
            let time = table.column("traversal_time"), length = table.column("length"), stairs = table.column("stair_count")
            var seen = Set<String>()
            for row in 0..<table.count {
                let record = table.record(row)
                let pathwayID = table.string(record, id)
                guard seen.insert(pathwayID).inserted else {
                    feed.report.skip(problem(table, record, id, "duplicate pathway_id \"\(pathwayID)\""))
                    continue
                }
                guard let fromStop = stopIndex[table.string(record, from)] else {
                    feed.report.skip(problem(table, record, from, "from_stop_id \"\(table.string(record, from))\" is not in stops.txt"))
                    continue
                }
                guard let toStop = stopIndex[table.string(record, to)] else {
                    feed.report.skip(problem(table, record, to, "to_stop_id \"\(table.string(record, to))\" is not in stops.txt"))
                    continue
                }
                guard let modeValue = UInt8(table.string(record, mode)), (1...7).contains(modeValue) else {
                    feed.report.skip(problem(table, record, mode, "pathway_mode \"\(table.string(record, mode))\" is not 1–7"))
                    continue
                }
                let seconds = Int32(table.string(record, time)).flatMap { (0...86_400).contains($0) ? $0 : nil }
                let metres = Double(table.string(record, length)).flatMap { $0.isFinite && $0 >= 0 && $0 < 100_000 ? $0 : nil }
                feed.pathways.append(.init(id: pathwayID, from: fromStop, to: toStop, mode: modeValue,
                                           isBidirectional: table.string(record, bidirectional) == "1",
                                           traversalSeconds: seconds, lengthMetres: metres,
                                           stairCount: Int32(table.string(record, stairs)).map { abs($0) }))
            }
        }
    }
}
