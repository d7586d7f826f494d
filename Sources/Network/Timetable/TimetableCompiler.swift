import Foundation

/// Turns a read feed into the compiled `Timetable`: trips grouped into non-overtaking patterns, calendars kept as
/// rules (not expanded to dates), transfers.txt turned into change times and footpaths, and the walks inside
/// stations found over pathways.txt.
public enum TimetableCompiler {
    /// Walking speed for a walk known only by its length or by the stops' coordinates (a slow adult pace, as
    /// journey planners use for transfers).
    public static let walkingMetresPerSecond = 1.2
    /// A walk between two platforms of one station when nothing says how long it is.
    public static let defaultPlatformChangeSeconds: Int32 = 120
    /// Walks longer than this are not offered as footpaths.
    public static let maximumWalkSeconds: Int32 = 15 * 60

    public static func compile(_ feed: GTFSFeed) -> Timetable {
        let stops = feed.stops.map { stop in
            Timetable.Stop(id: stop.id, name: stop.name, parent: stop.parent ?? -1, locationType: stop.locationType.rawValue,
                           wheelchairBoarding: stop.wheelchairBoarding != 0 ? stop.wheelchairBoarding
                               : stop.parent.map { feed.stops[Int($0)].wheelchairBoarding } ?? 0,
                           latitude: stop.latitude ?? .nan, longitude: stop.longitude ?? .nan)
        }
        let routes = feed.routes.map {
            Timetable.Route(id: $0.id, shortName: $0.shortName, longName: $0.longName, color: $0.color, type: $0.type,
                            agencyID: feed.agencies.indices.contains(Int($0.agency)) ? feed.agencies[Int($0.agency)].id : "")
        }
        let services = feed.services.map { service in
            Timetable.Service(id: service.id, weekdays: service.weekdays, start: service.start?.dayNumber ?? 1,
                              end: service.end?.dayNumber ?? 0, added: service.added.map(\.dayNumber).sorted(),
                              removed: service.removed.map(\.dayNumber).sorted())
        }
        let (patterns, patternStops, rules, trips, times) = buildPatterns(feed)
        var changeSeconds = [Int32](repeating: 0, count: stops.count)
        for transfer in feed.transfers where transfer.from == transfer.to {
            switch transfer.type {
            case .notPossible: changeSeconds[Int(transfer.from)] = Timetable.noChange
            case .minimumTime: changeSeconds[Int(transfer.from)] = transfer.minimumSeconds ?? 0
            case .timed, .recommended: changeSeconds[Int(transfer.from)] = 0
            }
        }
        let footpaths = buildFootpaths(feed, stops: stops)
        var timetable = Timetable(timeZone: feed.timeZone, agencyName: feed.agencies.first?.name ?? "",
                                  stops: stops, routes: routes, services: services, patterns: patterns,
                                  patternStops: patternStops, patternStopRules: rules, trips: trips, times: times,
                                  changeSeconds: changeSeconds, footpaths: footpaths)
        // Keyed by GTFS ids and words, which the compiled timetable keeps as they are.
        timetable.translations = feed.translations
        return timetable
    }

    private struct PatternKey: Hashable {
        var route: Int32
        var stops: [Int32]
        var rules: [UInt8]
    }

