/// RAPTOR, the round-based public transit router (Delling, Pajor, Werneck: "Round-Based Public Transit Routing",
/// Transportation Science 2015). Round k finds the earliest arrival at every stop using at most k trips, so the
/// rounds give the Pareto set over (arrival, transfers) directly: the journey of the first round that reaches the
/// target's earliest time is the one with the fewest transfers for that arrival.
///
/// Two labels per stop and round: when one arrives, and when one can board there (arrival by trip plus the stop's
/// change time from transfers.txt; arrival on foot or at the origin needs none). Footpaths are walked once after
/// each round's rides, from the stops those rides reached.
public struct Raptor: Sendable {
    public struct Query: Sendable {
        public var from: [Int32]
        public var to: [Int32]
        /// On the service day's clock.
        public var departure: Int32
        /// Only stops whose wheelchair_boarding (inherited) is 1, never unknown, and only footpaths without stairs or
        /// escalators.
        public var stepFree: Bool
        public var maximumRides: Int
        /// Stops closed now (a live NO_SERVICE or STOP_MOVED alert): no boarding, alighting or walking there;
        /// trains still pass through them.
        public var closedStops: Set<Int32>

        public init(from: [Int32], to: [Int32], departure: Int32, stepFree: Bool = false, maximumRides: Int = 8,
                    closedStops: Set<Int32> = []) {
            self.from = from
            self.to = to
            self.departure = departure
            self.stepFree = stepFree
            self.maximumRides = maximumRides
            self.closedStops = closedStops
        }
    }

    public let day: ServiceDay

    public init(day: ServiceDay) {
        self.day = day
    }

    private enum Via: UInt8 { case none = 0, origin, ride, walk }

    /// Per round and stop: the best arrival and boarding time, and which of the round's ride or walk gave each.
    private struct Labels {
        var arrival: [[Int32]]
        var ready: [[Int32]]
        var arrivalVia: [[Via]]
        var readyVia: [[Via]]
        var rideTrip: [[Int32]]
        var rideOffset: [[Int32]]
        var rideBoard: [[Int32]]
        var rideAlight: [[Int32]]
        var rideArrival: [[Int32]]
        var walkFrom: [[Int32]]
        var walkArrival: [[Int32]]

        init(rounds: Int, stops: Int) {
            let times = [[Int32]](repeating: [Int32](repeating: .max, count: stops), count: rounds)
            let indexes = [[Int32]](repeating: [Int32](repeating: -1, count: stops), count: rounds)
            let vias = [[Via]](repeating: [Via](repeating: .none, count: stops), count: rounds)
            arrival = times; ready = times; rideArrival = times; walkArrival = times
            arrivalVia = vias; readyVia = vias
            rideTrip = indexes; rideOffset = indexes; rideBoard = indexes; rideAlight = indexes; walkFrom = indexes
        }
    }

