import MetroMap
import Raster

extension LabelPlan {
    /// Places the map's labels level by level (see `LabelPlan`), and can be asked to do it again around names given
    /// their place beforehand. What does not move (strokes, marks, captions, badges, the frame) is checked once per
    /// candidate and level however often the plan is made.
    final class Placer {
        /// Where a label goes: from which level of the ladder, with which of its candidates.
        struct Spot {
            var level: Int, number: Int
            /// A name whose place changes at a larger level: from this level on it takes this other candidate. A hub's
            /// name given a far place at twice the home scale takes the nearer place the plan found for it (`reserve`);
            /// a hub's name in the way of another's at 2× moves aside (`makeRoom`).
            var nearer: (level: Int, number: Int)? = nil

            /// The candidate shown at `level` (from `level` on).
            func number(at level: Int) -> Int {
                guard let nearer, level >= nearer.level else { return number }
                return nearer.number
            }
        }

        let drawing: MapDrawing
        let style: MapStyle
        let scales: [Double]
        let obstacles: LineObstacles
        let background: BackgroundObstacles
        let badges: LineBadges?
        private(set) var candidates: [[Candidate]]
        let saturation: Int
        /// Per candidate: the lowest level checked clear of strokes, marks, captions, badges and frame from there up
        /// to the top (none of them move, so each level is checked once).
        private var clearFrom: [[Int]]
        /// Per candidate: the highest level found not clear of what does not move (-1: none yet). `reserve`,
        /// `bridge` and `makeRoom` ask again about the same places for every hub they try, and a failing test was
        /// made again each time (New York's portrait plan at 1080×1920: 41.9 s in a debug build before, 11.1 after).
        private var blockedAt: [[Int]]
        /// Per candidate: the level below which it may not go. Plates from twice the smallest scale up (4 quarter
        /// octaves): at the overview they would cut every line around the hubs, and the home view around "you are
        /// here" is chosen by the names shown without them. An interchange's plated name on a leader comes in with the
        /// other plates, from 2×: beside the busiest hubs every near place is another hub's mark or name, and a leader
        /// across the lines reaches a free one (Moscow names 98 of 117 interchanges at 2× of the fitted 1080p view
        /// with it, 89 without). Other leaders wait for the top octave, where stations are far apart. The farthest
        /// leaders are never taken here: only `reserve` gives them, to hubs still unnamed at twice the home scale.
        private(set) var allowedFrom: [[Int]]
        /// A leader may cross the platforms of its own interchange (one white shape), never another station's mark.
        private let platforms: [SchemePoint: [SchemePoint]]
        /// Per candidate, by level: whether its leader crosses a line (1), not (0), or not yet asked (-1). `makeRoom`
        /// asks again for the same moved names at every hub place it tries (a sixth of New York's label plan).
        private var crossesLine: [[Int8]]

        init(drawing: MapDrawing, style: MapStyle, scales: [Double], obstacles: LineObstacles,
             background: BackgroundObstacles, badges: LineBadges?, candidates: [[Candidate]], saturation: Int) {
            self.drawing = drawing
            self.style = style
            self.scales = scales
            self.obstacles = obstacles
            self.background = background
            self.badges = badges
            self.candidates = candidates
            self.saturation = saturation
            let count = scales.count
            clearFrom = candidates.map { Array(repeating: count, count: $0.count) }
            blockedAt = candidates.map { Array(repeating: -1, count: $0.count) }
            crossesLine = candidates.map { Array(repeating: -1, count: $0.count * count) }
            allowedFrom = candidates.map {
                $0.map { $0.isFarLeader ? count : $0.onPlate ? min(4, count - 1) : $0.isLastResort ? max(count - 5, 0) : 0 }
            }
            var platforms: [SchemePoint: [SchemePoint]] = [:]
            for interchange in drawing.interchanges {
                for station in interchange.stations { platforms[station] = interchange.stations }
            }
            self.platforms = platforms
        }