    private static func buildPatterns(_ feed: GTFSFeed)
        -> ([Timetable.Pattern], [Int32], [UInt8], [Timetable.Trip], [Int32]) {
        var groups: [PatternKey: [Int]] = [:]
        var order: [PatternKey] = []
        for (index, trip) in feed.trips.enumerated() where trip.stopTimes.count >= 2 {
            let times = feed.stopTimes[trip.stopTimes]
            let key = PatternKey(route: trip.route, stops: times.map(\.stop),
                                 rules: times.map { ($0.noPickup ? Timetable.noPickup : 0) | ($0.noDropOff ? Timetable.noDropOff : 0) })
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(index)
        }
        var patterns: [Timetable.Pattern] = []
        var patternStops: [Int32] = []
        var rules: [UInt8] = []
        var trips: [Timetable.Trip] = []
        var times: [Int32] = []
        times.reserveCapacity(feed.stopTimes.count * 2)
        for key in order {
            let members = groups[key]!.sorted {
                (feed.stopTimes[feed.trips[$0].stopTimes.lowerBound].departure, $0)
                    < (feed.stopTimes[feed.trips[$1].stopTimes.lowerBound].departure, $1)
            }
            // RAPTOR's "earliest trip from here" needs trips that never overtake: split a group into chains where
            // each trip is at or after the previous one at every stop.
            var chains: [[Int]] = []
            for trip in members {
                let mine = feed.stopTimes[feed.trips[trip].stopTimes]
                if let chain = chains.firstIndex(where: { chain in
                    let theirs = feed.stopTimes[feed.trips[chain.last!].stopTimes]
                    return zip(mine, theirs).allSatisfy { $0.arrival >= $1.arrival && $0.departure >= $1.departure }
                }) {
                    chains[chain].append(trip)
                } else {
                    chains.append([trip])
                }
            }
            for chain in chains {
                let patternIndex = Int32(patterns.count)
                patterns.append(.init(route: key.route, firstStop: Int32(patternStops.count), stopCount: Int32(key.stops.count),
                                      firstTrip: Int32(trips.count), tripCount: Int32(chain.count)))
                patternStops.append(contentsOf: key.stops)
                rules.append(contentsOf: key.rules)
                for index in chain {
                    let trip = feed.trips[index]
                    trips.append(.init(id: trip.id, pattern: patternIndex, service: trip.service, headsign: trip.headsign,
                                       direction: trip.direction ?? 255, firstTime: Int32(times.count)))
                    for time in feed.stopTimes[trip.stopTimes] {
                        times.append(time.arrival)
                        times.append(time.departure)
                    }
                }
            }
        }
        return (patterns, patternStops, rules, trips, times)
    }

    // MARK: footpaths