    /// The Pareto set: for each number of rides that arrives earlier than with fewer, one journey.
    public func journeys(_ query: Query) -> [Journey] {
        let timetable = day.timetable
        let stopCount = timetable.stops.count
        let rounds = max(1, query.maximumRides) + 1
        let never = Int32.max
        var labels = Labels(rounds: rounds, stops: stopCount)
        var bestArrival = [Int32](repeating: never, count: stopCount)
        var bestReady = [Int32](repeating: never, count: stopCount)
        var isTarget = [Bool](repeating: false, count: stopCount)
        for stop in query.to where stop >= 0 && Int(stop) < stopCount { isTarget[Int(stop)] = true }
        var bestTarget = never
        let stepFree = query.stepFree
        let closed = query.closedStops
        func usable(_ stop: Int32) -> Bool {
            (closed.isEmpty || !closed.contains(stop)) && (!stepFree || StepFreeAccess.allowsStepFreeJourneys(timetable.stops[Int(stop)].wheelchairBoarding))
        }

        var marked: [Int32] = []
        var isMarked = [Bool](repeating: false, count: stopCount)
        func mark(_ stop: Int32) {
            if !isMarked[Int(stop)] { isMarked[Int(stop)] = true; marked.append(stop) }
        }
        for stop in query.from where stop >= 0 && Int(stop) < stopCount && !closed.contains(stop) {
            let s = Int(stop)
            labels.arrival[0][s] = query.departure
            labels.ready[0][s] = query.departure
            labels.arrivalVia[0][s] = .origin
            labels.readyVia[0][s] = .origin
            bestArrival[s] = query.departure
            bestReady[s] = query.departure
            if isTarget[s] { bestTarget = query.departure }
            mark(stop)
        }

        func relaxFootpaths(round k: Int, sources: [(Int32, Int32)]) {
            for (from, time) in sources {
                let start = Int(timetable.footpathStart[Int(from)]), end = Int(timetable.footpathStart[Int(from) + 1])
                for f in start..<end {
                    let path = timetable.footpaths[f]
                    if stepFree && !path.isStepFree || !usable(path.to) { continue }
                    let t = time + path.seconds
                    let to = Int(path.to)
                    guard t < bestArrival[to] || t < bestReady[to], t < bestTarget else { continue }
                    if t < labels.walkArrival[k][to] {
                        labels.walkArrival[k][to] = t
                        labels.walkFrom[k][to] = from
                    }
                    if t < labels.arrival[k][to] { labels.arrival[k][to] = t; labels.arrivalVia[k][to] = .walk }
                    if t < labels.ready[k][to] { labels.ready[k][to] = t; labels.readyVia[k][to] = .walk }
                    bestArrival[to] = min(bestArrival[to], t)
                    bestReady[to] = min(bestReady[to], t)
                    if isTarget[to] { bestTarget = min(bestTarget, t) }
                    mark(path.to)
                }
            }
        }
        relaxFootpaths(round: 0, sources: marked.map { ($0, query.departure) })

        var lastRound = 0
        for k in 1..<rounds {
            guard !marked.isEmpty else { break }
            lastRound = k
            labels.arrival[k] = labels.arrival[k - 1]
            labels.ready[k] = labels.ready[k - 1]
            // Patterns through a marked stop, each from the earliest marked position.
            var startAt: [Int32: Int32] = [:]
            for stop in marked {
                let s = Int(stop)
                for p in Int(timetable.stopPatternStart[s])..<Int(timetable.stopPatternStart[s + 1]) {
                    let pattern = timetable.stopPatterns[p]
                    let info = timetable.patterns[Int(pattern)]
                    for i in 0..<Int(info.stopCount) where timetable.patternStops[Int(info.firstStop) + i] == stop {
                        if let existing = startAt[pattern], existing <= Int32(i) { break }
                        startAt[pattern] = Int32(i)
                        break
                    }
                }
            }
            for stop in marked { isMarked[Int(stop)] = false }
            marked.removeAll(keepingCapacity: true)
            var reachedByRide: [Int32] = []

            for (pattern, first) in startAt {
                let info = timetable.patterns[Int(pattern)]
                let runs = day.runs[Int(pattern)]
                guard !runs.isEmpty else { continue }
                var current = -1   // index into runs
                var boardedAt: Int32 = -1
                for i in Int(first)..<Int(info.stopCount) {
                    let stop = timetable.patternStops[Int(info.firstStop) + i]
                    let s = Int(stop)
                    let rule = timetable.patternStopRules[Int(info.firstStop) + i]
                    if current >= 0, rule & Timetable.noDropOff == 0, usable(stop) {
                        let run = runs[current]
                        let t = timetable.arrival(trip: Int(run.trip), at: i) + run.offset
                        let readyHere = t &+ timetable.changeSeconds[s]
                        if (t < bestArrival[s] || readyHere < bestReady[s]) && t < bestTarget {
                            if t < labels.rideArrival[k][s] {
                                labels.rideArrival[k][s] = t
                                labels.rideTrip[k][s] = run.trip
                                labels.rideOffset[k][s] = run.offset
                                labels.rideBoard[k][s] = boardedAt
                                labels.rideAlight[k][s] = Int32(i)
                                reachedByRide.append(stop)
                            }
                            if t < labels.arrival[k][s] { labels.arrival[k][s] = t; labels.arrivalVia[k][s] = .ride }
                            if readyHere < labels.ready[k][s] { labels.ready[k][s] = readyHere; labels.readyVia[k][s] = .ride }
                            bestArrival[s] = min(bestArrival[s], t)
                            bestReady[s] = min(bestReady[s], readyHere)
                            if isTarget[s] { bestTarget = min(bestTarget, t) }
                            mark(stop)
                        }
                    }
                    let canBoard = labels.ready[k - 1][s]
                    guard canBoard != never, rule & Timetable.noPickup == 0, usable(stop) else { continue }
                    if current >= 0, canBoard > departure(runs[current], i) { continue }
                    if let earlier = earliestRun(runs, pattern: Int(pattern), position: i, notBefore: canBoard),
                       current < 0 || departure(runs[earlier], i) < departure(runs[current], i) {
                        current = earlier
                        boardedAt = Int32(i)
                    }
                }
            }
            // Walks start from where this round's rides arrived (not from stops reached on foot: one walk at a time).
            var seen = Set<Int32>()
            let sources = reachedByRide.filter { seen.insert($0).inserted }.sorted().map { ($0, labels.rideArrival[k][Int($0)]) }
            relaxFootpaths(round: k, sources: sources)
        }

        func rideLeg(_ k: Int, _ s: Int32) -> Journey.Ride {
            let trip = labels.rideTrip[k][Int(s)], offset = labels.rideOffset[k][Int(s)]
            let board = labels.rideBoard[k][Int(s)], alight = labels.rideAlight[k][Int(s)]
            let pattern = timetable.patterns[Int(timetable.trips[Int(trip)].pattern)]
            return Journey.Ride(trip: trip, fromStop: timetable.patternStops[Int(pattern.firstStop) + Int(board)], toStop: s,
                                boardPosition: board, alightPosition: alight,
                                departure: timetable.departure(trip: Int(trip), at: Int(board)) + offset,
                                arrival: timetable.arrival(trip: Int(trip), at: Int(alight)) + offset)
        }

        /// Follows the labels back from a stop: its arrival label for the target, its boarding label for each stop
        /// a ride was boarded at; a label not set in a round was carried over from an earlier one.
        func reconstruct(round: Int, stop: Int32) -> Journey? {
            var legs: [Journey.Leg] = []
            var k = round, s = stop
            var useArrival = true
            while k >= 0 {
                let via = useArrival ? labels.arrivalVia[k][Int(s)] : labels.readyVia[k][Int(s)]
                switch via {
                case .none:
                    k -= 1
                    continue
                case .origin:
                    return Journey(legs: legs.reversed(), departure: query.departure, arrival: labels.arrival[round][Int(stop)])
                case .walk:
                    let from = labels.walkFrom[k][Int(s)]
                    let t = labels.walkArrival[k][Int(s)]
                    let left = k == 0 ? query.departure : labels.rideArrival[k][Int(from)]
                    legs.append(.walk(.init(fromStop: from, toStop: s, departure: left, arrival: t)))
                    if k == 0 {
                        return Journey(legs: legs.reversed(), departure: query.departure, arrival: labels.arrival[round][Int(stop)])
                    }
                    s = from
                    fallthrough
                case .ride:
                    let ride = rideLeg(k, s)
                    legs.append(.ride(ride))
                    s = ride.fromStop
                    k -= 1
                    useArrival = false
                }
            }
            return nil
        }

        // One journey per round that improved the target's arrival.
        var results: [Journey] = []
        var bestSoFar = never
        for k in 0...lastRound {
            var bestStop: Int32 = -1
            for stop in query.to where stop >= 0 && Int(stop) < stopCount && labels.arrival[k][Int(stop)] < bestSoFar {
                if bestStop < 0 || labels.arrival[k][Int(stop)] < labels.arrival[k][Int(bestStop)] { bestStop = stop }
            }
            guard bestStop >= 0 else { continue }
            bestSoFar = labels.arrival[k][Int(bestStop)]
            if let journey = reconstruct(round: k, stop: bestStop) { results.append(journey) }
        }
        return results
    }

    /// The journey arriving earliest, with the fewest transfers among those.
    public func earliestArrival(_ query: Query) -> Journey? {
        journeys(query).last
    }

    private func departure(_ run: ServiceDay.TripRun, _ position: Int) -> Int32 {
        day.timetable.departure(trip: Int(run.trip), at: position) + run.offset
    }

    /// The run leaving `position` earliest at or after `time`.
    private func earliestRun(_ runs: [ServiceDay.TripRun], pattern: Int, position: Int, notBefore time: Int32) -> Int? {
        if day.isFirstInFirstOut[pattern] {
            var low = 0, high = runs.count
            while low < high {
                let mid = (low + high) / 2
                if departure(runs[mid], position) < time { low = mid + 1 } else { high = mid }
            }
            return low < runs.count ? low : nil
        }
        var best: Int?
        for (index, run) in runs.enumerated() where departure(run, position) >= time {
            if best == nil || departure(run, position) < departure(runs[best!], position) { best = index }
        }
        return best
    }
}