        /// Adds places for `index` that no pass of the plan takes on its own (`stack` alone tries them): their numbers.
        func append(_ extra: [Candidate], to index: Int) -> Range<Int> {
            let start = candidates[index].count, count = scales.count
            candidates[index] += extra
            clearFrom[index] += Array(repeating: count, count: extra.count)
            blockedAt[index] += Array(repeating: -1, count: extra.count)
            crossesLine[index] += Array(repeating: -1, count: extra.count * count)
            allowedFrom[index] += Array(repeating: count, count: extra.count)
            return start..<candidates[index].count
        }

        /// The candidate's box at `level`.
        func bounds(_ index: Int, _ number: Int, at level: Int) -> Rect {
            LabelPlan.bounds(candidates[index][number], label: drawing.labels[index], drawing: drawing, style: style,
                             scale: scales[level])
        }

        /// What the candidate covers at `level`: its box and, for a name on a leader, the leader's squares, so no
        /// other name sits over a leader and no leader runs through another name.
        func footprint(_ index: Int, _ number: Int, at level: Int) -> [Rect] {
            let box = bounds(index, number, at: level), candidate = candidates[index][number]
            guard candidate.hasLeader else { return [box] }
            let leader = LabelPlan.leader(candidate, textBounds: LabelPlan.textBounds(box, style: style), drawing: drawing,
                                          style: style, scale: scales[level])
            return [box] + LabelPlan.leaderSquares(leader)
        }

        /// Whether the candidate's leader crosses a line's stroke at `level` (a name beside its mark has none): such a
        /// leader is taken only where no place without one is free (audit-map's leaders_across_lines).
        func leaderCrossesLine(_ index: Int, _ number: Int, at level: Int) -> Bool {
            let candidate = candidates[index][number]
            guard candidate.hasLeader else { return false }
            let slot = number * scales.count + level
            if crossesLine[index][slot] >= 0 { return crossesLine[index][slot] == 1 }
            let box = LabelPlan.textBounds(bounds(index, number, at: level), style: style)
            let crosses = obstacles.leaderCrossesLine(LabelPlan.leader(candidate, textBounds: box, drawing: drawing,
                                                                       style: style, scale: scales[level]),
                                                      scale: scales[level], origin: drawing.bounds.origin)
            crossesLine[index][slot] = crosses ? 1 : 0
            return crosses
        }

        /// Whether the candidate is clear of everything that does not move from `level` up to the top; `checks`
        /// counts the boxes tested.
        func isClear(_ index: Int, _ number: Int, from level: Int, checks: inout Int) -> Bool {
            guard blockedAt[index][number] < level else { return false }
            while clearFrom[index][number] > level {
                let below = clearFrom[index][number] - 1
                checks += 1
                guard isClear(index, number, at: below) else {
                    blockedAt[index][number] = below
                    return false
                }
                clearFrom[index][number] = below
            }
            return true
        }

        /// Whether the candidate is clear of everything that does not move at `level`, for levels `range` alone.
        func isClear(_ index: Int, _ number: Int, over range: Range<Int>, checks: inout Int) -> Bool {
            if clearFrom[index][number] <= range.lowerBound { return true }
            if range.contains(blockedAt[index][number]) { return false }
            return range.allSatisfy { at in
                guard at < clearFrom[index][number] else { return true }
                checks += 1
                guard isClear(index, number, at: at) else {
                    blockedAt[index][number] = max(blockedAt[index][number], at)
                    return false
                }
                return true
            }
        }