    static func distanceMetres(_ a: Timetable.Stop, _ b: Timetable.Stop) -> Double? {
        guard a.latitude.isFinite, a.longitude.isFinite, b.latitude.isFinite, b.longitude.isFinite else { return nil }
        let toRadians = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * toRadians, dLon = (b.longitude - a.longitude) * toRadians
        let h = sin(dLat / 2) * sin(dLat / 2)
            + cos(a.latitude * toRadians) * cos(b.latitude * toRadians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_000 * asin(min(1, sqrt(h)))
    }

    static func walkSeconds(_ a: Timetable.Stop, _ b: Timetable.Stop, fallback: Int32) -> Int32 {
        guard let metres = distanceMetres(a, b) else { return fallback }
        return max(60, Int32((metres / walkingMetresPerSecond).rounded()))
    }

    private static func buildFootpaths(_ feed: GTFSFeed, stops: [Timetable.Stop]) -> [Timetable.Footpath] {
        var usedStops = Set<Int32>()
        for time in feed.stopTimes { usedStops.insert(time.stop) }
        // The quickest walk between two stops, and the quickest without stairs or escalators when that one is not:
        // a step-free journey may take the lift where others take the escalator.
        var best: [Int64: Timetable.Footpath] = [:]
        var bestStepFree: [Int64: Timetable.Footpath] = [:]
        func offer(_ path: Timetable.Footpath) {
            guard path.from != path.to, path.seconds <= maximumWalkSeconds else { return }
            let key = Int64(path.from) << 32 | Int64(path.to)
            if path.seconds < best[key]?.seconds ?? .max { best[key] = path }
            if path.isStepFree, path.seconds < bestStepFree[key]?.seconds ?? .max { bestStepFree[key] = path }
        }
        // Platforms of one station, when pathways say nothing: a walk estimated from their coordinates, step-free
        // when both platforms say so (unknown is not).
        var children: [Int32: [Int32]] = [:]
        for stop in usedStops where stops[Int(stop)].parent >= 0 { children[stops[Int(stop)].parent, default: []].append(stop) }
        let pathwayStops = Set(feed.pathways.flatMap { [$0.from, $0.to] })
        for (_, platforms) in children {
            for a in platforms {
                for b in platforms where a != b && !(pathwayStops.contains(a) && pathwayStops.contains(b)) {
                    let stepFree = StepFreeAccess.allowsStepFreeJourneys(stops[Int(a)].wheelchairBoarding)
                        && StepFreeAccess.allowsStepFreeJourneys(stops[Int(b)].wheelchairBoarding)
                    offer(.init(from: a, to: b, seconds: walkSeconds(stops[Int(a)], stops[Int(b)], fallback: defaultPlatformChangeSeconds),
                                isStepFree: stepFree))
                }
            }
        }
        // Pathways: the quickest walk between platforms, and separately the quickest without stairs or escalators.
        if !feed.pathways.isEmpty {
            var edges: [Int32: [(to: Int32, seconds: Int32, stepFree: Bool)]] = [:]
            for pathway in feed.pathways {
                let seconds = pathway.traversalSeconds
                    ?? pathway.lengthMetres.map { Int32(($0 / walkingMetresPerSecond).rounded()) }
                    ?? max(walkSeconds(stops[Int(pathway.from)], stops[Int(pathway.to)], fallback: 30) - 60, 10)
                edges[pathway.from, default: []].append((pathway.to, seconds, pathway.isStepFree))
                if pathway.isBidirectional { edges[pathway.to, default: []].append((pathway.from, seconds, pathway.isStepFree)) }
            }
            let platforms = usedStops.filter { pathwayStops.contains($0) }.sorted()
            let platformSet = Set(platforms)
            for start in platforms {
                for stepFreeOnly in [false, true] {
                    for (stop, seconds) in shortestWalks(from: start, edges: edges, stepFreeOnly: stepFreeOnly)
                    where platformSet.contains(stop) && stop != start {
                        offer(.init(from: start, to: stop, seconds: seconds, isStepFree: stepFreeOnly))
                    }
                }
            }
        }
        // transfers.txt between two stops: its minimum time, or a walk estimated from the coordinates; type 3
        // forbids the walk whatever else offered it.
        var forbidden = Set<Int64>()
        for transfer in feed.transfers where transfer.from != transfer.to {
            let key = Int64(transfer.from) << 32 | Int64(transfer.to)
            if transfer.type == .notPossible {
                forbidden.insert(key)
                continue
            }
            let a = stops[Int(transfer.from)], b = stops[Int(transfer.to)]
            let seconds = transfer.minimumSeconds ?? walkSeconds(a, b, fallback: defaultPlatformChangeSeconds)
            // The feed's own figure replaces an estimate (for step-free walks too, unless pathways gave one).
            best[key] = .init(from: transfer.from, to: transfer.to, seconds: seconds,
                              isStepFree: StepFreeAccess.allowsStepFreeJourneys(a.wheelchairBoarding)
                                  && StepFreeAccess.allowsStepFreeJourneys(b.wheelchairBoarding))
            if best[key]!.isStepFree { bestStepFree[key] = best[key] }
        }
        var paths: [Timetable.Footpath] = []
        for (key, path) in best where !forbidden.contains(key) {
            paths.append(path)
            if !path.isStepFree, let stepFree = bestStepFree[key] { paths.append(stepFree) }
        }
        return paths.sorted { ($0.from, $0.to, $0.seconds) < ($1.from, $1.to, $1.seconds) }
    }

    /// Dijkstra over the pathway graph, bounded by `maximumWalkSeconds`.
    private static func shortestWalks(from start: Int32, edges: [Int32: [(to: Int32, seconds: Int32, stepFree: Bool)]],
                                      stepFreeOnly: Bool) -> [Int32: Int32] {
        var distance: [Int32: Int32] = [start: 0]
        var frontier: [(Int32, Int32)] = [(0, start)]
        while let next = frontier.min(by: { $0.0 < $1.0 }) {
            frontier.removeAll { $0 == next }
            let (d, stop) = next
            guard d == distance[stop] else { continue }
            for edge in edges[stop] ?? [] where !stepFreeOnly || edge.stepFree {
                let candidate = d + edge.seconds
                guard candidate <= maximumWalkSeconds else { continue }
                if candidate < distance[edge.to] ?? .max {
                    distance[edge.to] = candidate
                    frontier.append((candidate, edge.to))
                }
            }
        }
        return distance
    }
}