        /// Whether the candidate is clear at `level` of the strokes, marks, captions, badges and frame.
        private func isClear(_ index: Int, _ number: Int, at level: Int) -> Bool {
            let label = drawing.labels[index], candidate = candidates[index][number]
            // A stacked block names the stations of its other names too.
            let own = ([label.station] + label.otherStations)
                + candidate.members.flatMap { [drawing.labels[$0].station] + drawing.labels[$0].otherStations }
            let origin = drawing.bounds.origin
            let box = bounds(index, number, at: level)
            // Beside its station a name must be nearer its own mark than any other; farther out its leader
            // says whose it is, and must not pass over another station's mark.
            return LabelPlan.isClear(box, scale: scales[level], drawing: drawing, style: style, obstacles: obstacles,
                                     background: background, overLines: candidate.onPlate)
                && LabelPlan.staysInItsInset(box, station: candidate.station, drawing: drawing, scale: scales[level])
                && !(badges?.hits(box, scale: scales[level], origin: origin, style: style) ?? false)
                && (candidate.hasLeader
                    ? !obstacles.leaderMeetsAnotherStation(
                        LabelPlan.leader(candidate, textBounds: LabelPlan.textBounds(box, style: style),
                                         drawing: drawing, style: style, scale: scales[level]),
                        scale: scales[level], origin: origin, own: own + own.flatMap { platforms[$0] ?? [] })
                        // A hub's name is joined across the lines from a plate alone (it has plated places for that);
                        // another name's leader crosses one only where nothing else is free (`place`).
                        && (candidate.onPlate || label.rank != .interchange || !leaderCrossesLine(index, number, at: level))
                    : !obstacles.isNearerToAnotherStation(LabelPlan.textBounds(box, style: style), scale: scales[level],
                                                         origin: origin, own: own))
        }

        /// The plan with `reserved` names in their places from the first, the rest taken scale by scale, smallest
        /// first: labels already shown keep their place, and the rest are taken in the drawing's priority order (the
        /// busiest, most central interchanges first) into what is left, each only where it stays clear at every larger
        /// scale.
        func place(reserved: [Int: Spot], only: [Int]? = nil) -> (spots: [Spot?], checks: Int) {
            let count = scales.count
            var spots: [Spot?] = Array(repeating: nil, count: drawing.labels.count)
            var grids = scales.map { _ in OccupancyGrid(cellSize: 96) }
            var checks = 0
            for (index, spot) in reserved {
                spots[index] = spot
                for at in spot.level..<count { grids[at].insert(footprint(index, spot.number(at: at), at: at)) }
            }
            var notBefore = allowedFrom
            var unplaced = (only ?? Array(drawing.labels.indices)).filter { spots[$0] == nil }
            // Per label: the lowest level any of its candidates may be placed at (the least of `notBefore`), so a label
            // whose every candidate waits for a larger scale is passed over without visiting them.
            var earliest = Array(repeating: 0, count: drawing.labels.count)
            for level in 0..<count {
                // A level is saturated once `saturation` labels in a row found no place at it: the rest would only
                // repeat the same failing tests (thousands of stops on the screen of a large map's overview each trying
                // every candidate), so they wait for the next level. The top level is never cut short: a label left
                // there is never drawn.
                var failures = 0
                let capped = level < count - 1
                unplaced = unplaced.filter { index in
                    guard earliest[index] <= level else { return true }
                    if capped && failures >= saturation { return true }
                    failures += 1
                    defer { earliest[index] = notBefore[index].min() ?? count }
                    var across: Int?
                    func take(_ number: Int) {
                        spots[index] = Spot(level: level, number: number)
                        for at in level..<count {
                            checks += 1
                            grids[at].insert(footprint(index, number, at: at))
                        }
                        failures = 0
                    }
                    for number in candidates[index].indices where notBefore[index][number] <= level {
                        checks += 1
                        func box(_ at: Int) -> [Rect] {
                            checks += 1
                            return footprint(index, number, at: at)
                        }
                        // The names already placed first, from this level up to the first where the box is free of
                        // them (a candidate goes only where it is free at every larger scale, so one covered at a level
                        // cannot go at any level below it): where they fill a level (a dense map's small scales) the
                        // candidate is passed over without the costlier test against the strokes, which at a small
                        // scale spans a large part of the map (most of a 20,000-stop line's two minutes). The plan is
                        // the same either way.
                        var free = level
                        while free < count {
                            guard grids[free].overlaps(box(free)) else { break }
                            free += 1
                        }
                        if free > level {
                            notBefore[index][number] = free
                            continue
                        }
                        guard isClear(index, number, from: level, checks: &checks) else {
                            notBefore[index][number] = clearFrom[index][number]
                            continue
                        }
                        if let taken = (level..<count).last(where: { grids[$0].overlaps(box($0)) }) {
                            notBefore[index][number] = taken + 1
                            continue
                        }
                        // A leader across a line is taken only when no later candidate is free without one.
                        if leaderCrossesLine(index, number, at: level) {
                            across = across ?? number
                            continue
                        }
                        take(number)
                        return false
                    }
                    if let across {
                        take(across)
                        return false
                    }
                    return true
                }
            }
            return (spots, checks)
        }

        /// Places for the `missing` labels (in priority order) from `level` up, before the other names: for each, of
        /// its candidates clear there of what does not move and of the interchanges' names, the one displacing the
        /// fewest other names of `plan`, so the plan made again around them loses as few names as it can. When only
        /// a few interchanges' names are in the way of a candidate, they may move to other free places of their
        /// own (`makeRoom`: Berlin's Gleisdreieck and Möckernbrücke, Moscow's Москва Курская).
        func reserve(_ missing: [Int], at level: Int, home: Int, around plan: [Spot?],
                     reserved: [Int: Spot]) -> (reserved: [Int: Spot], checks: Int) {
            let count = scales.count
            var checks = 0
            // The names of the plan from `level` up, by whether they may be displaced: interchanges' names are kept.
            var kept = reserved
            var movableBoxes = scales.map { _ in [(box: Rect, index: Int)]() }
            for (index, spot) in plan.enumerated() {
                // The missing names themselves are to be placed anew, not kept where the plan left them.
                guard let spot, reserved[index] == nil, !missing.contains(index) else { continue }
                if drawing.labels[index].rank == .interchange {
                    kept[index] = spot
                } else {
                    for at in spot.level..<count { movableBoxes[at] += footprint(index, spot.number(at: at), at: at).map { ($0, index) } }
                }
            }
            let movable = movableBoxes.map(LabelBoxIndex.init)
            var grids = keptGrids(kept, from: level)
            func isHome(_ index: Int) -> Bool { (plan[index]?.level ?? home + 1) <= home }
            // A far leader, or a place held only to a larger scale, pushes out no name shown below `level`: the views
            // between home and 2× keep their names (the fitted bilingual Moscow lost 3 of 20 English lines without).
            func isShownBelow(_ index: Int) -> Bool { (plan[index]?.level ?? level) < level }
            var found: [Int: Spot] = [:]
            for index in missing {
                var best: (number: Int, cost: Int)?
                var blocked: [Int] = []
                for number in candidates[index].indices
                where allowedFrom[index][number] <= level || candidates[index][number].isFarLeader {
                    checks += 1
                    guard isClear(index, number, from: level, checks: &checks) else { continue }
                    let boxes = (level..<count).map { footprint(index, number, at: $0) }
                    guard !zip(level..<count, boxes).contains(where: { grids[$0].overlaps($1) }) else {
                        blocked.append(number)
                        continue
                    }
                    // A name shown at the home view is not given up for a hub's at 2×: the home view is what every
                    // traveller sees first.
                    let displaced = self.displaced(index, number, from: level, among: movable, checks: &checks)
                    guard !displaced.contains(where: { isHome($0) || (candidates[index][number].isFarLeader && isShownBelow($0)) })
                    else { continue }
                    let cost = displaced.count * 2 + (leaderCrossesLine(index, number, at: level) ? 1 : 0)
                    if cost < (best?.cost ?? .max) { best = (number, cost) }
                    if cost == 0 { break }
                }
                if let best {
                    let spot = Spot(level: level, number: best.number)
                    found[index] = spot
                    kept[index] = spot
                    grids.insert(index, spot, from: level, footprint: footprint)
                } else if let room = makeRoom(for: index, at: blocked.map { Spot(level: level, number: $0) }, kept: kept,
                                              fixed: reserved, sparing: movable, home: isHome, shownBelow: isShownBelow,
                                              checks: &checks) {
                    for (other, spot) in room { found[other] = spot }
                    kept.merge(room) { _, new in new }
                    grids = keptGrids(kept, from: level)
                }
            }
            // Then the hubs still left, each only until its own nearer place comes free, once every hub that can hold
            // a place at every larger scale has one (Berlin's Möckernbrücke bridged first took Gleisdreieck's places).
            for index in missing where found[index] == nil {
                guard let near = plan[index], near.level > level, near.nearer == nil,
                      !(near.level..<count).contains(where: { grids[$0].overlaps(footprint(index, near.number, at: $0)) })
                else { continue }
                let bridged = bridge(index, over: level..<near.level, grids: grids, among: movable, keeping: isShownBelow,
                                     checks: &checks)
                if let number = bridged.number {
                    let spot = Spot(level: level, number: number, nearer: (near.level, near.number))
                    found[index] = spot
                    kept[index] = spot
                    grids.insert(index, spot, from: level, footprint: footprint)
                    continue
                } else if let room = makeRoom(for: index, at: bridged.blocked.map {
                    Spot(level: level, number: $0, nearer: (near.level, near.number))
                }, kept: kept, fixed: reserved, sparing: movable, home: isShownBelow, shownBelow: isShownBelow, checks: &checks) {
                    for (other, spot) in room { found[other] = spot }
                    kept.merge(room) { _, new in new }
                } else {
                    continue
                }
                grids = keptGrids(kept, from: level)
            }
            return (found, checks)
        }

        /// A place for `index` over the levels of `range` alone, up to where the plan's own place for it comes free
        /// (zooming in spreads the stations, so a far place beside a dense hub is crossed by a neighbour's mark at
        /// some larger scale, while a near one frees up): of the candidates clear there of what does not move and of
        /// `grids`, the one displacing the fewest names of `movable`, none of those `keeping` holds.
        private func bridge(_ index: Int, over range: Range<Int>, grids: [OccupancyGrid],
                            among movable: [LabelBoxIndex], keeping isKept: (Int) -> Bool,
                            checks: inout Int) -> (number: Int?, blocked: [Int]) {
            var best: (number: Int, cost: Int)?
            var blocked: [Int] = []
            for number in candidates[index].indices
            where allowedFrom[index][number] <= range.lowerBound || candidates[index][number].isFarLeader {
                checks += 1
                guard isClear(index, number, over: range, checks: &checks) else { continue }
                guard !range.contains(where: { grids[$0].overlaps(footprint(index, number, at: $0)) }) else {
                    blocked.append(number)
                    continue
                }
                let displaced = self.displaced(index, number, over: range, among: movable, checks: &checks)
                guard !displaced.contains(where: isKept) else { continue }
                let cost = displaced.count * 2 + (leaderCrossesLine(index, number, at: range.lowerBound) ? 1 : 0)
                if cost < (best?.cost ?? .max) { best = (number, cost) }
                if cost == 0 { break }
            }
            return (best?.number, best == nil ? blocked : [])
        }

        /// A place of `index` (of `tries`, in order) covered by kept names alone, at most `LabelPlan.blockersMoved` of
        /// them and none `fixed`, each of which can go to another free place: from its own level when one holds at
        /// every larger scale, else from the hub's level on, keeping its place below (where the views between home and
        /// 2× show it) and moving aside as the hub's name comes in. Beside Moscow's densest hubs every place free of
        /// marks and lines is another hub's name, which has another place of its own at 2× only. The hub's spot and the
        /// moved names' spots, by label.
        private func makeRoom(for index: Int, at tries: [Spot], kept: [Int: Spot], fixed: [Int: Spot],
                              sparing movable: [LabelBoxIndex], home isHome: (Int) -> Bool,
                              shownBelow isShownBelow: (Int) -> Bool, checks: inout Int) -> [Int: Spot]? {
            guard let level = tries.first?.level else { return nil }
            let count = scales.count
            let keptBoxes = boxes(of: kept, from: level).map(LabelBoxIndex.init)
            var grids: [OccupancyGrid] = []
            for hub in tries {
                let far = candidates[index][hub.number].isFarLeader
                func meets(_ among: [LabelBoxIndex]) -> Set<Int> {
                    var found = Set<Int>()
                    for at in level..<count {
                        checks += among[at].count
                        among[at].insertNames(meeting: footprint(index, hub.number(at: at), at: at), into: &found)
                    }
                    return found
                }
                let blockers = meets(keptBoxes).sorted()
                guard blockers.count <= LabelPlan.blockersMoved,
                      blockers.allSatisfy({ fixed[$0] == nil && kept[$0]?.nearer == nil }),
                      !meets(movable).contains(where: { isHome($0) || (far && isShownBelow($0)) })
                else { continue }
                // The kept names' grids without the blockers and with the hub's name, changed in place and put back
                // after the try: rebuilding them for every try was most of New York's 3.4 s. Levels below the lowest
                // blocker's are never looked at, so holding every kept name there changes nothing.
                if grids.isEmpty { grids = keptGrids(kept, from: 0) }
                let taken: [(index: Int, spot: Spot)] = Set(blockers + (kept[index] == nil ? [] : [index])).sorted()
                    .compactMap { other in kept[other].map { (other, $0) } }
                var added: [(index: Int, spot: Spot, from: Int)] = [(index, hub, level)]
                for (other, spot) in taken { grids.remove(other, spot, from: spot.level, footprint: footprint) }
                grids.insert(index, hub, from: level, footprint: footprint)
                let bottom = blockers.compactMap { kept[$0]?.level }.reduce(level, min)
                var room = [index: hub]
                for other in blockers {
                    guard let spot = kept[other],
                          let place = newPlace(other, from: spot, hubFrom: level, grids: grids, sparing: movable,
                                               home: isHome, shownBelow: isShownBelow, checks: &checks)
                    else { break }
                    room[other] = place
                    grids.insert(other, place, from: max(bottom, place.level), footprint: footprint)
                    added.append((other, place, max(bottom, place.level)))
                }
                if room.count == blockers.count + 1 { return room }
                for (other, spot, from) in added { grids.remove(other, spot, from: from, footprint: footprint) }
                for (other, spot) in taken { grids.insert(other, spot, from: spot.level, footprint: footprint) }
            }
            return nil
        }

        /// Another place for a kept name that a hub's name at `level` covers, clear of `grids` and what does not move,
        /// pushing out no name of the home view: one from its own level up when there is one, else (when it is shown
        /// below `level`) its own place below `level` and another from there on, pushing out no name shown below.
        private func newPlace(_ index: Int, from spot: Spot, hubFrom level: Int, grids: [OccupancyGrid],
                              sparing movable: [LabelBoxIndex], home isHome: (Int) -> Bool,
                              shownBelow isShownBelow: (Int) -> Bool, checks: inout Int) -> Spot? {
            let count = scales.count
            func fits(_ alternative: Int, from at: Int, keeping isKept: (Int) -> Bool) -> Bool {
                checks += 1
                // What does not move first: its answer is kept (`blockedAt`, `clearFrom`), and the same names are
                // asked for another place at every hub place tried.
                return alternative != spot.number
                    && isClear(index, alternative, from: at, checks: &checks)
                    && !(at..<count).contains(where: { grids[$0].overlaps(footprint(index, alternative, at: $0)) })
                    && !displaced(index, alternative, from: at, among: movable, checks: &checks).contains(where: isKept)
            }
            // The first that fits, one whose leader crosses no line before one whose leader does.
            func first(from at: Int, _ isAllowed: (Int) -> Bool, keeping isKept: (Int) -> Bool) -> Int? {
                let allowed = candidates[index].indices.filter(isAllowed)
                return allowed.first { !leaderCrossesLine(index, $0, at: at) && fits($0, from: at, keeping: isKept) }
                    ?? allowed.first { leaderCrossesLine(index, $0, at: at) && fits($0, from: at, keeping: isKept) }
            }
            if let alternative = first(from: spot.level, { allowedFrom[index][$0] <= spot.level }, keeping: isHome) {
                return Spot(level: spot.level, number: alternative)
            }
            guard spot.level < level, let alternative = first(from: level, {
                allowedFrom[index][$0] <= level || candidates[index][$0].isFarLeader
            }, keeping: { isHome($0) || isShownBelow($0) }) else { return nil }
            return Spot(level: spot.level, number: spot.number, nearer: (level, alternative))
        }

        /// The names of `movable` (per level, from the level each is shown) that the candidate's box meets from
        /// `level` up.
        private func displaced(_ index: Int, _ number: Int, from level: Int, among movable: [LabelBoxIndex],
                               checks: inout Int) -> Set<Int> {
            displaced(index, number, over: level..<scales.count, among: movable, checks: &checks)
        }

        /// The names of `movable` that the candidate's box meets at the levels of `range`.
        private func displaced(_ index: Int, _ number: Int, over range: Range<Int>, among movable: [LabelBoxIndex],
                               checks: inout Int) -> Set<Int> {
            var found = Set<Int>()
            for at in range {
                checks += movable[at].count
                movable[at].insertNames(meeting: footprint(index, number, at: at), into: &found)
            }
            return found
        }

        /// Whether two names in their places meet at a level where both are shown.
        func meet(_ a: Int, _ spotA: Spot, _ b: Int, _ spotB: Spot) -> Bool {
            (max(spotA.level, spotB.level)..<scales.count).contains {
                LabelPlan.meet(footprint(a, spotA.number(at: $0), at: $0), footprint(b, spotB.number(at: $0), at: $0))
            }
        }

        /// The footprints of `kept` names, by name, at each level from `level` up (below it, none).
        func boxes(of kept: [Int: Spot], from level: Int) -> [[(box: Rect, index: Int)]] {
            var boxes = scales.map { _ in [(box: Rect, index: Int)]() }
            for (index, spot) in kept {
                for at in max(level, spot.level)..<scales.count {
                    boxes[at] += footprint(index, spot.number(at: at), at: at).map { ($0, index) }
                }
            }
            return boxes
        }

        /// The boxes of `kept` names at each level from `level` up (below it, empty).
        private func keptGrids(_ kept: [Int: Spot], from level: Int) -> [OccupancyGrid] {
            var grids = scales.map { _ in OccupancyGrid(cellSize: 96) }
            for (index, spot) in kept {
                for at in max(level, spot.level)..<scales.count { grids[at].insert(footprint(index, spot.number(at: at), at: at)) }
            }
            return grids
        }
    }
}

extension [OccupancyGrid] {
    /// Adds a name's footprint in its place at each level from `level` up.
    mutating func insert(_ index: Int, _ spot: LabelPlan.Placer.Spot, from level: Int,
                         footprint: (Int, Int, Int) -> [Rect]) {
        for at in level..<count { self[at].insert(footprint(index, spot.number(at: at), at)) }
    }

    /// Takes out what `insert` added.
    mutating func remove(_ index: Int, _ spot: LabelPlan.Placer.Spot, from level: Int,
                         footprint: (Int, Int, Int) -> [Rect]) {
        for at in level..<count { self[at].remove(footprint(index, spot.number(at: at), at)) }
    }
}
